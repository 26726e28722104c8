"""Yard corrections: taking one in, applying an approved one while keeping what it replaced, and
reverting an applied one.

Changes are stored as sent, with camelCase keys (``hours``, ``phone``, ``website``, ``address``,
``services``, ``permanentlyClosed``). Approving applies them to the yard and keeps the yard's
values of the same keys in the suggestion's ``before``: together they are the yard's history.
Reverting puts ``before`` back, but only while the yard still holds what the correction set in
each of its fields: a field changed since (by a later correction, an import) is the newer truth,
and the revert is refused naming it, rather than undoing that change too.
"""

import datetime as dt
from typing import Any

from sqlalchemy.orm import Session

from scrapindex import revision
from scrapindex.audit import record_audit
from scrapindex.data.imports.osm_hours import parse_opening_hours
from scrapindex.hours import hours_from_text
from scrapindex.models import ScrapYard, User, YardSuggestion
from scrapindex.moderation import AlreadyDecided
from scrapindex.queries.yard_suggestions import AUDITED_AS, REVERT_ACTION, yard_values
from scrapindex.schemas.reports import YardSuggestionCreate

# The yard's own row, locked while a correction is applied or reverted (its city, joined when it
# loads, is not: PostgreSQL locks no outer join's nullable side).
YARD_ROW = {"of": ScrapYard}
FIELD_NAMES = {
    "hours": "opening hours",
    "phone": "phone",
    "website": "website",
    "address": "address",
    "services": "services",
    "permanentlyClosed": "permanently closed",
}


class RevertRefused(Exception):
    """A suggestion that is not applied, or whose fields the yard no longer holds as it set
    them, cannot be reverted; the message says which."""


def submit_suggestion(
    session: Session, yard: ScrapYard, body: YardSuggestionCreate, client: str, now: dt.datetime
) -> YardSuggestion:
    suggestion = YardSuggestion(
        yard_id=yard.id,
        changes=body.changes.as_sent(),
        email=str(body.email),
        note=body.note,
        client_hash=client,
        status="pending",
        created_at=now,
    )
    session.add(suggestion)
    return suggestion


def apply_changes(yard: ScrapYard, changes: dict[str, Any]) -> None:
    if "hours" in changes:
        _set_hours(yard, changes["hours"])
    if "phone" in changes:
        yard.phone = changes["phone"]
    if "website" in changes:
        yard.website = changes["website"]
    if "address" in changes:
        yard.address = changes["address"]
    if "services" in changes:
        yard.services = list(changes["services"])
    if "permanentlyClosed" in changes:
        yard.permanently_closed = bool(changes["permanentlyClosed"])


def _set_hours(yard: ScrapYard, text: str) -> None:
    """Weekly hours when the text parses (OpenStreetMap's form); otherwise the text as given."""
    parsed = parse_opening_hours(text)
    yard.weekly_hours = parsed or []
    yard.opening_hours_text = None if parsed else text


def approve_suggestion(
    session: Session,
    suggestion: YardSuggestion,
    actor: User,
    reason: str | None,
    now: dt.datetime,
) -> None:
    """Apply the changes, keep what they replaced, audit; in the session's transaction."""
    _check_pending(suggestion)
    yard = session.get_one(ScrapYard, suggestion.yard_id, with_for_update=YARD_ROW)
    keys = list(suggestion.changes)
    before = yard_values(yard, keys)
    apply_changes(yard, suggestion.changes)
    suggestion.before = before
    _decide(suggestion, "approved", actor, reason, now)
    session.flush()
    record_audit(
        session,
        actor,
        "yard-suggestion.approve",
        AUDITED_AS,
        suggestion.id,
        {"status": "pending", "yardId": yard.id, "yard": before},
        {
            "status": "approved",
            "reviewReason": reason,
            "yardId": yard.id,
            "yard": yard_values(yard, keys),
        },
    )
    revision.bump(session.connection())


def revert_suggestion(
    session: Session, suggestion: YardSuggestion, actor: User, reason: str | None
) -> None:
    """Put back the yard's values the correction replaced, and audit; in the session's
    transaction. The suggestion keeps its approval and becomes ``reverted``."""
    if suggestion.status != "approved":
        raise RevertRefused(
            "This suggestion was already reverted."
            if suggestion.status == "reverted"
            else f"This suggestion was {suggestion.status}, never applied: nothing to revert."
        )
    yard = session.get_one(ScrapYard, suggestion.yard_id, with_for_update=YARD_ROW)
    keys = list(suggestion.changes)
    present = yard_values(yard, keys)
    changed = [
        key for key, value in values_after(suggestion.changes).items() if present[key] != value
    ]
    if changed:
        fields = ", ".join(FIELD_NAMES.get(key, key) for key in changed)
        raise RevertRefused(
            f"The yard's {fields} changed since this correction was applied: reverting it would "
            "undo the newer change too. Correct the yard instead."
        )
    restore_values(yard, suggestion.before or {})
    suggestion.status = "reverted"
    session.flush()
    record_audit(
        session,
        actor,
        REVERT_ACTION,
        AUDITED_AS,
        suggestion.id,
        {"status": "approved", "yardId": yard.id, "yard": present},
        {
            "status": "reverted",
            "revertReason": reason,
            "yardId": yard.id,
            "yard": yard_values(yard, keys),
        },
    )
    revision.bump(session.connection())


def values_after(changes: dict[str, Any]) -> dict[str, Any]:
    """The values a yard shows once ``changes`` are applied (hours as shown, not as sent)."""
    applied = ScrapYard()  # never added to a session
    apply_changes(applied, changes)
    return yard_values(applied, list(changes))


def restore_values(yard: ScrapYard, before: dict[str, Any]) -> None:
    """Sets the values a suggestion's ``before`` kept (yard_values' shape) back on the yard."""
    if "hours" in before:
        text = before["hours"]
        weekly = hours_from_text(text) if text else None
        yard.weekly_hours = weekly or []
        yard.opening_hours_text = None if weekly or not text else text
    if "services" in before:
        yard.services = None if before["services"] is None else list(before["services"])
    apply_changes(
        yard, {key: before[key] for key in ("phone", "website", "address") if key in before}
    )
    if "permanentlyClosed" in before:
        yard.permanently_closed = bool(before["permanentlyClosed"])


def reject_suggestion(
    session: Session, suggestion: YardSuggestion, actor: User, reason: str, now: dt.datetime
) -> None:
    """Reject and audit; the yard stays as it is."""
    _check_pending(suggestion)
    _decide(suggestion, "rejected", actor, reason, now)
    session.flush()
    record_audit(
        session,
        actor,
        "yard-suggestion.reject",
        AUDITED_AS,
        suggestion.id,
        {"status": "pending", "reviewReason": None},
        {"status": "rejected", "reviewReason": reason},
    )


def _check_pending(suggestion: YardSuggestion) -> None:
    if suggestion.status != "pending":
        raise AlreadyDecided("suggestion", suggestion.status)


def _decide(
    suggestion: YardSuggestion, status: str, actor: User, reason: str | None, now: dt.datetime
) -> None:
    suggestion.status = status
    suggestion.review_reason = reason
    suggestion.reviewed_by = actor.id
    suggestion.reviewed_at = now

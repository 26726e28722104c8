"""Yard corrections: taking one in, and applying an approved one while keeping what it replaced.

Changes are stored as sent, with camelCase keys (``hours``, ``phone``, ``website``, ``address``,
``services``, ``permanentlyClosed``). Approving applies them to the yard and keeps the yard's
values of the same keys in the suggestion's ``before``: together they are the yard's history.
"""

import datetime as dt
from typing import Any

from sqlalchemy.orm import Session

from scrapindex import revision
from scrapindex.audit import record_audit
from scrapindex.data.imports.osm_hours import parse_opening_hours
from scrapindex.models import ScrapYard, User, YardSuggestion
from scrapindex.moderation import AlreadyDecided
from scrapindex.queries.yard_suggestions import yard_values
from scrapindex.schemas.reports import YardSuggestionCreate


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
    yard = session.get_one(ScrapYard, suggestion.yard_id)
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
        "yard-suggestion",
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
        "yard-suggestion",
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

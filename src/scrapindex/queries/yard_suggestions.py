"""Yard corrections for the console: the queue, and a yard's history of applied corrections.

A reverted correction keeps its approval (who applied it, when, why); who reverted it, when and
why is its revert's audit entry, written in the same transaction (moderation/yard_suggestions.py).
"""

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from scrapindex.models import AuditEntry, ScrapYard, User, YardSuggestion
from scrapindex.queries.yards import yard_hours_text

AUDITED_AS = "yard-suggestion"  # the audit log's entity type of a suggestion
REVERT_ACTION = "yard-suggestion.revert"
APPLIED = ("approved", "reverted")  # the statuses of a correction that was applied


@dataclass(frozen=True)
class Reversion:
    reverted_by: str  # the operator's e-mail, as audited
    reverted_at: dt.datetime
    reason: str | None


@dataclass(frozen=True)
class QueuedSuggestion:
    suggestion: YardSuggestion
    yard: ScrapYard
    reviewer_email: str | None
    reversion: Reversion | None = None


def suggestion_queue(
    session: Session, status: str, page: int, limit: int
) -> tuple[list[QueuedSuggestion], int]:
    """One page of suggestions with ``status``, oldest first; and the total."""
    condition = YardSuggestion.status == status
    total = session.execute(select(func.count()).where(condition)).scalar_one()
    rows = session.execute(
        select(YardSuggestion, ScrapYard, User.email)
        .join(ScrapYard, ScrapYard.id == YardSuggestion.yard_id)
        .outerjoin(User, User.id == YardSuggestion.reviewed_by)
        .where(condition)
        .order_by(YardSuggestion.created_at, YardSuggestion.id)
        .offset((page - 1) * limit)
        .limit(limit)
    ).all()
    reverted = reversions(session, (suggestion for suggestion, _, _ in rows))
    return [QueuedSuggestion(*row, reverted.get(row[0].id)) for row in rows], total


def queued_suggestion(session: Session, suggestion_id: int) -> QueuedSuggestion | None:
    row = session.execute(
        select(YardSuggestion, ScrapYard, User.email)
        .join(ScrapYard, ScrapYard.id == YardSuggestion.yard_id)
        .outerjoin(User, User.id == YardSuggestion.reviewed_by)
        .where(YardSuggestion.id == suggestion_id)
    ).first()
    if row is None:
        return None
    return QueuedSuggestion(*row, reversions(session, [row[0]]).get(row[0].id))


@dataclass(frozen=True)
class AppliedCorrection:
    suggestion: YardSuggestion
    approver_email: str | None
    reversion: Reversion | None  # None while it stands


def applied_corrections(session: Session, yard_id: int) -> list[AppliedCorrection]:
    """The yard's applied suggestions (reverted ones too) with who approved them, newest first."""
    rows = session.execute(
        select(YardSuggestion, User.email)
        .outerjoin(User, User.id == YardSuggestion.reviewed_by)
        .where(YardSuggestion.yard_id == yard_id, YardSuggestion.status.in_(APPLIED))
        .order_by(YardSuggestion.reviewed_at.desc(), YardSuggestion.id.desc())
    ).all()
    reverted = reversions(session, (suggestion for suggestion, _ in rows))
    return [
        AppliedCorrection(suggestion, email, reverted.get(suggestion.id))
        for suggestion, email in rows
    ]


def reversions(session: Session, suggestions: Iterable[YardSuggestion]) -> dict[int, Reversion]:
    """Who reverted each reverted suggestion among ``suggestions``, when and why."""
    ids = [str(suggestion.id) for suggestion in suggestions if suggestion.status == "reverted"]
    if not ids:
        return {}
    entries = session.execute(
        select(AuditEntry.entity_id, AuditEntry.actor, AuditEntry.created_at, AuditEntry.after)
        .where(
            AuditEntry.action == REVERT_ACTION,
            AuditEntry.entity_type == AUDITED_AS,
            AuditEntry.entity_id.in_(ids),
        )
        .order_by(AuditEntry.id)
    ).all()
    return {
        int(str(entity_id)): Reversion(actor, created_at, (after or {}).get("revertReason"))
        for entity_id, actor, created_at, after in entries
    }


def yard_values(yard: ScrapYard, keys: list[str]) -> dict[str, Any]:
    """The yard's present values of ``keys``, in the shape a suggestion's changes have."""
    values = {
        "hours": yard_hours_text(yard),
        "phone": yard.phone,
        "website": yard.website,
        "address": yard.address,
        "services": yard.services,
        "permanentlyClosed": yard.permanently_closed,
    }
    return {key: values[key] for key in keys if key in values}

"""Yard corrections for the console: the queue, and a yard's history of applied corrections."""

from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from scrapindex.models import ScrapYard, User, YardSuggestion
from scrapindex.queries.yards import yard_hours_text


@dataclass(frozen=True)
class QueuedSuggestion:
    suggestion: YardSuggestion
    yard: ScrapYard
    reviewer_email: str | None


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
    return [QueuedSuggestion(*row) for row in rows], total


def queued_suggestion(session: Session, suggestion_id: int) -> QueuedSuggestion | None:
    row = session.execute(
        select(YardSuggestion, ScrapYard, User.email)
        .join(ScrapYard, ScrapYard.id == YardSuggestion.yard_id)
        .outerjoin(User, User.id == YardSuggestion.reviewed_by)
        .where(YardSuggestion.id == suggestion_id)
    ).first()
    return None if row is None else QueuedSuggestion(*row)


def applied_corrections(session: Session, yard_id: int) -> list[tuple[YardSuggestion, str | None]]:
    """The yard's approved suggestions with who approved them, newest first."""
    rows = session.execute(
        select(YardSuggestion, User.email)
        .outerjoin(User, User.id == YardSuggestion.reviewed_by)
        .where(YardSuggestion.yard_id == yard_id, YardSuggestion.status == "approved")
        .order_by(YardSuggestion.reviewed_at.desc(), YardSuggestion.id.desc())
    ).all()
    return [(suggestion, email) for suggestion, email in rows]


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

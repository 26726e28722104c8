"""Yard claims for the console's queue: filtered by the status a claim shows (a waiting link past
its expiry shows as ``expired``), oldest first, with the yard and how many owners it has."""

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import ColumnElement, and_, func, not_, select
from sqlalchemy.orm import Session

from scrapindex.models import ScrapYard, YardClaim, YardOwner

WAITING = ("pending", "approved")


@dataclass(frozen=True)
class QueuedClaim:
    claim: YardClaim
    yard: ScrapYard
    owners: int


def _expired(now: dt.datetime) -> ColumnElement[bool]:
    return and_(
        YardClaim.status.in_(WAITING),
        YardClaim.token_nonce.is_not(None),
        YardClaim.expires_at <= now,
    )


def status_condition(status: str | None, now: dt.datetime) -> ColumnElement[bool]:
    """Claims that show ``status`` (any when None)."""
    if status is None:
        return YardClaim.id.is_not(None)
    if status == "expired":
        return _expired(now)
    shown = YardClaim.status == status
    return and_(shown, not_(_expired(now))) if status in WAITING else shown


def claim_queue(
    session: Session,
    status: str | None,
    route: str | None,
    page: int,
    limit: int,
    now: dt.datetime,
) -> tuple[list[QueuedClaim], int]:
    """One page of claims, oldest first; and the total."""
    condition = status_condition(status, now)
    if route is not None:
        condition = and_(condition, YardClaim.route == route)
    total = session.execute(select(func.count(YardClaim.id)).where(condition)).scalar_one()
    rows = session.execute(
        select(YardClaim, ScrapYard)
        .join(ScrapYard, ScrapYard.id == YardClaim.yard_id)
        .where(condition)
        .order_by(YardClaim.created_at, YardClaim.id)
        .offset((page - 1) * limit)
        .limit(limit)
    ).all()
    owners = owner_counts(session, {yard.id for _, yard in rows})
    return [QueuedClaim(claim, yard, owners.get(yard.id, 0)) for claim, yard in rows], total


def queued_claim(session: Session, claim_id: int) -> QueuedClaim | None:
    row = session.execute(
        select(YardClaim, ScrapYard)
        .join(ScrapYard, ScrapYard.id == YardClaim.yard_id)
        .where(YardClaim.id == claim_id)
    ).first()
    if row is None:
        return None
    claim, yard = row
    return QueuedClaim(claim, yard, owner_counts(session, {yard.id}).get(yard.id, 0))


def owner_counts(session: Session, yard_ids: set[int]) -> dict[int, int]:
    if not yard_ids:
        return {}
    counted = session.execute(
        select(YardOwner.yard_id, func.count(YardOwner.id))
        .where(YardOwner.yard_id.in_(yard_ids))
        .group_by(YardOwner.yard_id)
    ).all()
    return {yard_id: int(number) for yard_id, number in counted}


def waiting_for_operators(session: Session, since: dt.datetime | None = None) -> int:
    """Claims by the operators' route still waiting for a decision (from ``since`` on)."""
    condition = (YardClaim.route == "operators") & (YardClaim.status == "pending")
    if since is not None:
        condition = condition & (YardClaim.created_at >= since)
    return session.execute(select(func.count(YardClaim.id)).where(condition)).scalar_one()

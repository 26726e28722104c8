"""Owner accounts of yards for the console: one row per account and yard, newest first."""

from dataclasses import dataclass

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.orm import Session

from scrapindex.models import ScrapYard, User, YardOwner


@dataclass(frozen=True)
class ListedOwner:
    row: YardOwner
    user: User
    yard: ScrapYard


def owner_list(
    session: Session, yard_id: int | None, page: int, limit: int
) -> tuple[list[ListedOwner], int]:
    condition: ColumnElement[bool] = YardOwner.id.is_not(None)
    if yard_id is not None:
        condition = YardOwner.yard_id == yard_id
    total = session.execute(select(func.count(YardOwner.id)).where(condition)).scalar_one()
    rows = session.execute(
        select(YardOwner, User, ScrapYard)
        .join(User, User.id == YardOwner.user_id)
        .join(ScrapYard, ScrapYard.id == YardOwner.yard_id)
        .where(condition)
        .order_by(YardOwner.added_at.desc(), YardOwner.id.desc())
        .offset((page - 1) * limit)
        .limit(limit)
    ).all()
    return [ListedOwner(*row) for row in rows], total


def listed_owner(session: Session, owner_id: int) -> ListedOwner | None:
    row = session.execute(
        select(YardOwner, User, ScrapYard)
        .join(User, User.id == YardOwner.user_id)
        .join(ScrapYard, ScrapYard.id == YardOwner.yard_id)
        .where(YardOwner.id == owner_id)
    ).first()
    return ListedOwner(*row) if row is not None else None

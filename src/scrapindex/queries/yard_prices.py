"""The prices yards post themselves (kind ``yard``): each yard's current board, read by the yard
page, the city page, the calculator and the owner's posting screen.

A yard's current price of a material is its newest posted one, when that is no older than
``max_age_days`` (Settings.yard_price_max_age_days) before ``today``; older ones are history,
never shown as current (the page says when the yard last posted instead).

A yard's prices are shown only while an owner account that is not suspended stands behind
them: suspending a yard's (last) owner takes its board off the site at once, and reinstating
puts it back.
"""

import datetime as dt
from collections.abc import Collection
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from scrapindex.models import Material, ScrapYard, YardOwner, YardPrice


@dataclass(frozen=True)
class PostedPrice:
    yard_id: int
    material_id: int
    price_date: dt.date
    price_per_kg: Decimal  # per piece for a material sold by the piece, as prices are stored
    currency: str
    posted_at: dt.datetime


def newest_posted(session: Session, yard_ids: Collection[int]) -> dict[int, list[PostedPrice]]:
    """Each yard's newest posted price of every material it ever posted, whatever its age, for
    the yards with an owner who is not suspended."""
    if not yard_ids:
        return {}
    owned = select(YardOwner.yard_id).where(YardOwner.suspended_at.is_(None))
    newest = (
        select(
            YardPrice.yard_id,
            YardPrice.material_id,
            func.max(YardPrice.price_date).label("price_date"),
        )
        .where(YardPrice.yard_id.in_(sorted(set(yard_ids))), YardPrice.yard_id.in_(owned))
        .group_by(YardPrice.yard_id, YardPrice.material_id)
        .subquery()
    )
    rows = session.execute(
        select(YardPrice)
        .join(
            newest,
            (YardPrice.yard_id == newest.c.yard_id)
            & (YardPrice.material_id == newest.c.material_id)
            & (YardPrice.price_date == newest.c.price_date),
        )
        .order_by(YardPrice.yard_id, YardPrice.material_id)
    ).scalars()
    boards: dict[int, list[PostedPrice]] = {}
    for row in rows:
        boards.setdefault(row.yard_id, []).append(
            PostedPrice(
                row.yard_id,
                row.material_id,
                row.price_date,
                row.price_per_kg,
                row.currency,
                row.posted_at,
            )
        )
    return boards


def is_current(price: PostedPrice, today: dt.date, max_age_days: int) -> bool:
    """Posted no more than ``max_age_days`` before ``today`` (and not for a day after it)."""
    return today - dt.timedelta(days=max_age_days) <= price.price_date <= today


def current_boards(
    session: Session, yard_ids: Collection[int], today: dt.date, max_age_days: int
) -> dict[int, list[PostedPrice]]:
    """Each yard's current posted prices; a yard with none current is left out."""
    boards: dict[int, list[PostedPrice]] = {}
    for yard_id, prices in newest_posted(session, yard_ids).items():
        current = [price for price in prices if is_current(price, today, max_age_days)]
        if current:
            boards[yard_id] = current
    return boards


def city_boards(
    session: Session, city_id: int, today: dt.date, max_age_days: int
) -> dict[int, list[PostedPrice]]:
    """The current posted prices of the city's yards that still trade (not permanently
    closed), by yard."""
    yard_ids = session.scalars(
        select(ScrapYard.id).where(
            ScrapYard.city_id == city_id, ScrapYard.permanently_closed.is_(False)
        )
    ).all()
    return current_boards(session, yard_ids, today, max_age_days)


def has_owner(session: Session, yard_id: int) -> bool:
    """The yard is claimed: an owner account, not suspended, may post for it."""
    found = select(YardOwner.id).where(
        YardOwner.yard_id == yard_id, YardOwner.suspended_at.is_(None)
    )
    return session.execute(found.limit(1)).first() is not None


def materials_by_id(session: Session, prices: Collection[PostedPrice]) -> dict[int, Material]:
    """The materials of ``prices``."""
    ids = sorted({price.material_id for price in prices})
    if not ids:
        return {}
    return {m.id: m for m in session.scalars(select(Material).where(Material.id.in_(ids)))}


def yard_names(session: Session, yard_ids: Collection[int]) -> dict[int, str]:
    if not yard_ids:
        return {}
    found = select(ScrapYard.id, ScrapYard.name).where(ScrapYard.id.in_(sorted(yard_ids)))
    return dict(session.execute(found).all())

"""What the bulk API reads: a country's board counted, a series' stored days, a country's yards."""

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from scrapindex.licences.store import shows_badge
from scrapindex.models import City, CurrentPrice, Price, ScrapYard, Source, YardLicence
from scrapindex.queries.yards import listed


def count_country_series(session: Session, country_code: str) -> int:
    return session.execute(
        select(func.count())
        .select_from(CurrentPrice)
        .join(City, City.id == CurrentPrice.city_id)
        .where(City.country_code == country_code)
    ).scalar_one()


@dataclass(frozen=True)
class StoredDay:
    price_date: dt.date
    price_per_kg: Decimal
    currency: str
    source_name: str
    source_kind: str


def series_days(
    session: Session,
    material_id: int,
    city_id: int,
    start: dt.date | None,
    end: dt.date | None,
    offset: int,
    limit: int,
) -> tuple[list[StoredDay], int]:
    """The series' stored prices (one a day at most), oldest first, and how many there are."""
    conditions = [Price.material_id == material_id, Price.city_id == city_id]
    if start is not None:
        conditions.append(Price.price_date >= start)
    if end is not None:
        conditions.append(Price.price_date <= end)
    total = session.execute(select(func.count()).where(*conditions)).scalar_one()
    rows = session.execute(
        select(Price.price_date, Price.price_per_kg, Price.currency, Source.name, Source.kind)
        .join(Source, Source.id == Price.source_id)
        .where(*conditions)
        .order_by(Price.price_date)
        .offset(offset)
        .limit(limit)
    )
    return [StoredDay(*row) for row in rows], total


def country_yards(
    session: Session, country_code: str, offset: int, limit: int
) -> tuple[list[tuple[ScrapYard, Source]], int]:
    """The country's listed yards (not those gone from their source), by id, with their source."""
    conditions = [City.country_code == country_code, listed()]
    total = session.execute(
        select(func.count()).select_from(ScrapYard).join(City).where(*conditions)
    ).scalar_one()
    rows = session.execute(
        select(ScrapYard, Source)
        .join(City, City.id == ScrapYard.city_id)
        .join(Source, Source.id == ScrapYard.source_id)
        .where(*conditions)
        .order_by(ScrapYard.id)
        .offset(offset)
        .limit(limit)
    ).all()
    return [(yard, source) for yard, source in rows], total


def licensed_yard_ids(session: Session, yard_ids: list[int], today: dt.date) -> set[int]:
    """Those of ``yard_ids`` with a confirmed, unexpired register entry (licences/badge.py)."""
    return set(
        session.scalars(
            select(YardLicence.yard_id).where(YardLicence.yard_id.in_(yard_ids), shows_badge(today))
        )
    )

"""Site-wide reads: what the sitemap lists, the dates data changed, and the coverage figures."""

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import ScalarSelect, func, select
from sqlalchemy.orm import Session

from scrapindex.models import (
    City,
    Country,
    CurrentPrice,
    DataRevision,
    Material,
    Price,
    Region,
    ScrapYard,
    Source,
)
from scrapindex.revision import ROW_ID


def all_regions(session: Session) -> list[Region]:
    return list(session.scalars(select(Region).order_by(Region.country_code, Region.slug)))


def all_materials(session: Session) -> list[Material]:
    return list(session.scalars(select(Material).order_by(Material.id)))


def all_yard_ids(session: Session) -> list[int]:
    return list(session.scalars(select(ScrapYard.id).order_by(ScrapYard.id)))


@dataclass(frozen=True)
class NewestPriceDates:
    by_city: dict[int, dt.date]
    by_material: dict[int, dt.date]


def newest_price_dates(session: Session) -> NewestPriceDates:
    """Each city's and each material's newest price date, read through current_prices.

    Each current price's date comes from a correlated subquery, which PostgreSQL looks up by
    primary key; joining the tables let it hash the whole price history (2 s at 9 M prices).
    """
    day = select(Price.price_date).where(Price.id == CurrentPrice.price_id).scalar_subquery()
    by_city: dict[int, dt.date] = {}
    by_material: dict[int, dt.date] = {}
    for city_id, material_id, date in session.execute(
        select(CurrentPrice.city_id, CurrentPrice.material_id, day)
    ):
        if city_id not in by_city or date > by_city[city_id]:
            by_city[city_id] = date
        if material_id not in by_material or date > by_material[material_id]:
            by_material[material_id] = date
    return NewestPriceDates(by_city, by_material)


def data_changed_at(session: Session) -> dt.datetime | None:
    """When the published data last changed (the data revision's time), if it ever did."""
    return session.scalar(select(DataRevision.changed_at).where(DataRevision.id == ROW_ID))


@dataclass(frozen=True)
class Coverage:
    countries: int
    cities: int
    materials: int
    scrap_yards: int
    daily_price_updates: int  # series whose newest price is of the latest date
    latest_price_date: dt.date | None
    demo_data: bool


def coverage(session: Session) -> Coverage:
    """What the site covers, counted from the database for the marketing text, in one query.

    The latest date of the current prices is that of all prices (a series' newest price is its
    current one), and the series whose current price is of that date are the prices of that
    date (one price per series and day): both read ix_prices_price_date, instead of joining
    every current price to the history, which PostgreSQL did by scanning all of it.
    """
    latest = select(func.max(Price.price_date)).scalar_subquery()
    updates = select(func.count()).where(Price.price_date == latest).scalar_subquery()
    countries, cities, materials, yards, latest_date, updated, demo = session.execute(
        select(
            _count(Country),
            _count(City),
            _count(Material),
            _count(ScrapYard),
            latest,
            updates,
            select(Source.id).where(Source.kind == "demo").limit(1).exists(),
        )
    ).one()
    return Coverage(
        countries=countries,
        cities=cities,
        materials=materials,
        scrap_yards=yards,
        daily_price_updates=updated,
        latest_price_date=latest_date,
        demo_data=bool(demo),
    )


def _count(model: type[object]) -> ScalarSelect[int]:
    return select(func.count()).select_from(model).scalar_subquery()


def find_material(session: Session, slug: str) -> Material | None:
    return session.scalars(select(Material).where(Material.slug == slug)).one_or_none()

"""Site-wide reads: what the sitemap lists, the dates data changed, and the coverage figures."""

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import Row, ScalarSelect, func, select
from sqlalchemy.orm import Session

from scrapindex.models import (
    City,
    Country,
    CurrentPrice,
    DataRevision,
    Material,
    MaterialMarketFigures,
    Price,
    Region,
    ScrapYard,
    Source,
)
from scrapindex.price_kinds import DEMO_KIND, TRUST
from scrapindex.queries.yards import listed
from scrapindex.revision import ROW_ID


def all_regions(session: Session) -> list[Region]:
    return list(session.scalars(select(Region).order_by(Region.country_code, Region.slug)))


def all_materials(session: Session) -> list[Material]:
    return list(session.scalars(select(Material).order_by(Material.id)))


def city_addresses(session: Session) -> list[Row[tuple[int, str, str, int | None]]]:
    """Each city's id, country code, slug and region, in the list's order: what the sitemap
    needs, read as plain rows (whole City objects cost it 10 ms at ten times the demo)."""
    query = select(City.id, City.country_code, City.slug, City.region_id).order_by(City.id)
    return list(session.execute(query))


def all_yard_ids(session: Session) -> list[int]:
    return list(session.scalars(select(ScrapYard.id).where(listed()).order_by(ScrapYard.id)))


def city_newest_price_dates(session: Session) -> dict[int, dt.date]:
    """Each city's newest price date: the newest of its current prices (each series' newest
    price is its current one), grouped in SQL."""
    query = select(CurrentPrice.city_id, func.max(CurrentPrice.price_date))
    return dict(session.execute(query.group_by(CurrentPrice.city_id)).all())


def material_newest_price_dates(session: Session) -> dict[int, dt.date]:
    """Each material's newest price date, as material_market_figures keeps it."""
    figures = MaterialMarketFigures
    query = select(figures.material_id, figures.newest_price_date)
    return dict(session.execute(query).all())


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
    demo_data: bool  # some price the pages show (a current price) is demo data
    # The prices the pages show (each series' current one) by their source's kind, most
    # trusted first; only the kinds that occur.
    price_kinds: tuple[tuple[str, int], ...] = ()
    # Of the PRICE_DAYS_WINDOW days up to the latest price date, those with any price stored.
    price_days: int = 0


PRICE_DAYS_WINDOW = 30


def coverage(session: Session) -> Coverage:
    """What the site covers, counted from the database for the marketing text, in one query.

    The latest price date and the series updated on it are summed from material_market_figures,
    which refresh_market_figures writes with every change of prices: counted from current_prices
    on each read, they cost a pass over every series (5 ms at ten times the demo's data).
    """
    figures = MaterialMarketFigures
    latest = select(func.max(figures.newest_price_date)).scalar_subquery()
    updates = select(func.coalesce(func.sum(figures.series_on_newest_date), 0)).scalar_subquery()
    countries, cities, materials, yards, latest_date, updated = session.execute(
        select(
            _count(Country),
            _count(City),
            _count(Material),
            select(func.count()).select_from(ScrapYard).where(listed()).scalar_subquery(),
            latest,
            updates,
        )
    ).one()
    kinds = shown_price_kinds(session)
    return Coverage(
        countries=countries,
        cities=cities,
        materials=materials,
        scrap_yards=yards,
        daily_price_updates=updated,
        latest_price_date=latest_date,
        demo_data=any(kind == DEMO_KIND for kind, _ in kinds),
        price_kinds=kinds,
        price_days=price_days(session, latest_date) if latest_date else 0,
    )


def shown_price_kinds(session: Session) -> tuple[tuple[str, int], ...]:
    """How many of the prices the pages show (each series' current price) came from each kind
    of source, most trusted kind first."""
    query = (
        select(Source.kind, func.count())
        .select_from(CurrentPrice)
        .join(Price, Price.id == CurrentPrice.price_id)
        .join(Source, Source.id == Price.source_id)
        .group_by(Source.kind)
    )
    counts: list[tuple[str, int]] = [(kind, count) for kind, count in session.execute(query)]
    return tuple(sorted(counts, key=lambda item: (-TRUST.get(item[0], 0), item[0])))


def price_days(session: Session, latest: dt.date) -> int:
    """On how many of the PRICE_DAYS_WINDOW days up to ``latest`` any price is stored: one
    index probe per day (ix_prices_price_date), not a pass over the window's rows."""
    days = [latest - dt.timedelta(days=back) for back in range(PRICE_DAYS_WINDOW)]
    probes = [select(Price.id).where(Price.price_date == day).limit(1).exists() for day in days]
    found = session.execute(select(*probes)).one()
    return sum(1 for hit in found if hit)


def _count(model: type[object]) -> ScalarSelect[int]:
    return select(func.count()).select_from(model).scalar_subquery()


def find_material(session: Session, slug: str) -> Material | None:
    return session.scalars(select(Material).where(Material.slug == slug)).one_or_none()

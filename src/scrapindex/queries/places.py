"""Countries, regions and cities."""

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import NamedTuple

from sqlalchemy import case, func, select
from sqlalchemy.orm import Session

from scrapindex.models import (
    City,
    Country,
    CurrentPrice,
    LegalRule,
    Material,
    Price,
    Region,
    ScrapYard,
    Source,
)
from scrapindex.price_kinds import DEMO_KIND
from scrapindex.queries.prices import MaterialInfo, Quote, latest_quotes, material_infos
from scrapindex.queries.yards import listed

# The headline copper grade of a city's overview card; any copper grade stands in without it.
HEADLINE_COPPER_SLUG = "copper-1"
COPPER_CATEGORY = "Copper"


def all_cities(session: Session) -> list[City]:
    """The cities in the list's order (the order they were added)."""
    return list(session.scalars(select(City).order_by(City.id)))


class ListedCity(NamedTuple):
    """A city as lists show it, in plain values: its own, its country's and its region's."""

    id: int
    name: str
    slug: str
    latitude: float
    longitude: float
    time_zone: str
    country_code: str
    country_name: str
    country_currency: str
    region_slug: str | None
    region_name: str | None


def listed_cities(session: Session, limit: int | None = None) -> list[ListedCity]:
    """The first ``limit`` of ``all_cities``, as plain tuples: at ten times the demo's 75
    cities, City entities with their country and region cost the whole list 8.5 ms, these 3.5."""
    query = (
        select(
            City.id,
            City.name,
            City.slug,
            City.latitude,
            City.longitude,
            City.time_zone,
            Country.code,
            Country.name,
            Country.currency,
            Region.slug,
            Region.name,
        )
        .join(Country, Country.code == City.country_code)
        .outerjoin(Region, Region.id == City.region_id)
        .order_by(City.id)
        .limit(limit)
    )
    return [ListedCity(*row) for row in session.execute(query)]


class ListedCopper(NamedTuple):
    """A city's headline copper price (``headline_copper``'s rule), as the city list shows it."""

    city_id: int
    material_name: str
    material_slug: str
    price_per_kg: Decimal
    currency: str
    price_date: dt.date
    kind: str


def listed_coppers(session: Session, city_ids: list[int] | None = None) -> dict[int, ListedCopper]:
    """Each city's #1 Copper price, or its first copper grade's (by name) without one: the
    current_prices rows of the copper category alone (a few per city), with their source's kind."""
    query = (
        select(
            CurrentPrice.city_id,
            Material.name,
            Material.slug,
            CurrentPrice.price_per_kg,
            CurrentPrice.currency,
            CurrentPrice.price_date,
            Source.kind,
        )
        .join(Material, Material.id == CurrentPrice.material_id)
        .join(Price, Price.id == CurrentPrice.price_id)
        .join(Source, Source.id == Price.source_id)
        .where(Material.category == COPPER_CATEGORY)
    )
    if city_ids is not None:
        query = query.where(CurrentPrice.city_id.in_(city_ids))
    headline: dict[int, ListedCopper] = {}
    for row in session.execute(query):
        copper = ListedCopper(*row)
        held = headline.get(copper.city_id)
        if held is None or _copper_rank(copper) < _copper_rank(held):
            headline[copper.city_id] = copper
    return headline


def _copper_rank(copper: ListedCopper) -> tuple[bool, str]:
    return (copper.material_slug != HEADLINE_COPPER_SLUG, copper.material_name)


def other_cities(session: Session, city: City, limit: int) -> list[City]:
    """Cities other than ``city``, those of its country first, each group in the list's order."""
    elsewhere = case((City.country_code == city.country_code, 0), else_=1)
    query = select(City).where(City.id != city.id).order_by(elsewhere, City.id).limit(limit)
    return list(session.scalars(query))


def cities_in_region(session: Session, region_id: int) -> list[City]:
    return list(session.scalars(select(City).where(City.region_id == region_id).order_by(City.id)))


def countries_with_counts(session: Session) -> list[tuple[Country, int, int]]:
    city_counts = dict(
        session.execute(select(City.country_code, func.count()).group_by(City.country_code)).all()
    )
    yard_counts = dict(
        session.execute(
            select(City.country_code, func.count(ScrapYard.id))
            .join(ScrapYard, ScrapYard.city_id == City.id)
            .where(listed())
            .group_by(City.country_code)
        ).all()
    )
    countries = session.scalars(select(Country).order_by(Country.code)).all()
    ordered = sorted(countries, key=lambda c: -city_counts.get(c.code, 0))
    return [(c, city_counts.get(c.code, 0), yard_counts.get(c.code, 0)) for c in ordered]


def regions_with_counts(session: Session, country_code: str) -> list[tuple[Region, int]]:
    rows = session.execute(
        select(Region, func.count(City.id))
        .outerjoin(City, City.region_id == Region.id)
        .where(Region.country_code == country_code)
        .group_by(Region.id)
        .order_by(Region.name)
    ).all()
    return [(region, count) for region, count in rows]


def find_region(session: Session, country_code: str, slug: str) -> Region | None:
    return session.scalars(
        select(Region).where(Region.country_code == country_code, Region.slug == slug)
    ).one_or_none()


def yard_count_in_cities(session: Session, city_ids: list[int]) -> int:
    if not city_ids:
        return 0
    return session.execute(
        select(func.count()).select_from(ScrapYard).where(ScrapYard.city_id.in_(city_ids), listed())
    ).scalar_one()


@dataclass(frozen=True)
class RegionPrice:
    material: MaterialInfo
    currency: str
    average: Decimal
    low: Decimal
    high: Decimal
    city_count: int
    date: dt.date


def region_price_board(session: Session, region_id: int) -> list[RegionPrice]:
    """Each material's latest price averaged over the region's cities (one currency per country).

    Summed in the database over current_prices (exactly: NUMERIC, or SQLite's integer units)
    and divided here, in Decimal. Rows tie-break by the board's order (city, material).
    """
    query = (
        select(
            CurrentPrice.material_id,
            CurrentPrice.currency,
            func.sum(CurrentPrice.price_per_kg),
            func.min(CurrentPrice.price_per_kg),
            func.max(CurrentPrice.price_per_kg),
            func.count(),
            func.max(CurrentPrice.price_date),
        )
        .join(City, City.id == CurrentPrice.city_id)
        .where(City.region_id == region_id)
        .group_by(CurrentPrice.material_id, CurrentPrice.currency)
        .order_by(func.min(CurrentPrice.city_id), CurrentPrice.material_id)
    )
    materials = material_infos(session)
    board = [
        RegionPrice(
            material=materials[material_id],
            currency=currency,
            average=total / count,
            low=low,
            high=high,
            city_count=count,
            date=date,
        )
        for material_id, currency, total, low, high, count, date in session.execute(query)
    ]
    return sorted(board, key=lambda row: row.average, reverse=True)


@dataclass(frozen=True)
class CityFigures:
    """The headline figures of a city's latest prices."""

    currency: str
    top_price: Decimal | None
    top_material: str | None
    top_material_slug: str | None
    average_price: Decimal | None
    copper_price: Decimal | None
    copper_material: str | None
    copper_material_slug: str | None
    copper_kind: str | None
    price_changes: int
    materials_down: int
    materials_tracked: int
    scrap_yard_count: int
    last_updated: dt.datetime | None
    last_updated_day_only: bool
    time_zone: str


def headline_copper(quotes: list[Quote]) -> Quote | None:
    """#1 Copper's price, or the first copper-category material's (by name) when it has none."""
    coppers = sorted(
        (q for q in quotes if q.material.category == COPPER_CATEGORY), key=lambda q: q.material.name
    )
    headline = next((q for q in coppers if q.material.slug == HEADLINE_COPPER_SLUG), None)
    return headline or next(iter(coppers), None)


class LastWritten(NamedTuple):
    at: dt.datetime | None
    day_only: bool  # ``at`` is a demo price's day (its midnight UTC), not a write time


def last_written(quotes: list[Quote]) -> LastWritten:
    """The newest stored time of these prices (one city's shown prices): their own, so an import
    elsewhere moves no other city's.

    Feed, manual, report and estimate rows store their write time. Demo rows store midnight of
    their own day (so the demo is the same whenever it is made), which says their day and no
    time: when one of them is the newest, only its day is known. (The data revision's time once
    stood in for them; it moves with any write anywhere, so a London import moved Johannesburg.)
    """
    newest = max(quotes, key=lambda q: (q.updated_at, q.source_kind != DEMO_KIND), default=None)
    if newest is None:
        return LastWritten(None, day_only=False)
    return LastWritten(newest.updated_at, day_only=newest.source_kind == DEMO_KIND)


def city_figures(session: Session, city: City) -> CityFigures:
    quotes = latest_quotes(session, city_id=city.id)
    # The top and the average compare prices per kg: a converter's price per piece is not one.
    by_weight = [q for q in quotes if q.material.sale_unit != "piece"]
    top = max(by_weight, key=lambda q: q.price_per_kg, default=None)
    prices = [q.price_per_kg for q in by_weight]
    copper = headline_copper(quotes)
    written = last_written(quotes)
    return CityFigures(
        currency=city.country.currency,
        top_price=top.price_per_kg if top else None,
        top_material=top.material.name if top else None,
        top_material_slug=top.material.slug if top else None,
        average_price=sum(prices, Decimal(0)) / len(prices) if prices else None,
        copper_price=copper.price_per_kg if copper else None,
        copper_material=copper.material.name if copper else None,
        copper_material_slug=copper.material.slug if copper else None,
        copper_kind=copper.source_kind if copper else None,
        price_changes=sum(1 for q in quotes if q.trend == "up"),
        materials_down=sum(1 for q in quotes if q.trend == "down"),
        materials_tracked=len(quotes),
        scrap_yard_count=yard_count_in_cities(session, [city.id]),
        last_updated=written.at,
        last_updated_day_only=written.day_only,
        time_zone=city.time_zone,
    )


def legal_rules(session: Session, country_code: str) -> list[LegalRule]:
    return list(
        session.scalars(
            select(LegalRule)
            .where(LegalRule.country_code == country_code)
            .order_by(LegalRule.position)
        )
    )


def find_city(session: Session, slug: str) -> City | None:
    return session.scalars(select(City).where(City.slug == slug)).one_or_none()

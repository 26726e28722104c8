"""Cities: the list, one city, its latest prices, its overview and its yards."""

import datetime as dt
from decimal import Decimal
from typing import Annotated

from fastapi import APIRouter, Query

from scrapindex.api.deps import CityDep, SessionDep
from scrapindex.api.places import CityPublic, city_public
from scrapindex.api.prices import CityPriceRow, city_price_row
from scrapindex.api.schemas import NOT_FOUND, CamelModel, MoneyText, Pagination
from scrapindex.api.yards import YardPublic, yard_public
from scrapindex.queries.places import all_cities, yard_count_in_cities
from scrapindex.queries.prices import latest_quotes
from scrapindex.queries.yards import (
    YardFilter,
    YardSort,
    YardStatus,
    filter_yards,
    load_yards,
    page_of,
    sort_yards,
    with_open_state,
)

router = APIRouter(prefix="/api/cities", tags=["cities"])


class CityOverview(CamelModel):
    currency: str
    top_price: MoneyText | None
    top_material: str | None
    top_material_slug: str | None
    average_price: MoneyText | None
    price_changes: int
    materials_down: int
    materials_tracked: int
    scrap_yard_count: int
    last_updated: dt.datetime | None
    time_zone: str


class CityYardPage(CamelModel):
    data: list[YardPublic]
    pagination: Pagination


@router.get("", response_model=list[CityPublic], summary="All cities")
def list_cities(session: SessionDep) -> list[CityPublic]:
    return [city_public(c) for c in all_cities(session)]


@router.get("/{city_slug}", response_model=CityPublic, responses=NOT_FOUND, summary="One city")
def get_city(city: CityDep) -> CityPublic:
    return city_public(city)


@router.get(
    "/{city_slug}/prices",
    response_model=list[CityPriceRow],
    responses=NOT_FOUND,
    summary="Latest price of each material in the city, with its change since the day before",
)
def city_prices(session: SessionDep, city: CityDep) -> list[CityPriceRow]:
    quotes = latest_quotes(session, city_id=city.id)
    rows = [city_price_row(q) for q in quotes]
    return sorted(rows, key=lambda r: r.price, reverse=True)


@router.get(
    "/{city_slug}/overview",
    response_model=CityOverview,
    responses=NOT_FOUND,
    summary="Headline figures of the city's latest prices",
)
def city_overview(session: SessionDep, city: CityDep) -> CityOverview:
    quotes = latest_quotes(session, city_id=city.id)
    yard_count = yard_count_in_cities(session, [city.id])
    top = max(quotes, key=lambda q: q.price_per_kg, default=None)
    prices = [q.price_per_kg for q in quotes]
    return CityOverview(
        currency=city.country.currency,
        top_price=top.price_per_kg if top else None,
        top_material=top.material.name if top else None,
        top_material_slug=top.material.slug if top else None,
        average_price=sum(prices, Decimal(0)) / len(prices) if prices else None,
        price_changes=sum(1 for q in quotes if q.trend == "up"),
        materials_down=sum(1 for q in quotes if q.trend == "down"),
        materials_tracked=len(quotes),
        scrap_yard_count=yard_count,
        last_updated=max((q.updated_at for q in quotes), default=None),
        time_zone=city.time_zone,
    )


@router.get(
    "/{city_slug}/scrap-yards",
    response_model=CityYardPage,
    responses=NOT_FOUND,
    summary="The city's yards, filtered, sorted and paged",
)
def city_yards(
    session: SessionDep,
    city: CityDep,
    status: Annotated[YardStatus, Query()] = YardStatus.all,
    sort: Annotated[YardSort, Query()] = YardSort.rating,
    page: Annotated[int, Query(ge=1, le=100_000)] = 1,
    limit: Annotated[int, Query(ge=1, le=100)] = 10,
) -> CityYardPage:
    views = with_open_state(load_yards(session, city.id))
    matching = sort_yards(filter_yards(views, YardFilter(status=status)), sort)
    return CityYardPage(
        data=[yard_public(v) for v in page_of(matching, page, limit)],
        pagination=Pagination.of(page, limit, len(matching)),
    )

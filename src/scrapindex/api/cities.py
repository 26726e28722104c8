"""Cities: the list, one city, its latest prices, its overview and its yards."""

import datetime as dt
from typing import Annotated

from fastapi import APIRouter, Query, Response

from scrapindex.api.deps import CityDep, PageNumber, PageSize, SessionDep, SettingsDep
from scrapindex.hours import zone
from scrapindex.queries.history import city_sparklines
from scrapindex.queries.places import city_figures, listed_cities, listed_coppers, other_cities
from scrapindex.queries.prices import latest_quotes
from scrapindex.queries.yard_prices import city_boards, materials_by_id, yard_names
from scrapindex.queries.yards import YardFilter, YardSort, YardStatus, source_names, yard_page
from scrapindex.schemas.common import NOT_FOUND, Pagination
from scrapindex.schemas.history import SparklinePublic, sparkline_public
from scrapindex.schemas.places import (
    CityListItem,
    CityOverview,
    CityPublic,
    city_list_json,
    city_overview_public,
    city_posted_prices,
    city_public,
)
from scrapindex.schemas.prices import CityPriceRow, city_price_row
from scrapindex.schemas.yards import CityYardPage, attributions, yard_public

router = APIRouter(prefix="/api/cities", tags=["cities"])
# Pages that show a few cities ask for those only: the whole list grows with the data (190 kB
# at ten times the demo's cities) and would be embedded in every such page.
MAX_CITY_SAMPLE = 50


@router.get(
    "",
    response_model=list[CityListItem],
    summary="All cities, or the first few, each with its #1 Copper price",
)
def list_cities(
    session: SessionDep,
    limit: Annotated[
        int | None,
        Query(ge=1, le=MAX_CITY_SAMPLE, description="Only the list's first cities (Home's six)"),
    ] = None,
) -> Response:
    # Written in one go from plain tuples (city_list_json), as FastAPI would write the models;
    # response_model stays the contract.
    cities = listed_cities(session, limit)
    coppers = listed_coppers(session, None if limit is None else [city.id for city in cities])
    body = city_list_json(cities, coppers)
    return Response(body, media_type="application/json")


@router.get("/{city_slug}", response_model=CityPublic, responses=NOT_FOUND, summary="One city")
def get_city(city: CityDep) -> CityPublic:
    return city_public(city)


@router.get(
    "/{city_slug}/others",
    response_model=list[CityPublic],
    responses=NOT_FOUND,
    summary="A few other cities, the city's own country's first (the city page's Other Cities)",
)
def other_cities_route(
    session: SessionDep,
    city: CityDep,
    limit: Annotated[int, Query(ge=1, le=MAX_CITY_SAMPLE)] = 3,
) -> list[CityPublic]:
    return [city_public(c) for c in other_cities(session, city, limit)]


@router.get(
    "/{city_slug}/prices",
    response_model=list[CityPriceRow],
    responses=NOT_FOUND,
    summary="Latest price of each material in the city, with its change since the day before",
)
def city_prices(session: SessionDep, settings: SettingsDep, city: CityDep) -> list[CityPriceRow]:
    quotes = latest_quotes(session, city_id=city.id, stale_days=settings.price_stale_days)
    rows = [city_price_row(q) for q in quotes]
    return sorted(rows, key=lambda r: r.price, reverse=True)


@router.get(
    "/{city_slug}/sparklines",
    response_model=list[SparklinePublic],
    responses=NOT_FOUND,
    summary="Each material's daily prices in the city over the last 30 days, oldest first",
)
def city_sparklines_route(session: SessionDep, city: CityDep) -> list[SparklinePublic]:
    return [sparkline_public(line) for line in city_sparklines(session, city.id)]


@router.get(
    "/{city_slug}/overview",
    response_model=CityOverview,
    responses=NOT_FOUND,
    summary="Headline figures of the city's latest prices, and of its yards' own prices",
)
def city_overview(session: SessionDep, settings: SettingsDep, city: CityDep) -> CityOverview:
    today = dt.datetime.now(dt.UTC).astimezone(zone(city.time_zone)).date()
    boards = city_boards(session, city.id, today, settings.yard_price_max_age_days)
    prices = [price for board in boards.values() for price in board]
    yards = yard_names(session, list(boards))
    posted = city_posted_prices(boards, yards, materials_by_id(session, prices))
    return city_overview_public(city_figures(session, city), posted)


@router.get(
    "/{city_slug}/scrap-yards",
    response_model=CityYardPage,
    responses=NOT_FOUND,
    summary="The city's yards, filtered, sorted and paged",
)
def city_yards(
    session: SessionDep,
    city: CityDep,
    q: Annotated[
        str, Query(max_length=100, description="Matches the name or address, over every page")
    ] = "",
    status: Annotated[YardStatus, Query()] = YardStatus.all,
    sort: Annotated[YardSort, Query()] = YardSort.rating,
    page: PageNumber = 1,
    limit: PageSize = 10,
) -> CityYardPage:
    criteria = YardFilter(text=q, text_in_place=False, city_id=city.id, status=status)
    found = yard_page(session, criteria, sort=sort, page=page, limit=limit)
    return CityYardPage(
        data=[yard_public(v) for v in found.views],
        pagination=Pagination.of(page, limit, found.total),
        unfiltered_total=found.unfiltered_total,
        attributions=attributions(source_names(session, [v.yard for v in found.views])),
    )

"""Materials: the list, one material, its latest price in every city, and its markets ranked,
paged and summed up for the material page."""

from fastapi import APIRouter, Response

from scrapindex.api.deps import MaterialDep, PageNumber, PageSize, SessionDep, SettingsDep
from scrapindex.queries.material_markets import (
    DEFAULT_ORDER,
    TOP_MARKETS,
    MarketSort,
    SortOrder,
    best_paying_first,
    cheapest,
    market_figures,
    material_markets,
    quote_markets,
    quotes_of,
    sort_markets,
)
from scrapindex.queries.prices import latest_quotes, latest_usd_rates
from scrapindex.queries.site import all_materials
from scrapindex.schemas.common import NOT_FOUND, Pagination
from scrapindex.schemas.material_markets import MarketPage, MarketSummary, market_cities_json
from scrapindex.schemas.materials import MaterialPublic
from scrapindex.schemas.places import CityRef
from scrapindex.schemas.prices import MaterialPriceRow, material_price_row

router = APIRouter(prefix="/api/materials", tags=["materials"])


@router.get("", response_model=list[MaterialPublic], summary="All materials")
def list_materials(session: SessionDep) -> list[MaterialPublic]:
    return [MaterialPublic.model_validate(m) for m in all_materials(session)]


@router.get(
    "/{material_slug}", response_model=MaterialPublic, responses=NOT_FOUND, summary="One material"
)
def get_material(material: MaterialDep) -> MaterialPublic:
    return MaterialPublic.model_validate(material)


@router.get(
    "/{material_slug}/prices",
    response_model=list[MaterialPriceRow],
    responses=NOT_FOUND,
    summary="Latest price of the material in every city, highest in US dollars first",
)
def material_prices(
    session: SessionDep, settings: SettingsDep, material: MaterialDep
) -> list[MaterialPriceRow]:
    rates = latest_usd_rates(session)
    quotes = latest_quotes(session, material_id=material.id, stale_days=settings.price_stale_days)
    by_city = {q.city.id: q for q in quotes}
    ranked = sort_markets(quote_markets(quotes, rates), "price", "desc")  # as /markets ranks
    return [material_price_row(by_city[m.city_id], rates) for m in ranked]


@router.get(
    "/{material_slug}/markets",
    response_model=MarketPage,
    responses=NOT_FOUND,
    summary=(
        "A page of the material's markets (its latest price in each city): by price in US "
        "dollars (highest first by default) or by city name (A to Z by default)"
    ),
)
def markets(
    session: SessionDep,
    settings: SettingsDep,
    material: MaterialDep,
    sort: MarketSort = "price",
    order: SortOrder | None = None,
    page: PageNumber = 1,
    limit: PageSize = 20,
) -> MarketPage:
    rates = latest_usd_rates(session)
    ranked = sort_markets(
        material_markets(session, material.id, rates), sort, order or DEFAULT_ORDER[sort]
    )
    shown = ranked[(page - 1) * limit : page * limit]
    quotes = quotes_of(session, material.id, shown, settings.price_stale_days)
    return MarketPage(
        data=[material_price_row(q, rates) for q in quotes],
        pagination=Pagination.of(page, limit, len(ranked)),
    )


@router.get(
    "/{material_slug}/markets/summary",
    response_model=MarketSummary,
    responses=NOT_FOUND,
    summary=(
        "The material's markets in figures: cities, countries, mean and range in US dollars, "
        "the highest and lowest market and the five best-paying"
    ),
)
def market_summary(
    session: SessionDep, settings: SettingsDep, material: MaterialDep
) -> MarketSummary:
    rates = latest_usd_rates(session)
    ranked = best_paying_first(session, material.id, rates)
    figures = market_figures(ranked)
    highest = ranked[0] if ranked and ranked[0].usd is not None else None
    lowest = cheapest(ranked)
    top = [m for m in ranked[:TOP_MARKETS] if m.usd is not None]
    shown = [*top, *filter(None, [highest, lowest])]  # a city twice is read once
    rows = {
        q.city.id: material_price_row(q, rates)
        for q in quotes_of(session, material.id, shown, settings.price_stale_days)
    }
    return MarketSummary(
        **vars(figures),
        highest=rows.get(highest.city_id) if highest else None,
        lowest=rows.get(lowest.city_id) if lowest else None,
        top=[rows[m.city_id] for m in top if m.city_id in rows],
    )


@router.get(
    "/{material_slug}/markets/cities",
    response_model=list[CityRef],
    responses=NOT_FOUND,
    summary="The cities the material has a price in, for a chooser",
)
def market_cities(session: SessionDep, material: MaterialDep) -> Response:
    # Written in one go (market_cities_json), as FastAPI would write the models; response_model
    # stays the contract.
    a_to_z = sort_markets(material_markets(session, material.id, {}), "city", "asc")
    return Response(market_cities_json(a_to_z), media_type="application/json")

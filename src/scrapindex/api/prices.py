"""Prices: latest quotes, per-material summaries in one currency, and history."""

from typing import Annotated

from fastapi import APIRouter, Query

from scrapindex.api.deps import CityInQueryDep, MaterialInQueryDep, SessionDep
from scrapindex.queries.prices import (
    latest_quotes,
    latest_usd_rates,
    material_figures,
    price_history,
)
from scrapindex.schemas.common import NOT_FOUND, Pagination
from scrapindex.schemas.prices import (
    HistoryPointPublic,
    MaterialSummary,
    PriceHistoryPublic,
    PricePage,
    price_public,
)

router = APIRouter(prefix="/api/prices", tags=["prices"])


@router.get("", response_model=PricePage, summary="Latest price of every material in every city")
def list_prices(
    session: SessionDep,
    page: Annotated[int, Query(ge=1, le=100_000)] = 1,
    limit: Annotated[int, Query(ge=1, le=100)] = 100,
) -> PricePage:
    quotes = latest_quotes(session)
    rates = latest_usd_rates(session)
    start = (page - 1) * limit
    return PricePage(
        data=[price_public(q, rates) for q in quotes[start : start + limit]],
        pagination=Pagination.of(page, limit, len(quotes)),
    )


@router.get(
    "/summary",
    response_model=list[MaterialSummary],
    summary="Per material: mean, lowest and highest latest price across cities, in US dollars",
)
def price_summary(session: SessionDep) -> list[MaterialSummary]:
    return [MaterialSummary.model_validate(f) for f in material_figures(session)]


@router.get(
    "/history",
    response_model=PriceHistoryPublic,
    responses=NOT_FOUND,
    summary="Daily prices of one material in one city",
)
def history(
    session: SessionDep,
    material: MaterialInQueryDep,
    city: CityInQueryDep,
    days: Annotated[int, Query(ge=1, le=365)] = 30,
) -> PriceHistoryPublic:
    points = price_history(session, material.id, city.id, days)
    return PriceHistoryPublic(
        material_slug=material.slug,
        city_slug=city.slug,
        currency=city.country.currency,
        points=[HistoryPointPublic(date=p.date, price=p.price) for p in points],
    )

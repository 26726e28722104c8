"""Prices: latest quotes, per-material summaries in one currency, and history."""

import datetime as dt
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from fastapi.responses import Response

from scrapindex.api.deps import (
    CityInQueryDep,
    MaterialInQueryDep,
    PageNumber,
    PageSize,
    SessionDep,
    SettingsDep,
)
from scrapindex.formatting import stored_unit
from scrapindex.queries.history import (
    MAX_HISTORY_DAYS,
    HistoryPoint,
    ReferenceSeries,
    Resolution,
    default_resolution,
    history_csv,
    history_sources,
    market_reference,
    price_history,
    series_newest,
)
from scrapindex.queries.prices import (
    count_quotes,
    latest_quotes,
    latest_usd_rates,
    material_figures,
)
from scrapindex.schemas.common import NOT_FOUND, Pagination
from scrapindex.schemas.history import PriceHistoryPublic, history_point_public
from scrapindex.schemas.prices import MaterialSummary, PricePage, price_public

router = APIRouter(prefix="/api/prices", tags=["prices"])


@router.get("", response_model=PricePage, summary="Latest price of every material in every city")
def list_prices(
    session: SessionDep,
    page: PageNumber = 1,
    limit: PageSize = 100,
) -> PricePage:
    quotes = latest_quotes(session, offset=(page - 1) * limit, limit=limit)
    rates = latest_usd_rates(session)
    return PricePage(
        data=[price_public(q, rates) for q in quotes],
        pagination=Pagination.of(page, limit, count_quotes(session)),
    )


@router.get(
    "/summary",
    response_model=list[MaterialSummary],
    summary="Per material: mean, lowest and highest latest price across cities, in US dollars",
)
def price_summary(session: SessionDep) -> list[MaterialSummary]:
    return [MaterialSummary.model_validate(f) for f in material_figures(session)]


HISTORY_RESPONSES: dict[int | str, dict[str, Any]] = {
    **NOT_FOUND,
    200: {
        "description": (
            "The series as JSON, or with format=csv as a CSV download: date, price (four "
            "decimals per unit), currency, unit (kg, or piece), source_kind, source_name"
        ),
        "content": {"text/csv": {"schema": {"type": "string"}}},
    },
}


@router.get(
    "/history",
    response_model=PriceHistoryPublic,
    responses=HISTORY_RESPONSES,
    summary=(
        "Prices of one material in one city over the last `days` days: daily, or weekly or "
        "monthly averages, with the market reference in the city's currency; `format=csv` "
        "answers a CSV file instead (the Accept header does not choose)"
    ),
)
def history(
    session: SessionDep,
    settings: SettingsDep,
    material: MaterialInQueryDep,
    city: CityInQueryDep,
    days: Annotated[int, Query(ge=1, le=MAX_HISTORY_DAYS)] = 30,
    resolution: Annotated[
        Resolution | None,
        Query(description="day, week or month; by default day up to 120 days, week up to 400"),
    ] = None,
    format: Annotated[Literal["json", "csv"], Query()] = "json",
) -> PriceHistoryPublic | Response:
    chosen = resolution or default_resolution(days)
    currency = city.country.currency
    newest = series_newest(session, material.id, city.id)
    points: list[HistoryPoint] = []
    sources: dict[dt.date, list[tuple[str, str]]] = {}
    reference: ReferenceSeries | None = None
    if newest is not None:
        since = newest - dt.timedelta(days=days - 1)
        points = price_history(session, material.id, city.id, since, chosen)
        if format == "json":
            reference = market_reference(
                session, settings.content_dir, material.slug, currency, since, newest, chosen
            )
        else:
            sources = history_sources(session, material.id, city.id, since, chosen)
    if format == "csv":
        return Response(
            history_csv(points, currency, stored_unit(material.sale_unit), sources),
            media_type="text/csv; charset=utf-8",
            headers={
                "Content-Disposition": f'attachment; filename="{material.slug}-{city.slug}.csv"'
            },
        )
    return PriceHistoryPublic(
        material_slug=material.slug,
        city_slug=city.slug,
        currency=currency,
        unit=stored_unit(material.sale_unit),
        sale_unit=material.sale_unit,
        resolution=chosen,
        points=[history_point_public(p) for p in points],
        reference=[history_point_public(p) for p in (reference.points if reference else [])],
        reference_name=reference.name if reference else None,
    )

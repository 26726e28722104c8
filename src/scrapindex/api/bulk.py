"""Bulk answers for API-key clients: a country's current prices (JSON and CSV), a series' stored
daily history and a country's yards, paged. Every operation needs a key (middleware/api_keys.py
checks and counts it; here a request without one is refused), and none is kept in the API cache
(cache/api_responses.py PRIVATE_PREFIXES), so a kept answer never reaches a request without one.
"""

import csv
import datetime as dt
import io
from typing import Annotated, Any, cast

from fastapi import APIRouter, Depends, HTTPException, Query, Request, Security
from fastapi.responses import Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from scrapindex.api.deps import (
    CountryDep,
    PageNumber,
    SessionDep,
    SettingsDep,
    city_or_404,
    material_or_404,
)
from scrapindex.formatting import stored_unit
from scrapindex.licences.badge import licence_badge
from scrapindex.middleware.api_keys import API_KEY_SCOPE, WWW_AUTHENTICATE
from scrapindex.price_kinds import PriceKind
from scrapindex.queries.bulk import (
    count_country_series,
    country_yards,
    licensed_yard_ids,
    series_days,
)
from scrapindex.queries.prices import latest_quotes
from scrapindex.schemas.bulk import (
    DEFAULT_BULK_PAGE_SIZE,
    MAX_BULK_PAGE_SIZE,
    BulkPrice,
    BulkPricePage,
    BulkSeriesDay,
    BulkSeriesPage,
    BulkYard,
    BulkYardPage,
)
from scrapindex.schemas.common import NOT_FOUND, Message, Pagination, exact_money_text
from scrapindex.spreadsheet import as_text

NEEDS_A_KEY = (
    "This endpoint needs an API key: send 'Authorization: Bearer <key>'. "
    "Ask for one at /contact#developers."
)
OSM_ATTRIBUTION = (
    "Yards from OpenStreetMap: © OpenStreetMap contributors, ODbL 1.0 "
    "(https://www.openstreetmap.org/copyright)"
)
KEY_ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"model": Message, "description": "No API key, or an unknown or revoked one"},
    429: {
        "model": Message,
        "description": "The key's quota per minute or per day is used up; see Retry-After",
    },
}

api_key_scheme = HTTPBearer(
    auto_error=False,
    scheme_name="ApiKey",
    bearerFormat="sk_live_…",
    description="An API key from the ScrapIndex team (ask at /contact#developers)",
)


def keyed_client(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Security(api_key_scheme)],
) -> int:
    """The id of the request's key, checked and counted by middleware/api_keys.py; else 401."""
    key_id = request.scope.get(API_KEY_SCOPE)
    if key_id is None:
        raise HTTPException(401, NEEDS_A_KEY, headers={"WWW-Authenticate": WWW_AUTHENTICATE})
    return cast(int, key_id)


router = APIRouter(
    prefix="/api/bulk",
    tags=["bulk"],
    dependencies=[Depends(keyed_client)],
    responses=KEY_ERRORS,
)

BulkPageSize = Annotated[
    int, Query(alias="pageSize", ge=1, le=MAX_BULK_PAGE_SIZE, description="Rows per page")
]


def price_rows(
    session: SessionDep, settings: SettingsDep, country: CountryDep, page: int, size: int
) -> tuple[list[BulkPrice], Pagination]:
    total = count_country_series(session, country.code)
    quotes = latest_quotes(
        session,
        country_code=country.code,
        stale_days=settings.price_stale_days,
        offset=(page - 1) * size,
        limit=size,
    )
    rows = [
        BulkPrice(
            city=quote.city.name,
            city_slug=quote.city.slug,
            material=quote.material.name,
            material_slug=quote.material.slug,
            price=quote.price_per_kg,
            unit=stored_unit(quote.material.sale_unit),
            currency=quote.currency,
            kind=cast(PriceKind, quote.source_kind),
            source=quote.source_name,
            date=quote.price_date,
            stale=quote.stale,
        )
        for quote in quotes
    ]
    return rows, Pagination.of(page, size, total)


@router.get(
    "/countries/{country_code}/prices",
    response_model=BulkPricePage,
    responses=NOT_FOUND,
    summary="A country's current prices, every city and material, with kind, source and date",
)
def bulk_country_prices(
    session: SessionDep,
    settings: SettingsDep,
    country: CountryDep,
    page: PageNumber = 1,
    page_size: BulkPageSize = DEFAULT_BULK_PAGE_SIZE,
) -> BulkPricePage:
    rows, pagination = price_rows(session, settings, country, page, page_size)
    return BulkPricePage(data=rows, pagination=pagination)


CSV_COLUMNS = (
    "city",
    "city_slug",
    "material",
    "material_slug",
    "price",
    "unit",
    "currency",
    "kind",
    "source",
    "date",
    "stale",
)


@router.get(
    "/countries/{country_code}/prices.csv",
    response_class=Response,
    responses={
        **NOT_FOUND,
        200: {"content": {"text/csv": {}}, "description": "The same rows as CSV, one page"},
    },
    summary="A country's current prices as CSV, paged like the JSON (Link: rel=next, "
    "X-Total-Count)",
)
def bulk_country_prices_csv(
    request: Request,
    session: SessionDep,
    settings: SettingsDep,
    country: CountryDep,
    page: PageNumber = 1,
    page_size: BulkPageSize = DEFAULT_BULK_PAGE_SIZE,
) -> Response:
    rows, pagination = price_rows(session, settings, country, page, page_size)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        writer.writerow(
            [
                as_text(row.city),
                row.city_slug,
                as_text(row.material),
                row.material_slug,
                exact_money_text(row.price),
                row.unit,
                row.currency,
                row.kind,
                as_text(row.source),  # a feed names its source freely
                row.date.isoformat(),
                "true" if row.stale else "false",
            ]
        )
    headers = {"X-Total-Count": str(pagination.total)}
    if page < pagination.pages:
        next_url = request.url.include_query_params(page=page + 1)
        headers["Link"] = f'<{next_url}>; rel="next"'
    filename = f"scrapindex-{country.code.lower()}-prices-{page}.csv"
    headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return Response(out.getvalue(), media_type="text/csv; charset=utf-8", headers=headers)


@router.get(
    "/series",
    response_model=BulkSeriesPage,
    responses=NOT_FOUND,
    summary="One series' stored history (a price a day at most), oldest first, over any range",
)
def bulk_series(
    session: SessionDep,
    city_slug: Annotated[str, Query(alias="city", min_length=1, max_length=120)],
    material_slug: Annotated[str, Query(alias="material", min_length=1, max_length=120)],
    start: Annotated[dt.date | None, Query(alias="from", description="First day, YYYY-MM-DD")] = (
        None
    ),
    end: Annotated[dt.date | None, Query(alias="to", description="Last day, YYYY-MM-DD")] = None,
    page: PageNumber = 1,
    page_size: BulkPageSize = DEFAULT_BULK_PAGE_SIZE,
) -> BulkSeriesPage:
    if start is not None and end is not None and start > end:
        raise HTTPException(422, "Invalid request: from must not be after to")
    city = city_or_404(session, city_slug)
    material = material_or_404(session, material_slug)
    days, total = series_days(
        session, material.id, city.id, start, end, (page - 1) * page_size, page_size
    )
    return BulkSeriesPage(
        data=[
            BulkSeriesDay(
                date=day.price_date,
                price=day.price_per_kg,
                currency=day.currency,
                kind=cast(PriceKind, day.source_kind),
                source=day.source_name,
            )
            for day in days
        ],
        pagination=Pagination.of(page, page_size, total),
        city_slug=city.slug,
        material_slug=material.slug,
        unit=stored_unit(material.sale_unit),
    )


@router.get(
    "/countries/{country_code}/yards",
    response_model=BulkYardPage,
    responses=NOT_FOUND,
    summary="A country's listed yards with their source (OpenStreetMap's under ODbL) and a "
    "confirmed dealer's licence where a register lists one",
)
def bulk_country_yards(
    session: SessionDep,
    country: CountryDep,
    page: PageNumber = 1,
    page_size: BulkPageSize = DEFAULT_BULK_PAGE_SIZE,
) -> BulkYardPage:
    found, total = country_yards(session, country.code, (page - 1) * page_size, page_size)
    today = dt.datetime.now(dt.UTC).date()
    licensed = licensed_yard_ids(session, [yard.id for yard, _ in found], today)
    badges = {yard_id: licence_badge(session, yard_id, today) for yard_id in licensed}
    rows = [
        BulkYard(
            id=yard.id,
            name=yard.name,
            address=yard.address,
            city=yard.city.name,
            city_slug=yard.city.slug,
            latitude=yard.latitude,
            longitude=yard.longitude,
            phone=yard.phone,
            email=yard.email,
            website=yard.website,
            source=source.name,
            source_kind=source.kind,
            osm_id=yard.osm_id,
            permanently_closed=yard.permanently_closed,
            licence=badges.get(yard.id),
        )
        for yard, source in found
    ]
    attribution = [OSM_ATTRIBUTION] if any(row.osm_id for row in rows) else []
    return BulkYardPage(
        data=rows, pagination=Pagination.of(page, page_size, total), attribution=attribution
    )

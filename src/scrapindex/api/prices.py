"""Prices: latest quotes, per-material summaries in one currency, and history."""

import datetime as dt
from decimal import Decimal
from typing import Annotated, Literal, TypedDict

from fastapi import APIRouter, HTTPException, Query
from sqlalchemy import select

from scrapindex.api.deps import SessionDep
from scrapindex.api.places import CityRef
from scrapindex.api.schemas import NOT_FOUND, CamelModel, CountryRef, MoneyText, Pagination
from scrapindex.models import City, Material
from scrapindex.queries.prices import Quote, latest_quotes, latest_usd_rates, price_history, to_usd

router = APIRouter(prefix="/api/prices", tags=["prices"])


class SourceRef(CamelModel):
    name: str
    kind: str


class MaterialRef(CamelModel):
    id: int
    name: str
    slug: str
    grade: str | None
    category: str


class PriceBase(CamelModel):
    id: int
    material_id: int
    city_id: int
    price: MoneyText
    currency: str
    unit: Literal["kg"] = "kg"
    date: dt.date
    updated_at: dt.datetime
    previous_price: MoneyText | None
    change: MoneyText | None
    change_percent: float | None
    trend: Literal["up", "down", "flat"]
    source: SourceRef


class CityPriceRow(PriceBase):
    material: MaterialRef


class MaterialPriceRow(PriceBase):
    city: CityRef
    price_usd: MoneyText | None


class PricePublic(PriceBase):
    price_usd: MoneyText | None


class PricePage(CamelModel):
    data: list[PricePublic]
    pagination: Pagination


class MaterialSummary(CamelModel):
    material_id: int
    material_slug: str
    currency: str
    average_price: MoneyText
    min_price: MoneyText
    max_price: MoneyText
    cities_tracked: int
    countries: int


class HistoryPointPublic(CamelModel):
    date: dt.date
    price: MoneyText


class PriceHistoryPublic(CamelModel):
    material_slug: str
    city_slug: str
    currency: str
    unit: Literal["kg"] = "kg"
    points: list[HistoryPointPublic]


class PriceFields(TypedDict):
    id: int
    material_id: int
    city_id: int
    price: Decimal
    currency: str
    date: dt.date
    updated_at: dt.datetime
    previous_price: Decimal | None
    change: Decimal | None
    change_percent: float | None
    trend: Literal["up", "down", "flat"]
    source: SourceRef


def price_fields(quote: Quote) -> PriceFields:
    return PriceFields(
        id=quote.price_id,
        material_id=quote.material.id,
        city_id=quote.city.id,
        price=quote.price_per_kg,
        currency=quote.currency,
        date=quote.price_date,
        updated_at=quote.updated_at,
        previous_price=quote.previous,
        change=quote.change,
        change_percent=quote.change_percent,
        trend=quote.trend,
        source=SourceRef(name=quote.source_name, kind=quote.source_kind),
    )


def city_price_row(quote: Quote) -> CityPriceRow:
    material = MaterialRef.model_validate(quote.material)
    return CityPriceRow(**price_fields(quote), material=material)


def material_price_row(quote: Quote, rates: dict[str, Decimal]) -> MaterialPriceRow:
    usd = to_usd(quote.price_per_kg, quote.currency, rates)
    return MaterialPriceRow(
        **price_fields(quote),
        city=CityRef(
            id=quote.city.id,
            name=quote.city.name,
            slug=quote.city.slug,
            country=CountryRef(code=quote.city.country_code, name=quote.city.country_name),
        ),
        price_usd=usd,
    )


@router.get("", response_model=PricePage, summary="Latest price of every material in every city")
def list_prices(
    session: SessionDep,
    page: Annotated[int, Query(ge=1, le=100_000)] = 1,
    limit: Annotated[int, Query(ge=1, le=100)] = 100,
) -> PricePage:
    quotes = latest_quotes(session)
    rates = latest_usd_rates(session)
    start = (page - 1) * limit
    rows = [
        PricePublic(
            **price_fields(q),
            price_usd=to_usd(q.price_per_kg, q.currency, rates),
        )
        for q in quotes[start : start + limit]
    ]
    return PricePage(data=rows, pagination=Pagination.of(page, limit, len(quotes)))


@router.get(
    "/summary",
    response_model=list[MaterialSummary],
    summary="Per material: mean, lowest and highest latest price across cities, in US dollars",
)
def price_summary(session: SessionDep) -> list[MaterialSummary]:
    rates = latest_usd_rates(session)
    by_material: dict[int, list[tuple[Quote, Decimal]]] = {}
    for quote in latest_quotes(session):
        usd = to_usd(quote.price_per_kg, quote.currency, rates)
        if usd is not None:
            by_material.setdefault(quote.material.id, []).append((quote, usd))
    return [summarise(entries) for entries in by_material.values()]


def summarise(entries: list[tuple[Quote, Decimal]]) -> MaterialSummary:
    prices = [usd for _, usd in entries]
    material = entries[0][0].material
    return MaterialSummary(
        material_id=material.id,
        material_slug=material.slug,
        currency="USD",
        average_price=sum(prices, Decimal(0)) / len(prices),
        min_price=min(prices),
        max_price=max(prices),
        cities_tracked=len({q.city.id for q, _ in entries}),
        countries=len({q.city.country_code for q, _ in entries}),
    )


@router.get(
    "/history",
    response_model=PriceHistoryPublic,
    responses=NOT_FOUND,
    summary="Daily prices of one material in one city",
)
def history(
    session: SessionDep,
    material_slug: Annotated[str, Query(alias="materialSlug", min_length=1, max_length=120)],
    city_slug: Annotated[str, Query(alias="citySlug", min_length=1, max_length=120)],
    days: Annotated[int, Query(ge=1, le=365)] = 30,
) -> PriceHistoryPublic:
    material = session.scalars(select(Material).where(Material.slug == material_slug)).first()
    if material is None:
        raise HTTPException(404, f"Material '{material_slug}' not found")
    city = session.scalars(select(City).where(City.slug == city_slug)).first()
    if city is None:
        raise HTTPException(404, f"City '{city_slug}' not found")
    points = price_history(session, material.id, city.id, days)
    return PriceHistoryPublic(
        material_slug=material.slug,
        city_slug=city.slug,
        currency=city.country.currency,
        points=[HistoryPointPublic(date=p.date, price=p.price) for p in points],
    )

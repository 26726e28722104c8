"""Countries, their regions (states, provinces) and their legal guidance."""

import datetime as dt
from typing import Annotated

from fastapi import APIRouter, HTTPException, Path
from sqlalchemy import select

from scrapindex.api.deps import CountryDep, SessionDep
from scrapindex.api.places import CityPublic, CountryPublic, city_public
from scrapindex.api.prices import MaterialRef
from scrapindex.api.schemas import NOT_FOUND, CamelModel, CountryRef, MoneyText
from scrapindex.models import Country, LegalRule, Region
from scrapindex.queries.places import (
    cities_in_region,
    countries_with_counts,
    find_region,
    region_price_board,
    regions_with_counts,
    yard_count_in_cities,
)

router = APIRouter(prefix="/api/countries", tags=["countries"])


class RegionSummary(CamelModel):
    slug: str
    name: str
    city_count: int


class RegionPublic(CamelModel):
    slug: str
    name: str
    country: CountryRef
    cities: list[CityPublic]
    scrap_yard_count: int


class RegionPriceRow(CamelModel):
    material: MaterialRef
    currency: str
    average_price: MoneyText
    min_price: MoneyText
    max_price: MoneyText
    city_count: int
    date: dt.date


class LegalItem(CamelModel):
    title: str
    description: str
    requirement: str
    penalty: str | None
    category: str
    source: str | None


@router.get("", response_model=list[CountryPublic], summary="Countries, most cities first")
def list_countries(session: SessionDep) -> list[CountryPublic]:
    return [
        CountryPublic(
            code=c.code, name=c.name, currency=c.currency, city_count=cities, yard_count=yards
        )
        for c, cities, yards in countries_with_counts(session)
    ]


@router.get(
    "/{country_code}/regions",
    response_model=list[RegionSummary],
    responses=NOT_FOUND,
    summary="The country's regions",
)
def list_regions(session: SessionDep, country: CountryDep) -> list[RegionSummary]:
    return [
        RegionSummary(slug=r.slug, name=r.name, city_count=count)
        for r, count in regions_with_counts(session, country.code)
    ]


RegionSlug = Annotated[str, Path(max_length=120)]


def region_or_404(session: SessionDep, country: Country, slug: str) -> Region:
    region = find_region(session, country.code, slug)
    if region is None:
        raise HTTPException(404, f"Region '{slug}' not found in {country.name}")
    return region


@router.get(
    "/{country_code}/regions/{region_slug}",
    response_model=RegionPublic,
    responses=NOT_FOUND,
    summary="One region with its cities",
)
def get_region(session: SessionDep, country: CountryDep, region_slug: RegionSlug) -> RegionPublic:
    region = region_or_404(session, country, region_slug)
    cities = cities_in_region(session, region.id)
    return RegionPublic(
        slug=region.slug,
        name=region.name,
        country=CountryRef(code=country.code, name=country.name),
        cities=[city_public(c) for c in cities],
        scrap_yard_count=yard_count_in_cities(session, [c.id for c in cities]),
    )


@router.get(
    "/{country_code}/regions/{region_slug}/prices",
    response_model=list[RegionPriceRow],
    responses=NOT_FOUND,
    summary="Latest price of each material averaged over the region's cities",
)
def region_prices(
    session: SessionDep, country: CountryDep, region_slug: RegionSlug
) -> list[RegionPriceRow]:
    region = region_or_404(session, country, region_slug)
    return [
        RegionPriceRow(
            material=MaterialRef.model_validate(row.material),
            currency=row.currency,
            average_price=row.average,
            min_price=row.low,
            max_price=row.high,
            city_count=row.city_count,
            date=row.date,
        )
        for row in region_price_board(session, region.id)
    ]


@router.get(
    "/{country_code}/legal",
    response_model=list[LegalItem],
    responses=NOT_FOUND,
    summary="Scrap trading rules of the country (empty when we hold none)",
)
def legal_guidance(session: SessionDep, country: CountryDep) -> list[LegalItem]:
    rules = session.scalars(
        select(LegalRule).where(LegalRule.country_code == country.code).order_by(LegalRule.position)
    )
    return [LegalItem.model_validate(r) for r in rules]

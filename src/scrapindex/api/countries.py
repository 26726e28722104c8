"""Countries, their regions (states, provinces) and their legal guidance."""

from typing import Annotated

from fastapi import APIRouter, HTTPException, Path
from sqlalchemy import select

from scrapindex.api.deps import CountryDep, SessionDep
from scrapindex.api.places import CityPublic, CountryPublic, city_public
from scrapindex.api.schemas import NOT_FOUND, CamelModel, CountryRef
from scrapindex.models import LegalRule
from scrapindex.queries.places import (
    cities_in_region,
    countries_with_counts,
    find_region,
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


@router.get(
    "/{country_code}/regions/{region_slug}",
    response_model=RegionPublic,
    responses=NOT_FOUND,
    summary="One region with its cities",
)
def get_region(
    session: SessionDep,
    country: CountryDep,
    region_slug: Annotated[str, Path(max_length=120)],
) -> RegionPublic:
    region = find_region(session, country.code, region_slug)
    if region is None:
        raise HTTPException(404, f"Region '{region_slug}' not found in {country.name}")
    cities = cities_in_region(session, region.id)
    return RegionPublic(
        slug=region.slug,
        name=region.name,
        country=CountryRef(code=country.code, name=country.name),
        cities=[city_public(c) for c in cities],
        scrap_yard_count=yard_count_in_cities(session, [c.id for c in cities]),
    )


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

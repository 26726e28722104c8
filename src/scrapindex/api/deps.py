"""Request dependencies: a database session, and path entities loaded or answered with 404."""

from collections.abc import AsyncIterator
from typing import Annotated, TypeVar

from fastapi import Depends, HTTPException, Path, Query, Request
from sqlalchemy.orm import Session

from scrapindex.models import City, Country, Material, Region, ScrapYard
from scrapindex.queries.places import find_city, find_region
from scrapindex.queries.site import find_material
from scrapindex.settings import Settings


async def get_session(request: Request) -> AsyncIterator[Session]:
    # Async so that FastAPI does not hop to a worker thread for it: opening a session does no
    # I/O (the connection is taken on first use, in the endpoint's thread).
    with request.app.state.session_factory() as session:
        yield session


async def get_settings_dep(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


SessionDep = Annotated[Session, Depends(get_session)]
SettingsDep = Annotated[Settings, Depends(get_settings_dep)]

SlugPath = Annotated[str, Path(max_length=120, description="URL slug")]
PageNumber = Annotated[int, Query(ge=1, le=100_000)]  # of a paged answer (Page[T])
PageSize = Annotated[int, Query(ge=1, le=100)]
RowIdPath = Annotated[int, Path(ge=1, le=2**31 - 1)]  # an INTEGER key: larger is no row of ours

RowT = TypeVar("RowT")


def row_or_404(
    session: Session, model: type[RowT], row_id: int, name: str, *, for_update: bool = False
) -> RowT:
    """The ``model`` row ``row_id`` (locked for update if asked), or 404 "{name} {id} not found"."""
    row = session.get(model, row_id, with_for_update=for_update)
    if row is None:
        raise HTTPException(404, f"{name} {row_id} not found")
    return row


def city_or_404(session: Session, slug: str) -> City:
    city = find_city(session, slug)
    if city is None:
        raise HTTPException(404, f"City '{slug}' not found")
    return city


def material_or_404(session: Session, slug: str) -> Material:
    material = find_material(session, slug)
    if material is None:
        raise HTTPException(404, f"Material '{slug}' not found")
    return material


def get_city(session: SessionDep, city_slug: SlugPath) -> City:
    return city_or_404(session, city_slug)


def get_material(session: SessionDep, material_slug: SlugPath) -> Material:
    return material_or_404(session, material_slug)


def get_city_in_query(
    session: SessionDep,
    city_slug: Annotated[str, Query(alias="citySlug", min_length=1, max_length=120)],
) -> City:
    return city_or_404(session, city_slug)


def get_material_in_query(
    session: SessionDep,
    material_slug: Annotated[str, Query(alias="materialSlug", min_length=1, max_length=120)],
) -> Material:
    return material_or_404(session, material_slug)


def get_country(
    session: SessionDep,
    country_code: Annotated[str, Path(min_length=2, max_length=2, description="ISO 3166 code")],
) -> Country:
    country = session.get(Country, country_code.upper())
    if country is None:
        raise HTTPException(404, f"Country '{country_code}' not found")
    return country


def get_yard(session: SessionDep, yard_id: RowIdPath) -> ScrapYard:
    return row_or_404(session, ScrapYard, yard_id, "Scrap yard")


CityDep = Annotated[City, Depends(get_city)]
MaterialDep = Annotated[Material, Depends(get_material)]
CountryDep = Annotated[Country, Depends(get_country)]
YardDep = Annotated[ScrapYard, Depends(get_yard)]
CityInQueryDep = Annotated[City, Depends(get_city_in_query)]
MaterialInQueryDep = Annotated[Material, Depends(get_material_in_query)]


def get_region(
    session: SessionDep,
    country: CountryDep,
    region_slug: Annotated[str, Path(max_length=120)],
) -> Region:
    region = find_region(session, country.code, region_slug)
    if region is None:
        raise HTTPException(404, f"Region '{region_slug}' not found in {country.name}")
    return region


RegionDep = Annotated[Region, Depends(get_region)]

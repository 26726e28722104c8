"""Request dependencies: a database session, and path entities loaded or answered with 404."""

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, HTTPException, Path, Request
from sqlalchemy import select
from sqlalchemy.orm import Session

from scrapindex.models import City, Country, Material, ScrapYard
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


def get_city(session: SessionDep, city_slug: SlugPath) -> City:
    city = session.scalars(select(City).where(City.slug == city_slug)).one_or_none()
    if city is None:
        raise HTTPException(404, f"City '{city_slug}' not found")
    return city


def get_material(session: SessionDep, material_slug: SlugPath) -> Material:
    material = session.scalars(select(Material).where(Material.slug == material_slug)).one_or_none()
    if material is None:
        raise HTTPException(404, f"Material '{material_slug}' not found")
    return material


def get_country(
    session: SessionDep,
    country_code: Annotated[str, Path(min_length=2, max_length=2, description="ISO 3166 code")],
) -> Country:
    country = session.get(Country, country_code.upper())
    if country is None:
        raise HTTPException(404, f"Country '{country_code}' not found")
    return country


def get_yard(session: SessionDep, yard_id: Annotated[int, Path(ge=1, le=2**31 - 1)]) -> ScrapYard:
    yard = session.get(ScrapYard, yard_id)
    if yard is None:
        raise HTTPException(404, f"Scrap yard {yard_id} not found")
    return yard


CityDep = Annotated[City, Depends(get_city)]
MaterialDep = Annotated[Material, Depends(get_material)]
CountryDep = Annotated[Country, Depends(get_country)]
YardDep = Annotated[ScrapYard, Depends(get_yard)]

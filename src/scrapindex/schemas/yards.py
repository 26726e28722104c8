"""Scrap yards: one yard as lists show it, its detail, and the directory's pages."""

import datetime as dt
from typing import Any

from pydantic import Field, TypeAdapter
from pydantic_core import to_json

from scrapindex.queries.places import ListedCity
from scrapindex.queries.yards import ListedYard, YardView, shown_hours, yard_hours_text
from scrapindex.schemas.common import CamelModel, Page
from scrapindex.schemas.places import CityPublic, city_public, listed_city
from scrapindex.schemas.prices import SourceRef


class HoursInterval(CamelModel):
    day: int
    opens: str
    closes: str


class YardPublic(CamelModel):
    id: int
    name: str
    address: str
    phone: str | None
    email: str | None
    website: str | None
    rating: float | None
    review_count: int
    is_open: bool | None
    opening_hours: str | None
    weekly_hours: list[HoursInterval]
    latitude: float
    longitude: float
    city: CityPublic


class YardDetail(YardPublic):
    source: SourceRef
    services: list[str] | None = Field(description="What the yard offers; null when not known")
    permanently_closed: bool
    corrected_at: dt.datetime | None = Field(
        description="When the newest approved correction was applied"
    )


class YardStatsPublic(CamelModel):
    total: int
    countries: int
    cities: int
    open_now: int
    center_latitude: float | None
    center_longitude: float | None


class DirectoryYard(YardPublic):
    distance_km: float | None = Field(
        description="Kilometres from the `near` point; null without one"
    )


class CityYardPage(Page[YardPublic]):
    unfiltered_total: int = Field(description="All the city's yards, whatever the filters")


class YardPage(Page[DirectoryYard]):
    stats: YardStatsPublic
    unfiltered_total: int


def yard_public(view: YardView) -> YardPublic:
    yard = view.yard
    return YardPublic(
        id=yard.id,
        name=yard.name,
        address=yard.address,
        phone=yard.phone,
        email=yard.email,
        website=yard.website,
        rating=yard.rating,
        review_count=yard.review_count,
        is_open=view.is_open,
        opening_hours=yard_hours_text(yard),
        weekly_hours=[HoursInterval.model_validate(i) for i in yard.weekly_hours],
        latitude=yard.latitude,
        longitude=yard.longitude,
        city=city_public(yard.city),
    )


def directory_yard(view: YardView, distance_km: float | None) -> DirectoryYard:
    rounded = None if distance_km is None else round(distance_km, 2)
    return DirectoryYard(**yard_public(view).model_dump(), distance_km=rounded)


YARD_LIST = TypeAdapter(list[YardPublic])  # what /all answers, as FastAPI would write it


def yard_list_json(yards: list[ListedYard]) -> bytes:
    """Yards of ``ranked_yards`` as the JSON of ``list[YardPublic]``, in one serialisation.

    A thousand yards as models (each built, validated, then validated again by FastAPI) cost
    several times the query; here each yard becomes the JSON's own shape, camelCase and all, and
    pydantic's core writes it. The bytes are ``YARD_LIST.dump_json`` of the same yards, which
    tests/integration/test_yard_directory_sql.py proves on both databases.
    """
    return to_json([_listed(yard) for yard in yards])


def _listed(yard: ListedYard) -> dict[str, Any]:
    """One yard as YardPublic's JSON."""
    city = ListedCity(
        yard.city_id,
        yard.city_name,
        yard.city_slug,
        yard.city_latitude,
        yard.city_longitude,
        yard.city_time_zone,
        yard.country_code,
        yard.country_name,
        yard.country_currency,
        yard.region_slug,
        yard.region_name,
    )
    return {
        "id": yard.id,
        "name": yard.name,
        "address": yard.address,
        "phone": yard.phone,
        "email": yard.email,
        "website": yard.website,
        "rating": yard.rating,
        "reviewCount": yard.review_count,
        "isOpen": yard.is_open,
        "openingHours": shown_hours(yard.weekly_hours, yard.opening_hours_text),
        "weeklyHours": [
            {"day": i["day"], "opens": i["opens"], "closes": i["closes"]} for i in yard.weekly_hours
        ],
        "latitude": yard.latitude,
        "longitude": yard.longitude,
        "city": listed_city(city),
    }

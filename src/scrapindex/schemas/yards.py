"""Scrap yards: one yard as lists show it, its detail, and the directory's pages."""

import datetime as dt

from pydantic import Field

from scrapindex.queries.yards import YardView, yard_hours_text
from scrapindex.schemas.common import CamelModel, Page
from scrapindex.schemas.places import CityPublic, city_public
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

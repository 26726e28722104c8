"""Scrap yards: loading, open-now, filtering, sorting and paging.

A city has tens of yards and the whole directory a few hundred, and "open now" depends on the
clock in each yard's zone, so yards are loaded once and filtered in Python.
"""

import datetime as dt
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from sqlalchemy import ColumnElement, and_, case, func, literal, select
from sqlalchemy.orm import Session

from scrapindex.hours import hours_lines, is_open_now
from scrapindex.models import ScrapYard, Source, YardSuggestion

T = TypeVar("T")


class YardStatus(StrEnum):
    all = "all"
    open = "open"
    closed = "closed"


class YardSort(StrEnum):
    rating = "rating"
    name = "name"
    city = "city"
    country = "country"
    reviews = "reviews"


@dataclass(frozen=True)
class YardView:
    yard: ScrapYard
    is_open: bool | None


@dataclass(frozen=True)
class Near:
    """A point to measure from and how far to look. Never logged or stored (see the API)."""

    latitude: float
    longitude: float
    radius_km: float


EARTH_RADIUS_KM = 6371.0088  # the mean radius
KM_PER_DEGREE = math.pi * EARTH_RADIUS_KM / 180


@dataclass(frozen=True)
class YardFilter:
    text: str = ""
    # A city's own list searches names and addresses only (every yard there names its city).
    text_in_place: bool = True
    country_code: str | None = None
    city_slug: str | None = None
    status: YardStatus = YardStatus.all


def load_yards(session: Session, city_id: int | None = None) -> list[ScrapYard]:
    # The city, its country and region come along through the models' joined eager loads.
    query = select(ScrapYard).order_by(ScrapYard.id)
    if city_id is not None:
        query = query.where(ScrapYard.city_id == city_id)
    return list(session.scalars(query))


def _haversine_km(lat: float, lng: float) -> ColumnElement[float]:
    """The great-circle distance from (lat, lng) to each yard, in SQL (SQLite or PostgreSQL)."""
    lat1, lng1 = math.radians(lat), math.radians(lng)
    lat2, lng2 = func.radians(ScrapYard.latitude), func.radians(ScrapYard.longitude)
    half_dlat = func.sin((lat2 - literal(lat1)) / 2)
    half_dlng = func.sin((lng2 - literal(lng1)) / 2)
    a = half_dlat * half_dlat + literal(math.cos(lat1)) * func.cos(lat2) * half_dlng * half_dlng
    # Rounding can push a hair past 1 for antipodal points, where asin would fail.
    clamped = case((a > 1.0, literal(1.0)), else_=a)
    return literal(2 * EARTH_RADIUS_KM) * func.asin(func.sqrt(clamped))


def _bounding_box(near: Near) -> ColumnElement[bool]:
    """A cheap prefilter on the columns: the box around the circle (no box near a pole or ±180°)."""
    dlat = near.radius_km / KM_PER_DEGREE
    conditions = [ScrapYard.latitude.between(near.latitude - dlat, near.latitude + dlat)]
    cos_lat = math.cos(math.radians(near.latitude))
    if abs(near.latitude) + dlat < 89.0 and cos_lat > 0:
        dlng = dlat / cos_lat
        west, east = near.longitude - dlng, near.longitude + dlng
        if west >= -180.0 and east <= 180.0:
            conditions.append(ScrapYard.longitude.between(west, east))
    return and_(*conditions)


def yard_distances(session: Session, near: Near) -> dict[int, float]:
    """Each yard within the radius, by id, with its distance in km, computed by the database."""
    distance = _haversine_km(near.latitude, near.longitude).label("distance")
    inner = select(ScrapYard.id.label("id"), distance).where(_bounding_box(near)).subquery()
    query = select(inner.c.id, inner.c.distance).where(inner.c.distance <= near.radius_km)
    return {row.id: float(row.distance) for row in session.execute(query)}


def by_distance(
    views: list[YardView], distances: dict[int, float], open_first: bool
) -> list[YardView]:
    """Nearest first; with ``open_first``, the yards open now come before the rest."""
    near = [v for v in views if v.yard.id in distances]

    def key(view: YardView) -> tuple[bool, float, int]:
        closed = open_first and view.is_open is not True
        return (closed, distances[view.yard.id], view.yard.id)

    return sorted(near, key=key)


def with_open_state(yards: Sequence[ScrapYard], now: dt.datetime | None = None) -> list[YardView]:
    moment = now or dt.datetime.now(dt.UTC)
    return [YardView(y, _is_open(y, moment)) for y in yards]


def _is_open(yard: ScrapYard, moment: dt.datetime) -> bool | None:
    if yard.permanently_closed:
        return False
    return is_open_now(yard.weekly_hours, yard.city.time_zone, moment)


def yard_hours_text(yard: ScrapYard) -> str | None:
    """The hours as the pages show them: a line per day, or the text that did not parse."""
    if yard.weekly_hours:
        return "\n".join(hours_lines(yard.weekly_hours))
    return yard.opening_hours_text


def filter_yards(views: list[YardView], criteria: YardFilter) -> list[YardView]:
    text = criteria.text.strip().lower()

    def keep(view: YardView) -> bool:
        yard = view.yard
        if criteria.country_code and yard.city.country_code != criteria.country_code.upper():
            return False
        if criteria.city_slug and yard.city.slug != criteria.city_slug:
            return False
        if criteria.status is YardStatus.open and view.is_open is not True:
            return False
        if criteria.status is YardStatus.closed and view.is_open is True:
            return False
        haystack: tuple[str, ...] = (yard.name, yard.address)
        if criteria.text_in_place:
            haystack += (yard.city.name, yard.city.country.name)
        return not text or any(text in field.lower() for field in haystack)

    return [view for view in views if keep(view)]


SORT_KEYS: dict[YardSort, Callable[[YardView], Any]] = {
    # Highest rated first, then most reviewed; unrated yards last.
    YardSort.rating: lambda v: (-(v.yard.rating or -1.0), -v.yard.review_count, v.yard.name),
    YardSort.name: lambda v: (v.yard.name.lower(), v.yard.id),
    YardSort.city: lambda v: (v.yard.city.name.lower(), v.yard.name.lower()),
    YardSort.country: lambda v: (v.yard.city.country.name.lower(), v.yard.city.name.lower()),
    YardSort.reviews: lambda v: (-v.yard.review_count, v.yard.name.lower()),
}


def sort_yards(views: list[YardView], sort: YardSort) -> list[YardView]:
    return sorted(views, key=SORT_KEYS[sort])


def page_of(items: list[T], page: int, limit: int) -> list[T]:
    start = (page - 1) * limit
    return items[start : start + limit]


@dataclass(frozen=True)
class YardStats:
    total: int
    countries: int
    cities: int
    open_now: int
    center_latitude: float | None
    center_longitude: float | None


def yard_stats(views: list[YardView]) -> YardStats:
    """Counts over the matching yards, and their mean position (where the directory map centres)."""
    count = len(views)
    return YardStats(
        total=count,
        countries=len({v.yard.city.country_code for v in views}),
        cities=len({v.yard.city_id for v in views}),
        open_now=sum(1 for v in views if v.is_open),
        center_latitude=sum(v.yard.latitude for v in views) / count if count else None,
        center_longitude=sum(v.yard.longitude for v in views) / count if count else None,
    )


def yard_source(session: Session, yard: ScrapYard) -> Source:
    return session.get_one(Source, yard.source_id)


def last_correction_at(session: Session, yard_id: int) -> dt.datetime | None:
    """When the newest approved correction of the yard was applied."""
    return session.execute(
        select(func.max(YardSuggestion.reviewed_at)).where(
            YardSuggestion.yard_id == yard_id, YardSuggestion.status == "approved"
        )
    ).scalar_one()

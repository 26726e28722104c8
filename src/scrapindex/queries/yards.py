"""Scrap yards: loading, open-now, filtering, sorting and paging.

A city has tens of yards and the whole directory a few hundred, and "open now" depends on the
clock in each yard's zone, so yards are loaded once and filtered in Python.
"""

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session

from scrapindex.hours import is_open_now
from scrapindex.models import ScrapYard, Source

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
class YardFilter:
    text: str = ""
    country_code: str | None = None
    city_slug: str | None = None
    status: YardStatus = YardStatus.all


def load_yards(session: Session, city_id: int | None = None) -> list[ScrapYard]:
    # The city, its country and region come along through the models' joined eager loads.
    query = select(ScrapYard).order_by(ScrapYard.id)
    if city_id is not None:
        query = query.where(ScrapYard.city_id == city_id)
    return list(session.scalars(query))


def with_open_state(yards: Sequence[ScrapYard], now: dt.datetime | None = None) -> list[YardView]:
    moment = now or dt.datetime.now(dt.UTC)
    return [YardView(y, is_open_now(y.weekly_hours, y.city.time_zone, moment)) for y in yards]


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
        haystack = (yard.name, yard.address, yard.city.name, yard.city.country.name)
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

"""Scrap yards: open-now, filtering, sorting, paging and the directory's figures, in SQL.

The directory grows with the data (thousands of yards at ten times the demo), so every filter,
sort key, count and "open now" is worked out by the database; only the yards of the page asked
for are read, as ORM objects (a page of the directory) or as plain columns (the long list of
every yard, where building objects would cost several times the query). "Open now" depends on
the clock in each yard's zone: the minute of the week in each zone is worked out here (a few
dozen zones), and the database looks it up in the yard's hours as yard_open_hours holds them.
"""

import datetime as dt
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple

from sqlalchemy import (
    ColumnElement,
    Select,
    SQLColumnExpression,
    and_,
    case,
    exists,
    false,
    func,
    literal,
    not_,
    null,
    or_,
    select,
    true,
)
from sqlalchemy.orm import Session

from scrapindex.hours import hours_text, is_open_now, week_minute
from scrapindex.models import (
    City,
    Country,
    Region,
    ScrapYard,
    Source,
    YardOpenHours,
    YardSuggestion,
)
from scrapindex.queries.search import _escape_like as escape_like


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
    city_id: int | None = None  # a city's own list: its yards are the whole of it
    status: YardStatus = YardStatus.all


@dataclass(frozen=True)
class YardStats:
    total: int
    countries: int
    cities: int
    open_now: int
    center_latitude: float | None
    center_longitude: float | None


@dataclass(frozen=True)
class YardPageResult:
    """One page of matching yards, in order, and figures over every match."""

    views: list[YardView]
    total: int  # yards matching the filter
    unfiltered_total: int  # yards in scope (the city's, or all), whatever the filters
    stats: YardStats
    distances: dict[int, float] = field(default_factory=dict)  # km from `near`, by yard id


def haversine_km(lat: float, lng: float) -> ColumnElement[float]:
    """The great-circle distance from (lat, lng) to each yard, in SQL (SQLite or PostgreSQL)."""
    lat1, lng1 = math.radians(lat), math.radians(lng)
    lat2, lng2 = func.radians(ScrapYard.latitude), func.radians(ScrapYard.longitude)
    half_dlat = func.sin((lat2 - literal(lat1)) / 2)
    half_dlng = func.sin((lng2 - literal(lng1)) / 2)
    a = half_dlat * half_dlat + literal(math.cos(lat1)) * func.cos(lat2) * half_dlng * half_dlng
    # Rounding can push a hair past 1 for antipodal points, where asin would fail.
    clamped = case((a > 1.0, literal(1.0)), else_=a)
    return literal(2 * EARTH_RADIUS_KM) * func.asin(func.sqrt(clamped))


def bounding_box(near: Near) -> ColumnElement[bool]:
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


def _week_minute(session: Session, moment: dt.datetime) -> ColumnElement[int]:
    """The minute of the week (Monday 00:00 = 0) that ``moment`` is in each yard's city's zone.

    Worked out here for each zone the cities have (a few dozen) and handed to the database as a
    CASE on the city's zone.
    """
    zones = session.scalars(select(City.time_zone).distinct()).all()
    minutes = {zone: week_minute(zone, moment) for zone in zones}
    return case(minutes, value=City.time_zone) if minutes else null()  # type: ignore[return-value]


def _inside_hours(week_minute: ColumnElement[int]) -> ColumnElement[bool]:
    """One of the yard's spans holds the minute.

    Read from yard_open_hours, which the database keeps in step with each yard's weekly hours
    (see the model), so the rule is ``scrapindex.hours.is_open_at``'s.
    """
    spans = YardOpenHours
    return exists().where(
        spans.yard_id == ScrapYard.id, spans.opens_at <= week_minute, week_minute < spans.closes_at
    )


def _open_now(inside_hours: ColumnElement[bool]) -> ColumnElement[bool | None]:
    """Open right now: False when permanently closed, None when the hours are unknown."""
    known = exists().where(YardOpenHours.yard_id == ScrapYard.id)
    return case(
        (ScrapYard.permanently_closed, false()),
        (inside_hours, true()),
        (known, false()),
        else_=null(),
    )


def _open_now_is_true(inside_hours: ColumnElement[bool]) -> ColumnElement[bool]:
    """``_open_now`` is true, asked without its second lookup (are the hours known at all?),
    which filters and counts do not need: 4 ms of the directory's figures over 5,656 yards."""
    return and_(not_(ScrapYard.permanently_closed), inside_hours)


def _folded(dialect: str, column: SQLColumnExpression[str]) -> SQLColumnExpression[str]:
    """Lower-cased and compared by code point, as Python's ``str.lower`` and ``sorted`` do."""
    return _by_code_point(dialect, func.lower(column))


def _by_code_point(dialect: str, column: SQLColumnExpression[str]) -> SQLColumnExpression[str]:
    # SQLite's default collation compares bytes (UTF-8: code point order); PostgreSQL's follows
    # the database's locale unless told "C".
    return column.collate("C") if dialect == "postgresql" else column


def _sort_keys(dialect: str, sort: YardSort) -> list[SQLColumnExpression[Any]]:
    """The directory's orders; the yard id breaks every tie, so pages never overlap."""
    name = _folded(dialect, ScrapYard.name)
    city = _folded(dialect, City.name)
    if sort is YardSort.rating:  # highest rated, then most reviewed; unrated (or 0) last
        rated = case(
            (or_(ScrapYard.rating.is_(None), ScrapYard.rating == 0), literal(-1.0)),
            else_=ScrapYard.rating,
        )
        keys = [
            rated.desc(),
            ScrapYard.review_count.desc(),
            _by_code_point(dialect, ScrapYard.name),
        ]
    elif sort is YardSort.name:
        keys = [name]
    elif sort is YardSort.city:
        keys = [city, name]
    elif sort is YardSort.country:
        keys = [_folded(dialect, Country.name), city]
    else:
        keys = [ScrapYard.review_count.desc(), name]
    return [*keys, ScrapYard.id]


def listed() -> ColumnElement[bool]:
    """A yard lists show: not one that left its source (OpenStreetMap); its page still answers."""
    return ScrapYard.left_source_at.is_(None)


def _in_scope(criteria: YardFilter) -> list[ColumnElement[bool]]:
    city = [] if criteria.city_id is None else [ScrapYard.city_id == criteria.city_id]
    return [listed(), *city]


def _conditions(criteria: YardFilter, is_open: ColumnElement[bool]) -> list[ColumnElement[bool]]:
    conditions = _in_scope(criteria)
    if criteria.country_code:
        conditions.append(City.country_code == criteria.country_code.upper())
    if criteria.city_slug:
        conditions.append(City.slug == criteria.city_slug)
    if criteria.status is YardStatus.open:
        conditions.append(is_open)
    elif criteria.status is YardStatus.closed:
        conditions.append(not_(is_open))
    text = criteria.text.strip().lower()
    if text:
        pattern = f"%{escape_like(text)}%"
        fields = [ScrapYard.name, ScrapYard.address]
        if criteria.text_in_place:
            fields += [City.name, Country.name]
        conditions.append(or_(*(func.lower(f).like(pattern, escape="\\") for f in fields)))
    return conditions


def _joined(query: Select[Any]) -> Select[Any]:
    return query.join(City, City.id == ScrapYard.city_id).join(
        Country, Country.code == City.country_code
    )


@dataclass(frozen=True)
class _Match:
    """What selects the matching yards: the conditions, and the columns they are judged by."""

    dialect: str
    open_now: ColumnElement[bool | None]
    is_open: ColumnElement[bool]  # open_now is true
    conditions: list[ColumnElement[bool]]
    distance: ColumnElement[float] | None

    def select(self, *columns: Any) -> Select[Any]:
        return _joined(select(*columns).select_from(ScrapYard)).where(*self.conditions)


def _match(
    session: Session, criteria: YardFilter, near: Near | None, now: dt.datetime | None
) -> _Match:
    dialect = session.get_bind().dialect.name
    inside_hours = _inside_hours(_week_minute(session, now or dt.datetime.now(dt.UTC)))
    is_open = _open_now_is_true(inside_hours)
    conditions = _conditions(criteria, is_open)
    distance: ColumnElement[float] | None = None
    if near is not None:
        distance = haversine_km(near.latitude, near.longitude)
        conditions += [bounding_box(near), distance <= near.radius_km]
    return _Match(dialect, _open_now(inside_hours), is_open, conditions, distance)


def matching_yard_ids(
    session: Session, criteria: YardFilter, now: dt.datetime | None = None
) -> Select[tuple[int]]:
    """The ids of the yards matching ``criteria``, as a query to use in ``IN (...)``."""
    return _match(session, criteria, None, now).select(ScrapYard.id)


def yard_page(
    session: Session,
    criteria: YardFilter,
    *,
    sort: YardSort = YardSort.rating,
    page: int = 1,
    limit: int = 20,
    near: Near | None = None,
    open_first: bool = False,
    now: dt.datetime | None = None,
) -> YardPageResult:
    """The yards matching ``criteria``, one page of them, and figures over every match.

    With ``near``: only the yards within its radius, nearest first (``open_first``: the yards
    open now before the rest); ``sort`` is not used.
    """
    match = _match(session, criteria, near, now)
    if match.distance is None:
        order = _sort_keys(match.dialect, sort)
    else:
        closed = case((match.is_open, 0), else_=1) if open_first else literal(0)
        order = [closed, match.distance, ScrapYard.id]
    views, distances = _page(session, match, order, page, limit)
    stats = _stats(session, match)
    unfiltered = session.execute(
        select(func.count()).select_from(ScrapYard).where(*_in_scope(criteria))
    ).scalar_one()
    return YardPageResult(views, stats.total, unfiltered, stats, distances)


class ListedYard(NamedTuple):
    """A yard as lists show it, in plain values: its own, its city's, country's and region's."""

    id: int
    name: str
    address: str
    phone: str | None
    email: str | None
    website: str | None
    rating: float | None
    review_count: int
    weekly_hours: list[dict[str, Any]]
    opening_hours_text: str | None
    latitude: float
    longitude: float
    city_id: int
    city_name: str
    city_slug: str
    city_latitude: float
    city_longitude: float
    city_time_zone: str
    country_code: str
    country_name: str
    country_currency: str
    region_slug: str | None
    region_name: str | None
    is_open: bool | None  # None when the hours are unknown


# Where each of ListedYard's values comes from (is_open: from the moment asked about).
LISTED_COLUMNS: dict[str, SQLColumnExpression[Any]] = {
    "id": ScrapYard.id,
    "name": ScrapYard.name,
    "address": ScrapYard.address,
    "phone": ScrapYard.phone,
    "email": ScrapYard.email,
    "website": ScrapYard.website,
    "rating": ScrapYard.rating,
    "review_count": ScrapYard.review_count,
    "weekly_hours": ScrapYard.weekly_hours,
    "opening_hours_text": ScrapYard.opening_hours_text,
    "latitude": ScrapYard.latitude,
    "longitude": ScrapYard.longitude,
    "city_id": City.id,
    "city_name": City.name,
    "city_slug": City.slug,
    "city_latitude": City.latitude,
    "city_longitude": City.longitude,
    "city_time_zone": City.time_zone,
    "country_code": Country.code,
    "country_name": Country.name,
    "country_currency": Country.currency,
    "region_slug": Region.slug,
    "region_name": Region.name,
}


def ranked_yards(
    session: Session, *, page: int, limit: int, now: dt.datetime | None = None
) -> tuple[list[ListedYard], int]:
    """One page of every yard, highest rated first, and how many yards there are.

    One query and plain tuples, no ORM objects: the page is up to a thousand yards long.
    """
    match = _match(session, YardFilter(), None, now)
    columns = {**LISTED_COLUMNS, "is_open": match.open_now}
    query = (
        match.select(*(columns[name].label(name) for name in ListedYard._fields))
        .outerjoin(Region, Region.id == City.region_id)
        .order_by(*_sort_keys(match.dialect, YardSort.rating))
        .limit(limit)
        .offset((page - 1) * limit)
    )
    rows = session.execute(query)
    yards = [ListedYard._make((*row[:-1], _tristate(row[-1]))) for row in rows]
    total = session.execute(select(func.count()).select_from(ScrapYard).where(listed()))
    return yards, total.scalar_one()


def _stats(session: Session, match: _Match) -> YardStats:
    """Counts over the matching yards, and their mean position (where the directory map centres)."""
    is_open = case((match.is_open, 1), else_=0)
    query = match.select(
        func.count(),
        func.count(func.distinct(City.country_code)),
        func.count(func.distinct(ScrapYard.city_id)),
        func.coalesce(func.sum(is_open), 0),
        func.avg(ScrapYard.latitude),
        func.avg(ScrapYard.longitude),
    )
    total, countries, cities, open_now, latitude, longitude = session.execute(query).one()
    return YardStats(
        total=total,
        countries=countries,
        cities=cities,
        open_now=int(open_now),
        center_latitude=None if latitude is None else float(latitude),
        center_longitude=None if longitude is None else float(longitude),
    )


def _page(
    session: Session, match: _Match, order: list[SQLColumnExpression[Any]], page: int, limit: int
) -> tuple[list[YardView], dict[int, float]]:
    """The page's yards in ``order``, as ORM objects (city, country and region joined in).

    The order and the page are found first over plain ids, so that only the page's yards are
    loaded and only theirs are judged open or closed twice.
    """
    ids_query = match.select(ScrapYard.id).order_by(*order).limit(limit).offset((page - 1) * limit)
    ids = list(session.scalars(ids_query))
    if not ids:
        return [], {}
    columns: list[Any] = [ScrapYard, match.open_now]
    if match.distance is not None:
        columns.append(match.distance)
    query = _joined(select(*columns).select_from(ScrapYard)).where(ScrapYard.id.in_(ids))
    found = {row[0].id: row for row in session.execute(query)}
    views = [YardView(found[i][0], _tristate(found[i][1])) for i in ids]
    distances = {} if match.distance is None else {i: float(found[i][2]) for i in ids}
    return views, distances


def _tristate(value: object) -> bool | None:
    return None if value is None else bool(value)


# The Python side of the same rules, for yards already in hand (one yard's page) and for the
# directory map's clusters until they select with matching_yard_ids.


def load_yards(session: Session, city_id: int | None = None) -> list[ScrapYard]:
    # The city, its country and region come along through the models' joined eager loads.
    query = select(ScrapYard).order_by(ScrapYard.id)
    if city_id is not None:
        query = query.where(ScrapYard.city_id == city_id)
    return list(session.scalars(query))


def with_open_state(yards: Sequence[ScrapYard], now: dt.datetime | None = None) -> list[YardView]:
    moment = now or dt.datetime.now(dt.UTC)
    return [YardView(y, _is_open(y, moment)) for y in yards]


def _is_open(yard: ScrapYard, moment: dt.datetime) -> bool | None:
    if yard.permanently_closed:
        return False
    return is_open_now(yard.weekly_hours, yard.city.time_zone, moment)


def filter_yards(views: list[YardView], criteria: YardFilter) -> list[YardView]:
    text = criteria.text.strip().lower()

    def keep(view: YardView) -> bool:
        yard = view.yard
        if criteria.city_id is not None and yard.city_id != criteria.city_id:
            return False
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


def yard_hours_text(yard: ScrapYard) -> str | None:
    return shown_hours(yard.weekly_hours, yard.opening_hours_text)


def shown_hours(weekly_hours: list[dict[str, Any]], unparsed: str | None) -> str | None:
    """The hours as the pages show them: a line per day, or the text that did not parse."""
    if weekly_hours:
        return hours_text(weekly_hours)
    return unparsed


def source_names(session: Session, yards: Sequence[ScrapYard]) -> set[str]:
    """The names of the sources of ``yards`` (what their page owes credit to)."""
    ids = {yard.source_id for yard in yards}
    return set(session.scalars(select(Source.name).where(Source.id.in_(ids)))) if ids else set()


def yard_source(session: Session, yard: ScrapYard) -> Source:
    return session.get_one(Source, yard.source_id)


def last_correction_at(session: Session, yard_id: int) -> dt.datetime | None:
    """When the newest approved correction of the yard was applied."""
    return session.execute(
        select(func.max(YardSuggestion.reviewed_at)).where(
            YardSuggestion.yard_id == yard_id, YardSuggestion.status == "approved"
        )
    ).scalar_one()

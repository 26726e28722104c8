"""Scrap yards: the directory (paged, filtered on the server), all yards, one yard."""

from typing import Annotated

from fastapi import APIRouter, Query

from scrapindex.api.deps import SessionDep, YardDep
from scrapindex.api.places import CityPublic, city_public
from scrapindex.api.prices import SourceRef
from scrapindex.api.schemas import NOT_FOUND, CamelModel, Pagination
from scrapindex.hours import hours_lines
from scrapindex.models import ScrapYard, Source
from scrapindex.queries.yards import (
    YardFilter,
    YardSort,
    YardStatus,
    YardView,
    filter_yards,
    load_yards,
    page_of,
    sort_yards,
    with_open_state,
    yard_stats,
)

router = APIRouter(prefix="/api/scrap-yards", tags=["scrap yards"])


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


class YardStatsPublic(CamelModel):
    total: int
    countries: int
    cities: int
    open_now: int
    center_latitude: float | None
    center_longitude: float | None


class YardPage(CamelModel):
    data: list[YardPublic]
    pagination: Pagination
    stats: YardStatsPublic
    unfiltered_total: int


def opening_hours_text(yard: ScrapYard) -> str | None:
    if yard.weekly_hours:
        return "\n".join(hours_lines(yard.weekly_hours))
    return yard.opening_hours_text


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
        opening_hours=opening_hours_text(yard),
        weekly_hours=[HoursInterval.model_validate(i) for i in yard.weekly_hours],
        latitude=yard.latitude,
        longitude=yard.longitude,
        city=city_public(yard.city),
    )


TextQuery = Annotated[
    str, Query(max_length=100, description="Matches name, address, city, country")
]
StatusQuery = Annotated[YardStatus, Query()]
SortQuery = Annotated[YardSort, Query()]


@router.get("", response_model=YardPage, summary="The directory: filtered, sorted and paged")
def list_yards(
    session: SessionDep,
    q: TextQuery = "",
    country: Annotated[str | None, Query(min_length=2, max_length=2)] = None,
    city: Annotated[str | None, Query(max_length=120, description="City slug")] = None,
    status: StatusQuery = YardStatus.all,
    sort: SortQuery = YardSort.rating,
    page: Annotated[int, Query(ge=1, le=100_000)] = 1,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
) -> YardPage:
    views = with_open_state(load_yards(session))
    criteria = YardFilter(text=q, country_code=country, city_slug=city, status=status)
    matching = sort_yards(filter_yards(views, criteria), sort)
    stats = yard_stats(matching)
    return YardPage(
        data=[yard_public(v) for v in page_of(matching, page, limit)],
        pagination=Pagination.of(page, limit, len(matching)),
        stats=YardStatsPublic.model_validate(stats),
        unfiltered_total=len(views),
    )


@router.get("/all", response_model=list[YardPublic], summary="Every yard, highest rated first")
def all_yards(session: SessionDep) -> list[YardPublic]:
    views = sort_yards(with_open_state(load_yards(session)), YardSort.rating)
    return [yard_public(v) for v in views]


@router.get("/{yard_id}", response_model=YardDetail, responses=NOT_FOUND, summary="One yard")
def get_yard(session: SessionDep, yard: YardDep) -> YardDetail:
    (view,) = with_open_state([yard])
    source = session.get_one(Source, yard.source_id)
    return YardDetail(
        **yard_public(view).model_dump(),
        source=SourceRef(name=source.name, kind=source.kind),
    )

"""Scrap yards: the directory (paged, filtered on the server), all yards, one yard."""

from typing import Annotated

from fastapi import APIRouter, Query

from scrapindex.api.deps import SessionDep, YardDep
from scrapindex.queries.yards import (
    YardFilter,
    YardSort,
    YardStatus,
    filter_yards,
    load_yards,
    page_of,
    sort_yards,
    with_open_state,
    yard_source,
    yard_stats,
)
from scrapindex.schemas.common import NOT_FOUND, Pagination
from scrapindex.schemas.prices import SourceRef
from scrapindex.schemas.yards import (
    YardDetail,
    YardPage,
    YardPublic,
    YardStatsPublic,
    yard_public,
)

router = APIRouter(prefix="/api/scrap-yards", tags=["scrap yards"])


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
    source = yard_source(session, yard)
    return YardDetail(
        **yard_public(view).model_dump(),
        source=SourceRef(name=source.name, kind=source.kind),
    )

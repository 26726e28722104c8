"""Scrap yards: the directory (paged, filtered on the server), all yards, one yard."""

import datetime as dt
from typing import Annotated

from fastapi import APIRouter, Query, Response

from scrapindex.api.deps import PageNumber, PageSize, SessionDep, SettingsDep, YardDep
from scrapindex.api.near import near_query, parse_near
from scrapindex.licences.badge import licence_badge
from scrapindex.prices.yard_board import yard_today
from scrapindex.queries.yard_prices import has_owner, is_current, materials_by_id, newest_posted
from scrapindex.queries.yards import (
    YardFilter,
    YardSort,
    YardStatus,
    last_correction_at,
    ranked_yards,
    source_names,
    with_open_state,
    yard_page,
    yard_source,
)
from scrapindex.schemas.common import NOT_FOUND, Pagination
from scrapindex.schemas.prices import SourceRef
from scrapindex.schemas.yards import (
    YardDetail,
    YardPage,
    YardPublic,
    YardStatsPublic,
    attributions,
    directory_yard,
    posted_board,
    yard_list_json,
    yard_public,
)

router = APIRouter(prefix="/api/scrap-yards", tags=["scrap yards"])
OSM_CREDIT = (
    "Yards whose source is OpenStreetMap are © OpenStreetMap contributors, available under the "
    "Open Database License (ODbL) 1.0 (https://www.openstreetmap.org/copyright). An answer "
    "holding any carries the credit (`attributions`, or a yard's `attribution`): show it "
    "wherever you show them, and a database you make from them is to be offered under the ODbL."
)


TextQuery = Annotated[
    str, Query(max_length=100, description="Matches name, address, city, country")
]
StatusQuery = Annotated[YardStatus, Query()]
SortQuery = Annotated[YardSort, Query()]
NearQuery = Annotated[
    str | None,
    near_query("yards within `radiusKm`, nearest first (then `sort` is not used)"),
]
RadiusQuery = Annotated[
    float, Query(alias="radiusKm", ge=1, le=500, description="How far from `near`, in km")
]
OpenFirstQuery = Annotated[
    bool, Query(alias="openFirst", description="With `near`: the yards open now come first")
]


@router.get(
    "",
    response_model=YardPage,
    summary="The directory: filtered, sorted and paged",
    description=f"Yards that left OpenStreetMap (`leftSourceAt`) are in no list. {OSM_CREDIT}",
)
def list_yards(
    session: SessionDep,
    q: TextQuery = "",
    country: Annotated[str | None, Query(min_length=2, max_length=2)] = None,
    city: Annotated[str | None, Query(max_length=120, description="City slug")] = None,
    status: StatusQuery = YardStatus.all,
    sort: SortQuery = YardSort.rating,
    page: PageNumber = 1,
    limit: PageSize = 20,
    near: NearQuery = None,
    radius_km: RadiusQuery = 50,
    open_first: OpenFirstQuery = False,
) -> YardPage:
    point = parse_near(near, radius_km) if near is not None else None
    criteria = YardFilter(text=q, country_code=country, city_slug=city, status=status)
    found = yard_page(
        session, criteria, sort=sort, page=page, limit=limit, near=point, open_first=open_first
    )
    return YardPage(
        data=[directory_yard(v, found.distances.get(v.yard.id)) for v in found.views],
        pagination=Pagination.of(page, limit, found.total),
        stats=YardStatsPublic.model_validate(found.stats),
        unfiltered_total=found.unfiltered_total,
        attributions=attributions(source_names(session, [v.yard for v in found.views])),
    )


ALL_YARDS_LIMIT = 1000  # the most one answer of /all holds; the demo has 569 yards


@router.get(
    "/all",
    response_model=list[YardPublic],
    summary="Every yard, highest rated first, at most 1,000 an answer",
    description=(
        "A plain list, as it always was, of at most `limit` (up to 1,000) yards from `page`. "
        "`X-Total-Count` says how many yards there are; while more follow, a `Link` header "
        'with `rel="next"` points to the next page.'
    ),
)
def all_yards(
    session: SessionDep,
    page: PageNumber = 1,
    limit: Annotated[int, Query(ge=1, le=ALL_YARDS_LIMIT)] = ALL_YARDS_LIMIT,
) -> Response:
    # The JSON is made in one go from plain tuples (yard_list_json); returning it as a Response
    # spares FastAPI validating a thousand models again. response_model stays the contract.
    yards, total = ranked_yards(session, page=page, limit=limit)
    headers = {"X-Total-Count": str(total)}
    if page * limit < total:
        headers["Link"] = f'<{router.prefix}/all?page={page + 1}&limit={limit}>; rel="next"'
    return Response(yard_list_json(yards), media_type="application/json", headers=headers)


@router.get(
    "/{yard_id}",
    response_model=YardDetail,
    responses=NOT_FOUND,
    summary="One yard",
    description="A yard that left OpenStreetMap still answers, with `leftSourceAt` set. "
    + OSM_CREDIT,
)
def get_yard(session: SessionDep, settings: SettingsDep, yard: YardDep) -> YardDetail:
    (view,) = with_open_state([yard])
    source = yard_source(session, yard)
    posted = newest_posted(session, [yard.id]).get(yard.id, [])
    today = yard_today(yard, dt.datetime.now(dt.UTC))
    current = [p for p in posted if is_current(p, today, settings.yard_price_max_age_days)]
    return YardDetail(
        **yard_public(view).model_dump(),
        source=SourceRef(name=source.name, kind=source.kind),
        attribution=next(iter(attributions({source.name})), None),
        left_source_at=yard.left_source_at,
        services=yard.services,
        permanently_closed=yard.permanently_closed,
        corrected_at=last_correction_at(session, yard.id),
        claimed=has_owner(session, yard.id),
        posted_board=posted_board(current, materials_by_id(session, current)),
        last_posted_on=max((p.price_date for p in posted), default=None),
        accepted_materials=yard.accepted_materials,
        payment_methods=yard.payment_methods,
        visit_notes=yard.visit_notes,
        licence=licence_badge(session, yard.id, today),
    )

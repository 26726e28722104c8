"""The directory map's marker clusters: the filtered yards in the visible box, counted per cell.

The directory's own filters (text, country, city, open now) mean the same here as in its list:
their parsing and their SQL live with the directory (api/yards.py, queries/yards.py).
"""

from typing import Annotated

from fastapi import APIRouter, HTTPException, Query

from scrapindex.api.deps import SessionDep
from scrapindex.api.near import LATITUDE, LONGITUDE
from scrapindex.api.yards import StatusQuery, TextQuery
from scrapindex.queries.yard_clusters import MAX_ZOOM, WORLD, Box, yard_clusters, yards_by_id
from scrapindex.queries.yards import (
    YardFilter,
    YardStatus,
    YardView,
    matching_yard_ids,
    with_open_state,
)
from scrapindex.schemas.yard_clusters import ClusterYard, YardBounds, YardCluster, YardClusterMap

router = APIRouter(prefix="/api/scrap-yards", tags=["scrap yards"])

BBOX_PATTERN = rf"^{LONGITUDE},{LATITUDE},{LONGITUDE},{LATITUDE}$"
BboxQuery = Annotated[
    str | None,
    Query(
        json_schema_extra={"pattern": BBOX_PATTERN},
        max_length=120,
        description="`west,south,east,north` in degrees (west > east crosses the antimeridian); "
        "the whole world when left out",
        examples=["27.5,-26.6,28.6,-25.8"],
    ),
]
ZoomQuery = Annotated[int, Query(ge=0, le=MAX_ZOOM, description="The map's zoom level")]


def parse_bbox(bbox: str) -> Box:
    """``west,south,east,north`` within range, or a 422 that says why.

    South above north is a box no yard lies in (an empty answer, not an error: the schema's
    pattern cannot say it, and a client keeping to the schema gets no 422).
    """
    parts = bbox.split(",")
    try:
        if len(parts) != 4:
            raise ValueError
        west, south, east, north = (float(part) for part in parts)
    except ValueError:
        raise HTTPException(
            422, "Invalid request: bbox: expected west,south,east,north in degrees"
        ) from None
    if not (-180 <= west <= 180 and -180 <= east <= 180):
        raise HTTPException(422, "Invalid request: bbox: longitudes must be between -180 and 180")
    if not (-90 <= south <= 90 and -90 <= north <= 90):
        raise HTTPException(422, "Invalid request: bbox: latitudes must be between -90 and 90")
    return Box(west, south, east, north)


@router.get(
    "/clusters",
    response_model=YardClusterMap,
    summary="The directory map: filtered yards in a box, clustered on a grid for the zoom",
)
def yard_cluster_map(
    session: SessionDep,
    zoom: ZoomQuery,
    bbox: BboxQuery = None,
    q: TextQuery = "",
    country: Annotated[str | None, Query(min_length=2, max_length=2)] = None,
    city: Annotated[str | None, Query(max_length=120, description="City slug")] = None,
    status: StatusQuery = YardStatus.all,
) -> YardClusterMap:
    box = parse_bbox(bbox) if bbox is not None else WORLD
    criteria = YardFilter(text=q, country_code=country, city_slug=city, status=status)
    matching = matching_yard_ids(session, criteria) if criteria != YardFilter() else None
    answer = yard_clusters(session, zoom, box, matching)
    clusters, bounds = answer.clusters, answer.bounds
    singles = with_open_state(yards_by_id(session, [c.yard_id for c in clusters if c.yard_id]))
    by_id = {view.yard.id: view for view in singles}
    return YardClusterMap(
        clusters=[
            YardCluster(
                latitude=c.latitude,
                longitude=c.longitude,
                count=c.count,
                yard=_cluster_yard(by_id[c.yard_id]) if c.yard_id else None,
            )
            for c in clusters
        ],
        total=sum(c.count for c in clusters),
        cell_degrees=answer.cell_degrees,
        bounds=YardBounds(
            west=bounds.west, south=bounds.south, east=bounds.east, north=bounds.north
        )
        if bounds
        else None,
    )


def _cluster_yard(view: YardView) -> ClusterYard:
    return ClusterYard(
        id=view.yard.id, name=view.yard.name, rating=view.yard.rating, is_open=view.is_open
    )

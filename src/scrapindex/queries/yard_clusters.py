"""Grid clusters of yards for a map: GROUP BY a cell of latitude and longitude, in SQL.

The grid is anchored at (-90, -180), so a yard stays in the same cell while the map pans. Its
cell is a quarter of a map tile's width at the zoom (64 px on a 256 px tile), doubled until the
box holds at most MAX_CELLS cells, so an answer is bounded whatever the data or the box.
"""

import math
from collections.abc import Collection
from dataclasses import dataclass

from sqlalchemy import ColumnElement, Integer, Select, and_, case, cast, func, or_, select
from sqlalchemy.orm import InstrumentedAttribute, Session

from scrapindex.models import ScrapYard
from scrapindex.queries.yards import listed

CELLS_PER_TILE = 4
MAX_CELLS = 1024
MAX_ZOOM = 20


@dataclass(frozen=True)
class Box:
    """Degrees; ``west > east`` means the box crosses the antimeridian."""

    west: float
    south: float
    east: float
    north: float

    @property
    def width(self) -> float:
        return self.east - self.west if self.west <= self.east else 360 - (self.west - self.east)

    @property
    def height(self) -> float:
        return max(self.north - self.south, 0.0)


WORLD = Box(-180.0, -90.0, 180.0, 90.0)


@dataclass(frozen=True)
class Cluster:
    latitude: float
    longitude: float
    count: int
    yard_id: int | None  # the yard, when the cell holds one


def cell_degrees(zoom: int, box: Box) -> float:
    """The zoom's cell size, doubled until the box holds at most MAX_CELLS cells."""
    size = 360.0 / (1 << zoom) / CELLS_PER_TILE
    while math.ceil(box.width / size + 1) * math.ceil(box.height / size + 1) > MAX_CELLS:
        size *= 2
    return size


def _cell_index(
    column: InstrumentedAttribute[float], offset: float, size: float, dialect: str
) -> ColumnElement[int]:
    # (column + offset) is never negative, so SQLite's truncating CAST floors it (SQLite may
    # lack floor()); PostgreSQL's CAST rounds, so there floor() comes first.
    scaled = (column + offset) / size
    return cast(func.floor(scaled) if dialect == "postgresql" else scaled, Integer)


def _in_box(box: Box) -> ColumnElement[bool]:
    latitude = ScrapYard.latitude.between(box.south, box.north)
    if box.west <= box.east:
        return and_(latitude, ScrapYard.longitude.between(box.west, box.east))
    return and_(latitude, or_(ScrapYard.longitude >= box.west, ScrapYard.longitude <= box.east))


@dataclass(frozen=True)
class ClusterMap:
    clusters: list[Cluster]
    cell_degrees: float
    bounds: Box | None  # every matching yard, in the box or not; None when none matches


def yard_clusters(
    session: Session, zoom: int, box: Box, yard_ids: Select[tuple[int]] | None = None
) -> ClusterMap:
    """The clusters of the yards in ``box`` (only those ``yard_ids`` selects), the cell size,
    and the bounds of all the matching yards, wherever they are (where a map fits new filters).

    One statement: the yards outside the box make one group of their own (cell NULL), read only
    for its corners.
    """
    size = cell_degrees(zoom, box)
    dialect = session.get_bind().dialect.name
    in_box = _in_box(box)
    row = case((in_box, _cell_index(ScrapYard.latitude, 90.0, size, dialect))).label("row")
    column = case((in_box, _cell_index(ScrapYard.longitude, 180.0, size, dialect))).label("col")
    query = (
        select(
            row,
            func.avg(ScrapYard.latitude).label("latitude"),
            func.avg(ScrapYard.longitude).label("longitude"),
            func.count().label("members"),
            func.min(ScrapYard.id).label("yard_id"),
            func.min(ScrapYard.latitude).label("south"),
            func.max(ScrapYard.latitude).label("north"),
            func.min(ScrapYard.longitude).label("west"),
            func.max(ScrapYard.longitude).label("east"),
        )
        .group_by(row, column)
        .order_by(row, column)
    )
    # Yards that left their source are in no list: ``yard_ids`` leaves them out already.
    query = query.where(ScrapYard.id.in_(yard_ids) if yard_ids is not None else listed())
    rows = session.execute(query).all()
    clusters = [
        Cluster(
            latitude=float(r.latitude),
            longitude=float(r.longitude),
            count=int(r.members),
            yard_id=int(r.yard_id) if r.members == 1 else None,
        )
        for r in rows
        if r.row is not None
    ]
    bounds = (
        Box(
            west=float(min(r.west for r in rows)),
            south=float(min(r.south for r in rows)),
            east=float(max(r.east for r in rows)),
            north=float(max(r.north for r in rows)),
        )
        if rows
        else None
    )
    return ClusterMap(clusters, size, bounds)


def yards_by_id(session: Session, yard_ids: Collection[int]) -> list[ScrapYard]:
    """The yards of the clusters of one (at most MAX_CELLS), with their cities for open-now."""
    if not yard_ids:
        return []
    return list(session.scalars(select(ScrapYard).where(ScrapYard.id.in_(yard_ids))))

"""Scrap yards in OpenStreetMap exports: Overpass JSON and GeoJSON, read as tagged places.

A scrap yard is tagged industrial=scrap_yard, or amenity=recycling with
recycling:scrap_metal=yes. Overpass gives nodes with lat/lon and ways or relations with a
``center`` (``out center``) or a ``geometry`` (``out geom``); GeoJSON (overpass turbo,
osmtogeojson) gives features with the tags in ``properties`` and a Point or a Polygon.
"""

import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

import ijson

from scrapindex.data.imports.reading import UTF8_BOM, read_json_items
from scrapindex.data.imports.report import ProblemLog
from scrapindex.data.imports.values import InvalidRow

OSM_ID = re.compile(r"(node|way|relation)/\d+")
OSM_SOURCE_NAME = "OpenStreetMap"
OSM_SOURCE_URL = "https://www.openstreetmap.org/copyright"


@dataclass(frozen=True)
class OsmPlace:
    position: int  # the element's or feature's number in its array
    osm_id: str  # "node/123", "way/456"
    latitude: float
    longitude: float
    tags: dict[str, str]

    def tag(self, *keys: str) -> str | None:
        """The first of ``keys`` that is tagged, stripped; None if none is."""
        for key in keys:
            value = self.tags.get(key, "").strip()
            if value:
                return value
        return None


def is_scrap_yard(tags: dict[str, str]) -> bool:
    if tags.get("industrial") == "scrap_yard":
        return True
    return tags.get("amenity") == "recycling" and tags.get("recycling:scrap_metal") == "yes"


def read_osm_places(path: Path, problems: ProblemLog) -> Iterator[OsmPlace | int]:
    """Every element of an Overpass or GeoJSON export: an OsmPlace if it is tagged as a scrap
    yard, else its position (counted as ignored). Malformed elements go to ``problems``.
    """
    layout = _layout(path)
    if layout is None:
        problems.add(None, "neither Overpass JSON ('elements') nor GeoJSON ('features')")
        return
    to_place = _overpass_place if layout == "elements" else _geojson_place
    for position, item in read_json_items(path, f"{layout}.item", problems):
        try:
            place = to_place(position, item) if isinstance(item, dict) else None
        except InvalidRow as invalid:
            for message in invalid.messages:
                problems.add(position, message)
            continue
        yield position if place is None else place


def _layout(path: Path) -> str | None:
    """Which array holds the elements, read from the top-level keys (streamed, stops early)."""
    with path.open("rb") as binary:
        if binary.read(3) != UTF8_BOM:
            binary.seek(0)
        try:
            for prefix, event, value in ijson.parse(binary):
                if prefix == "" and event == "map_key" and value in ("elements", "features"):
                    return str(value)
        except ijson.JSONError:
            return None  # read_json_items reports why when given a layout to read
    return None


def _overpass_place(position: int, element: dict[str, Any]) -> OsmPlace | None:
    tags = _tags(element.get("tags"))
    if not is_scrap_yard(tags):
        return None
    osm_id = f"{element.get('type')}/{element.get('id')}"
    if not OSM_ID.fullmatch(osm_id):
        raise InvalidRow([f"element without a valid type and id ({osm_id})"])
    if "lat" in element:
        latitude, longitude = _coordinates(osm_id, element.get("lat"), element.get("lon"))
    elif isinstance(element.get("center"), dict):
        center = element["center"]
        latitude, longitude = _coordinates(osm_id, center.get("lat"), center.get("lon"))
    elif isinstance(element.get("geometry"), list) and element["geometry"]:
        points = [_coordinates(osm_id, p.get("lat"), p.get("lon")) for p in element["geometry"]]
        latitude, longitude = _mean(points)
    else:
        raise InvalidRow([f"{osm_id} has no coordinates (export ways with 'out center')"])
    return OsmPlace(position, osm_id, latitude, longitude, tags)


def _geojson_place(position: int, feature: dict[str, Any]) -> OsmPlace | None:
    properties = feature.get("properties") or {}
    nested = properties.get("tags")
    tags = _tags(nested if isinstance(nested, dict) else properties)
    if not is_scrap_yard(tags):
        return None
    osm_id = _geojson_osm_id(feature, properties)
    latitude, longitude = _geometry_point(osm_id, feature.get("geometry"))
    return OsmPlace(position, osm_id, latitude, longitude, tags)


def _geojson_osm_id(feature: dict[str, Any], properties: dict[str, Any]) -> str:
    candidates = (
        feature.get("id"),
        properties.get("@id"),
        properties.get("id"),
        f"{properties.get('type')}/{properties.get('id')}",
    )
    for candidate in candidates:
        if isinstance(candidate, str) and OSM_ID.fullmatch(candidate):
            return candidate
    raise InvalidRow(["feature without an OpenStreetMap id such as 'node/123'"])


def _geometry_point(osm_id: str, geometry: Any) -> tuple[float, float]:
    """A Point's coordinates, or the mean of a Polygon's (or MultiPolygon's) outer ring."""
    shape: dict[str, Any] = geometry if isinstance(geometry, dict) else {}
    kind = shape.get("type")
    coordinates: Any = shape.get("coordinates")
    try:
        match kind:
            case "Point":
                return _coordinates(osm_id, coordinates[1], coordinates[0])
            case "Polygon":
                ring = coordinates[0]
            case "MultiPolygon":
                ring = coordinates[0][0]
            case _:
                raise InvalidRow([f"{osm_id}: geometry {kind!r} is not a Point or Polygon"])
        closed = ring[:-1] if len(ring) > 1 and ring[0] == ring[-1] else ring
        return _mean([_coordinates(osm_id, lat, lon) for lon, lat, *_ in closed])
    except (TypeError, IndexError, ValueError):
        raise InvalidRow([f"{osm_id}: malformed {kind} coordinates"]) from None


def _coordinates(osm_id: str, latitude: Any, longitude: Any) -> tuple[float, float]:
    if not isinstance(latitude, int | float | Decimal) or not isinstance(
        longitude, int | float | Decimal
    ):
        raise InvalidRow([f"{osm_id}: coordinates are not numbers"])
    lat, lon = float(latitude), float(longitude)
    if not (-90 <= lat <= 90 and -180 <= lon <= 180):
        raise InvalidRow([f"{osm_id}: coordinates ({lat}, {lon}) are out of range"])
    return lat, lon


def _mean(points: list[tuple[float, float]]) -> tuple[float, float]:
    return (
        sum(lat for lat, _ in points) / len(points),
        sum(lon for _, lon in points) / len(points),
    )


def _tags(value: Any) -> dict[str, str]:
    if not isinstance(value, dict):
        return {}
    return {str(k): str(v) for k, v in value.items() if isinstance(v, str | int | Decimal)}

"""Importing scrap yards from a CSV file or an OpenStreetMap export (Overpass JSON, GeoJSON).

CSV columns: name, latitude, longitude and source are required; address, city (a slug),
phone, email, website, opening_hours (OSM syntax), rating (1-5) and osm_id may be given.
Every yard goes to the nearest of our cities within 50 km (a CSV row's city, when given, must
be that close). Re-importing updates a yard found by its OSM id, or else by city and name,
instead of adding it again.

CSV files are ours to fix, so any bad row rejects the file. OpenStreetMap exports hold yards we
cannot use as they are (no name, far from every city we cover): those are listed as skipped and
the rest imported, while malformed data (bad coordinates, repeated ids) still rejects the file.
A website that would lead elsewhere than it reads (a login before the host, a backslash: the
rule of yard corrections, schemas/websites.py) is left out of its yard, in either format: the
yard is imported without it and the report lists a warning.
"""

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, bindparam, insert, select, update

from scrapindex import revision
from scrapindex.data.imports.osm import (
    OSM_ID,
    OSM_SOURCE_NAME,
    OSM_SOURCE_URL,
    OsmPlace,
    read_osm_places,
)
from scrapindex.data.imports.osm_hours import parse_opening_hours
from scrapindex.data.imports.pipeline import run_import
from scrapindex.data.imports.reading import FileFormat, SourceRow, file_format, read_table
from scrapindex.data.imports.report import ImportReport, Progress
from scrapindex.data.imports.sources import check_source_name, source_ids, source_kinds
from scrapindex.data.imports.values import FieldChecks, InvalidRow, required_text
from scrapindex.models import City, ScrapYard, Source
from scrapindex.price_kinds import DEMO_KIND
from scrapindex.schemas.websites import nothing_hidden
from scrapindex.write_locks import lock_key, take_write_lock

CSV_COLUMNS = ("name", "latitude", "longitude", "source")
MAX_CITY_DISTANCE_KM = 50.0
YARDS_IMPORT_LOCK = "yards-import"
EARTH_RADIUS_KM = 6371.0088
EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
LENGTHS = {"name": 200, "address": 300, "phone": 40, "email": 200, "website": 300}


@dataclass(frozen=True)
class CityPoint:
    id: int
    slug: str
    latitude: float
    longitude: float


@dataclass(frozen=True)
class YardDetails:
    """The columns an import sets; compared with the stored yard to tell updated from unchanged."""

    city_id: int
    name: str
    address: str
    latitude: float
    longitude: float
    phone: str | None
    email: str | None
    website: str | None
    weekly_hours: list[dict[str, Any]]
    opening_hours_text: str | None


@dataclass(frozen=True)
class YardRow:
    position: int
    osm_id: str | None
    details: YardDetails
    rating: float | None  # None: leave a stored rating as it is
    source: str
    warnings: tuple[str, ...] = ()  # what was left out of it, for the report

    @property
    def match_key(self) -> tuple[int, str]:
        return self.details.city_id, self.details.name.lower()


class SkippedYard(Exception):
    pass


def distance_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance (haversine)."""
    phi1, phi2 = math.radians(lat1), math.radians(lat2)
    dphi, dlambda = phi2 - phi1, math.radians(lon2 - lon1)
    a = math.sin(dphi / 2) ** 2 + math.cos(phi1) * math.cos(phi2) * math.sin(dlambda / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(a))


def nearest_city(cities: list[CityPoint], latitude: float, longitude: float) -> CityPoint | None:
    """The closest city within MAX_CITY_DISTANCE_KM, or None."""
    distance, city = min(
        ((distance_km(latitude, longitude, c.latitude, c.longitude), c) for c in cities),
        key=lambda pair: pair[0],
        default=(math.inf, None),
    )
    return city if distance <= MAX_CITY_DISTANCE_KM else None


def import_yards(engine: Engine, path: Path, *, progress: Progress | None = None) -> ImportReport:
    """Validate the whole file, then insert or update its yards in one transaction."""
    with engine.connect() as connection:
        cities = [
            CityPoint(*row)
            for row in connection.execute(
                select(City.id, City.slug, City.latitude, City.longitude).order_by(City.id)
            )
        ]
        kinds = source_kinds(connection)
    return run_import(engine, path, YardImporter(cities, kinds), progress)


class YardImporter:
    what = "yards"

    def __init__(self, cities: list[CityPoint], source_kinds: dict[str, str]) -> None:
        self.cities = cities
        self.city_by_slug = {city.slug: city for city in cities}
        self.source_kinds = source_kinds
        self.seen_osm_ids: dict[str, int] = {}
        self.seen_names: dict[tuple[int, str], int] = {}
        self.source_id_of: dict[str, int] = {}

    def rows(self, path: Path, report: ImportReport) -> Iterator[YardRow]:
        if file_format(path) is FileFormat.csv:
            for row in read_table(path, CSV_COLUMNS, report.problems):
                try:
                    yard = self.csv_yard(row)
                except InvalidRow as invalid:
                    for message in invalid.messages:
                        report.problems.add(row.position, message)
                    continue
                for warning in yard.warnings:
                    report.warnings.add(row.position, warning)
                yield yard
            return
        for place in read_osm_places(path, report.problems):
            if isinstance(place, int):
                report.ignored += 1
                continue
            try:
                yard = self.osm_yard(place)
            except SkippedYard as skipped:
                report.skipped.add(place.position, str(skipped))
                continue
            except InvalidRow as invalid:
                for message in invalid.messages:
                    report.problems.add(place.position, f"{place.osm_id}: {message}")
                continue
            for warning in yard.warnings:
                report.warnings.add(place.position, f"{place.osm_id}: {warning}")
            yield yard

    def csv_yard(self, row: SourceRow) -> YardRow:
        checks = FieldChecks()
        name = checks.take(required_text, row["name"], "name", LENGTHS["name"])
        point = checks.take(_point, row["latitude"], row["longitude"])
        city = checks.take(self.csv_city, row["city"], point) if point else None
        osm_id = checks.take(_optional_osm_id, row["osm_id"])
        rating = checks.take(_rating, row["rating"])
        source = checks.take(check_source_name, row["source"], self.source_kinds)
        contact = checks.take(_contact, row["phone"], row["email"], row["website"])
        address = checks.take(_limited, row["address"], "address")
        checks.raise_if_any()
        need = checks.need
        phone, email, website = need(contact)
        website, warnings = _shown_website(website)
        hours, hours_text = _hours(row["opening_hours"])
        details = YardDetails(
            need(city).id,
            need(name),
            need(address),
            *need(point),
            phone,
            email,
            website,
            hours,
            hours_text,
        )
        return YardRow(row.position, osm_id, details, rating, need(source), warnings)

    def csv_city(self, slug: str, point: tuple[float, float]) -> CityPoint:
        if not slug:
            city = nearest_city(self.cities, *point)
            if city is None:
                raise ValueError(f"no city of ours within {MAX_CITY_DISTANCE_KM:.0f} km of {point}")
            return city
        named = self.city_by_slug.get(slug.lower())
        if named is None:
            raise ValueError(f"unknown city {slug!r}")
        away = distance_km(*point, named.latitude, named.longitude)
        if away > MAX_CITY_DISTANCE_KM:
            raise ValueError(f"the coordinates {point} are {away:.0f} km from {named.slug}")
        return named

    def osm_yard(self, place: OsmPlace) -> YardRow:
        name = place.tag("name", "official_name", "operator", "brand")
        if name is None:
            raise SkippedYard(f"{place.osm_id} at {_where(place)}: no name tag")
        city = nearest_city(self.cities, place.latitude, place.longitude)
        if city is None:
            raise SkippedYard(
                f"{place.osm_id} ({name}) at {_where(place)}: no city of ours within "
                f"{MAX_CITY_DISTANCE_KM:.0f} km"
            )
        checks = FieldChecks()
        checks.take(required_text, name, "name", LENGTHS["name"])
        address = checks.take(_limited, _osm_address(place), "address")
        contact = checks.take(
            _contact,
            _first(place.tag("phone", "contact:phone")),
            _first(place.tag("email", "contact:email")),
            _first(place.tag("website", "contact:website", "url")),
        )
        checks.raise_if_any()
        phone, email, website = checks.need(contact)
        website, warnings = _shown_website(website)
        hours, hours_text = _hours(place.tag("opening_hours") or "")
        details = YardDetails(
            city.id,
            name,
            checks.need(address),
            place.latitude,
            place.longitude,
            phone,
            email,
            website,
            hours,
            hours_text,
        )
        return YardRow(place.position, place.osm_id, details, None, OSM_SOURCE_NAME, warnings)

    def check(self, connection: Connection, batch: list[YardRow], report: ImportReport) -> None:
        for row in batch:
            if row.osm_id is not None:
                first = self.seen_osm_ids.setdefault(row.osm_id, row.position)
                what = row.osm_id
            else:
                first = self.seen_names.setdefault(row.match_key, row.position)
                what = f"{row.details.name!r} in this city"
            if first != row.position:
                report.problems.add(row.position, f"{what} repeats {report.position_name} {first}")

    def finish_check(self, path: Path, report: ImportReport) -> None:
        pass

    def write(self, connection: Connection, batch: list[YardRow], report: ImportReport) -> None:
        self._add_sources(connection, {row.source for row in batch})
        by_osm_id, by_name = _stored_yards(connection, batch)
        inserts: list[dict[str, Any]] = []
        updates: list[dict[str, Any]] = []
        for row in batch:
            stored = by_osm_id.get(row.osm_id) if row.osm_id else by_name.get(row.match_key)
            if stored is None:
                inserts.append({**self._values(row, row.osm_id, row.rating), "review_count": 0})
                continue
            # A row without an OSM id or a rating leaves the stored one as it is.
            osm_id = row.osm_id or stored["osm_id"]
            rating = stored["rating"] if row.rating is None else row.rating
            values = self._values(row, osm_id, rating)
            if all(stored[column] == value for column, value in values.items()):
                report.unchanged += 1
            else:
                updates.append({"yard_id": stored["id"], **_prefixed(values)})
        if inserts:
            connection.execute(insert(ScrapYard), inserts)
        if updates:
            connection.execute(UPDATE_YARD, updates)
        report.inserted += len(inserts)
        report.updated += len(updates)

    def _values(self, row: YardRow, osm_id: str | None, rating: float | None) -> dict[str, Any]:
        return {
            **vars(row.details),
            "osm_id": osm_id,
            "source_id": self.source_id_of[row.source],
            "rating": rating,
        }

    def _add_sources(self, connection: Connection, names: set[str]) -> None:
        missing = names - self.source_id_of.keys()
        osm = {OSM_SOURCE_NAME} & missing
        if osm:
            self.source_id_of.update(source_ids(connection, osm, url=OSM_SOURCE_URL))
        if missing - osm:
            self.source_id_of.update(source_ids(connection, missing - osm))

    def start_write(self, connection: Connection) -> None:
        # Not the price lock (yards are not prices), but two yard imports take turns: each then
        # reads the yards the other stored, instead of both inserting one OSM id.
        take_write_lock(connection, lock_key(YARDS_IMPORT_LOCK))

    def finish_write(self, connection: Connection, report: ImportReport) -> None:
        revision.bump(connection)


UPDATED_COLUMNS = (*YardDetails.__dataclass_fields__, "osm_id", "source_id", "rating")
UPDATE_YARD = (
    update(ScrapYard)
    .where(ScrapYard.id == bindparam("yard_id"))
    .values(
        {
            column: bindparam(f"new_{column}", type_=ScrapYard.__table__.c[column].type)
            for column in UPDATED_COLUMNS
        }
    )
)


def _prefixed(values: dict[str, Any]) -> dict[str, Any]:
    return {f"new_{column}": value for column, value in values.items()}


def _stored_yards(
    connection: Connection, batch: list[YardRow]
) -> tuple[dict[str | None, dict[str, Any]], dict[tuple[int, str], dict[str, Any]]]:
    """Stored yards the batch may update: by OSM id, and by (city, name) among non-demo yards."""
    columns = [ScrapYard.id, *(ScrapYard.__table__.c[c] for c in UPDATED_COLUMNS)]
    osm_ids = {row.osm_id for row in batch if row.osm_id}
    by_osm_id = {
        row.osm_id: dict(row._mapping)
        for row in connection.execute(select(*columns).where(ScrapYard.osm_id.in_(osm_ids)))
    }
    # Names are compared here, not in SQL: SQLite's lower() folds ASCII letters only.
    named_in = {row.details.city_id for row in batch if not row.osm_id}
    by_name: dict[tuple[int, str], dict[str, Any]] = {}
    if named_in:
        query = (
            select(*columns)
            .join(Source, Source.id == ScrapYard.source_id)
            .where(Source.kind != DEMO_KIND, ScrapYard.city_id.in_(named_in))
            .order_by(ScrapYard.id.desc())  # the oldest yard of a name wins
        )
        for stored in connection.execute(query):
            by_name[(stored.city_id, stored.name.lower())] = dict(stored._mapping)
    return by_osm_id, by_name


def _point(latitude: str, longitude: str) -> tuple[float, float]:
    try:
        lat, lon = float(latitude), float(longitude)
    except ValueError:
        raise ValueError(f"coordinates ({latitude!r}, {longitude!r}) are not numbers") from None
    if not (-90 <= lat <= 90 and -180 <= lon <= 180) or math.isnan(lat + lon):
        raise ValueError(f"coordinates ({latitude}, {longitude}) are out of range")
    return lat, lon


def _optional_osm_id(text: str) -> str | None:
    if not text:
        return None
    if not OSM_ID.fullmatch(text):
        raise ValueError(f"osm_id {text!r} is not like 'node/123' or 'way/456'")
    return text


def _rating(text: str) -> float | None:
    if not text:
        return None
    try:
        rating = float(text)
    except ValueError:
        raise ValueError(f"rating {text!r} is not a number") from None
    if not 1 <= rating <= 5:
        raise ValueError(f"rating {text} is not between 1 and 5")
    return rating


def _contact(
    phone: str | None, email: str | None, website: str | None
) -> tuple[str | None, str | None, str | None]:
    if email and not EMAIL.fullmatch(email):
        raise ValueError(f"email {email!r} is not an e-mail address")
    if website and not website.startswith(("http://", "https://")):
        website = f"https://{website}"
    return (
        _limited(phone or "", "phone") or None,
        _limited(email or "", "email") or None,
        _limited(website or "", "website") or None,
    )


def _shown_website(website: str | None) -> tuple[str | None, tuple[str, ...]]:
    """The website, or none and why, when it would lead elsewhere than it reads (the reason
    only: a login in it is not repeated in the report)."""
    try:
        return nothing_hidden(website), ()
    except ValueError as hidden:
        return None, (f"website left out: {hidden}",)


def _limited(text: str, column: str) -> str:
    if len(text) > LENGTHS[column]:
        raise ValueError(f"{column} is longer than {LENGTHS[column]} characters")
    return text


def _first(value: str | None) -> str | None:
    """OSM separates several values with ';': we keep the first."""
    return value.split(";")[0].strip() or None if value else None


def _hours(text: str) -> tuple[list[dict[str, Any]], str | None]:
    """Weekly hours, or none and the raw text when it does not parse."""
    text = text.strip()
    if not text:
        return [], None
    hours = parse_opening_hours(text)
    return (hours, None) if hours is not None else ([], text)


def _osm_address(place: OsmPlace) -> str:
    if full := place.tag("addr:full"):
        return full
    street = " ".join(
        part for part in (place.tag("addr:housenumber"), place.tag("addr:street")) if part
    )
    parts = (
        street or place.tag("addr:place"),
        place.tag("addr:suburb"),
        place.tag("addr:city"),
        place.tag("addr:postcode"),
    )
    return ", ".join(part for part in parts if part)


def _where(place: OsmPlace) -> str:
    return f"({place.latitude:.5f}, {place.longitude:.5f})"

"""Real scrap yards of a country from OpenStreetMap, asked of the Overpass API.

The answer (Overpass JSON, ``out center tags``) goes through the OSM yard importer
(data/imports/yards.py): checked whole, written in one transaction, idempotent by OSM id. The
same transaction marks the country's OSM yards the answer no longer holds (``left_source_at``;
kept, not deleted: owners, reports and links may point at them) and clears the mark of a yard
that came back. Only yards whose source is OpenStreetMap and whose city is in the country are
touched, and the answer's yards go to that country's cities only, so a fetch of one country
never moves or marks another's yards.
"""

import datetime as dt
import json
import tempfile
import urllib.parse
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, func, select, update

from scrapindex import revision
from scrapindex.data.feeds import FeedFormatError
from scrapindex.data.feeds.http import Fetch, fetch_bytes
from scrapindex.data.feeds.normalized import read_local
from scrapindex.data.imports.osm import OSM_SOURCE_NAME
from scrapindex.data.imports.pipeline import run_import
from scrapindex.data.imports.report import ImportReport, Progress
from scrapindex.data.imports.sources import source_kinds
from scrapindex.data.imports.yards import CityPoint, YardImporter
from scrapindex.models import City, Country, ScrapYard, Source

WHAT = "Overpass API (OpenStreetMap)"
QUERY_TIMEOUT_SECONDS = 180  # the server's limit for the query ([timeout:]); a country is large
# The server sends nothing until the query is done: wait a little longer than it may run.
CLIENT_TIMEOUT_SECONDS = QUERY_TIMEOUT_SECONDS + 30


@dataclass(frozen=True)
class OsmFetchReport:
    country: str
    report: ImportReport
    answered: int  # OSM elements in the answer (yards or not)
    marked_left: int  # yards the answer no longer holds, marked now
    came_back: int  # yards marked before that the answer holds again


def overpass_query(country: str) -> str:
    """Overpass QL: the country's scrap yards (nodes, ways, relations) with their tags and, for
    ways and relations, a centre point. The area is the country's boundary (ISO3166-1 code)."""
    code = country.upper()
    return (
        f"[out:json][timeout:{QUERY_TIMEOUT_SECONDS}];"
        f'area["ISO3166-1"="{code}"][admin_level=2]->.country;'
        "("
        'nwr["industrial"="scrap_yard"](area.country);'
        'nwr["amenity"="recycling"]["recycling:scrap_metal"="yes"](area.country);'
        ");"
        "out center tags;"
    )


def overpass_url(base_url: str, country: str) -> str:
    return f"{base_url}?{urllib.parse.urlencode({'data': overpass_query(country)})}"


def fetch_osm_yards(
    engine: Engine,
    country: str,
    *,
    base_url: str,
    file: Path | None = None,
    fetch: Fetch = fetch_bytes,
    timeout_seconds: float = CLIENT_TIMEOUT_SECONDS,
    now: dt.datetime | None = None,
    progress: Progress | None = None,
) -> OsmFetchReport:
    """Fetch (or read ``file``) a country's yards and import them; raises FeedError before
    anything is written when the country is unknown or the answer is not a whole answer."""
    code = country.strip().upper()
    cities = _country_cities(engine, code)
    if file is not None:
        data = read_local(file, WHAT)
    else:
        url = overpass_url(base_url, code)
        data = fetch(url, timeout_seconds=timeout_seconds, what=WHAT)
    answered = answer_ids(data)
    _refuse_empty_answer(engine, code, answered)
    importer = CountryYardImporter(
        code, cities, answered, now or dt.datetime.now(dt.UTC), _kinds(engine)
    )
    with tempfile.TemporaryDirectory(prefix="scrapindex-overpass-") as folder:
        path = Path(folder) / f"overpass-{code.lower()}.json"
        path.write_bytes(data)
        report = run_import(engine, path, importer, progress)
    if not report.ok:
        importer.marked_left = importer.came_back = 0  # rolled back with the rest
    return OsmFetchReport(code, report, len(answered), importer.marked_left, importer.came_back)


def answer_ids(data: bytes) -> set[str]:
    """The OSM ids ("node/1", "way/2") of every element of an Overpass JSON answer. A runtime
    error (a timeout, out of memory) comes as HTTP 200 with a ``remark`` and a partial or
    empty ``elements``: that answer is refused, as it cannot tell which yards left."""
    try:
        answer = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError):
        raise FeedFormatError(f"{WHAT}: the answer is not JSON; nothing was changed") from None
    if not isinstance(answer, dict) or not isinstance(answer.get("elements"), list):
        raise FeedFormatError(
            f"{WHAT}: the answer has no 'elements' list (not Overpass JSON); nothing was changed"
        )
    remark = answer.get("remark")
    if isinstance(remark, str) and remark.strip():
        raise FeedFormatError(
            f"{WHAT}: the server said {' '.join(remark.split())!r}; nothing was changed"
        )
    return {_element_id(element) for element in answer["elements"] if isinstance(element, dict)}


def _element_id(element: dict[str, Any]) -> str:
    return f"{element.get('type')}/{element.get('id')}"


def _country_cities(engine: Engine, code: str) -> list[CityPoint]:
    with engine.connect() as connection:
        known = connection.scalar(select(Country.code).where(Country.code == code))
        if known is None:
            raise FeedFormatError(
                f"{WHAT}: no country {code!r} in the database; nothing was changed"
            )
        rows = connection.execute(
            select(City.id, City.slug, City.latitude, City.longitude)
            .where(City.country_code == code)
            .order_by(City.id)
        )
        return [CityPoint(*row) for row in rows]


def _kinds(engine: Engine) -> dict[str, str]:
    with engine.connect() as connection:
        return source_kinds(connection)


def _refuse_empty_answer(engine: Engine, code: str, answered: set[str]) -> None:
    """An answer without a single element while the country has OSM yards stored is far likelier
    a server fault (an area not built yet) than every yard leaving at once."""
    if answered:
        return
    with engine.connect() as connection:
        stored = connection.scalar(select(func.count()).select_from(_osm_yards_of(code)))
    if stored:
        raise FeedFormatError(
            f"{WHAT}: the answer holds no elements for {code} while {stored} of its yards came "
            "from OpenStreetMap; nothing was changed"
        )


def _osm_yards_of(code: str) -> Any:
    return (
        select(ScrapYard.id)
        .join(Source, Source.id == ScrapYard.source_id)
        .join(City, City.id == ScrapYard.city_id)
        .where(
            Source.name == OSM_SOURCE_NAME,
            City.country_code == code,
            ScrapYard.osm_id.is_not(None),
        )
        .subquery()
    )


class CountryYardImporter(YardImporter):
    """The OSM yard importer on one country's cities, marking in its write transaction the
    yards the whole-country answer no longer holds."""

    def __init__(
        self,
        country: str,
        cities: list[CityPoint],
        answered: set[str],
        now: dt.datetime,
        kinds: dict[str, str],
    ) -> None:
        super().__init__(cities, kinds)
        self.country = country
        self.answered = answered
        self.now = now
        self.marked_left = 0
        self.came_back = 0

    def start_write(self, connection: Connection) -> None:
        super().start_write(connection)  # the yards-import lock, before reading what it marks
        self.marked_left, self.came_back = mark_left_yards(
            connection, self.country, self.answered, self.now
        )
        if self.marked_left or self.came_back:
            revision.bump(connection)


def mark_left_yards(
    connection: Connection, country: str, answered: set[str], now: dt.datetime
) -> tuple[int, int]:
    """Mark the country's OSM yards missing from ``answered`` (a mark stays at its first date);
    clear the mark of those present again. Returns (marked, came back)."""
    yards = _osm_yards_of(country)
    rows = connection.execute(
        select(ScrapYard.id, ScrapYard.osm_id, ScrapYard.left_source_at).where(
            ScrapYard.id.in_(select(yards.c.id))
        )
    ).all()
    left = [row.id for row in rows if row.osm_id not in answered and row.left_source_at is None]
    back = [row.id for row in rows if row.osm_id in answered and row.left_source_at is not None]
    if left:
        connection.execute(
            update(ScrapYard).where(ScrapYard.id.in_(left)).values(left_source_at=now)
        )
    if back:
        connection.execute(
            update(ScrapYard).where(ScrapYard.id.in_(back)).values(left_source_at=None)
        )
    return len(left), len(back)

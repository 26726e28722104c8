"""`yards fetch --source osm`: a country's yards from an Overpass answer in its real JSON format
(a node, a way and a relation with their centres), idempotent, a yard gone from OpenStreetMap
marked and left out of every list while its page says so, offline changing nothing."""

import functools
import json
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session

from scrapindex.data.feeds import FeedFormatError, FeedUnavailableError
from scrapindex.data.feeds.http import fetch_bytes
from scrapindex.data.feeds.overpass import fetch_osm_yards, overpass_query, overpass_url
from scrapindex.models import ScrapYard
from tests.databases import fingerprint
from tests.integration.test_feeds import FeedServer, closed_port_url, run_cli
from tests.moderation import app_client

FIXTURE = Path(__file__).parents[1] / "fixtures" / "overpass" / "za.json"
INTERPRETER = "/api/interpreter"
NODE, WAY, RELATION = "node/7712004501", "way/918273645", "relation/15550321"


@pytest.fixture
def server() -> Iterator[FeedServer]:
    served = FeedServer()
    thread = threading.Thread(target=served.server.serve_forever, daemon=True)
    thread.start()
    yield served
    served.server.shutdown()
    served.server.server_close()
    thread.join()


def osm_yards(db: Engine) -> dict[str | None, ScrapYard]:
    """The stored OSM yards by OSM id (their city loaded with them)."""
    with Session(db) as session:
        query = select(ScrapYard).where(ScrapYard.osm_id.is_not(None)).order_by(ScrapYard.id)
        return {yard.osm_id: yard for yard in session.scalars(query)}


def without(element_id: str, folder: Path) -> Path:
    answer = json.loads(FIXTURE.read_text(encoding="utf-8"))
    kept = [e for e in answer["elements"] if f"{e['type']}/{e['id']}" != element_id]
    path = folder / "za-without.json"
    path.write_text(json.dumps({**answer, "elements": kept}), encoding="utf-8")
    return path


def directory_ids(site: TestClient, url: str) -> set[int]:
    answer = site.get(url).json()
    return {yard["id"] for yard in answer["data"]}


def test_fetch_imports_marks_hides_and_brings_back(
    db: Engine, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    first = run_cli(db, monkeypatch, "yards", "fetch", "--source", "osm", "--country", "za",
                    "--file", str(FIXTURE))  # fmt: skip
    assert first.exit_code == 0, first.output
    assert "4 elements in the answer; 0 yards no longer in it marked" in first.output
    stored = osm_yards(db)
    assert set(stored) == {NODE, WAY, RELATION}  # the nameless node is skipped, not stored
    assert {k: y.city.slug for k, y in stored.items()} == {
        NODE: "johannesburg",
        WAY: "cape-town",
        RELATION: "durban",
    }
    assert all(y.left_source_at is None for y in stored.values())

    before = fingerprint(db)
    again = fetch_osm_yards(db, "za", base_url="unused", file=FIXTURE)
    assert (again.report.inserted, again.report.unchanged, again.marked_left) == (0, 3, 0)
    assert fingerprint(db) == before  # idempotent: not even the data revision moves

    gone = fetch_osm_yards(db, "ZA", base_url="unused", file=without(WAY, tmp_path))
    assert (gone.marked_left, gone.came_back) == (1, 0)
    way = osm_yards(db)[WAY]
    assert way.left_source_at is not None
    with app_client(db) as site:
        assert way.id not in directory_ids(site, "/api/scrap-yards?country=za&limit=100")
        assert way.id not in directory_ids(site, "/api/cities/cape-town/scrap-yards?limit=100")
        assert way.id not in directory_ids(site, "/api/scrap-yards?q=Montague&limit=100")
        listed = directory_ids(site, "/api/scrap-yards?country=za&limit=100")
        assert osm_yards(db)[NODE].id in listed
        page = site.get(f"/api/scrap-yards/{way.id}").json()  # the page still answers
        assert page["leftSourceAt"] is not None
        assert page["attribution"]["text"] == "© OpenStreetMap contributors"
        assert page["attribution"]["url"] == "https://www.openstreetmap.org/copyright"
        with Session(db) as session:
            stored = session.scalar(select(func.count()).select_from(ScrapYard))
        assert site.get("/api/scrap-yards/clusters?zoom=2").json()["total"] == stored - 1
        assert site.get("/api/stats").json()["scrapYards"] == stored - 1
        all_ids = {y["id"] for y in site.get("/api/scrap-yards/all").json()}
        assert way.id not in all_ids
        assert f"/scrap-yard/{way.id}<" not in site.get("/sitemap-yards-1.xml").text
        no_js = site.get(f"/scrap-yard/{way.id}").text  # the page as it leaves the server
        since = way.left_source_at.date().isoformat() if way.left_source_at else "?"
        assert f"No longer listed on OpenStreetMap (since {since})" in no_js
        assert "© OpenStreetMap contributors</a>, Open Database License (ODbL) 1.0" in no_js
        city_page = site.get("/za/johannesburg/scrap-yards?q=Selby").text
        assert "Selby Scrap Metal Traders" in city_page
        assert "© OpenStreetMap contributors" in city_page
        directory = site.get("/api/scrap-yards?city=johannesburg&limit=100").json()
        assert [a["licence"] for a in directory["attributions"]] == [
            "Open Database License (ODbL) 1.0"
        ]

    marked_at = way.left_source_at
    still_gone = fetch_osm_yards(db, "za", base_url="unused", file=without(WAY, tmp_path))
    assert still_gone.marked_left == 0  # the mark keeps its first date
    assert osm_yards(db)[WAY].left_source_at == marked_at

    back = fetch_osm_yards(db, "za", base_url="unused", file=FIXTURE)
    assert (back.marked_left, back.came_back) == (0, 1)
    assert osm_yards(db)[WAY].left_source_at is None


def test_the_query_is_asked_of_overpass_by_get(db: Engine, server: FeedServer) -> None:
    path = overpass_url(INTERPRETER, "za")
    server.bodies[path] = FIXTURE.read_bytes()
    fetched = fetch_osm_yards(db, "za", base_url=server.url + INTERPRETER)
    assert fetched.report.inserted == 3
    assert server.requests == [path]
    query = overpass_query("za")
    assert query.startswith("[out:json][timeout:")
    assert 'area["ISO3166-1"="ZA"][admin_level=2]' in query
    assert 'nwr["industrial"="scrap_yard"](area.country);' in query
    assert 'nwr["amenity"="recycling"]["recycling:scrap_metal"="yes"](area.country);' in query
    assert query.endswith("out center tags;")


def test_offline_or_a_failed_answer_changes_nothing(
    db: Engine, server: FeedServer, tmp_path: Path
) -> None:
    assert fetch_osm_yards(db, "za", base_url="unused", file=FIXTURE).report.ok
    before = fingerprint(db)
    waits: list[float] = []
    offline = closed_port_url()
    with pytest.raises(FeedUnavailableError) as raised:
        fetch_osm_yards(
            db, "za", base_url=offline, fetch=functools.partial(fetch_bytes, sleep=waits.append)
        )
    assert str(raised.value).startswith(
        f"Overpass API (OpenStreetMap): could not reach {offline}?… after 3 attempts"
    )  # the whole query, URL-encoded, would make the line unreadable
    assert str(raised.value).endswith("after 3 attempts (connection refused); nothing was changed")
    assert "\n" not in str(raised.value)

    # A runtime error comes as HTTP 200 with a remark and no (or some) elements.
    timed_out = {"version": 0.6, "elements": [], "remark": "runtime error: Query timed out"}
    server.bodies[overpass_url(INTERPRETER, "za")] = json.dumps(timed_out).encode()
    with pytest.raises(FeedFormatError, match="Query timed out"):
        fetch_osm_yards(db, "za", base_url=server.url + INTERPRETER)
    empty = tmp_path / "empty.json"
    empty.write_text(json.dumps({"version": 0.6, "elements": []}), encoding="utf-8")
    with pytest.raises(FeedFormatError, match="no elements for ZA while 3 of its yards"):
        fetch_osm_yards(db, "za", base_url="unused", file=empty)
    with pytest.raises(FeedFormatError, match="no country 'XX'"):
        fetch_osm_yards(db, "xx", base_url="unused", file=FIXTURE)
    assert fingerprint(db) == before

"""Yard import: OpenStreetMap exports (Overpass JSON, GeoJSON) and CSV, matched to our cities."""

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, select

from scrapindex.app import create_app
from scrapindex.data.imports.yards import CityPoint, distance_km, import_yards, nearest_city
from scrapindex.models import City, ScrapYard, Source
from scrapindex.settings import Settings
from tests.concurrency import at_once
from tests.conftest import CONTENT_DIR
from tests.databases import count_rows, fingerprint

FIXTURES = Path(__file__).parents[1] / "fixtures" / "imports"
OVERPASS = FIXTURES / "overpass_scrap_yards.json"


def yard(db: Engine, osm_id: str) -> dict[str, Any]:
    """The stored yard's columns, its city's slug and its source's name."""
    with db.connect() as connection:
        row = connection.execute(
            select(*ScrapYard.__table__.c, City.slug.label("city"), Source.name.label("source"))
            .join(City, City.id == ScrapYard.city_id)
            .join(Source, Source.id == ScrapYard.source_id)
            .where(ScrapYard.osm_id == osm_id)
        ).one()
    return dict(row._mapping)


def test_overpass_export_is_imported_skipping_what_we_cannot_place(db: Engine) -> None:
    yards_before = count_rows(db, ScrapYard)
    report = import_yards(db, OVERPASS)
    assert report.ok, report.problem_lines()
    assert (report.inserted, report.updated, report.unchanged) == (7, 0, 0)
    assert report.ignored == 3  # a glass bank and two untagged nodes of a way
    assert report.skipped_lines() == [
        "item 5: node/5523344102 at (51.53902, -0.01213): no name tag",
        "item 6: node/6634455203 (Karoo Scrap & Salvage) at (-31.49820, 23.02152): "
        "no city of ours within 50 km",
    ]
    assert count_rows(db, ScrapYard) == yards_before + 7


def test_osm_tags_become_our_fields(db: Engine) -> None:
    assert import_yards(db, OVERPASS).ok
    germiston = yard(db, "node/4412345601")
    assert germiston["city"] == "johannesburg"  # 12 km away; Pretoria is 55 km
    assert germiston["name"] == "Germiston Scrap Metal"
    assert germiston["address"] == "14 Knights Road, Driehoek, Germiston, 1401"
    assert germiston["phone"] == "+27 11 555 0143"  # the first of "a;b"
    assert germiston["website"] == "https://germistonscrap.example.com"
    assert (germiston["latitude"], germiston["longitude"]) == (-26.2189312, 28.1652077)
    assert germiston["weekly_hours"] == [
        *({"day": d, "opens": "07:30", "closes": "16:30"} for d in range(5)),
        {"day": 5, "opens": "08:00", "closes": "12:00"},
    ]
    assert germiston["opening_hours_text"] is None
    assert germiston["source"] == "OpenStreetMap"
    assert germiston["rating"] is None

    woodstock = yard(db, "way/287654321")  # a way: its center
    assert (woodstock["city"], woodstock["phone"]) == ("cape-town", "+27 21 555 0177")
    assert woodstock["website"] == "https://woodstock-metals.example.com"
    assert len(woodstock["weekly_hours"]) == 6

    by_appointment = yard(db, "way/301234567")
    assert by_appointment["weekly_hours"] == []
    assert by_appointment["opening_hours_text"] == (
        'Mo-Fr 07:00-16:00; Sa 07:00-12:00 "by appointment"'
    )
    assert yard(db, "node/8856677401")["opening_hours_text"] == "sunrise-sunset"
    always = yard(db, "relation/11223344")
    assert always["city"] == "new-york"
    assert always["weekly_hours"] == [
        {"day": d, "opens": "00:00", "closes": "00:00"} for d in range(7)
    ]
    assert yard(db, "node/7745566301")["address"] == "12 Bourke Road, Alexandria NSW 2015"
    assert yard(db, "node/8856677402")["name"] == "Capital Metal Buyers"  # operator tag

    with db.connect() as connection:
        osm = connection.execute(
            select(Source.kind, Source.url).where(Source.name == "OpenStreetMap")
        ).one()
    assert tuple(osm) == ("feed", "https://www.openstreetmap.org/copyright")


def test_the_api_shows_an_imported_yard(db: Engine) -> None:
    assert import_yards(db, OVERPASS).ok
    yard_id = yard(db, "way/301234567")["id"]
    url = db.url.render_as_string(hide_password=False)
    settings = Settings(database_url=url, content_dir=CONTENT_DIR, data_dir=Path("/nonexistent"))
    with TestClient(create_app(settings)) as client:
        detail = client.get(f"/api/scrap-yards/{yard_id}").json()
    assert detail["city"]["slug"] == "manchester"
    assert detail["source"] == {"name": "OpenStreetMap", "kind": "feed"}
    assert detail["openingHours"].startswith("Mo-Fr 07:00-16:00")  # the raw text, shown as is
    assert detail["isOpen"] is None


def test_reimport_updates_by_osm_id_instead_of_duplicating(db: Engine) -> None:
    assert import_yards(db, OVERPASS).ok
    after_first = fingerprint(db)
    again = import_yards(db, OVERPASS)
    assert (again.inserted, again.updated, again.unchanged) == (0, 0, 7)
    assert fingerprint(db) == after_first
    later = import_yards(db, FIXTURES / "overpass_scrap_yards_later.json")
    assert (later.inserted, later.updated, later.unchanged) == (0, 2, 5)
    assert yard(db, "node/7745566301")["name"] == "Alexandria Metals"
    assert yard(db, "node/4412345601")["weekly_hours"][0] == {
        "day": 0, "opens": "07:00", "closes": "17:00"
    }  # fmt: skip


def test_two_imports_of_one_export_at_once_store_each_yard_once(db: Engine) -> None:
    """As on two hosts importing the same file: they take turns, the second finds the yards."""
    yards_before = count_rows(db, ScrapYard)
    first, second = at_once(lambda: import_yards(db, OVERPASS), lambda: import_yards(db, OVERPASS))
    assert not isinstance(first, Exception), first
    assert not isinstance(second, Exception), second
    assert sorted([first.inserted, second.inserted]) == [0, 7]
    assert sorted([first.unchanged, second.unchanged]) == [0, 7]
    assert count_rows(db, ScrapYard) == yards_before + 7


def test_geojson_export_points_and_polygons(db: Engine) -> None:
    report = import_yards(db, FIXTURES / "osm_scrap_yards.geojson")
    assert report.ok, report.problem_lines()
    assert (report.inserted, report.ignored) == (2, 1)
    trafford = yard(db, "way/301234567")
    assert trafford["latitude"] == pytest.approx(53.4665)  # the mean of the outer ring
    assert trafford["longitude"] == pytest.approx(-2.31865)
    assert trafford["city"] == "manchester"
    # The Overpass export of the same yards matches them rather than adding them again.
    overpass = import_yards(db, OVERPASS)
    assert (overpass.inserted, overpass.updated, overpass.unchanged) == (5, 1, 1)


def test_csv_yards_are_matched_to_cities_and_updated_by_name(db: Engine) -> None:
    assert import_yards(db, OVERPASS).ok
    report = import_yards(db, FIXTURES / "yards_valid.csv")
    assert report.ok, report.problem_lines()
    # Hackensack River Metals names the OSM id imported above: an update that adds a rating.
    assert (report.inserted, report.updated) == (2, 1)
    hackensack = yard(db, "relation/11223344")
    assert hackensack["rating"] == 3.9
    assert hackensack["opening_hours_text"] == "By appointment only"
    with db.connect() as connection:
        city, rating = connection.execute(
            select(City.slug, ScrapYard.rating)
            .join(City, City.id == ScrapYard.city_id)
            .where(ScrapYard.name == "Reef Metal Traders")
        ).one()
    assert city == "johannesburg"  # the nearest: the file names no city
    assert rating == 4.5
    again = import_yards(db, FIXTURES / "yards_valid.csv")
    assert (again.inserted, again.updated, again.unchanged) == (0, 0, 3)


INVALID_FILES = [
    ("yards_invalid.csv", "line 3", "name is empty"),
    ("yards_invalid.csv", "line 4", "the coordinates (53.4665, -2.3187) are 264 km from london"),
    ("yards_invalid.csv", "line 5", "email 'not-an-email' is not an e-mail address"),
    ("yards_invalid.csv", "line 5", "rating 7 is not between 1 and 5"),
    ("yards_invalid.csv", "line 6", "coordinates ('north', 'east') are not numbers"),
    ("overpass_repeated_id.json", "item 3", "node/4412345601 repeats item 1"),
    ("overpass_way_without_center.json", "item 2", "way/301234999 has no coordinates"),
]


@pytest.mark.parametrize(("name", "where", "message"), INVALID_FILES)
def test_a_malformed_record_rejects_the_whole_file(
    db: Engine, name: str, where: str, message: str
) -> None:
    before = fingerprint(db)
    report = import_yards(db, FIXTURES / name)
    assert not report.ok
    assert any(line.startswith(f"{where}: ") and message in line for line in report.problem_lines())
    assert fingerprint(db) == before


def test_nearest_city_within_fifty_kilometres() -> None:
    cities = [
        CityPoint(1, "johannesburg", -26.2041, 28.0473),
        CityPoint(2, "pretoria", -25.7479, 28.2293),
    ]
    assert distance_km(-26.2041, 28.0473, -25.7479, 28.2293) == pytest.approx(53.9, abs=0.1)
    centurion = nearest_city(cities, -25.8603, 28.1894)  # 40 km from Johannesburg, 12 from Pretoria
    assert centurion is not None
    assert centurion.slug == "pretoria"
    assert nearest_city(cities, -31.4982, 23.0215) is None


def test_a_website_that_leads_elsewhere_is_left_out_and_the_yard_kept(db: Engine) -> None:
    """A login or a backslash in a website (schemas/websites.py) costs the row its website, not
    the file its import: OpenStreetMap's website tags are anyone's to write."""
    report = import_yards(db, FIXTURES / "overpass_yard_websites.json")
    assert report.ok, report.problem_lines()
    assert (report.inserted, report.skipped.count) == (3, 0)
    assert report.warning_lines() == [
        "item 1: node/9912345601: website left out: must not hold a user name or password "
        "(a part before @): give the yard's own address, such as https://yard.example",
        "item 2: node/9912345602: website left out: must not contain a backslash (\\): browsers "
        "read it as /, so the link would lead somewhere other than it shows",
    ]
    assert "hunter2" not in " ".join(report.warning_lines())  # a password is not repeated
    braamfontein = yard(db, "node/9912345601")
    assert (braamfontein["website"], braamfontein["phone"]) == (None, "+27 11 555 0161")
    jeppe = yard(db, "node/9912345602")
    assert jeppe["website"] is None
    assert len(jeppe["weekly_hours"]) == 5
    # An @ after the host names no login.
    marshalltown = yard(db, "node/9912345603")
    assert marshalltown["website"] == "https://social.example/@marshalltown-recycling"

    csv = import_yards(db, FIXTURES / "yards_websites.csv")
    assert csv.ok, csv.problem_lines()
    assert csv.inserted == 3
    assert [line.split(":")[0] for line in csv.warning_lines()] == ["line 2", "line 3"]
    with db.connect() as connection:
        websites = dict(
            connection.execute(
                select(ScrapYard.name, ScrapYard.website).where(
                    ScrapYard.name.in_(["Fordsburg Metals", "Newtown Salvage", "Mayfair Scrap"])
                )
            ).all()
        )
    assert websites == {
        "Fordsburg Metals": None,
        "Newtown Salvage": None,
        "Mayfair Scrap": "https://mayfair-scrap.example.com",
    }

"""Yards near a point (the directory's ``near``), and a city's yards searched over every page."""

import io
import json
import math
import sqlite3
from typing import Any

import pytest
from fastapi.testclient import TestClient

from scrapindex.db import _ensure_math_functions

# Johannesburg's centre; its yards, and Pretoria's, are within 100 km.
LAT, LNG = -26.2041, 28.0473
NEAR = f"{LAT},{LNG}"


def get(client: TestClient, url: str) -> Any:
    response = client.get(url)
    assert response.status_code == 200, response.text
    return response.json()


def haversine_km(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lng2 - lng1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371.0088 * math.asin(math.sqrt(a))


def by_hand(yard: dict[str, Any]) -> float:
    return haversine_km(LAT, LNG, yard["latitude"], yard["longitude"])


def test_nearest_first_with_distances_computed_by_the_database(client: TestClient) -> None:
    found = get(client, f"/api/scrap-yards?near={NEAR}&radiusKm=100&limit=100")
    yards = found["data"]
    assert len(yards) >= 9
    for yard in yards:
        assert yard["distanceKm"] == pytest.approx(by_hand(yard), abs=0.01)
        assert yard["distanceKm"] <= 100
    distances = [y["distanceKm"] for y in yards]
    assert distances == sorted(distances)
    # Exactly the yards within the radius, by the test's own reckoning over every yard.
    within = {y["id"] for y in get(client, "/api/scrap-yards/all") if by_hand(y) <= 100}
    assert {y["id"] for y in yards} == within
    assert found["pagination"]["total"] == len(within) == found["stats"]["total"]


def test_radius_filter(client: TestClient) -> None:
    wide = get(client, f"/api/scrap-yards?near={NEAR}&radiusKm=500&limit=100")["data"]
    narrow = get(client, f"/api/scrap-yards?near={NEAR}&radiusKm=5&limit=100")["data"]
    assert {y["id"] for y in narrow} < {y["id"] for y in wide}
    assert all(by_hand(y) <= 5 for y in narrow)
    assert any(by_hand(y) > 5 for y in wide)
    # Without near, no distances.
    assert get(client, "/api/scrap-yards?limit=1")["data"][0]["distanceKm"] is None


def test_near_is_paged(client: TestClient) -> None:
    base = f"/api/scrap-yards?near={NEAR}&radiusKm=100"
    six = get(client, f"{base}&limit=6")["data"]
    one = get(client, f"{base}&limit=3&page=1")
    two = get(client, f"{base}&limit=3&page=2")
    assert [y["id"] for y in one["data"] + two["data"]] == [y["id"] for y in six]
    assert one["pagination"]["pages"] == math.ceil(one["pagination"]["total"] / 3)


def test_near_with_other_filters(client: TestClient) -> None:
    city = get(client, f"/api/scrap-yards?near={NEAR}&radiusKm=500&city=johannesburg&limit=100")
    assert {y["city"]["slug"] for y in city["data"]} == {"johannesburg"}
    distances = [y["distanceKm"] for y in city["data"]]
    assert distances == sorted(distances)


def test_open_first(client: TestClient) -> None:
    url = f"/api/scrap-yards?near={NEAR}&radiusKm=500&limit=100&openFirst=true"
    yards = get(client, url)["data"]
    states = [y["isOpen"] is True for y in yards]
    assert states == sorted(states, reverse=True)  # every open yard before every other
    for group in (True, False):
        distances = [y["distanceKm"] for y in yards if (y["isOpen"] is True) == group]
        assert distances == sorted(distances)
    plain = get(client, f"/api/scrap-yards?near={NEAR}&radiusKm=500&limit=100")["data"]
    assert {y["id"] for y in plain} == {y["id"] for y in yards}


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ("near=91,0", "latitude must be between -90 and 90"),
        ("near=-90.5,0", "latitude must be between -90 and 90"),
        ("near=0,180.1", "longitude must be between -180 and 180"),
        ("near=0,-181", "longitude must be between -180 and 180"),
        ("near=abc", "expected latitude,longitude"),
        ("near=1,2,3", "expected latitude,longitude"),
        ("near=", "expected latitude,longitude"),
        ("near=nan,0", "latitude must be between"),
        (f"near={NEAR}&radiusKm=0.5", "radiusKm"),
        (f"near={NEAR}&radiusKm=501", "radiusKm"),
        (f"near={NEAR}&radiusKm=far", "radiusKm"),
    ],
)
def test_near_validation(client: TestClient, query: str, says: str) -> None:
    response = client.get(f"/api/scrap-yards?{query}")
    assert response.status_code == 422
    assert says in response.json()["message"]


def test_edges_of_the_world(client: TestClient) -> None:
    for point in ("90,0", "-90,180", "0,-180", "0,180"):
        assert get(client, f"/api/scrap-yards?near={point}&radiusKm=500")["pagination"]


def test_coordinates_are_neither_logged_nor_cached(
    client: TestClient, access_lines: io.StringIO
) -> None:
    point = "-26.123456,28.654321"
    response = client.get(f"/api/scrap-yards?near={point}&radiusKm=50")
    assert response.status_code == 200
    assert response.headers["cache-control"] == "private, no-store"
    assert "etag" not in response.headers
    request_id = response.headers["x-request-id"]
    lines = [json.loads(line) for line in access_lines.getvalue().splitlines()]
    assert any(line["request_id"] == request_id for line in lines)
    text = access_lines.getvalue()
    for part in ("26.123456", "28.654321", "26.12", "28.65", "near="):
        assert part not in text
    # Errors do not echo the value either.
    refused = client.get("/api/scrap-yards?near=95.123456,28.654321")
    assert "95.123456" not in refused.text
    # Without near, answers are cached as before.
    assert client.get("/api/scrap-yards?limit=1").headers["cache-control"] != "private, no-store"


def test_sqlite_math_functions_registered_where_missing() -> None:
    connection = sqlite3.connect(":memory:")
    _ensure_math_functions(connection, force=True)
    row = connection.execute(
        "SELECT sin(radians(90)), cos(0), asin(1), atan2(1, 1), sqrt(16), sqrt(-1), sin(NULL)"
    ).fetchone()
    assert row[:5] == pytest.approx((1.0, 1.0, math.pi / 2, math.pi / 4, 4.0))
    assert row[5:] == (None, None)


def test_city_search_covers_every_page(client: TestClient) -> None:
    base = "/api/cities/johannesburg/scrap-yards"
    everything = get(client, f"{base}?limit=100")["data"]
    assert len(everything) == 9
    last = everything[-1]  # on page 2 at 5 a page
    word = last["name"].split()[0]
    found = get(client, f"{base}?limit=5&page=1&q={word.upper()}")
    assert last["id"] in {y["id"] for y in found["data"]}
    assert all(word.lower() in (y["name"] + y["address"]).lower() for y in found["data"])
    assert found["unfilteredTotal"] == 9
    # Names and addresses only: the city's own name is no filter, as every yard there has it.
    named = get(client, f"{base}?q=johannesburg&limit=100")["data"]
    assert all("johannesburg" in (y["name"] + y["address"]).lower() for y in named)
    assert client.get(f"{base}?q={'x' * 101}").status_code == 422


def test_city_total_does_not_shrink_with_filters(client: TestClient) -> None:
    base = "/api/cities/johannesburg/scrap-yards"
    for query in ("status=open", "status=closed", "q=zzzz-nothing"):
        page = get(client, f"{base}?{query}")
        assert page["unfilteredTotal"] == 9
    assert get(client, f"{base}?q=zzzz-nothing")["pagination"]["total"] == 0

"""The yard directory, all yards and one yard."""

from typing import Any

import pytest
from fastapi.testclient import TestClient


def get(client: TestClient, url: str) -> Any:
    response = client.get(url)
    assert response.status_code == 200, response.text
    return response.json()


def test_all_yards(client: TestClient) -> None:
    yards = get(client, "/api/scrap-yards/all")
    assert len(yards) >= 550
    sample = yards[0]
    assert {"id", "name", "address", "phone", "email", "website", "rating", "reviewCount",
            "isOpen", "openingHours", "latitude", "longitude", "city"} <= set(sample)  # fmt: skip
    assert sample["city"]["country"]["code"]


def test_directory_totals_and_filters(client: TestClient) -> None:
    everything = get(client, "/api/scrap-yards?limit=20")
    total = everything["unfilteredTotal"]
    assert everything["pagination"]["total"] == total
    assert everything["stats"]["total"] == total
    assert everything["stats"]["countries"] == 7
    assert everything["stats"]["cities"] == 75
    assert len(everything["data"]) == 20

    za = get(client, "/api/scrap-yards?country=za&limit=100")
    assert za["unfilteredTotal"] == total
    assert all(y["city"]["country"]["code"] == "ZA" for y in za["data"])
    assert za["stats"]["countries"] == 1

    durban = get(client, "/api/scrap-yards?city=durban&limit=100")
    assert {y["city"]["slug"] for y in durban["data"]} == {"durban"}
    # A city that is not in the chosen country matches nothing, rather than being dropped.
    assert get(client, "/api/scrap-yards?country=gb&city=durban")["pagination"]["total"] == 0

    text = get(client, "/api/scrap-yards?q=MELBOURNE&limit=100")
    assert text["data"]
    assert all(
        "melbourne" in (y["name"] + y["address"] + y["city"]["name"]).lower() for y in text["data"]
    )


def test_directory_open_filter_agrees_with_stats(client: TestClient) -> None:
    everything = get(client, "/api/scrap-yards")
    opened = get(client, "/api/scrap-yards?status=open")
    assert opened["pagination"]["total"] == everything["stats"]["openNow"]


@pytest.mark.parametrize(
    ("sort", "key"),
    [
        ("name", lambda y: y["name"].lower()),
        ("city", lambda y: y["city"]["name"].lower()),
        ("country", lambda y: y["city"]["country"]["name"].lower()),
        ("reviews", lambda y: -y["reviewCount"]),
        ("rating", lambda y: -(y["rating"] if y["rating"] is not None else -1)),
    ],
)
def test_directory_sorts(client: TestClient, sort: str, key: Any) -> None:
    yards = get(client, f"/api/scrap-yards?sort={sort}&limit=100")["data"]
    assert [key(y) for y in yards] == sorted(key(y) for y in yards)


def test_directory_pages_do_not_overlap(client: TestClient) -> None:
    one = get(client, "/api/scrap-yards?page=1&limit=20")["data"]
    two = get(client, "/api/scrap-yards?page=2&limit=20")["data"]
    assert {y["id"] for y in one}.isdisjoint({y["id"] for y in two})


def test_one_yard(client: TestClient) -> None:
    yard = get(client, "/api/scrap-yards/1")
    assert yard["id"] == 1
    assert yard["source"]["kind"] == "demo"
    if yard["weeklyHours"]:
        assert yard["openingHours"].splitlines()[0].startswith("Monday: ")
        assert len(yard["openingHours"].splitlines()) == 7


@pytest.mark.parametrize(
    ("path", "status"),
    [("999999", 404), ("0", 422), ("-3", 422), ("abc", 422), ("99999999999999999999", 422)],
)
def test_bad_yard_ids(client: TestClient, path: str, status: int) -> None:
    response = client.get(f"/api/scrap-yards/{path}")
    assert response.status_code == status
    assert response.json()["message"]


@pytest.mark.parametrize(
    "query",
    ["page=0", "limit=0", "limit=101", "status=x", "sort=x", "country=zaf", "q=" + "x" * 101],
)
def test_directory_bad_parameters(client: TestClient, query: str) -> None:
    assert client.get(f"/api/scrap-yards?{query}").status_code == 422

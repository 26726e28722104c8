"""The directory map's clusters: they add up to the directory's totals, are bounded, refuse junk."""

from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient

from scrapindex.queries.yard_clusters import MAX_CELLS

CLUSTERS = "/api/scrap-yards/clusters"


def get(client: TestClient, url: str) -> Any:
    response = client.get(url)
    assert response.status_code == 200, response.text
    return response.json()


@pytest.mark.parametrize(
    "filters",
    ["", "country=za", "city=durban", "q=metal", "country=us&q=scrap", "country=nz&city=durban"],
)
@pytest.mark.parametrize("zoom", [0, 3, 8])
def test_counts_add_up_to_the_directorys_filtered_total(
    client: TestClient, filters: str, zoom: int
) -> None:
    directory = get(client, f"/api/scrap-yards?limit=1&{filters}")
    answer = get(client, f"{CLUSTERS}?zoom={zoom}&{filters}")
    assert answer["total"] == directory["pagination"]["total"]
    assert sum(c["count"] for c in answer["clusters"]) == answer["total"]
    assert all(c["count"] >= 1 for c in answer["clusters"])


def test_more_zoom_more_and_smaller_clusters(client: TestClient) -> None:
    world = get(client, f"{CLUSTERS}?zoom=1")
    closer = get(client, f"{CLUSTERS}?zoom=6")
    assert closer["cellDegrees"] < world["cellDegrees"]
    assert len(closer["clusters"]) > len(world["clusters"])
    assert closer["total"] == world["total"]


Box = tuple[float, float, float, float]


def inside(box: Box, place: Any) -> bool:
    west, south, east, north = box
    lng = place["longitude"]
    across = west <= lng <= east if west <= east else lng >= west or lng <= east
    return bool(south <= place["latitude"] <= north and across)


def yards_in(yards: list[Any], box: Box) -> set[int]:
    return {y["id"] for y in yards if inside(box, y)}


@pytest.mark.parametrize(
    "box",
    [
        (27.5, -26.6, 28.6, -25.8),  # Johannesburg
        (-125.0, 24.0, -66.0, 50.0),  # the contiguous United States
        (170.0, -50.0, -170.0, -30.0),  # New Zealand, across the antimeridian
    ],
)
def test_a_box_counts_the_yards_inside_it(client: TestClient, box: Box) -> None:
    yards = yards_in(get(client, "/api/scrap-yards/all"), box)
    assert yards
    bbox = ",".join(str(v) for v in box)
    answer = get(client, f"{CLUSTERS}?zoom=6&bbox={bbox}")
    assert answer["total"] == len(yards)
    assert all(inside(box, cluster) for cluster in answer["clusters"])
    singles = [c["yard"]["id"] for c in answer["clusters"] if c["count"] == 1]
    assert set(singles) <= yards


def test_a_cluster_of_one_is_its_yard(client: TestClient) -> None:
    answer = get(client, f"{CLUSTERS}?zoom=16&bbox=27.5,-26.6,28.6,-25.8")
    singles = [c for c in answer["clusters"] if c["count"] == 1]
    assert singles
    for cluster in singles:
        yard = get(client, f"/api/scrap-yards/{cluster['yard']['id']}")
        assert cluster["yard"] == {
            "id": yard["id"],
            "name": yard["name"],
            "rating": yard["rating"],
            "isOpen": yard["isOpen"],
        }
        assert (cluster["latitude"], cluster["longitude"]) == pytest.approx(
            (yard["latitude"], yard["longitude"])
        )
    assert all(c["yard"] is None for c in answer["clusters"] if c["count"] > 1)


def test_open_now_is_a_subset(client: TestClient) -> None:
    everything = get(client, f"{CLUSTERS}?zoom=2")
    open_now = get(client, f"{CLUSTERS}?zoom=2&status=open")
    assert open_now["total"] <= everything["total"]
    assert all(c["yard"]["isOpen"] for c in open_now["clusters"] if c["yard"])


def test_a_box_upside_down_holds_no_yard(client: TestClient) -> None:
    answer = get(client, f"{CLUSTERS}?zoom=3&bbox=-180,10,180,-10")
    assert answer["clusters"] == []
    assert answer["total"] == 0
    assert answer["bounds"] == get(client, f"{CLUSTERS}?zoom=3")["bounds"]  # still every yard


def matching_yards(client: TestClient, filters: str) -> list[Any]:
    """Every yard the directory lists for these filters (pages of 100)."""
    yards: list[Any] = []
    page = 1
    while True:
        answer = get(client, f"/api/scrap-yards?limit=100&page={page}&{filters}")
        yards += answer["data"]
        if len(yards) >= answer["pagination"]["total"]:
            return yards
        page += 1


@pytest.mark.parametrize("filters", ["", "country=nz", "city=durban", "q=metal&country=us"])
@pytest.mark.parametrize(
    "bbox",
    [
        None,
        "27.5,-26.6,28.6,-25.8",  # Johannesburg
        "170.0,-50.0,-170.0,-30.0",  # New Zealand, across the antimeridian
        "-10,-10,-9,-9",  # the sea
    ],
)
def test_bounds_hold_every_match_whatever_the_box(
    client: TestClient, filters: str, bbox: str | None
) -> None:
    yards = matching_yards(client, filters)
    assert yards
    box = f"&bbox={bbox}" if bbox else ""
    bounds = get(client, f"{CLUSTERS}?zoom=5{box}&{filters}")["bounds"]
    assert bounds == pytest.approx(
        {
            "west": min(y["longitude"] for y in yards),
            "south": min(y["latitude"] for y in yards),
            "east": max(y["longitude"] for y in yards),
            "north": max(y["latitude"] for y in yards),
        }
    )


def test_one_yard_is_a_point_and_no_match_has_no_bounds(client: TestClient) -> None:
    # A yard its whole name finds alone (most names are unique; some name a chain).
    alone = [
        (yard, found[0])
        for yard in get(client, "/api/scrap-yards?limit=20")["data"]
        if len(found := matching_yards(client, f"q={quote(yard['name'])}")) == 1
    ]
    assert alone
    yard, found = alone[0]
    assert found["id"] == yard["id"]
    bounds = get(client, f"{CLUSTERS}?zoom=3&q={quote(yard['name'])}")["bounds"]
    assert bounds == pytest.approx(
        {
            "west": yard["longitude"],
            "south": yard["latitude"],
            "east": yard["longitude"],
            "north": yard["latitude"],
        }
    )
    nothing = get(client, f"{CLUSTERS}?zoom=3&q=no-such-yard-anywhere")
    assert nothing == {
        "clusters": [],
        "total": 0,
        "cellDegrees": nothing["cellDegrees"],
        "bounds": None,
    }


@pytest.mark.parametrize("zoom", [0, 10, 20])
def test_the_answer_is_bounded_at_any_zoom(client: TestClient, zoom: int) -> None:
    answer = get(client, f"{CLUSTERS}?zoom={zoom}&bbox=-180,-90,180,90")
    assert len(answer["clusters"]) <= MAX_CELLS
    assert answer["total"] == get(client, "/api/scrap-yards?limit=1")["pagination"]["total"]


@pytest.mark.parametrize(
    "query",
    [
        "",
        "zoom=-1",
        "zoom=21",
        "zoom=abc",
        "zoom=3&bbox=1,2,3",
        "zoom=3&bbox=a,b,c,d",
        "zoom=3&bbox=200,0,10,10",
        "zoom=3&bbox=0,-95,10,10",
        "zoom=3&bbox=nan,0,1,1",
        "zoom=3&bbox=inf,0,1,1",
        "zoom=3&bbox=" + "1" * 200,
        "zoom=3&country=zzz",
        "zoom=3&status=maybe",
    ],
)
def test_bad_input_is_a_422(client: TestClient, query: str) -> None:
    response = client.get(f"{CLUSTERS}?{query}")
    assert response.status_code == 422, response.text

"""The directory map's clusters: they add up to the directory's totals, are bounded, refuse junk."""

from typing import Any

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
    assert answer == {"clusters": [], "total": 0, "cellDegrees": answer["cellDegrees"]}


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

"""Cities: list, detail, latest prices with real change, overview and paged yards."""

import datetime as dt
from collections import defaultdict
from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, update
from sqlalchemy.orm import Session

from scrapindex.data.demo import generate
from scrapindex.models import City
from scrapindex.queries.places import (
    all_cities,
    headline_copper,
    last_written,
    listed_cities,
    listed_coppers,
)
from scrapindex.queries.prices import CityInfo, MaterialInfo, Quote
from scrapindex.queries.site import data_changed_at
from scrapindex.schemas.common import money_text
from scrapindex.schemas.places import (
    CITY_LIST,
    CityCopperPrice,
    CityListItem,
    city_list_json,
    city_public,
)
from tests.conftest import CONTENT_DIR, TEST_DEMO


@pytest.fixture(scope="module")
def expected_series() -> dict[tuple[int, int], list[Decimal]]:
    """Each (city, material) price series straight from the generator, oldest first."""
    series: dict[tuple[int, int], list[Decimal]] = defaultdict(list)
    for row in generate(CONTENT_DIR, TEST_DEMO).prices():
        series[(row["city_id"], row["material_id"])].append(row["price_per_kg"])
    return series


def test_lists_every_city_with_country_and_coordinates(client: TestClient) -> None:
    cities = client.get("/api/cities").json()
    assert len(cities) == 75
    joburg = next(c for c in cities if c["slug"] == "johannesburg")
    assert joburg["country"] == {"code": "ZA", "name": "South Africa", "currency": "ZAR"}
    assert joburg["timeZone"] == "Africa/Johannesburg"
    assert joburg["region"]["slug"] == "gauteng"
    assert isinstance(joburg["latitude"], float)


def test_the_list_is_the_json_of_the_models(engine: Engine) -> None:
    """The list's rows make, byte for byte, the JSON FastAPI writes for CityPublic models."""
    with Session(engine) as session:
        # A city without a region (never committed: the session rolls back).
        session.execute(update(City).where(City.slug == "auckland").values(region_id=None))
        listed = listed_cities(session)
        first_six = listed_cities(session, 6)
        coppers = listed_coppers(session)
        # A city without copper prices says so with null.
        del coppers[listed[1].id]
        expected = [
            CityListItem(
                **city_public(city).model_dump(),
                copper_price=None
                if (copper := coppers.get(city.id)) is None
                else CityCopperPrice(
                    material_name=copper.material_name,
                    material_slug=copper.material_slug,
                    price=copper.price_per_kg,
                    price_exact=copper.price_per_kg,
                    currency=copper.currency,
                    kind=copper.kind,
                    date=copper.price_date,
                ),
            )
            for city in all_cities(session)
        ]
    assert {city.region is None for city in expected} == {True, False}
    assert {city.copper_price is None for city in expected} == {True, False}
    assert city_list_json(listed, coppers) == CITY_LIST.dump_json(expected, by_alias=True)
    assert first_six == listed[:6]


def test_each_listed_city_carries_its_headline_copper_price(client: TestClient) -> None:
    """The list's copper price is the one the city's own page headlines (#1 Copper), with its
    kind, currency and day, at the stored precision."""
    cities = client.get("/api/cities").json()
    assert all(city["copperPrice"] is not None for city in cities)
    for city in cities[:: len(cities) // 6]:
        overview = client.get(f"/api/cities/{city['slug']}/overview").json()
        rows = client.get(f"/api/cities/{city['slug']}/prices").json()
        row = next(r for r in rows if r["material"]["slug"] == overview["copperMaterialSlug"])
        assert city["copperPrice"] == {
            "materialName": overview["copperMaterial"],
            "materialSlug": "copper-1",
            "price": row["price"],
            "priceExact": row["priceExact"],
            "currency": city["country"]["currency"],
            "kind": overview["copperKind"],
            "date": row["date"],
        }
    assert client.get("/api/cities?limit=6").json() == cities[:6]


def test_a_limit_gives_the_lists_first_cities(client: TestClient) -> None:
    everything = client.get("/api/cities").json()
    assert client.get("/api/cities?limit=6").json() == everything[:6]
    assert client.get("/api/cities?limit=50").json() == everything[:50]


@pytest.mark.parametrize("limit", ["0", "51", "-1", "six", "1.5"])
def test_a_bad_limit_is_a_clear_422(client: TestClient, limit: str) -> None:
    response = client.get(f"/api/cities?limit={limit}")
    assert response.status_code == 422
    assert "limit" in response.text


def test_other_cities_put_the_citys_own_country_first(client: TestClient) -> None:
    # The list's items are the cities and their copper price; these are the cities alone.
    everything = [
        {k: v for k, v in city.items() if k != "copperPrice"}
        for city in client.get("/api/cities").json()
    ]
    for slug in ("johannesburg", "london", "auckland"):
        city = next(c for c in everything if c["slug"] == slug)
        others = [c for c in everything if c["slug"] != slug]
        same = [c for c in others if c["country"]["code"] == city["country"]["code"]]
        elsewhere = [c for c in others if c["country"]["code"] != city["country"]["code"]]
        for limit in (3, 12):
            answer = client.get(f"/api/cities/{slug}/others?limit={limit}").json()
            assert answer == (same + elsewhere)[:limit]
    assert len(client.get("/api/cities/johannesburg/others").json()) == 3
    assert client.get("/api/cities/atlantis/others").status_code == 404
    assert client.get("/api/cities/johannesburg/others?limit=0").status_code == 422


def test_one_city_and_unknown_city(client: TestClient) -> None:
    assert client.get("/api/cities/london").json()["country"]["code"] == "GB"
    response = client.get("/api/cities/atlantis")
    assert response.status_code == 404
    assert response.json() == {"message": "City 'atlantis' not found"}


def test_city_prices_carry_real_change_against_previous_day(
    client: TestClient, expected_series: dict[tuple[int, int], list[Decimal]]
) -> None:
    city = client.get("/api/cities/cape-town").json()
    rows = client.get("/api/cities/cape-town/prices").json()
    assert len(rows) == 34
    for row in rows:
        history = expected_series[(city["id"], row["materialId"])]
        latest, previous = history[-1], history[-2]
        assert row["price"] == f"{latest:.2f}"
        assert row["previousPrice"] == f"{previous:.2f}"
        # The change at the stored four decimals; the two-decimal text is that, rounded once.
        assert Decimal(row["changeExact"]) == latest - previous
        assert row["change"] == money_text(latest - previous)
        assert row["trend"] == (
            "up" if latest > previous else "down" if latest < previous else "flat"
        )
        assert row["currency"] == "ZAR"
        assert row["date"] == TEST_DEMO.end_date.isoformat()
        assert row["source"]["kind"] == "demo"
        assert set(row["material"]) == {"id", "name", "slug", "grade", "category", "saleUnit"}


def test_city_prices_are_sorted_by_price_descending(client: TestClient) -> None:
    prices = [Decimal(r["price"]) for r in client.get("/api/cities/sydney/prices").json()]
    assert prices == sorted(prices, reverse=True)


def test_prices_are_two_decimal_strings(client: TestClient) -> None:
    for row in client.get("/api/cities/toronto/prices").json():
        whole, _, cents = row["price"].partition(".")
        assert whole.isdigit()
        assert len(cents) == 2


def test_overview_matches_the_price_rows(client: TestClient) -> None:
    rows = client.get("/api/cities/johannesburg/prices").json()
    overview = client.get("/api/cities/johannesburg/overview").json()
    # The top price and the average are per kg: a converter's price per piece takes no part.
    by_weight = [r for r in rows if r["unit"] == "kg"]
    assert len(by_weight) == len(rows) - 1
    top = max(by_weight, key=lambda r: Decimal(r["price"]))
    assert overview["topPrice"] == top["price"]
    assert overview["topMaterial"] == top["material"]["name"]
    mean = sum((Decimal(r["price"]) for r in by_weight), Decimal(0)) / len(by_weight)
    assert Decimal(overview["averagePrice"]) == mean.quantize(Decimal("0.01"))
    assert overview["priceChanges"] == sum(r["trend"] == "up" for r in rows)
    assert overview["materialsDown"] == sum(r["trend"] == "down" for r in rows)
    assert overview["currency"] == "ZAR"
    yards = client.get("/api/cities/johannesburg/scrap-yards?limit=100").json()
    assert overview["scrapYardCount"] == yards["pagination"]["total"]


def test_overview_last_updated_of_demo_prices_is_their_day(
    client: TestClient, engine: Engine
) -> None:
    """Demo rows store midnight of their day and no write time: the overview says that day, as
    a day. (It once said the data revision's time, which any write anywhere moves: a London
    import moved Johannesburg's; see test_api_provenance.py.)"""
    with Session(engine) as session:
        changed_at = data_changed_at(session)
    assert changed_at is not None
    rows = client.get("/api/cities/johannesburg/prices").json()
    overview = client.get("/api/cities/johannesburg/overview").json()
    written = dt.datetime.fromisoformat(overview["lastUpdated"])
    newest_day = max(dt.date.fromisoformat(r["date"]) for r in rows)
    assert written == dt.datetime.combine(newest_day, dt.time(0, 0), dt.UTC)
    assert overview["lastUpdatedDayOnly"] is True
    assert written != changed_at  # not the site-wide revision


def test_overview_headline_copper_is_number_one_copper(client: TestClient) -> None:
    rows = client.get("/api/cities/johannesburg/prices").json()
    overview = client.get("/api/cities/johannesburg/overview").json()
    copper = next(r for r in rows if r["material"]["slug"] == "copper-1")
    assert overview["copperMaterial"] == "#1 Copper"
    assert overview["copperMaterialSlug"] == "copper-1"
    assert overview["copperPrice"] == copper["price"]
    assert overview["copperKind"] == copper["source"]["kind"]


def test_last_written_is_the_newest_stored_time_and_a_demo_day_is_only_a_day() -> None:
    midnight = dt.datetime(2026, 3, 31, tzinfo=dt.UTC)
    feed = quote("copper-1", "#1 Copper", "Copper", kind="feed", at=midnight.replace(hour=6))
    demo = quote("steel", "Steel", "Steel", kind="demo", at=midnight)
    assert last_written([feed]) == (midnight.replace(hour=6), False)
    assert last_written([feed, demo]) == (midnight.replace(hour=6), False)
    assert last_written([demo]) == (midnight, True)
    # A feed written at a demo day's midnight is a write time; a later demo day wins as a day.
    assert last_written([demo, quote("x", "X", "X", kind="feed", at=midnight)]) == (midnight, False)
    later = quote("steel", "Steel", "Steel", kind="demo", at=midnight + dt.timedelta(days=1))
    assert last_written([feed, later]) == (midnight + dt.timedelta(days=1), True)
    assert last_written([]) == (None, False)


def test_headline_copper_falls_back_to_the_first_copper_grade() -> None:
    at = dt.datetime(2026, 3, 31, tzinfo=dt.UTC)
    steel = quote("steel", "Steel", "Steel", kind="demo", at=at)
    wire = quote("insulated-copper-wire", "Insulated Copper Wire", "Copper", kind="demo", at=at)
    bright = quote("bare-bright-copper", "Bare Bright Copper", "Copper", kind="demo", at=at)
    number_one = quote("copper-1", "#1 Copper", "Copper", kind="estimate", at=at)
    assert headline_copper([steel, wire, number_one, bright]) == number_one
    assert headline_copper([steel, wire, bright]) == bright
    assert headline_copper([steel]) is None


def quote(slug: str, name: str, category: str, *, kind: str, at: dt.datetime) -> Quote:
    return Quote(
        price_id=1,
        price_per_kg=Decimal("100.00"),
        currency="ZAR",
        price_date=at.date(),
        updated_at=at,
        previous=None,
        source_name=kind,
        source_kind=kind,
        material=MaterialInfo(
            id=1, name=name, slug=slug, grade=None, category=category, sale_unit="kg"
        ),
        city=CityInfo(
            id=1,
            name="Johannesburg",
            slug="johannesburg",
            country_code="ZA",
            country_name="South Africa",
        ),
    )


def page(client: TestClient, url: str) -> dict[str, Any]:
    response = client.get(url)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def test_city_yards_pagination_maths(client: TestClient) -> None:
    everything = page(client, "/api/cities/new-york/scrap-yards?limit=100")
    total = everything["pagination"]["total"]
    assert total > 10
    first = page(client, "/api/cities/new-york/scrap-yards?page=1&limit=10")
    assert first["pagination"] == {"page": 1, "pages": -(-total // 10), "total": total, "limit": 10}
    last_page = first["pagination"]["pages"]
    last = page(client, f"/api/cities/new-york/scrap-yards?page={last_page}&limit=10")
    assert len(last["data"]) == total - 10 * (last_page - 1)
    beyond = page(client, f"/api/cities/new-york/scrap-yards?page={last_page + 1}&limit=10")
    assert beyond["data"] == []
    url = "/api/cities/new-york/scrap-yards?limit=10&page="
    ids = [y["id"] for p in range(1, last_page + 1) for y in page(client, f"{url}{p}")["data"]]
    assert sorted(ids) == sorted(y["id"] for y in everything["data"])


def test_city_yards_default_to_highest_rated(client: TestClient) -> None:
    yards = page(client, "/api/cities/london/scrap-yards?limit=100")["data"]
    ratings = [y["rating"] if y["rating"] is not None else -1 for y in yards]
    assert ratings == sorted(ratings, reverse=True)
    assert all(y["city"]["slug"] == "london" for y in yards)


def test_city_yards_sorts_and_status(client: TestClient) -> None:
    by_name = page(client, "/api/cities/houston/scrap-yards?sort=name&limit=100")["data"]
    names = [y["name"].lower() for y in by_name]
    assert names == sorted(names)
    by_reviews = page(client, "/api/cities/houston/scrap-yards?sort=reviews&limit=100")["data"]
    counts = [y["reviewCount"] for y in by_reviews]
    assert counts == sorted(counts, reverse=True)
    opened = page(client, "/api/cities/houston/scrap-yards?status=open&limit=100")
    closed = page(client, "/api/cities/houston/scrap-yards?status=closed&limit=100")
    assert all(y["isOpen"] is True for y in opened["data"])
    assert all(y["isOpen"] is not True for y in closed["data"])
    total = opened["pagination"]["total"] + closed["pagination"]["total"]
    assert total == len(by_name)


@pytest.mark.parametrize(
    "query",
    ["page=0", "page=-1", "limit=0", "limit=101", "limit=1000000", "page=abc", "sort=price",
     "status=maybe"],
)  # fmt: skip
def test_city_yards_bad_parameters(client: TestClient, query: str) -> None:
    response = client.get(f"/api/cities/london/scrap-yards?{query}")
    assert response.status_code == 422
    assert response.json()["message"].startswith("Invalid request: ")


def test_unknown_city_sub_resources_are_404(client: TestClient) -> None:
    for suffix in ("prices", "overview", "scrap-yards"):
        response = client.get(f"/api/cities/nowhere/{suffix}")
        assert response.status_code == 404
        assert "message" in response.json()

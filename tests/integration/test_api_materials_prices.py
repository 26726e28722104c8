"""Materials, their prices across cities, summaries in one currency, and history."""

import itertools
from decimal import ROUND_HALF_UP, Decimal

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, select

from scrapindex.models import FxRate
from scrapindex.queries.prices import latest_usd_rates
from tests.conftest import TEST_DEMO

CATEGORIES = {"Copper", "Brass", "Aluminum", "Steel", "Lead", "Zinc", "Precious", "Electronics"}


def test_materials_list(client: TestClient) -> None:
    materials = client.get("/api/materials").json()
    assert len(materials) >= 30
    assert {m["category"] for m in materials} == CATEGORIES
    assert {"copper", "brass", "aluminum", "steel"} <= {m["slug"] for m in materials}
    assert set(materials[0]) == {
        "id",
        "name",
        "slug",
        "category",
        "grade",
        "description",
        "saleUnit",
    }
    units = {m["slug"]: m["saleUnit"] for m in materials}
    assert (units["catalytic-converters"], units["silver"], units["copper"]) == (
        "piece",
        "troy_oz",
        "kg",
    )


def test_one_material_and_unknown(client: TestClient) -> None:
    assert client.get("/api/materials/copper").json()["name"] == "Copper"
    response = client.get("/api/materials/unobtainium")
    assert response.status_code == 404
    assert response.json() == {"message": "Material 'unobtainium' not found"}
    assert client.get("/api/materials/unobtainium/prices").status_code == 404


def test_material_prices_cover_every_city_in_local_currency(client: TestClient) -> None:
    rows = client.get("/api/materials/copper/prices").json()
    assert len(rows) == 75
    currency_of = {c["slug"]: c["country"]["currency"] for c in client.get("/api/cities").json()}
    for row in rows:
        assert row["currency"] == currency_of[row["city"]["slug"]]
        assert set(row["city"]["country"]) == {"code", "name"}
    usd = [Decimal(r["priceUsd"]) for r in rows]
    assert usd == sorted(usd, reverse=True)


def test_usd_conversion_uses_latest_rate(client: TestClient, engine: Engine) -> None:
    london = next(
        r
        for r in client.get("/api/materials/copper/prices").json()
        if r["city"]["slug"] == "london"
    )
    with engine.connect() as conn:
        rate = conn.execute(
            select(FxRate.usd_per_unit).where(
                FxRate.currency == "GBP", FxRate.rate_date == TEST_DEMO.end_date
            )
        ).scalar_one()
    expected = (Decimal(london["priceExact"]) * rate).quantize(Decimal("0.01"))
    assert Decimal(london["priceUsd"]) == expected
    unrounded = Decimal(london["priceExact"]) * rate
    assert london["priceUsdExact"] == f"{unrounded.quantize(Decimal('0.0001'), ROUND_HALF_UP)}"


def test_summary_is_in_one_labelled_currency(client: TestClient) -> None:
    summaries = client.get("/api/prices/summary").json()
    materials = client.get("/api/materials").json()
    assert len(summaries) == len(materials)
    copper_rows = client.get("/api/materials/copper/prices").json()
    copper = next(s for s in summaries if s["materialSlug"] == "copper")
    usd = [Decimal(r["priceUsd"]) for r in copper_rows]
    assert copper["currency"] == "USD"
    assert Decimal(copper["minPrice"]) == min(usd)
    assert Decimal(copper["maxPrice"]) == max(usd)
    mean = sum(usd, Decimal(0)) / len(usd)
    assert Decimal(copper["averagePrice"]) == mean.quantize(Decimal("0.01"))
    assert copper["citiesTracked"] == 75
    assert copper["countries"] == 7


def test_levels_are_realistic_relative_to_each_other(client: TestClient) -> None:
    summary = {
        s["materialSlug"]: Decimal(s["averagePrice"])
        for s in client.get("/api/prices/summary").json()
    }
    assert summary["copper"] > 3 * summary["aluminum"]
    assert summary["aluminum"] > 2 * summary["steel"]


def test_prices_list_is_paged(client: TestClient) -> None:
    first = client.get("/api/prices?limit=100").json()
    assert len(first["data"]) == 100
    assert first["pagination"]["total"] == 75 * 34
    assert first["pagination"]["pages"] == -(-75 * 34 // 100)
    second = client.get("/api/prices?limit=100&page=2").json()
    assert {r["id"] for r in first["data"]}.isdisjoint({r["id"] for r in second["data"]})
    assert client.get("/api/prices?limit=101").status_code == 422
    for row in first["data"]:  # the dollars to the cent, and to four places for the units
        exact = Decimal(row["priceUsdExact"])
        assert abs(exact - Decimal(row["priceUsd"])) <= Decimal("0.005")


def test_history_returns_the_requested_days_oldest_first(client: TestClient) -> None:
    response = client.get("/api/prices/history?materialSlug=copper&citySlug=johannesburg&days=30")
    body = response.json()
    assert body["currency"] == "ZAR"
    assert len(body["points"]) == 30
    dates = [p["date"] for p in body["points"]]
    assert dates == sorted(dates)
    assert dates[-1] == TEST_DEMO.end_date.isoformat()
    latest = next(
        r for r in client.get("/api/cities/johannesburg/prices").json()
        if r["material"]["slug"] == "copper"
    )  # fmt: skip
    assert body["points"][-1]["price"] == latest["price"]


def test_history_is_capped_by_stored_days(client: TestClient) -> None:
    body = client.get(
        "/api/prices/history?materialSlug=brass&citySlug=london&days=365&resolution=day"
    ).json()
    assert len(body["points"]) == TEST_DEMO.days


@pytest.mark.parametrize(
    ("query", "status"),
    [
        ("materialSlug=copper&citySlug=london&days=0", 422),
        ("materialSlug=copper&citySlug=london&days=-1", 422),
        ("materialSlug=copper&citySlug=london&days=3661", 422),
        ("materialSlug=copper&citySlug=london&days=ten", 422),
        ("citySlug=london", 422),
        ("materialSlug=copper", 422),
        ("materialSlug=nothing&citySlug=london", 404),
        ("materialSlug=copper&citySlug=nowhere", 404),
    ],
)
def test_history_bad_parameters(client: TestClient, query: str, status: int) -> None:
    response = client.get(f"/api/prices/history?{query}")
    assert response.status_code == status
    assert response.json()["message"]


def test_every_material_ranks_cities_on_the_exact_price(client: TestClient, engine: Engine) -> None:
    """Rank on price x rate unrounded: within one currency the dearer city comes first, and
    equal prices go by city name (many cities of a country share one estimated price)."""
    with engine.connect() as conn:
        rates = latest_usd_rates(conn)
    for material in client.get("/api/materials").json():
        rows = client.get(f"/api/materials/{material['slug']}/prices").json()
        exact = [Decimal(r["priceExact"]) * rates[r["currency"]] for r in rows]
        assert exact == sorted(exact, reverse=True), material["slug"]
        for before, after in itertools.pairwise(rows):
            if before["currency"] != after["currency"]:
                continue
            assert Decimal(before["priceExact"]) >= Decimal(after["priceExact"]), material["slug"]
            if Decimal(before["priceExact"]) == Decimal(after["priceExact"]):
                assert before["city"]["name"] <= after["city"]["name"], material["slug"]

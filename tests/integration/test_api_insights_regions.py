"""Market insights, region pages' prices, and the directory map's centre."""

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from scrapindex.models import City, CurrentPrice, Material, Price, Region
from scrapindex.queries.prices import USD_CENT as CENT
from scrapindex.queries.prices import latest_usd_rates
from scrapindex.schemas.common import STORED_PLACES


def get(client: TestClient, url: str) -> Any:
    response = client.get(url)
    assert response.status_code == 200, response.text
    return response.json()


def stored_price(engine: Engine, material_slug: str, city_slug: str, day: dt.date) -> Decimal:
    with Session(engine) as session:
        return session.execute(
            select(Price.price_per_kg)
            .join(Material, Material.id == Price.material_id)
            .join(City, City.id == Price.city_id)
            .where(Material.slug == material_slug, City.slug == city_slug, Price.price_date == day)
        ).scalar_one()


def test_insights_compare_the_newest_day_with_a_week_before(
    client: TestClient, engine: Engine
) -> None:
    insights = get(client, "/api/insights")
    as_of = dt.date.fromisoformat(insights["asOf"])
    assert dt.date.fromisoformat(insights["comparedWith"]) == as_of - dt.timedelta(days=7)
    assert {c["code"] for c in insights["countries"]} == {"ZA", "US", "AU", "GB", "CA", "NZ", "ES"}

    mover = insights["countries"][0]["risers"][0]
    now = stored_price(engine, mover["material"]["slug"], mover["city"]["slug"], as_of)
    before = stored_price(
        engine, mover["material"]["slug"], mover["city"]["slug"], as_of - dt.timedelta(days=7)
    )
    assert mover["price"] == f"{now:.2f}"
    assert mover["weekAgoPrice"] == f"{before:.2f}"
    assert mover["changePercent"] == round(float((now - before) / before * 100), 1)


def test_insights_rank_risers_and_fallers_within_each_country(client: TestClient) -> None:
    for country in get(client, "/api/insights")["countries"]:
        rises = [m["changePercent"] for m in country["risers"]]
        falls = [m["changePercent"] for m in country["fallers"]]
        assert len(rises) <= 5
        assert len(falls) <= 5
        assert all(r > 0 for r in rises)
        assert rises == sorted(rises, reverse=True)
        assert all(f < 0 for f in falls)
        assert falls == sorted(falls)
        movers = country["risers"] + country["fallers"]
        assert all(m["city"]["country"]["code"] == country["code"] for m in movers)


def test_most_tracked_materials_count_the_cities_quoting_them(
    client: TestClient, engine: Engine
) -> None:
    tracked = get(client, "/api/insights")["mostTracked"]
    assert 0 < len(tracked) <= 10
    with Session(engine) as session:
        slug = tracked[0]["material"]["slug"]
        cities = session.execute(
            select(CurrentPrice.city_id).join(Material).where(Material.slug == slug)
        ).all()
    assert tracked[0]["cityCount"] == len(cities)
    counts = [t["cityCount"] for t in tracked]
    assert counts == sorted(counts, reverse=True)


def test_most_tracked_averages_come_with_their_unrounded_mean(
    client: TestClient, engine: Engine
) -> None:
    """averagePriceUsdExact is the mean of price x rate unrounded, to four places, where
    averagePriceUsd is the mean of the prices rounded to the cent (and is itself rounded)."""
    tracked = get(client, "/api/insights")["mostTracked"]
    with Session(engine) as session:
        rates = latest_usd_rates(session)
        for entry in tracked:
            series = session.execute(
                select(CurrentPrice.price_per_kg, CurrentPrice.currency)
                .join(Material)
                .where(Material.slug == entry["material"]["slug"])
            ).all()
            exact = [price * rates[currency] for price, currency in series if currency in rates]
            mean = sum(exact, Decimal(0)) / len(exact)
            rounded = [(price * rates[c]).quantize(CENT) for price, c in series if c in rates]
            assert entry["averagePriceUsdExact"] == f"{mean.quantize(STORED_PLACES, ROUND_HALF_UP)}"
            cents_mean = sum(rounded, Decimal(0)) / len(rounded)
            assert entry["averagePriceUsd"] == f"{cents_mean.quantize(CENT)}"
    # Rounded to the cent first, the prices make another mean: somewhere the two differ.
    assert any(Decimal(t["averagePriceUsdExact"]) != Decimal(t["averagePriceUsd"]) for t in tracked)


def test_region_prices_average_the_regions_cities(client: TestClient, engine: Engine) -> None:
    region = get(client, "/api/countries/us/regions/california")
    rows = get(client, "/api/countries/us/regions/california/prices")
    assert rows
    assert all(r["currency"] == "USD" for r in rows)
    copper = next(r for r in rows if r["material"]["slug"] == "copper")
    with Session(engine) as session:
        prices = session.scalars(
            select(Price.price_per_kg)
            .join(CurrentPrice, CurrentPrice.price_id == Price.id)
            .join(City, City.id == CurrentPrice.city_id)
            .join(Region, Region.id == City.region_id)
            .join(Material, Material.id == CurrentPrice.material_id)
            .where(Region.slug == "california", Material.slug == "copper")
        ).all()
    assert copper["cityCount"] == len(prices) == len(region["cities"])
    assert copper["averagePrice"] == f"{sum(prices) / len(prices):.2f}"
    assert copper["minPrice"] == f"{min(prices):.2f}"
    assert copper["maxPrice"] == f"{max(prices):.2f}"
    averages = [Decimal(r["averagePrice"]) for r in rows]
    assert averages == sorted(averages, reverse=True)


def test_region_prices_of_unknown_region_or_country_are_404(client: TestClient) -> None:
    assert client.get("/api/countries/us/regions/atlantis/prices").status_code == 404
    assert client.get("/api/countries/xx/regions/california/prices").status_code == 404


def test_directory_stats_carry_the_mean_position_of_the_matches(client: TestClient) -> None:
    page = get(client, "/api/scrap-yards?country=au&limit=1")
    yards = [y for y in get(client, "/api/scrap-yards/all") if y["city"]["country"]["code"] == "AU"]
    stats = page["stats"]
    assert abs(stats["centerLatitude"] - sum(y["latitude"] for y in yards) / len(yards)) < 1e-9
    assert abs(stats["centerLongitude"] - sum(y["longitude"] for y in yards) / len(yards)) < 1e-9
    nothing = get(client, "/api/scrap-yards?q=no-such-yard-anywhere")["stats"]
    assert nothing["centerLatitude"] is None
    assert nothing["centerLongitude"] is None

"""A material's markets for its page: ranked and paged, summed up, and their cities. Each is
checked against the whole ranked list (/api/materials/{slug}/prices) it must agree with."""

import itertools
import unicodedata
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, select, update
from sqlalchemy.orm import Session

from scrapindex.models import City, CurrentPrice, Material, Price
from scrapindex.queries.current_prices import refresh_current_prices
from scrapindex.queries.material_markets import material_markets, sort_markets
from scrapindex.queries.prices import latest_usd_rates
from scrapindex.schemas.common import STORED_PLACES, CountryRef
from scrapindex.schemas.material_markets import MARKET_CITIES, market_cities_json
from scrapindex.schemas.places import CityRef
from tests.conftest import TEST_DEMO, FreshDatabase
from tests.moderation import app_client

Row = dict[str, Any]


def every_page(client: TestClient, slug: str, query: str, limit: int) -> list[Row]:
    rows: list[Row] = []
    page = 1
    while True:
        body = client.get(f"/api/materials/{slug}/markets?{query}&limit={limit}&page={page}")
        assert body.status_code == 200
        answer = body.json()
        rows += answer["data"]
        if page >= answer["pagination"]["pages"]:
            assert answer["pagination"]["total"] == len(rows)
            return rows
        page += 1


def four_places(value: Decimal) -> str:
    return f"{value.quantize(STORED_PLACES, ROUND_HALF_UP)}"


def usd_rates(engine: Engine) -> dict[str, Decimal]:
    with engine.connect() as connection:
        return latest_usd_rates(connection)


def names(rows: list[Row]) -> list[tuple[str, str]]:
    return [(r["city"]["name"], r["city"]["country"]["name"]) for r in rows]


def folded(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


@pytest.mark.parametrize("slug", ["copper", "steel", "aluminum"])
def test_pages_by_price_are_the_ranked_list_in_slices(client: TestClient, slug: str) -> None:
    ranked = client.get(f"/api/materials/{slug}/prices").json()
    assert every_page(client, slug, "sort=price", 20) == ranked
    assert every_page(client, slug, "sort=price&order=desc", 7) == ranked


def test_lowest_first_keeps_equal_prices_by_city_name(client: TestClient) -> None:
    ranked = client.get("/api/materials/steel/prices").json()
    ascending = every_page(client, "steel", "sort=price&order=asc", 50)
    assert sorted(names(ascending)) == sorted(names(ranked))
    exact = [Decimal(r["priceUsd"]) for r in ascending]
    assert exact == sorted(exact)
    ties = 0
    for before, after in itertools.pairwise(ascending):
        if before["currency"] == after["currency"] and before["priceExact"] == after["priceExact"]:
            ties += 1
            assert before["city"]["name"] <= after["city"]["name"]
    assert ties > 0  # estimated prices repeat within a country: the rule was exercised


def test_by_city_name_a_to_z_and_back(client: TestClient) -> None:
    a_to_z = every_page(client, "copper", "sort=city", 30)
    keys = [(folded(city), folded(country)) for city, country in names(a_to_z)]
    assert keys == sorted(keys)
    assert len(a_to_z) == 75
    z_to_a = every_page(client, "copper", "sort=city&order=desc", 30)
    assert z_to_a == a_to_z[::-1]


def test_a_page_past_the_end_is_empty_and_says_how_many_there_are(client: TestClient) -> None:
    body = client.get("/api/materials/copper/markets?page=9&limit=20").json()
    assert body == {"data": [], "pagination": {"page": 9, "pages": 4, "total": 75, "limit": 20}}


@pytest.mark.parametrize(
    "query",
    ["sort=rating", "order=up", "page=0", "limit=0", "limit=101", "page=x", "page=100001"],
)
def test_bad_parameters_are_422(client: TestClient, query: str) -> None:
    response = client.get(f"/api/materials/copper/markets?{query}")
    assert response.status_code == 422
    assert response.json()["message"]


def test_unknown_material_is_404_everywhere(client: TestClient) -> None:
    for path in ("markets", "markets/summary", "markets/cities"):
        response = client.get(f"/api/materials/unobtainium/{path}")
        assert response.status_code == 404
        assert response.json() == {"message": "Material 'unobtainium' not found"}


def expected_summary(ranked: list[Row], rates: dict[str, Decimal]) -> Row:
    """What the material page computed in the browser from the whole list, and the same
    figures of the unrounded prices in dollars (price x rate)."""
    priced = [r for r in ranked if r["priceUsd"] is not None]
    usd = [Decimal(r["priceUsd"]) for r in priced]
    exact = [Decimal(r["priceExact"]) * rates[r["currency"]] for r in priced]
    # The cheapest is the ranking's last priced row; among its equals, the first by name.
    last = priced[-1]
    lowest = next(
        r
        for r in priced
        if r["currency"] == last["currency"] and r["priceExact"] == last["priceExact"]
    )
    assert Decimal(lowest["priceUsd"]) == min(usd)
    mean = sum(usd, Decimal(0)) / len(usd)
    return {
        "cityCount": len(ranked),
        "countryCount": len({r["city"]["country"]["code"] for r in ranked}),
        "usdCount": len(priced),
        "averageUsd": f"{mean:.6f}",
        "averageUsdExact": four_places(sum(exact, Decimal(0)) / len(exact)),
        "minUsd": f"{min(usd):.2f}",
        "minUsdExact": four_places(min(exact)),
        "maxUsd": f"{max(usd):.2f}",
        "maxUsdExact": four_places(max(exact)),
        "highest": priced[0],
        "lowest": lowest,
        "top": priced[:5],
    }


@pytest.mark.parametrize("slug", ["copper", "steel", "aluminum", "brass"])
def test_summary_agrees_with_the_whole_list(client: TestClient, engine: Engine, slug: str) -> None:
    ranked = client.get(f"/api/materials/{slug}/prices").json()
    summary = client.get(f"/api/materials/{slug}/markets/summary").json()
    assert summary == expected_summary(ranked, usd_rates(engine))
    assert summary["countryCount"] == 7
    assert summary["cityCount"] == 75


def test_usd_figures_come_with_their_unrounded_value(client: TestClient, engine: Engine) -> None:
    """Each figure in dollars rounded to the cent has a companion to four places, from price x
    rate unrounded, for the page's per-tonne and per-lb figures: from "0.13" a kg the page
    would show $130.00 a tonne where the price is, say, $128.40."""
    rates = usd_rates(engine)
    rows = client.get("/api/materials/steel/prices").json()
    page = client.get("/api/materials/steel/markets?limit=100").json()["data"]
    summary = client.get("/api/materials/steel/markets/summary").json()
    assert rows == page  # the same rows, exact dollars included
    for row in [*rows, *summary["top"], summary["highest"], summary["lowest"]]:
        exact = Decimal(row["priceExact"]) * rates[row["currency"]]
        assert row["priceUsdExact"] == four_places(exact)
        assert row["priceUsd"] == f"{exact.quantize(Decimal('0.01'))}"
    # Steel's prices in dollars are cents a kg: rounding to the cent moves them by dollars a
    # tonne, which the exact figure keeps.
    assert any(Decimal(r["priceUsdExact"]) != Decimal(r["priceUsd"]) for r in rows)
    dollars = [Decimal(r["priceExact"]) * rates[r["currency"]] for r in rows]
    assert summary["minUsdExact"] == four_places(min(dollars))
    assert summary["maxUsdExact"] == four_places(max(dollars))
    assert summary["averageUsdExact"] == four_places(sum(dollars, Decimal(0)) / len(dollars))
    for name in ("minUsd", "maxUsd"):
        assert abs(Decimal(summary[f"{name}Exact"]) - Decimal(summary[name])) <= Decimal("0.005")


def test_cities_are_the_markets_a_to_z(client: TestClient) -> None:
    cities = client.get("/api/materials/copper/markets/cities").json()
    a_to_z = every_page(client, "copper", "sort=city", 100)
    assert cities == [r["city"] for r in a_to_z]


def test_the_cities_are_the_json_of_the_models(engine: Engine) -> None:
    """The chooser's cities make, byte for byte, the JSON FastAPI writes for CityRef models."""
    with Session(engine) as session:
        # A name that JSON must escape (never committed: the session rolls back).
        session.execute(update(City).where(City.slug == "durban").values(name='eThekwini "Durban"'))
        material_id = session.scalars(select(Material.id).where(Material.slug == "copper")).one()
        markets = sort_markets(material_markets(session, material_id, {}), "city", "asc")
        cities = {city.id: city for city in session.scalars(select(City))}
        expected = [
            CityRef(
                id=city.id,
                name=city.name,
                slug=city.slug,
                country=CountryRef(code=city.country.code, name=city.country.name),
            )
            for city in (cities[market.city_id] for market in markets)
        ]
    assert len(expected) == 75
    assert market_cities_json(markets) == MARKET_CITIES.dump_json(expected, by_alias=True)
    assert b'eThekwini \\"Durban\\"' in market_cities_json(markets)


def test_markets_without_a_rate_come_last_and_stay_out_of_the_figures(
    fresh_database: FreshDatabase,
) -> None:
    engine = fresh_database(TEST_DEMO)
    with Session(engine) as session:
        series = session.scalars(
            select(CurrentPrice.price_id)
            .where(CurrentPrice.material_id == 1)
            .order_by(CurrentPrice.city_id)
            .limit(3)
        ).all()
        session.execute(update(Price).where(Price.id.in_(series)).values(currency="XXX"))
        refresh_current_prices(session.connection())
        session.commit()
        slug = session.get_one(Material, 1).slug
    with app_client(engine) as client:
        for order in ("desc", "asc"):
            rows = every_page(client, slug, f"sort=price&order={order}", 20)
            assert [r["currency"] for r in rows[-3:]] == ["XXX"] * 3, order
            assert all(r["priceUsd"] is None for r in rows[-3:])
            assert all(r["priceUsdExact"] is None for r in rows[-3:])
            assert names(rows[-3:]) == sorted(names(rows[-3:]))
        summary = client.get(f"/api/materials/{slug}/markets/summary").json()
    assert summary["cityCount"] == 75
    assert summary["usdCount"] == 72
    assert all(r["currency"] != "XXX" for r in [*summary["top"], summary["lowest"]])


def test_no_markets_at_all(fresh_database: FreshDatabase) -> None:
    engine = fresh_database(TEST_DEMO)
    with Session(engine) as session:
        copper = session.scalars(select(Material.id).where(Material.slug == "copper")).one()
        session.execute(update(Price).where(Price.material_id == copper).values(currency="XXX"))
        refresh_current_prices(session.connection())
        session.commit()
    with app_client(engine) as client:
        summary = client.get("/api/materials/copper/markets/summary").json()
    assert summary["cityCount"] == 75
    assert summary["usdCount"] == 0
    assert summary["averageUsd"] is None
    assert summary["averageUsdExact"] is None
    assert summary["minUsdExact"] is None
    assert summary["maxUsdExact"] is None
    assert summary["highest"] is None
    assert summary["lowest"] is None
    assert summary["top"] == []

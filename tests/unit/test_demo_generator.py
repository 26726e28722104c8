"""The demo generator: deterministic, and covering what the site promises."""

import datetime as dt
import hashlib
import itertools
import random
from collections import Counter
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest

from scrapindex.data.demo import DEMO_SOURCE_ID, DemoConfig, DemoData, generate, next_demo_price
from scrapindex.data.estimate_table import load_estimate_table
from scrapindex.data.legal import read_legal_rules
from scrapindex.data.reference import load_materials
from tests.conftest import CONTENT_DIR

SPEC_CITY_SLUGS = {
    "johannesburg", "cape-town", "sydney", "new-york", "london", "toronto", "auckland", "madrid",
}  # fmt: skip


def fingerprint(data: DemoData) -> str:
    digest = hashlib.sha256()
    for table in (data.cities, data.materials, data.fx_rates, data.yards):
        digest.update(repr(table).encode())
    for row in data.prices():
        digest.update(repr(sorted(row.items())).encode())
    return digest.hexdigest()


def test_same_seed_same_rows_other_seed_other_rows() -> None:
    config = DemoConfig(end_date=dt.date(2025, 6, 30), days=15)
    assert fingerprint(generate(CONTENT_DIR, config)) == fingerprint(generate(CONTENT_DIR, config))
    other = DemoConfig(end_date=config.end_date, days=15, seed=config.seed + 1)
    assert fingerprint(generate(CONTENT_DIR, other)) != fingerprint(generate(CONTENT_DIR, config))


@pytest.fixture(scope="module")
def year() -> DemoData:
    return generate(CONTENT_DIR, DemoConfig(end_date=dt.date(2026, 11, 21)))


def test_places(year: DemoData) -> None:
    per_country = Counter(c["country_code"] for c in year.cities)
    assert sum(per_country[c] for c in ("ZA", "US", "AU", "GB", "CA")) == 69
    assert per_country["NZ"] >= 2
    assert per_country["ES"] >= 2
    slugs = [c["slug"] for c in year.cities]
    assert len(slugs) == len(set(slugs))
    assert set(slugs) >= SPEC_CITY_SLUGS
    regions = {(r["country_code"], r["slug"]) for r in year.regions}
    assert {("US", "california"), ("US", "texas"), ("US", "florida")} <= regions
    for city in year.cities:
        ZoneInfo(city["time_zone"])
        assert -90 <= city["latitude"] <= 90
        assert -180 <= city["longitude"] <= 180


def test_materials(year: DemoData) -> None:
    assert len(year.materials) >= 30
    assert {m["category"] for m in year.materials} == {
        "Copper", "Brass", "Aluminum", "Steel", "Lead", "Zinc", "Precious", "Electronics"
    }  # fmt: skip
    assert {m["grade"] for m in year.materials} <= {None, "Grade A", "Clean", "Mixed", "HMS 1&2"}
    assert {"copper", "brass", "aluminum", "steel"} <= {m["slug"] for m in year.materials}
    assert all(len(m["description"]) > 40 for m in year.materials)


def test_a_year_of_daily_prices_for_every_series(year: DemoData) -> None:
    per_day: Counter[dt.date] = Counter()
    currency_of = {c["code"]: c["currency"] for c in year.countries}
    city_currency = {c["id"]: currency_of[c["country_code"]] for c in year.cities}
    for row in year.prices():
        per_day[row["price_date"]] += 1
        price: Decimal = row["price_per_kg"]
        assert price > 0
        assert price == price.quantize(Decimal("0.0001"))  # the stored precision, not cents
        assert row["currency"] == city_currency[row["city_id"]]
        assert row["source_id"] == DEMO_SOURCE_ID
    assert len(per_day) == 365
    assert set(per_day.values()) == {len(year.cities) * len(year.materials)}
    assert min(per_day.values()) >= 2000


FAMILIES = load_estimate_table(CONTENT_DIR).families


def test_reference_levels_follow_the_grade_families() -> None:
    level = {m["slug"]: m["usdPerUnit"] for m in load_materials(CONTENT_DIR)}
    for grades in FAMILIES.values():
        levels = [level[grade] for grade in grades]
        assert levels == sorted(levels, reverse=True), grades


def test_grade_families_keep_their_order_in_every_city_every_day(year: DemoData) -> None:
    slug_of = {m["id"]: m["slug"] for m in year.materials}
    prices: dict[tuple[int, dt.date, str], Decimal] = {}
    for row in year.prices():
        prices[(row["city_id"], row["price_date"], slug_of[row["material_id"]])] = row[
            "price_per_kg"
        ]
    inversions = [
        (city["slug"], day, dearer, cheaper)
        for city in year.cities
        for day in year.config.dates()
        for grades in FAMILIES.values()
        for dearer, cheaper in itertools.pairwise(grades)
        if prices[(city["id"], day, dearer)] < prices[(city["id"], day, cheaper)]
    ]
    assert inversions == []


def test_fx_for_every_currency_every_day(year: DemoData) -> None:
    currencies = {c["currency"] for c in year.countries}
    days = Counter(r["currency"] for r in year.fx_rates)
    assert set(days) == currencies
    assert set(days.values()) == {365}


def test_yards(year: DemoData) -> None:
    assert len(year.yards) >= 550
    cities = {c["id"]: c for c in year.cities}
    assert {y["city_id"] for y in year.yards} == set(cities)
    for yard in year.yards:
        city = cities[yard["city_id"]]
        assert abs(yard["latitude"] - city["latitude"]) < 0.2
        assert yard["website"] is None or yard["website"].endswith(".example.com")
        assert yard["rating"] is None or 1 <= yard["rating"] <= 5
        for interval in yard["weekly_hours"]:
            assert 0 <= interval["day"] <= 6
    us_phones = [y["phone"] for y in year.yards if cities[y["city_id"]]["country_code"] == "US"]
    assert all(p is None or "555-01" in p for p in us_phones)  # fictional NANP range


def test_legal_guidance_files() -> None:
    rows = read_legal_rules(CONTENT_DIR)
    per_country = Counter(r["country_code"] for r in rows)
    every_country = {"ZA", "AU", "US", "GB", "CA", "NZ", "ES"}
    assert {c for c, n in per_country.items() if n >= 4} == every_country


def test_scale_adds_named_demo_towns_and_keeps_the_real_cities() -> None:
    short = DemoConfig(end_date=dt.date(2026, 11, 21), days=3)
    real = generate(CONTENT_DIR, short)
    scaled = generate(CONTENT_DIR, DemoConfig(end_date=short.end_date, days=3, scale=3))
    assert len(scaled.cities) == 3 * len(real.cities)
    assert scaled.cities[: len(real.cities)] == real.cities  # same ids, names and places
    assert scaled.materials == real.materials
    assert scaled.fx_rates == real.fx_rates
    towns = scaled.cities[len(real.cities) :]
    assert all(" Demo Town " in t["name"] and "-demo-town-" in t["slug"] for t in towns)
    slugs = [c["slug"] for c in scaled.cities]
    assert len(slugs) == len(set(slugs))
    parent = {c["slug"]: c for c in real.cities}
    for town in towns:
        city = parent[town["slug"].rsplit("-demo-town-", 1)[0]]
        assert (town["country_code"], town["region_id"]) == (
            city["country_code"],
            city["region_id"],
        )
        assert town["time_zone"] == city["time_zone"]
        assert (
            0.1
            < abs(town["latitude"] - city["latitude"]) + abs(town["longitude"] - city["longitude"])
            < 10
        )
        assert town["population"] < city["population"]
    assert 2.8 * len(real.yards) < len(scaled.yards) < 3.2 * len(real.yards)
    assert {y["city_id"] for y in scaled.yards} == {c["id"] for c in scaled.cities}
    rows = list(scaled.prices())
    assert len(rows) == len(scaled.cities) * len(scaled.materials) * 3
    assert {r["source_id"] for r in rows} == {DEMO_SOURCE_ID}  # still labelled demo
    assert fingerprint(scaled) == fingerprint(
        generate(CONTENT_DIR, DemoConfig(end_date=short.end_date, days=3, scale=3))
    )


def test_steel_moves_below_a_penny_so_its_chart_is_a_line(year: DemoData) -> None:
    """Steel near 0.13/kg at whole cents could only step by 8%; at the stored four decimals its
    series takes many more distinct values than it has distinct cents."""
    steel = next(i for i, m in enumerate(year.material_refs, start=1) if m["slug"] == "steel")
    london = next(c["id"] for c in year.cities if c["slug"] == "london")
    series = [
        row["price_per_kg"]
        for row in year.prices()
        if row["material_id"] == steel and row["city_id"] == london
    ]
    cents = {price.quantize(Decimal("0.01")) for price in series}
    assert len(set(series)) > 5 * len(cents)


def test_the_daily_step_keeps_four_decimals() -> None:
    rng = random.Random(7)
    steps = {next_demo_price(Decimal("0.1285"), 0.13, 0.02, 0.0, rng) for _ in range(50)}
    assert all(step == step.quantize(Decimal("0.0001")) for step in steps)
    assert any(step != step.quantize(Decimal("0.01")) for step in steps)
    assert len(steps) > 10

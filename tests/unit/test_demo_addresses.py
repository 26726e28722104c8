"""Demo yards' addresses name the district their pins are in, not one postcode for a city."""

import datetime as dt
import re
from collections import defaultdict

import pytest

from scrapindex.data.demo import DemoConfig, DemoData, generate
from scrapindex.data.demo_districts import districts, km_between
from scrapindex.data.reference import load_places
from tests.conftest import CONTENT_DIR

# Demo yards lie up to about 10 km from their city's centre each way (a square, so up to 14 km
# at a corner), and some of that is sea: a district centre this near is the same part of town.
NEAR_KM = 14


@pytest.fixture(scope="module")
def demo() -> DemoData:
    return generate(CONTENT_DIR, DemoConfig(end_date=dt.date(2026, 11, 21), days=1))


def _postcodes_in(address: str, candidates: set[str]) -> set[str]:
    return {
        code for code in candidates if re.search(rf"(^|[ ,]){re.escape(code)}($|[ ,])", address)
    }


def test_every_demo_yard_has_the_postcode_of_a_district_near_its_pin(demo: DemoData) -> None:
    table = districts()
    for yard in demo.yards:
        city = next(c for c in demo.cities if c["id"] == yard["city_id"])
        rows = table[city["slug"]]
        named = _postcodes_in(yard["address"], {d.postcode for d in rows})
        assert named, f"{yard['address']} ({city['slug']}) names none of the city's districts"
        nearest_named = min(
            km_between(yard["latitude"], yard["longitude"], d.latitude, d.longitude)
            for d in rows
            if d.postcode in named
        )
        assert nearest_named < NEAR_KM, (yard["address"], yard["latitude"], yard["longitude"])


def test_a_citys_demo_yards_do_not_share_one_postcode(demo: DemoData) -> None:
    by_city: dict[str, set[str]] = defaultdict(set)
    slug_of = {c["id"]: c["slug"] for c in demo.cities}
    for yard in demo.yards:
        by_city[slug_of[yard["city_id"]]].add(yard["address"])
    # New York's 14 demo yards all said "NY 10474" (Hunts Point, the Bronx), 11 km from some.
    new_york = by_city["new-york"]
    zips = {re.findall(r"\b\d{5}$", address)[0] for address in new_york}
    assert len(new_york) == 14
    assert len(zips) >= 5
    assert all(re.search(r", (NY|NJ) \d{5}$", address) for address in new_york)


def test_the_district_table_covers_each_city_near_its_centre() -> None:
    cities = {
        city["slug"]: city
        for country in load_places(CONTENT_DIR)
        for region in country["regions"]
        for city in region["cities"]
    }
    table = districts()
    assert set(table) == set(cities)
    for slug, rows in table.items():
        centre = cities[slug]
        assert len(rows) >= 5, slug
        for district in rows:
            away = km_between(
                centre["latitude"], centre["longitude"], district.latitude, district.longitude
            )
            assert away < 16, (slug, district.name, round(away, 1))

"""The demo data set: a deterministic generator (same seed and end date, same rows).

Places and materials are real reference data. Prices, exchange rates and yards are invented
around realistic levels and every such row names the demo source, so nothing generated here can
pass for a real quote. Phone numbers use ranges set aside for fiction where a country has one,
and web addresses live under example.com, which can never belong to a real business.
"""

import datetime as dt
import math
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from scrapindex.data.demo_districts import nearest_district
from scrapindex.data.estimate_table import load_estimate_table
from scrapindex.data.reference import CityRef, CountryRef, MaterialRef, load_materials, load_places
from scrapindex.price_kinds import DEMO_KIND

DEMO_SOURCE_NAME = "ScrapIndex demo data (generated, not real quotes)"
DEMO_SOURCE_ID = 1
DEFAULT_SEED = 20241
CENT = Decimal("0.01")
# Demo prices move in the stored precision, four decimals per kg, as real per-tonne quotes do
# (£128.50/t is 0.1285/kg): in whole cents, steel at 0.13/kg could only jump by 8% steps.
STORED_STEP = Decimal("0.0001")

# The random walks: each day keeps this much of yesterday's deviation and adds a fresh shock.
FX_PERSISTENCE = 0.98
FX_VOLATILITY = 0.004
MARKET_PERSISTENCE = 0.995  # the market-wide path of a material, shared by all cities
LOCAL_PERSISTENCE = 0.9  # each city's own wobble around it
LOCAL_VOLATILITY_SHARE = 0.4
BOARD_STANDS_PROBABILITY = 0.35  # yards do not re-price every material every day

# US dollars per unit, around which the demo exchange rates wander.
FX_CENTRES = {
    "USD": 1.0,
    "ZAR": 0.055,
    "AUD": 0.66,
    "GBP": 1.27,
    "CAD": 0.73,
    "NZD": 0.60,
    "EUR": 1.08,
}

YARD_NAME_WORDS = (
    "Apex", "Reliable", "Eagle", "Summit", "Metro", "Central", "Ironclad", "Phoenix", "Redline",
    "Northside", "Southside", "Harbour", "Valley", "Premier", "Titan", "Allied", "Atlas",
    "Liberty", "Pioneer", "Union", "Crown", "Anchor", "Keystone", "Trident", "Granite", "Falcon",
    "Mercury", "Horizon", "Cornerstone", "Bluewater",
)  # fmt: skip
YARD_KINDS = (
    "Scrap Metal", "Metal Recyclers", "Recycling", "Scrap Yard", "Metals", "Salvage",
    "Metal Traders", "Scrap & Salvage",
)  # fmt: skip
GB_DRAMA_PREFIXES = {
    "20": "020 7946 0",
    "113": "0113 496 0",
    "114": "0114 496 0",
    "115": "0115 496 0",
    "116": "0116 496 0",
    "117": "0117 496 0",
    "118": "0118 496 0",
    "121": "0121 496 0",
    "131": "0131 496 0",
    "141": "0141 496 0",
    "151": "0151 496 0",
    "161": "0161 496 0",
    "191": "0191 498 0",
    "28": "028 9649 6",
    "29": "029 2018 0",
}


@dataclass(frozen=True)
class DemoConfig:
    end_date: dt.date
    days: int = 365
    seed: int = DEFAULT_SEED
    yards_target: int = 565  # at scale 1; ``scale`` times as many at a larger scale
    # How many times the real places: every real city gains scale - 1 demo towns around it
    # (named as such) with their own yards and prices. 1 is the real places alone.
    scale: int = 1

    @property
    def start_date(self) -> dt.date:
        return self.end_date - dt.timedelta(days=self.days - 1)

    def dates(self) -> list[dt.date]:
        return [self.start_date + dt.timedelta(days=i) for i in range(self.days)]


@dataclass
class DemoData:
    config: DemoConfig
    countries: list[dict[str, Any]] = field(default_factory=list)
    regions: list[dict[str, Any]] = field(default_factory=list)
    cities: list[dict[str, Any]] = field(default_factory=list)
    materials: list[dict[str, Any]] = field(default_factory=list)
    sources: list[dict[str, Any]] = field(default_factory=list)
    fx_rates: list[dict[str, Any]] = field(default_factory=list)
    yards: list[dict[str, Any]] = field(default_factory=list)
    material_refs: list[MaterialRef] = field(default_factory=list)
    walks: dict[str, "Walk"] = field(default_factory=dict)  # by material slug
    fx_by_day: dict[str, list[float]] = field(default_factory=dict)

    def prices(self) -> Iterator[dict[str, Any]]:
        """Every demo price row, city by city (about 2,400 rows a day for a year)."""
        yield from _price_rows(self)


@dataclass(frozen=True)
class Walk:
    """The random walk a material's demo prices follow: its own, or its grade family's.

    The grades of one family (estimates.yaml, dearest first) share one walk: one market path,
    and in each city one local path and one "board stands" decision a day. Their prices keep
    the ratio of their reference levels, so the family's order holds in every city every day.
    """

    name: str  # the material's slug, or "family-<name>" for a family's grades
    volatility: float


def material_walks(materials: list[MaterialRef], families: dict[str, list[str]]) -> dict[str, Walk]:
    """The walk of every material: a family's grades take the dearest grade's volatility."""
    by_slug = {m["slug"]: m for m in materials}
    walks = {slug: Walk(slug, m["volatility"]) for slug, m in by_slug.items()}
    for family, grades in families.items():
        present = [g for g in grades if g in by_slug]
        if present:
            shared = Walk(f"family-{family}", by_slug[present[0]]["volatility"])
            walks.update(dict.fromkeys(present, shared))
    return walks


def demo_walks(content_dir: Path, materials: list[MaterialRef]) -> dict[str, Walk]:
    return material_walks(materials, load_estimate_table(content_dir).families)


def seeded_rng(seed: int, *parts: object) -> random.Random:
    # Seeding from a string is stable across Python versions and independent of call order.
    return random.Random(":".join(str(p) for p in (seed, *parts)))


def _rng(config: DemoConfig, *parts: object) -> random.Random:
    return seeded_rng(config.seed, *parts)


def city_price_level(seed: int, city_slug: str) -> float:
    """How much dearer (or cheaper) than the material's reference level a city's yards pay."""
    return seeded_rng(seed, "city-level", city_slug).uniform(0.92, 1.08)


def next_fx_drift(drift: float, rng: random.Random) -> float:
    """Tomorrow's log deviation of a currency from its centre rate."""
    return FX_PERSISTENCE * drift + rng.gauss(0, FX_VOLATILITY)


def board_price(fresh: Decimal, previous: Decimal, rng: random.Random) -> Decimal:
    """The price a yard posts: often yesterday's board stands instead of the fresh quote."""
    if previous and rng.random() < BOARD_STANDS_PROBABILITY:
        return previous
    return max(fresh, CENT)


def next_demo_price(
    previous: Decimal,
    centre: float,
    volatility: float,
    market_shock: float,
    rng: random.Random,
) -> Decimal:
    """The day after ``previous`` on a demo walk, for extending a stored series day by day.

    The generator's two hidden paths (market and local) are not stored, so the step follows
    their sum: the log deviation from ``centre`` (the reference level in local currency) keeps
    the market path's persistence and takes the day's market shock, shared by every city,
    plus a local one.
    """
    deviation = math.log(float(previous) / centre)
    local_shock = rng.gauss(0, volatility * LOCAL_VOLATILITY_SHARE)
    deviation = MARKET_PERSISTENCE * deviation + market_shock + local_shock
    fresh = Decimal(str(centre * math.exp(deviation))).quantize(STORED_STEP)
    return board_price(fresh, previous, rng)


def next_fx_rate(previous: Decimal, centre: float, rng: random.Random) -> Decimal:
    """The day after ``previous`` on a currency's demo walk around ``centre`` (USD per unit)."""
    drift = next_fx_drift(math.log(float(previous) / centre), rng)
    return Decimal(str(round(centre * math.exp(drift), 8)))


def slugify(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def generate(content_dir: Path, config: DemoConfig) -> DemoData:
    places = load_places(content_dir)
    materials = load_materials(content_dir)
    data = DemoData(
        config=config, material_refs=materials, walks=demo_walks(content_dir, materials)
    )
    data.sources.append(
        {"id": DEMO_SOURCE_ID, "name": DEMO_SOURCE_NAME, "kind": DEMO_KIND, "url": None}
    )
    placed = place_cities(places, config)
    _add_places(data, places, placed)
    data.materials = [
        {
            "id": i,
            "slug": m["slug"],
            "name": m["name"],
            "category": m["category"],
            "grade": m["grade"],
            "description": m["description"],
            "sale_unit": m["saleUnit"],
        }
        for i, m in enumerate(data.material_refs, start=1)
    ]
    _add_fx(data, sorted({c["currency"] for c in places}))
    _add_yards(data, placed)
    return data


@dataclass(frozen=True)
class PlacedCity:
    """A city of the demo set with its country and region (regions numbered from 1, in order)."""

    country: CountryRef
    region_id: int
    region_code: str
    city: CityRef


DEMO_TOWN_SUBURBS = ("Central", "North", "South", "East", "West", "Industrial")


def place_cities(places: list[CountryRef], config: DemoConfig) -> list[PlacedCity]:
    """The real cities in reference order, then (at scale > 1) each one's demo towns.

    A demo town is invented: its name says so ("Durban Demo Town 3"), it lies a few tens of km
    from the real city it is named after, in the same region and time zone, with a fraction of
    its population. The real cities keep their ids at every scale.
    """
    real: list[PlacedCity] = []
    region_id = 0
    for country in places:
        for region in country["regions"]:
            region_id += 1
            real += [PlacedCity(country, region_id, region["code"], c) for c in region["cities"]]
    towns = [
        PlacedCity(p.country, p.region_id, p.region_code, _demo_town(config.seed, p.city, n))
        for p in real
        for n in range(2, config.scale + 1)
    ]
    return real + towns


def _demo_town(seed: int, city: CityRef, number: int) -> CityRef:
    rng = seeded_rng(seed, "demo-town", city["slug"], number)
    name = f"{city['name']} Demo Town {number}"
    distance = rng.uniform(0.2, 0.9)  # degrees of latitude: about 20 to 100 km
    bearing = rng.uniform(0, 2 * math.pi)
    latitude = max(min(city["latitude"] + distance * math.sin(bearing), 85.0), -85.0)
    stretch = max(math.cos(math.radians(city["latitude"])), 0.2)
    longitude = city["longitude"] + distance * math.cos(bearing) / stretch
    longitude = (longitude + 180.0) % 360.0 - 180.0
    return CityRef(
        slug=f"{city['slug']}-demo-town-{number}",
        name=name,
        latitude=round(latitude, 4),
        longitude=round(longitude, 4),
        timeZone=city["timeZone"],
        population=max(int(city["population"] * rng.uniform(0.02, 0.2)), 5_000),
        areaCode=city["areaCode"],
        postcode=city["postcode"],
        suburbs=list(DEMO_TOWN_SUBURBS),
    )


def _add_places(data: DemoData, places: list[CountryRef], placed: list[PlacedCity]) -> None:
    for country in places:
        data.countries.append(
            {"code": country["code"], "name": country["name"], "currency": country["currency"]}
        )
        for region in country["regions"]:
            data.regions.append(
                {
                    "id": len(data.regions) + 1,
                    "country_code": country["code"],
                    "slug": region["slug"],
                    "name": region["name"],
                }
            )
    for entry in placed:
        city = entry.city
        data.cities.append(
            {
                "id": len(data.cities) + 1,
                "slug": city["slug"],
                "name": city["name"],
                "country_code": entry.country["code"],
                "region_id": entry.region_id,
                "latitude": city["latitude"],
                "longitude": city["longitude"],
                "time_zone": city["timeZone"],
                "population": city["population"],
            }
        )


def _add_fx(data: DemoData, currencies: list[str]) -> None:
    dates = data.config.dates()
    for currency in currencies:
        centre = FX_CENTRES[currency]
        rng = _rng(data.config, "fx", currency)
        drift, series = 0.0, []
        for day in dates:
            if currency != "USD":
                drift = next_fx_drift(drift, rng)
            rate = round(centre * math.exp(drift), 8)
            series.append(rate)
            data.fx_rates.append(
                {
                    "currency": currency,
                    "rate_date": day,
                    "usd_per_unit": Decimal(str(rate)),
                    "source_id": DEMO_SOURCE_ID,
                }
            )
        data.fx_by_day[currency] = series


def _market_walks(data: DemoData) -> dict[str, list[float]]:
    """A market-wide log-price path per walk, shared by all cities (they move together)."""
    paths = {}
    for walk in set(data.walks.values()):
        rng = _rng(data.config, "market", walk.name)
        level, path = 0.0, []
        for _ in range(data.config.days):
            level = MARKET_PERSISTENCE * level + rng.gauss(0, walk.volatility)
            path.append(level)
        paths[walk.name] = path
    return paths


def _local_path(rng: random.Random, walk: Walk, days: int) -> Iterator[tuple[float, bool]]:
    """A city's own log deviation of a walk each day, and whether yesterday's board stands."""
    local = 0.0
    for day in range(days):
        local = LOCAL_PERSISTENCE * local + rng.gauss(0, walk.volatility * LOCAL_VOLATILITY_SHARE)
        yield local, day > 0 and rng.random() < BOARD_STANDS_PROBABILITY


def _price_rows(data: DemoData) -> Iterator[dict[str, Any]]:
    config = data.config
    dates = config.dates()
    market_paths = _market_walks(data)
    currency_of = {c["code"]: c["currency"] for c in data.countries}
    for city in data.cities:
        currency = currency_of[city["country_code"]]
        fx = data.fx_by_day[currency]
        city_level = city_price_level(config.seed, city["slug"])
        for material_id, material in enumerate(data.material_refs, start=1):
            walk = data.walks[material["slug"]]
            rng = _rng(config, "series", city["slug"], walk.name)
            market = market_paths[walk.name]
            previous = Decimal(0)
            local_path = _local_path(rng, walk, config.days)
            for i, (day, (local, board_stands)) in enumerate(zip(dates, local_path, strict=True)):
                usd = material["usdPerUnit"] * city_level * math.exp(market[i] + local)
                if not board_stands:
                    previous = max(Decimal(str(usd / fx[i])).quantize(STORED_STEP), CENT)
                yield {
                    "material_id": material_id,
                    "city_id": city["id"],
                    "price_date": day,
                    "price_per_kg": previous,
                    "currency": currency,
                    "source_id": DEMO_SOURCE_ID,
                    "updated_at": dt.datetime.combine(day, dt.time(0, 0), tzinfo=dt.UTC),
                }


def _yard_counts(cities: list[CityRef], target: int) -> list[int]:
    """At least four yards a city; the rest shared out by the square root of population."""
    base = 4
    weights = [math.sqrt(c["population"]) for c in cities]
    spare = max(target - base * len(cities), 0)
    total = sum(weights)
    return [base + round(spare * w / total) for w in weights]


def _add_yards(data: DemoData, placed: list[PlacedCity]) -> None:
    target = data.config.yards_target * data.config.scale
    counts = _yard_counts([p.city for p in placed], target)
    for city_row, entry, count in zip(data.cities, placed, counts, strict=True):
        country, region_code, city = entry.country, entry.region_code, entry.city
        rng = _rng(data.config, "yards", city["slug"])
        names: set[str] = set()
        for n in range(count):
            name = _yard_name(rng, city, names)
            data.yards.append(
                _yard_row(
                    rng, len(data.yards) + 1, city_row["id"], name, n, country, region_code, city
                )
            )


def _yard_name(rng: random.Random, city: CityRef, taken: set[str]) -> str:
    while True:
        first = rng.choice([*YARD_NAME_WORDS, city["name"], *city["suburbs"]])
        name = f"{first} {rng.choice(YARD_KINDS)}"
        if name not in taken:
            taken.add(name)
            return name


def _yard_row(
    rng: random.Random,
    yard_id: int,
    city_id: int,
    name: str,
    index: int,
    country: CountryRef,
    region_code: str,
    city: CityRef,
) -> dict[str, Any]:
    lat_offset = rng.uniform(-0.09, 0.09)
    lon_offset = rng.uniform(-0.09, 0.09) / max(math.cos(math.radians(city["latitude"])), 0.2)
    has_rating = rng.random() > 0.03
    slug = slugify(f"{name} {city['name']}")
    latitude = round(city["latitude"] + lat_offset, 6)
    longitude = round(city["longitude"] + lon_offset, 6)
    return {
        "id": yard_id,
        "city_id": city_id,
        "name": name,
        "address": _address(rng, country, region_code, city, (latitude, longitude)),
        "latitude": latitude,
        "longitude": longitude,
        "phone": _phone(country["code"], city["areaCode"], index) if rng.random() > 0.04 else None,
        "email": f"info@{slug}.example.com" if rng.random() < 0.7 else None,
        "website": f"https://{slug}.example.com" if rng.random() < 0.6 else None,
        "rating": round(rng.uniform(3.2, 5.0), 1) if has_rating else None,
        "review_count": int(rng.paretovariate(1.2) * 8) if has_rating else 0,
        "weekly_hours": _weekly_hours(rng),
        "opening_hours_text": None,
        "osm_id": None,
        "source_id": DEMO_SOURCE_ID,
    }


def _address(
    rng: random.Random,
    country: CountryRef,
    region_code: str,
    city: CityRef,
    point: tuple[float, float],
) -> str:
    """An invented street in the district the yard's coordinates are in, with that district's
    postcode (demo_districts); a demo town, which has no districts, takes a suburb by chance."""
    number = rng.randint(1, 480)
    street = rng.choice(country["streets"])
    suburb = rng.choice(city["suburbs"])  # drawn for every yard, so the draws after it stay put
    town, postcode = city["name"], city["postcode"]
    district = nearest_district(city["slug"], *point)
    if district is not None:
        suburb, postcode = district.name, district.postcode
        town = district.town or town
        region_code = district.region or region_code
    place = town if suburb == town else f"{suburb}, {town}"
    match country["code"]:
        case "US" | "CA":
            return f"{number} {street}, {town}, {region_code} {postcode}"
        case "AU":
            return f"{number} {street}, {suburb} {region_code} {postcode}"
        case "GB":
            return f"Unit {rng.randint(1, 30)}, {street}, {place} {postcode}"
        case "ES":
            return f"{street} {number}, {postcode} {town}"
        case _:
            return f"{number} {street}, {place}, {postcode}"


def _phone(country_code: str, area: str, index: int) -> str:
    """Local formats, in the ranges reserved for fiction where the country reserves one."""
    tail = index % 100
    match country_code:
        case "US" | "CA":
            return f"({area}) 555-01{tail:02d}"
        case "GB":
            return f"{GB_DRAMA_PREFIXES.get(area, '01632 960')}{index % 1000:03d}"
        case "AU":
            return f"(0{area}) 5550 {index % 10000:04d}"
        case "ES":
            return f"{area} 555 01 {tail:02d}"
        case _:
            return f"0{area} 555 01{tail:02d}"


def _weekly_hours(rng: random.Random) -> list[dict[str, Any]]:
    roll = rng.random()
    if roll < 0.02:
        return []  # hours unknown
    if roll < 0.04:
        return [{"day": d, "opens": "00:00", "closes": "00:00"} for d in range(7)]
    opens = rng.choice(["07:00", "07:30", "08:00", "08:00", "08:30"])
    closes = rng.choice(["16:00", "16:30", "17:00", "17:00", "17:30", "18:00"])
    hours = [{"day": d, "opens": opens, "closes": closes} for d in range(5)]
    if rng.random() < 0.8:
        hours.append({"day": 5, "opens": "08:00", "closes": rng.choice(["12:00", "13:00"])})
    if rng.random() < 0.1:
        hours.append({"day": 6, "opens": "09:00", "closes": "13:00"})
    return hours

"""Long price histories: daily, weekly and monthly points, the market reference, CSV, sparklines.

Each test database gets an old copper series in London (more than two years before the demo's
ten days) and monthly copper reference prices, then the answers are checked against averages
and conversions worked out here from the stored rows.
"""

import csv
import datetime as dt
import io
from collections import defaultdict
from collections.abc import Callable, Iterator
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, delete, insert, select

from scrapindex.app import create_app
from scrapindex.models import City, FxRate, MarketPrice, Material, Price, Source
from scrapindex.settings import Settings
from tests.conftest import CONTENT_DIR, FreshDatabase
from tests.databases import IMPORT_DEMO

CENT = Decimal("0.01")
STORED_PLACES = Decimal("0.0001")
NEWEST = IMPORT_DEMO.end_date  # 2026-03-31
OLDEST = dt.date(2023, 11, 1)  # the old series starts here and runs up to the demo's first day
HISTORY = "/api/prices/history?materialSlug=copper&citySlug=london"
# Monthly copper, US dollars per tonne, and pounds' worth in dollars on given days.
COPPER = {dt.date(2026, 1, 1): "9000", dt.date(2026, 2, 1): "9500", dt.date(2026, 3, 1): "9800"}
GBP = {dt.date(2026, 1, 15): "1.20000000", dt.date(2026, 2, 20): "1.25000000"}


def cents(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def four_places(value: Decimal) -> Decimal:
    return value.quantize(STORED_PLACES, rounding=ROUND_HALF_UP)


def old_price(day: dt.date) -> Decimal:
    """A made-up but uneven price, so that averages need more than two places."""
    return Decimal(7) + Decimal((day.toordinal() * 37) % 101) / Decimal(1000)


@pytest.fixture
def db(fresh_database: FreshDatabase) -> Engine:
    db = fresh_database(IMPORT_DEMO)
    with db.begin() as conn:
        copper = conn.execute(select(Material.id).where(Material.slug == "copper")).scalar_one()
        london = conn.execute(select(City.id).where(City.slug == "london")).scalar_one()
        source = conn.execute(select(Source.id).order_by(Source.id)).scalars().first()
        first_demo_day = (
            conn.execute(
                select(Price.price_date)
                .where(Price.material_id == copper, Price.city_id == london)
                .order_by(Price.price_date)
            )
            .scalars()
            .first()
        )
        assert first_demo_day is not None
        assert source is not None
        updated = dt.datetime(2026, 3, 31, tzinfo=dt.UTC)
        days = (first_demo_day - OLDEST).days
        conn.execute(
            insert(Price),
            [
                {
                    "material_id": copper,
                    "city_id": london,
                    "price_date": day,
                    "price_per_kg": old_price(day),
                    "currency": "GBP",
                    "source_id": source,
                    "updated_at": updated,
                }
                for day in (OLDEST + dt.timedelta(days=i) for i in range(days))
                if day.weekday() != 6  # no prices on Sundays: buckets average what is stored
            ],
        )
        fred = conn.execute(
            insert(Source).values(name="IMF via FRED", kind="feed", url=None).returning(Source.id)
        ).scalar_one()
        conn.execute(delete(MarketPrice).where(MarketPrice.metal == "copper"))
        conn.execute(
            insert(MarketPrice),
            [
                {
                    "metal": "copper",
                    "price_date": day,
                    "usd_per_tonne": Decimal(usd),
                    "period": "monthly",
                    "source_id": fred,
                }
                for day, usd in COPPER.items()
            ],
        )
        conn.execute(
            insert(FxRate),
            [
                {"currency": "GBP", "rate_date": d, "usd_per_unit": Decimal(r), "source_id": source}
                for d, r in GBP.items()
            ],
        )
    return db


@pytest.fixture
def client(db: Engine, tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(
        database_url=db.url.render_as_string(hide_password=False),
        content_dir=CONTENT_DIR,
        data_dir=tmp_path,
    )
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def stored(db: Engine, since: dt.date) -> list[tuple[dt.date, Decimal]]:
    with db.connect() as conn:
        rows = conn.execute(
            select(Price.price_date, Price.price_per_kg)
            .join(Material, Material.id == Price.material_id)
            .join(City, City.id == Price.city_id)
            .where(Material.slug == "copper", City.slug == "london", Price.price_date >= since)
            .order_by(Price.price_date)
        ).all()
    return [(d, p) for d, p in rows]


def stored_sources(db: Engine, since: dt.date) -> list[tuple[dt.date, Decimal, str, str]]:
    """The stored days with their source's kind and name."""
    with db.connect() as conn:
        rows = conn.execute(
            select(Price.price_date, Price.price_per_kg, Source.kind, Source.name)
            .join(Source, Source.id == Price.source_id)
            .join(Material, Material.id == Price.material_id)
            .join(City, City.id == Price.city_id)
            .where(Material.slug == "copper", City.slug == "london", Price.price_date >= since)
            .order_by(Price.price_date)
        ).all()
    return [(d, p, k, n) for d, p, k, n in rows]


def by_hand(
    rows: list[tuple[dt.date, Decimal]],
    start_of: Callable[[dt.date], dt.date],
    rounded: Callable[[Decimal], str] = lambda mean: f"{cents(mean):.2f}",
) -> list[tuple[str, str]]:
    buckets: dict[dt.date, list[Decimal]] = defaultdict(list)
    for day, price in rows:
        buckets[start_of(day)].append(price)
    return [
        (day.isoformat(), rounded(sum(prices, Decimal(0)) / len(prices)))
        for day, prices in sorted(buckets.items())
    ]


def monday(day: dt.date) -> dt.date:
    return day - dt.timedelta(days=day.weekday())


def first_of_month(day: dt.date) -> dt.date:
    return day.replace(day=1)


def points(body: dict[str, Any]) -> list[tuple[str, str]]:
    return [(p["date"], p["price"]) for p in body["points"]]


def exact_points(body: dict[str, Any]) -> list[tuple[str, str]]:
    return [(p["date"], p["priceExact"]) for p in body["points"]]


def test_long_daily_range_reaches_back_years(client: TestClient, db: Engine) -> None:
    body = client.get(f"{HISTORY}&days=800&resolution=day").json()
    since = NEWEST - dt.timedelta(days=799)
    assert body["resolution"] == "day"
    assert points(body) == [(d.isoformat(), f"{p:.2f}") for d, p in stored(db, since)]
    assert exact_points(body) == [(d.isoformat(), f"{p:.4f}") for d, p in stored(db, since)]
    assert body["points"][0]["date"] == since.isoformat() == "2024-01-22"  # a Monday
    assert len(body["points"]) > 650


def test_weekly_points_are_database_averages(client: TestClient, db: Engine) -> None:
    body = client.get(f"{HISTORY}&days=365").json()
    assert body["resolution"] == "week"  # the default from 121 to 400 days
    since = NEWEST - dt.timedelta(days=364)
    expected = by_hand(stored(db, since), monday)
    assert points(body) == expected
    # The same means at the stored four decimals, each rounded once from the exact mean.
    assert exact_points(body) == by_hand(
        stored(db, since), monday, lambda mean: f"{four_places(mean)}"
    )
    assert all(dt.date.fromisoformat(d).weekday() == 0 for d, _ in expected[1:])


def test_monthly_points_are_database_averages(client: TestClient, db: Engine) -> None:
    body = client.get(f"{HISTORY}&days=3660").json()
    assert body["resolution"] == "month"  # the default beyond 400 days
    expected = by_hand(stored(db, OLDEST), first_of_month)
    assert points(body) == expected
    assert expected[0][0] == "2023-11-01"
    assert expected[-1][0] == "2026-03-01"


def test_explicit_resolution_wins_and_short_ranges_are_daily(client: TestClient) -> None:
    assert client.get(f"{HISTORY}&days=30").json()["resolution"] == "day"
    assert client.get(f"{HISTORY}&days=120").json()["resolution"] == "day"
    assert client.get(f"{HISTORY}&days=121").json()["resolution"] == "week"
    monthly = client.get(f"{HISTORY}&days=90&resolution=month").json()
    assert monthly["resolution"] == "month"
    assert [d for d, _ in points(monthly)] == ["2026-01-01", "2026-02-01", "2026-03-01"]


@pytest.mark.parametrize(
    "query",
    ["days=0", "days=3661", "days=all", "resolution=year", "resolution=", "format=xml"],
)
def test_bad_parameters_are_422(client: TestClient, query: str) -> None:
    response = client.get(f"{HISTORY}&{query}")
    assert response.status_code == 422
    assert response.json()["message"]


def test_reference_is_converted_to_the_citys_money(client: TestClient) -> None:
    body = client.get(f"{HISTORY}&days=45&resolution=day").json()  # from 2026-02-15
    assert body["referenceName"] == "Copper (IMF via FRED, monthly)"
    # February's figure is carried in (the range starts mid-month) at the rate of 2026-01-15;
    # March's is converted at the rate of 2026-02-20, the newest on or before 2026-03-01.
    february = Decimal(9500) / 1000 / Decimal("1.2")
    march = Decimal(9800) / 1000 / Decimal("1.25")
    assert body["reference"] == [
        {
            "date": "2026-02-01",
            "price": f"{cents(february):.2f}",
            "priceExact": f"{four_places(february)}",
        },
        {
            "date": "2026-03-01",
            "price": f"{cents(march):.2f}",
            "priceExact": f"{four_places(march)}",
        },
    ]
    assert body["reference"][0]["priceExact"] == "7.9167"
    assert body["reference"][0]["price"] == "7.92"
    assert body["reference"][1]["price"] == "7.84"


def test_no_reference_for_materials_without_one(client: TestClient) -> None:
    # Catalytic converters are never estimated off a metal; steel's reference has no rows here.
    for slug in ("catalytic-converters", "steel"):
        body = client.get(f"/api/prices/history?materialSlug={slug}&citySlug=london").json()
        assert body["reference"] == []
        assert body["referenceName"] is None


def test_csv_download(client: TestClient, db: Engine) -> None:
    response = client.get(f"{HISTORY}&days=10&format=csv")
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/csv; charset=utf-8"
    assert response.headers["content-disposition"] == 'attachment; filename="copper-london.csv"'
    rows = list(csv.reader(io.StringIO(response.text)))
    # The stored four decimals and where each price came from, so a download keeps the demo's
    # or an estimate's label (the file had the price to the cent and no source).
    assert rows[0] == ["date", "price", "currency", "unit", "source_kind", "source_name"]
    since = NEWEST - dt.timedelta(days=9)
    assert rows[1:] == [
        [d.isoformat(), f"{p:.4f}", "GBP", "kg", kind, name]
        for d, p, kind, name in stored_sources(db, since)
    ]


def test_csv_weeks_name_each_of_their_sources(client: TestClient, db: Engine) -> None:
    since = NEWEST - dt.timedelta(days=364)
    rows = list(csv.reader(io.StringIO(client.get(f"{HISTORY}&days=365&format=csv").text)))
    by_week: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for stored_day, _, kind, name in stored_sources(db, since):
        by_week[monday(stored_day).isoformat()].add((kind, name))
    expected_prices = dict(by_hand(stored(db, since), monday, lambda m: f"{four_places(m)}"))
    assert [row[0] for row in rows[1:]] == sorted(by_week)
    for week, price, currency, unit, kinds, names in rows[1:]:
        sources = sorted(by_week[week], key=lambda source: source[1])
        assert (price, currency, unit) == (expected_prices[week], "GBP", "kg")
        assert kinds == " + ".join(kind for kind, _ in sources)
        assert names == " + ".join(name for _, name in sources)


def test_csv_and_json_are_cached_apart(client: TestClient) -> None:
    # Accept does not choose: only format=csv answers CSV, so one URL has one answer to cache.
    as_csv = client.get(f"{HISTORY}&format=csv")
    as_json = client.get(HISTORY, headers={"Accept": "text/csv"})
    assert as_json.headers["content-type"].startswith("application/json")
    assert as_json.json()["points"]
    again = client.get(f"{HISTORY}&format=csv", headers={"If-None-Match": as_csv.headers["etag"]})
    assert again.status_code == 304
    assert as_csv.headers["etag"] != as_json.headers["etag"]
    assert client.get(f"{HISTORY}&format=csv").text == as_csv.text


def test_sparklines(client: TestClient, db: Engine) -> None:
    lines = client.get("/api/cities/london/sparklines").json()
    prices = client.get("/api/cities/london/prices").json()
    assert {line["materialSlug"] for line in lines} == {r["material"]["slug"] for r in prices}
    copper = next(line for line in lines if line["materialSlug"] == "copper")
    since = NEWEST - dt.timedelta(days=29)
    assert copper["points"] == [f"{p:.2f}" for _, p in stored(db, since)]
    assert copper["pointsExact"] == [f"{p:.4f}" for _, p in stored(db, since)]
    assert set(copper) == {"materialSlug", "points", "pointsExact"}
    latest = {r["material"]["slug"]: r["price"] for r in prices}
    for line in lines:
        assert 1 <= len(line["points"]) <= 30
        assert line["points"][-1] == latest[line["materialSlug"]]
    assert client.get("/api/cities/atlantis/sparklines").status_code == 404


def test_a_piece_history_says_per_piece_and_a_troy_ounce_metal_its_unit_of_sale(
    client: TestClient,
) -> None:
    base = "/api/prices/history?citySlug=london&days=10"
    piece = client.get(f"{base}&materialSlug=catalytic-converters").json()
    silver = client.get(f"{base}&materialSlug=silver").json()
    assert (piece["unit"], piece["saleUnit"]) == ("piece", "piece")
    assert (silver["unit"], silver["saleUnit"]) == ("kg", "troy_oz")
    download = client.get(f"{base}&materialSlug=catalytic-converters&format=csv").text
    rows = list(csv.reader(io.StringIO(download)))
    assert {row[3] for row in rows[1:]} == {"piece"}

"""The daily update: inbox feeds imported and filed, a demo data set walked on to today."""

import datetime as dt
import itertools
import shutil
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, delete, select
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from scrapindex.app import create_app
from scrapindex.cli import app as cli
from scrapindex.data.daily_update import (
    DemoExtension,
    build_scheduler,
    extend_demo_data,
    is_demo_data,
    prices_are_stale,
    run_daily_update,
)
from scrapindex.data.demo import DemoConfig
from scrapindex.data.estimate_table import load_estimate_table
from scrapindex.data.imports.prices import import_prices
from scrapindex.data.imports.values import utc_today
from scrapindex.models import City, FxRate, Material, Price
from scrapindex.queries.market_figures import refresh_market_figures
from scrapindex.queries.prices import material_figures
from scrapindex.schemas.common import money_text
from scrapindex.settings import Settings, get_settings
from tests.clock import ManualClock
from tests.conftest import CONTENT_DIR, FreshDatabase
from tests.databases import data_fingerprint
from tests.integration.test_price_figures_sql import reference_figures

FIXTURES = Path(__file__).parents[1] / "fixtures" / "imports"
SERIES = 75 * 34  # cities x materials
CURRENCIES = 7
STALE_DAYS = 3


@pytest.fixture
def today() -> dt.date:
    return utc_today()


@pytest.fixture
def db(fresh_database: FreshDatabase, today: dt.date) -> Engine:
    """Demo data whose last day is three days ago: a demo left running over a long weekend."""
    return fresh_database(DemoConfig(end_date=today - dt.timedelta(days=STALE_DAYS), days=10))


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def client(db: Engine, tmp_path: Path, clock: ManualClock) -> Iterator[TestClient]:
    url = db.url.render_as_string(hide_password=False)
    settings = Settings(database_url=url, content_dir=CONTENT_DIR, data_dir=tmp_path)
    with TestClient(create_app(settings, clock=clock)) as test_client:
        yield test_client


def update(db: Engine, inbox: Path, demo: bool | None = None) -> object:
    return run_daily_update(db, inbox_dir=inbox, content_dir=CONTENT_DIR, demo=demo)


def london_prices(db: Engine, day: dt.date) -> dict[str, Decimal]:
    with db.connect() as connection:
        rows = connection.execute(
            select(Material.slug, Price.price_per_kg)
            .join(Material, Material.id == Price.material_id)
            .join(City, City.id == Price.city_id)
            .where(City.slug == "london", Price.price_date == day)
        )
        return {slug: price for slug, price in rows}  # noqa: C416


def test_the_update_brings_the_demo_to_today_and_the_api_follows(
    db: Engine, client: TestClient, clock: ManualClock, tmp_path: Path, today: dt.date
) -> None:
    before = client.get("/api/cities/london/prices")
    assert {row["date"] for row in before.json()} == {str(today - dt.timedelta(days=3))}

    report = run_daily_update(db, inbox_dir=tmp_path / "inbox", content_dir=CONTENT_DIR)
    assert report.demo == DemoExtension(
        fx_rates=STALE_DAYS * CURRENCIES, prices=STALE_DAYS * SERIES
    )
    clock.past_revision_check()

    after = client.get(
        "/api/cities/london/prices", headers={"If-None-Match": before.headers["etag"]}
    )
    assert after.status_code == 200
    assert after.headers["etag"] != before.headers["etag"]
    rows = after.json()
    assert {row["date"] for row in rows} == {str(today)}
    yesterday = london_prices(db, today - dt.timedelta(days=1))
    for row in rows:
        previous = yesterday[row["material"]["slug"]]
        assert row["previousPrice"] == f"{previous:.2f}"
        assert Decimal(row["changeExact"]) == Decimal(row["priceExact"]) - previous
        assert row["change"] == money_text(Decimal(row["priceExact"]) - previous)
        assert row["source"]["kind"] == "demo"
    assert {row["trend"] for row in rows} >= {"up", "down"}
    overview = client.get("/api/cities/london/overview").json()
    assert overview["lastUpdated"].startswith(str(today))


def test_running_twice_on_one_day_adds_nothing(db: Engine, tmp_path: Path, today: dt.date) -> None:
    assert prices_are_stale(db, today)
    update(db, tmp_path / "inbox")
    assert not prices_are_stale(db, today)
    after_first = data_fingerprint(db)
    second = run_daily_update(db, inbox_dir=tmp_path / "inbox", content_dir=CONTENT_DIR)
    assert second.demo == DemoExtension()
    assert data_fingerprint(db) == after_first


def test_the_extended_walk_looks_like_the_generated_one(
    db: Engine, tmp_path: Path, today: dt.date
) -> None:
    last_day = today - dt.timedelta(days=STALE_DAYS)
    update(db, tmp_path / "inbox")
    with db.connect() as connection:
        rows = connection.execute(
            select(Price.material_id, Price.city_id, Price.price_date, Price.price_per_kg).where(
                Price.price_date >= last_day
            )
        ).all()
    series: dict[tuple[int, int], dict[dt.date, Decimal]] = {}
    for material_id, city_id, day, price in rows:
        series.setdefault((material_id, city_id), {})[day] = price
    steps = [
        prices[day] / prices[day - dt.timedelta(days=1)]
        for prices in series.values()
        for day in prices
        if day > last_day
    ]
    assert len(steps) == STALE_DAYS * SERIES
    assert all(Decimal("0.7") < step < Decimal("1.4") for step in steps)
    standing = sum(1 for step in steps if step == 1) / len(steps)
    assert 0.3 < standing < 0.6  # a third of boards stand, plus small prices that round alike


def test_extended_days_keep_the_grade_families_in_order(
    db: Engine, tmp_path: Path, today: dt.date
) -> None:
    last_day = today - dt.timedelta(days=STALE_DAYS)
    update(db, tmp_path / "inbox")
    families = load_estimate_table(CONTENT_DIR).families
    with db.connect() as connection:
        rows = connection.execute(
            select(City.slug, Price.price_date, Material.slug, Price.price_per_kg)
            .join(City, City.id == Price.city_id)
            .join(Material, Material.id == Price.material_id)
            .where(Price.price_date > last_day)
        ).all()
    prices = {(city, day, material): price for city, day, material, price in rows}
    days = {day for _, day, _ in prices}
    assert days == {last_day + dt.timedelta(days=n) for n in range(1, STALE_DAYS + 1)}
    inversions = [
        (city, day, dearer, cheaper)
        for city, day in {(city, day) for city, day, _ in prices}
        for grades in families.values()
        for dearer, cheaper in itertools.pairwise(grades)
        if prices[(city, day, dearer)] < prices[(city, day, cheaper)]
    ]
    assert inversions == []


def test_demo_mode_follows_the_data(db: Engine, tmp_path: Path, today: dt.date) -> None:
    assert is_demo_data(db)
    last_day = today - dt.timedelta(days=STALE_DAYS)
    copper = london_prices(db, last_day)["copper"]
    feed = tmp_path / "prices.csv"
    feed.write_text(
        "date,country,city,material,price,currency,unit,source\n"
        f"{last_day},GB,london,copper,{copper + Decimal('0.05')},GBP,kg,Real feed\n",
        encoding="utf-8",
    )
    assert import_prices(db, feed).ok
    assert not is_demo_data(db)
    report = run_daily_update(db, inbox_dir=tmp_path / "inbox", content_dir=CONTENT_DIR)
    assert report.demo is None
    forced = run_daily_update(db, inbox_dir=tmp_path / "inbox", content_dir=CONTENT_DIR, demo=True)
    # Every demo series walks on; the one whose newest price is real is left alone.
    assert forced.demo == DemoExtension(
        fx_rates=STALE_DAYS * CURRENCIES, prices=STALE_DAYS * (SERIES - 1)
    )


def test_inbox_files_are_imported_then_filed(db: Engine, tmp_path: Path) -> None:
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    shutil.copy(FIXTURES / "prices_valid.csv", inbox / "prices-northern.csv")
    shutil.copy(FIXTURES / "prices_unknown_city.csv", inbox / "prices-bad.csv")
    shutil.copy(FIXTURES / "fx_valid.json", inbox / "fx-2026-04-01.json")
    (inbox / "notes.txt").write_text("not a feed\n", encoding="utf-8")
    (inbox / "prices-uploading.csv.part").write_text("date,country\n", encoding="utf-8")

    report = run_daily_update(db, inbox_dir=inbox, content_dir=CONTENT_DIR, demo=False)

    outcomes = {outcome.name: outcome for outcome in report.inbox}
    assert sorted(outcomes) == [
        "fx-2026-04-01.json", "notes.txt", "prices-bad.csv", "prices-northern.csv"
    ]  # fmt: skip
    assert not report.ok
    assert outcomes["prices-northern.csv"].ok
    assert outcomes["fx-2026-04-01.json"].ok
    assert outcomes["prices-northern.csv"].moved_to.parent == inbox / "processed"
    bad = outcomes["prices-bad.csv"].moved_to
    assert bad.parent == inbox / "failed"
    problems = bad.with_name(bad.name + ".problems.txt").read_text(encoding="utf-8")
    assert problems == "line 3: unknown city 'atlantis'\n"
    assert outcomes["notes.txt"].moved_to.parent == inbox / "failed"
    assert sorted(p.name for p in inbox.iterdir()) == [
        "failed", "prices-uploading.csv.part", "processed"
    ]  # fmt: skip
    assert london_prices(db, dt.date(2026, 4, 1))["copper"] == Decimal("6.71")
    assert report.demo is None


def test_the_command_runs_the_update(
    db: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, today: dt.date
) -> None:
    monkeypatch.setenv("DATABASE_URL", db.url.render_as_string(hide_password=False))
    monkeypatch.setenv("DATA_DIR", str(tmp_path))
    get_settings.cache_clear()
    try:
        result = CliRunner().invoke(cli, ["prices", "update"])
    finally:
        get_settings.cache_clear()
    assert result.exit_code == 0, result.output
    assert f"Demo data extended to {today}" in result.output
    assert (tmp_path / "inbox").is_dir()
    assert not prices_are_stale(db, today)


def test_the_scheduler_runs_the_update_daily_at_the_set_time() -> None:
    runs: list[int] = []
    scheduler = build_scheduler(lambda: runs.append(1), dt.time(3, 15))
    (job,) = scheduler.get_jobs()
    after_run = dt.datetime(2026, 11, 22, 4, 0, tzinfo=dt.UTC)
    next_run = job.trigger.get_next_fire_time(None, after_run)
    assert next_run == dt.datetime(2026, 11, 23, 3, 15, tzinfo=dt.UTC)
    assert (job.max_instances, job.coalesce) == (1, True)
    job.func()
    assert runs == [1]


def test_rates_walked_on_alone_move_the_figures_in_dollars(
    db: Engine, tmp_path: Path, today: dt.date
) -> None:
    """Prices already up to date and the rates a day behind: only the rates walk on."""
    update(db, tmp_path / "inbox")
    with Session(db) as session:
        session.execute(delete(FxRate).where(FxRate.rate_date == today))
        refresh_market_figures(session.connection())  # as a writer of rates does
        session.commit()
        before = material_figures(session)
    assert extend_demo_data(db, CONTENT_DIR, today) == DemoExtension(fx_rates=CURRENCIES)
    with Session(db) as session:
        after = material_figures(session)
        assert after == reference_figures(session)
    assert after != before

"""Estimated prices: the formula, which price wins a day, and what the API says about it."""

import datetime as dt
import shutil
from decimal import Decimal
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, delete, func, insert, select
from typer.testing import CliRunner

from scrapindex.app import create_app
from scrapindex.cli import app as cli
from scrapindex.data.check import check_data
from scrapindex.data.estimates import ESTIMATE_SOURCE_NAME, estimate_prices
from scrapindex.data.imports.prices import import_prices
from scrapindex.models import City, FxRate, MarketPrice, Material, Price, PriceEstimate, Source
from scrapindex.settings import Settings, get_settings
from tests.conftest import CONTENT_DIR

DAY = dt.date(2026, 3, 31)  # the demo set's last day
FRED = "FRED: IMF primary commodity prices"
ECB = "European Central Bank euro reference rates"
# A table of our own, so that tuning content/reference/estimates.yaml cannot move these figures.
TABLE = """
version: 1
references:
  copper: {name: Copper, fred: PCOPPUSDM}
materials:
  bare-bright-copper: {reference: copper, factor: 0.955, source: test}
  copper-1: {reference: copper, factor: 0.935, source: test}
  silver: {reference: none, source: test}
margins:
  default: 0.85
  countries: {ZA: 0.82, US: 0.88}
  cities: {}
families:
  copper: [bare-bright-copper, copper-1]
"""


@pytest.fixture
def content_dir(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, content)
    (content / "reference" / "estimates.yaml").write_text(TABLE, encoding="utf-8")
    return content


def add_references(db: Engine, *, zar_usd: str | None = "0.05491488") -> None:
    """Copper at $9,412/t for March 2026 and, unless None, a real rand rate (R18.21/USD)."""
    with db.begin() as connection:
        fred, ecb = (
            connection.execute(
                insert(Source).values(name=name, kind="feed").returning(Source.id)
            ).scalar_one()
            for name in (FRED, ECB)
        )
        connection.execute(
            insert(MarketPrice).values(
                metal="copper",
                price_date=dt.date(2026, 3, 1),
                usd_per_tonne=Decimal(9412),
                period="monthly",
                source_id=fred,
            )
        )
        if zar_usd is not None:  # as an ECB import does, it replaces the demo rate of that day
            connection.execute(
                delete(FxRate).where(
                    FxRate.currency == "ZAR", FxRate.rate_date == dt.date(2026, 3, 30)
                )
            )
            connection.execute(
                insert(FxRate).values(
                    currency="ZAR",
                    rate_date=dt.date(2026, 3, 30),
                    usd_per_unit=Decimal(zar_usd),
                    source_id=ecb,
                )
            )


def stored(db: Engine, city: str, material: str, day: dt.date = DAY) -> tuple[Decimal, str]:
    with db.connect() as connection:
        row = connection.execute(
            select(Price.price_per_kg, Source.kind)
            .join(Source, Source.id == Price.source_id)
            .join(City, City.id == Price.city_id)
            .join(Material, Material.id == Price.material_id)
            .where(City.slug == city, Material.slug == material, Price.price_date == day)
        ).one()
    return row[0], row[1]


def count_estimate_inputs(db: Engine) -> int:
    with db.connect() as connection:
        return connection.execute(select(func.count()).select_from(PriceEstimate)).scalar_one()


def test_estimates_follow_the_formula_by_hand(db: Engine, content_dir: Path) -> None:
    add_references(db)
    report = estimate_prices(db, content_dir, DAY)
    assert not any("ZAR" in reason or "copper" in reason for reason in report.skipped)
    # 9412 / 1000 x 0.955 x 0.82 = 7.3705372 USD/kg; / 0.05491488 USD per rand = R134.2175
    assert stored(db, "johannesburg", "bare-bright-copper") == (Decimal("134.22"), "estimate")
    # 9412 / 1000 x 0.935 x 0.82 = 7.2161756; / 0.05491488 = R131.4066
    assert stored(db, "johannesburg", "copper-1") == (Decimal("131.41"), "estimate")
    # In dollars no FX: 9412 / 1000 x 0.955 x 0.88 = $7.9098448
    assert stored(db, "new-york", "bare-bright-copper") == (Decimal("7.91"), "estimate")
    # Never estimated: no reference metal. The demo price stands, labelled demo.
    assert stored(db, "johannesburg", "silver")[1] == "demo"


def test_demo_exchange_rates_are_never_used(db: Engine, content_dir: Path) -> None:
    add_references(db, zar_usd=None)  # only the demo generator's rand rates exist
    report = estimate_prices(db, content_dir, DAY)
    assert any("no real ZAR exchange rate" in reason for reason in report.skipped)
    assert stored(db, "johannesburg", "bare-bright-copper")[1] == "demo"
    assert stored(db, "new-york", "bare-bright-copper")[1] == "estimate"


def test_a_second_run_changes_nothing(db: Engine, content_dir: Path) -> None:
    add_references(db)
    first = estimate_prices(db, content_dir, DAY)
    assert first.updated > 0  # the demo prices of the day were replaced
    assert first.inserted == 0
    again = estimate_prices(db, content_dir, DAY)
    assert (again.inserted, again.updated) == (0, 0)
    assert again.unchanged == first.written
    assert count_estimate_inputs(db) == first.written


def test_a_feed_price_replaces_an_estimate_and_an_estimate_never_replaces_it(
    db: Engine, content_dir: Path, tmp_path: Path
) -> None:
    add_references(db)
    estimate_prices(db, content_dir, DAY)
    before = count_estimate_inputs(db)
    feed = tmp_path / "prices.csv"
    # Above every other copper grade in Johannesburg, as the dearest grade must be.
    feed.write_text(
        "date,country,city,material,price,currency,unit,source\n"
        f"{DAY},ZA,johannesburg,bare-bright-copper,190.00,ZAR,kg,Joburg Metal Board\n",
        encoding="utf-8",
    )
    assert import_prices(db, feed, today=DAY).ok
    assert stored(db, "johannesburg", "bare-bright-copper") == (Decimal("190.00"), "feed")
    assert count_estimate_inputs(db) == before - 1  # its formula went with it
    report = estimate_prices(db, content_dir, DAY)
    assert report.kept == 1
    assert stored(db, "johannesburg", "bare-bright-copper") == (Decimal("190.00"), "feed")


def test_a_new_day_is_inserted_after_the_demo_history(db: Engine, content_dir: Path) -> None:
    add_references(db)
    next_day = DAY + dt.timedelta(days=1)
    report = estimate_prices(db, content_dir, next_day)
    assert report.inserted > 0
    assert stored(db, "johannesburg", "copper-1", next_day) == (Decimal("131.41"), "estimate")


def test_the_api_shows_the_kind_and_the_formula(db: Engine, content_dir: Path) -> None:
    add_references(db)
    estimate_prices(db, content_dir, DAY)
    url = db.url.render_as_string(hide_password=False)
    settings = Settings(
        database_url=url, content_dir=content_dir, data_dir=Path("/nonexistent"),
        price_stale_days=3650,
    )  # fmt: skip
    with TestClient(create_app(settings)) as client:
        rows = client.get("/api/cities/johannesburg/prices").json()
        by_material = client.get("/api/materials/bare-bright-copper/prices").json()
    row = next(r for r in rows if r["material"]["slug"] == "bare-bright-copper")
    assert row["source"] == {"name": ESTIMATE_SOURCE_NAME, "kind": "estimate"}
    assert row["stale"] is False
    estimate = row["estimate"]
    assert estimate["formula"] == (
        "Estimate: Copper $9,412/t (FRED monthly average, Mar 2026) × 0.955 Bare Bright Copper"
        " factor × 0.82 ZA yard margin × R18.21/USD (30 Mar 2026)"
    )
    assert (estimate["gradeFactor"], estimate["margin"]) == ("0.955", "0.82")
    assert estimate["referenceUsdPerTonne"] == "9412.00"
    silver = next(r for r in rows if r["material"]["slug"] == "silver")
    assert (silver["source"]["kind"], silver["estimate"]) == ("demo", None)
    new_york = next(r for r in by_material if r["city"]["slug"] == "new-york")
    assert new_york["estimate"]["formula"].endswith("× 0.88 US yard margin")  # no FX in dollars


def test_an_old_price_is_marked_stale(db: Engine) -> None:
    url = db.url.render_as_string(hide_password=False)
    settings = Settings(database_url=url, content_dir=CONTENT_DIR, data_dir=Path("/nonexistent"))
    with TestClient(create_app(settings)) as client:
        rows = client.get("/api/cities/johannesburg/prices").json()
    # The demo set ends 2026-03-31, months before any day these tests run on.
    assert rows
    assert all(r["stale"] for r in rows)


def test_the_command_estimates_a_day(
    db: Engine, content_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    add_references(db)
    monkeypatch.setenv("DATABASE_URL", db.url.render_as_string(hide_password=False))
    monkeypatch.setenv("CONTENT_DIR", str(content_dir))
    get_settings.cache_clear()
    try:
        result = CliRunner().invoke(cli, ["prices", "estimate", "--date", str(DAY)])
    finally:
        get_settings.cache_clear()
    assert result.exit_code == 0, result.output
    assert "Estimates for 2026-03-31" in result.output
    assert stored(db, "johannesburg", "bare-bright-copper") == (Decimal("134.22"), "estimate")


def test_the_data_check_warns_of_estimates_made_with_an_old_rate(
    db: Engine, content_dir: Path
) -> None:
    add_references(db)  # the rand rate is of 2026-03-30
    estimate_prices(db, content_dir, DAY)
    fresh = check_data(db, content_dir, today=DAY, stale_days=7)
    assert "old-fx-in-estimates" not in {f.code for f in fresh.findings}
    later = DAY + dt.timedelta(days=30)
    estimate_prices(db, content_dir, later)
    report = check_data(db, content_dir, today=later, stale_days=7)
    finding = next(f for f in report.findings if f.code == "old-fx-in-estimates")
    assert finding.level == "warning"
    assert any(
        "ZAR estimates of 2026-04-30 use the rate of 2026-03-30" in e for e in finding.examples
    )

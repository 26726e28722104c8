"""`scrapindex data check`: the demo data passes; each kind of broken data is named."""

import datetime as dt
import json
from decimal import Decimal

import pytest
from sqlalchemy import Connection, Engine, delete, insert, select, update
from typer.testing import CliRunner

from scrapindex.cli import app as cli
from scrapindex.data.check import DataCheckReport, DataFinding, check_data
from scrapindex.models import City, CurrentPrice, FxRate, MarketPrice, Material, Price, Source
from scrapindex.queries.current_prices import refresh_current_prices
from scrapindex.settings import get_settings
from tests.conftest import CONTENT_DIR, TEST_DEMO, FreshDatabase
from tests.factories import add_yard

TODAY = TEST_DEMO.end_date
STALE_DAYS = 7


@pytest.fixture
def db(fresh_database: FreshDatabase) -> Engine:
    return fresh_database(TEST_DEMO)


def check(db: Engine, today: dt.date = TODAY) -> DataCheckReport:
    return check_data(db, CONTENT_DIR, today=today, stale_days=STALE_DAYS)


def only_finding(report: DataCheckReport, code: str) -> DataFinding:
    (finding,) = [f for f in report.findings if f.code == code]
    return finding


def current_price_id(connection: Connection, city: str, material: str) -> int:
    price_id: int = connection.execute(
        select(CurrentPrice.price_id)
        .join(City, City.id == CurrentPrice.city_id)
        .join(Material, Material.id == CurrentPrice.material_id)
        .where(City.slug == city, Material.slug == material)
    ).scalar_one()
    return price_id


def set_current_price(connection: Connection, city: str, material: str, price: Decimal) -> None:
    price_id = current_price_id(connection, city, material)
    connection.execute(update(Price).where(Price.id == price_id).values(price_per_kg=price))


def current_price(connection: Connection, city: str, material: str) -> Decimal:
    price_id = current_price_id(connection, city, material)
    value: Decimal = connection.execute(
        select(Price.price_per_kg).where(Price.id == price_id)
    ).scalar_one()
    return value


def test_the_demo_data_passes(db: Engine) -> None:
    report = check(db)
    assert report.ok
    assert report.findings == []
    assert report.summary_lines()[-1].startswith("0 error(s), 0 warning(s)")


def test_a_grade_below_a_cheaper_one_is_an_error_naming_city_and_grades(db: Engine) -> None:
    with db.begin() as connection:
        copper_1 = current_price(connection, "london", "copper-1")
        set_current_price(connection, "london", "bare-bright-copper", copper_1 - Decimal("0.01"))
    report = check(db)
    assert not report.ok
    finding = only_finding(report, "grade-order")
    assert finding.level == "error"
    assert all(example.startswith("london: bare-bright-copper") for example in finding.examples)
    assert any("below copper-1" in example for example in finding.examples)
    assert report.errors == [finding]


def test_a_series_not_updated_for_a_week_warns(db: Engine) -> None:
    last_day = TODAY - dt.timedelta(days=STALE_DAYS + 1)
    with db.begin() as connection:
        london = connection.execute(select(City.id).where(City.slug == "london")).scalar_one()
        copper = connection.execute(
            select(Material.id).where(Material.slug == "copper")
        ).scalar_one()
        in_series = (Price.city_id == london, Price.material_id == copper)
        connection.execute(delete(CurrentPrice))  # it points at the prices about to go
        connection.execute(delete(Price).where(*in_series, Price.price_date > last_day))
        refresh_current_prices(connection)
    report = check(db)
    assert report.ok  # a warning, not an error
    finding = only_finding(report, "stale-series")
    assert (finding.level, finding.count) == ("warning", 1)
    assert finding.examples == [f"london copper: last priced {last_day}"]


def test_a_currency_without_exchange_rates_is_an_error(db: Engine) -> None:
    with db.begin() as connection:
        connection.execute(delete(FxRate).where(FxRate.currency == "NZD"))
    report = check(db)
    assert not report.ok
    finding = only_finding(report, "missing-fx")
    assert finding.level == "error"
    assert finding.examples
    assert all("in NZD" in example for example in finding.examples)
    assert finding.count % 30 == 0  # every NZ series, the newest 30 days


def test_a_price_in_another_currency_is_an_error(db: Engine) -> None:
    with db.begin() as connection:
        price_id = current_price_id(connection, "london", "steel")
        connection.execute(update(Price).where(Price.id == price_id).values(currency="USD"))
    finding = only_finding(check(db), "wrong-currency")
    assert (finding.level, finding.count) == ("error", 1)
    assert finding.examples == [f"london steel: 1 price(s) in USD from {TODAY} to {TODAY}"]


def test_a_yard_at_zero_zero_is_an_error(db: Engine) -> None:
    with db.begin() as connection:
        yard_id = add_yard(connection, "london", latitude=0.0, longitude=0.0)
    report = check(db)
    assert not report.ok
    finding = only_finding(report, "yard-place")
    assert finding.count == 1
    assert finding.examples[0].startswith(f"yard {yard_id} ")
    assert "london" in finding.examples[0]


def test_a_price_far_from_other_cities_warns(db: Engine) -> None:
    with db.begin() as connection:
        aluminium = current_price(connection, "london", "aluminum")
        set_current_price(connection, "london", "aluminum", aluminium * 10)
    report = check(db)
    assert report.ok
    finding = only_finding(report, "outlier")
    assert finding.count == 1
    assert finding.examples[0].startswith("london aluminum:")


def test_old_market_references_warn_when_estimates_exist(db: Engine) -> None:
    # Monthly averages are stored on their month's first day and age from its last. With TODAY
    # 31 Mar 2026: December's average ended 90 days before (old); January's began 89 days
    # before but ended 59 days before (not old).
    assert dt.date(2026, 3, 31) == TODAY
    old_month, recent_month = dt.date(2025, 12, 1), dt.date(2026, 1, 1)
    with db.begin() as connection:
        source_id = connection.execute(
            insert(Source).values(name="Estimates", kind="estimate").returning(Source.id)
        ).scalar_one()
        price_id = current_price_id(connection, "london", "copper")
        connection.execute(update(Price).where(Price.id == price_id).values(source_id=source_id))
        connection.execute(
            insert(MarketPrice),
            [
                {"metal": "copper", "price_date": old_month,
                 "usd_per_tonne": Decimal(9000), "period": "monthly", "source_id": source_id},
                {"metal": "zinc", "price_date": recent_month,
                 "usd_per_tonne": Decimal(2800), "period": "monthly", "source_id": source_id},
            ],
        )  # fmt: skip
    finding = only_finding(check(db), "old-market-reference")
    assert finding.level == "warning"
    assert finding.examples == [f"copper: newest monthly reference from {old_month}"]


def run_cli(db: Engine, monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[int, str]:
    monkeypatch.setenv("DATABASE_URL", db.url.render_as_string(hide_password=False))
    get_settings.cache_clear()
    try:
        result = CliRunner().invoke(cli, ["data", "check", *args])
    finally:
        get_settings.cache_clear()
    return result.exit_code, result.output


def test_the_command_exits_0_on_clean_data(db: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    exit_code, output = run_cli(db, monkeypatch)
    assert exit_code == 0, output
    assert "0 error(s)" in output
    exit_code, output = run_cli(db, monkeypatch, "--json")
    assert exit_code == 0, output
    assert json.loads(output)["errors"] == 0


def test_the_command_exits_1_on_errors(db: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    with db.begin() as connection:
        add_yard(connection, "london", latitude=0.0, longitude=0.0)
    exit_code, output = run_cli(db, monkeypatch)
    assert exit_code == 1
    assert "yard-place" in output
    assert "1 error(s)" in output
    exit_code, output = run_cli(db, monkeypatch, "--json")
    assert exit_code == 1
    report = json.loads(output)
    assert [finding["code"] for finding in report["findings"] if finding["level"] == "error"] == [
        "yard-place"
    ]

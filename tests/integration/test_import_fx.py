"""Exchange-rate import: the price feed's rules for daily USD rates."""

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from scrapindex import revision
from scrapindex.app import create_app
from scrapindex.data.imports.fx import import_fx_rates
from scrapindex.models import FxRate, Source
from scrapindex.queries.prices import material_figures
from scrapindex.settings import Settings
from tests.clock import ManualClock
from tests.conftest import CONTENT_DIR
from tests.databases import fingerprint
from tests.integration.test_price_figures_sql import reference_figures

FIXTURES = Path(__file__).parents[1] / "fixtures" / "imports"
FEED = "Central Bank Feed"


def stored_rate(db: Engine, currency: str, day: dt.date) -> tuple[Decimal, str]:
    with db.connect() as connection:
        row = connection.execute(
            select(FxRate.usd_per_unit, Source.name)
            .join(Source, Source.id == FxRate.source_id)
            .where(FxRate.currency == currency, FxRate.rate_date == day)
        ).one()
    return row[0], row[1]


@pytest.mark.parametrize("name", ["fx_valid.csv", "fx_valid.json"])
def test_valid_rates_are_upserted_and_reported(db: Engine, name: str) -> None:
    before = revision.read(db)
    report = import_fx_rates(db, FIXTURES / name)
    assert report.ok, report.problem_lines()
    assert (report.inserted, report.updated, report.unchanged) == (3, 1, 0)
    assert stored_rate(db, "ZAR", dt.date(2026, 4, 1)) == (Decimal("0.05351"), FEED)
    assert stored_rate(db, "GBP", dt.date(2026, 3, 31)) == (Decimal("1.24145454"), FEED)
    assert revision.read(db) == before + 1


def test_the_same_file_twice_changes_nothing(db: Engine) -> None:
    assert import_fx_rates(db, FIXTURES / "fx_valid.csv").ok
    after_first = fingerprint(db)
    again = import_fx_rates(db, FIXTURES / "fx_valid.csv")
    assert (again.inserted, again.updated, again.unchanged) == (0, 0, 4)
    assert fingerprint(db) == after_first


def test_new_rates_move_the_usd_figures(db: Engine) -> None:
    clock = ManualClock()
    url = db.url.render_as_string(hide_password=False)
    settings = Settings(database_url=url, content_dir=CONTENT_DIR, data_dir=Path("/nonexistent"))
    with TestClient(create_app(settings, clock=clock)) as client:
        before = client.get("/api/materials/copper/prices")
        assert import_fx_rates(db, FIXTURES / "fx_valid.csv").ok
        clock.past_revision_check()
        after = client.get("/api/materials/copper/prices")
    assert after.headers["etag"] != before.headers["etag"]
    london = next(row for row in after.json() if row["city"]["slug"] == "london")
    # From the stored price (four decimals per kg), not the two-decimal text beside it.
    dollars = (Decimal(london["priceExact"]) * Decimal("1.2431")).quantize(
        Decimal("0.01"), ROUND_HALF_UP
    )
    assert london["priceUsd"] == str(dollars)


INVALID_FILES = [
    ("fx_unknown_currency.csv", "line 3", "currency 'XYZ' is not one of AUD, CAD, EUR, GBP"),
    ("fx_zero_rate.csv", "line 3", "usd_per_unit 0 is not above zero"),
    ("fx_non_numeric_rate.csv", "line 3", "usd_per_unit '1,0852' is not a number"),
    ("fx_future_date.csv", "line 3", "date 2099-04-01 is in the future"),
    ("fx_bad_date.csv", "line 3", "date '1 April 2026' is not a date in the form YYYY-MM-DD"),
    ("fx_duplicate_row.csv", "line 4", "GBP on 2026-04-01 repeats line 2"),
    ("fx_missing_columns.csv", "line 1", "missing columns: usd_per_unit"),
    ("fx_latin1.csv", "line 2", "not valid UTF-8"),
    ("fx_inverted_rate.csv", "line 3", "18.72000000 USD is more than 3x the 7-day median"),
]


@pytest.mark.parametrize(("name", "where", "message"), INVALID_FILES)
def test_an_invalid_row_rejects_the_whole_file(
    db: Engine, name: str, where: str, message: str
) -> None:
    before = fingerprint(db)
    report = import_fx_rates(db, FIXTURES / name)
    assert not report.ok
    assert any(line.startswith(f"{where}: ") and message in line for line in report.problem_lines())
    assert fingerprint(db) == before


def test_an_outlying_rate_is_written_with_the_override(db: Engine) -> None:
    report = import_fx_rates(db, FIXTURES / "fx_inverted_rate.csv", allow_outliers=True)
    assert report.ok
    assert stored_rate(db, "ZAR", dt.date(2026, 4, 1))[0] == Decimal("18.72")


def test_new_rates_move_the_stored_figures_in_dollars(db: Engine) -> None:
    with Session(db) as session:
        before = material_figures(session)
    assert import_fx_rates(db, FIXTURES / "fx_valid.csv").ok
    with Session(db) as session:
        after = material_figures(session)
        assert after == reference_figures(session)
    assert after != before

"""An estimate resting on a monthly reference names it ("World Bank monthly average, Oct 2025"),
and one whose month ended more than MONTHLY_REFERENCE_MAX_AGE_DAYS before the price's day is
shown as resting on an old reference: in the API and on the page without JavaScript (issue 39)."""

import datetime as dt
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import Engine

from scrapindex.data.estimates import estimate_prices
from scrapindex.data.feeds.market import fetch_market_prices
from tests.conftest import CONTENT_DIR
from tests.worldbank_fixture import FIXTURE_CSV, fixture_rows

DAY = dt.date(2026, 3, 31)  # the import demo set's last day: the estimate stands as the newest


def new_york_copper(site: TestClient, db: Engine, sheet: Path) -> dict[str, Any]:
    """The estimate the sheet gives New York's #1 copper (in dollars: no exchange rate to age)."""
    assert fetch_market_prices(db, CONTENT_DIR, source="worldbank", file=sheet).ok
    estimate_prices(db, CONTENT_DIR, DAY)
    rows = site.get("/api/cities/new-york/prices").json()
    row = next(r for r in rows if r["material"]["slug"] == "copper-1")
    assert (row["source"]["kind"], row["date"]) == ("estimate", DAY.isoformat())
    estimate: dict[str, Any] = row["estimate"]
    return estimate


def test_an_estimate_on_an_old_monthly_reference_says_so(site: TestClient, db: Engine) -> None:
    # The fixture ends with October 2025: 151 days before the price's day.
    estimate = new_york_copper(site, db, FIXTURE_CSV)
    assert "$10,741.36/t (World Bank monthly average, Oct 2025) × 0.935" in estimate["formula"]
    assert (estimate["referencePeriod"], estimate["referenceDate"]) == ("monthly", "2025-10-01")
    assert (estimate["referenceOutdated"], estimate["inputsOutdated"]) == (True, True)
    note = "old reference: World Bank monthly average, Oct 2025"
    assert estimate["inputsNote"] == note
    assert f"({note})" in site.get("/us/new-york").text


def test_a_recent_monthly_reference_is_not_old(
    site: TestClient, db: Engine, tmp_path: Path
) -> None:
    # January 2026's average ended 59 days before the price's day (the limit is 62).
    rows = fixture_rows()
    rows.append(["2026M01", *rows[-1][1:]])
    sheet = tmp_path / "CMO-Historical-Data-Monthly.csv"
    sheet.write_text("\n".join(",".join(f'"{cell}"' for cell in row) for row in rows))
    estimate = new_york_copper(site, db, sheet)
    assert "(World Bank monthly average, Jan 2026)" in estimate["formula"]
    assert (estimate["referenceOutdated"], estimate["inputsOutdated"]) == (False, False)
    assert estimate["inputsNote"] is None

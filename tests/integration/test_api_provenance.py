"""Provenance per row: each city's own last update, an estimate's old inputs, and an estimate's
change against estimates only (issue 37)."""

import datetime as dt
from decimal import Decimal
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import Engine, delete, insert, select

from scrapindex.alerts.digests import city_board
from scrapindex.data.estimates import estimate_prices
from scrapindex.data.imports.prices import import_prices
from scrapindex.models import City, FxRate, MarketPrice, Source
from scrapindex.settings import Settings
from tests.conftest import CONTENT_DIR

DAY = dt.date(2026, 3, 31)  # the import demo set's last day
MIDNIGHT = "2026-03-31T00:00:00Z"


def overview(site: TestClient, city: str) -> dict[str, Any]:
    answer: dict[str, Any] = site.get(f"/api/cities/{city}/overview").json()
    return answer


def row_of(site: TestClient, city: str, material: str) -> dict[str, Any]:
    rows = site.get(f"/api/cities/{city}/prices").json()
    return next(r for r in rows if r["material"]["slug"] == material)


def test_a_one_city_import_moves_that_citys_last_update_only(
    site: TestClient, db: Engine, tmp_path: Path
) -> None:
    # Demo rows keep only their day: that day, said as a day, not as a time of writing.
    joburg = overview(site, "johannesburg")
    assert (joburg["lastUpdated"], joburg["lastUpdatedDayOnly"]) == (MIDNIGHT, True)
    assert overview(site, "london")["lastUpdated"] == MIDNIGHT

    steel = row_of(site, "london", "steel")  # the same price, now from a feed
    feed = tmp_path / "london-steel.csv"
    feed.write_text(
        "date,country,city,material,price,currency,unit,source\n"
        f"{DAY},GB,london,steel,{steel['priceExact']},GBP,kg,London Steel Desk\n",
        encoding="utf-8",
    )
    assert import_prices(db, feed, today=DAY).ok

    written = row_of(site, "london", "steel")
    assert written["source"]["kind"] == "feed"
    london = overview(site, "london")
    assert london["lastUpdated"] == written["updatedAt"]
    assert london["lastUpdatedDayOnly"] is False
    assert dt.datetime.fromisoformat(london["lastUpdated"]) > dt.datetime.fromisoformat(MIDNIGHT)
    # Johannesburg's prices did not move, so neither did its last update (it followed the
    # site-wide data revision, which the London import moved).
    assert overview(site, "johannesburg") == joburg


def add_inputs(db: Engine, reference_day: dt.date, fx_day: dt.date) -> None:
    """A monthly copper reference for ``reference_day``'s month and a real rand rate of
    ``fx_day`` (as an ECB import writes it, replacing a demo rate of that day)."""
    with db.begin() as connection:
        fred, ecb = (
            connection.execute(
                insert(Source).values(name=name, kind="feed").returning(Source.id)
            ).scalar_one()
            for name in ("FRED: IMF primary commodity prices", "European Central Bank")
        )
        connection.execute(
            insert(MarketPrice).values(
                metal="copper",
                price_date=reference_day,
                usd_per_tonne=Decimal(9412),
                period="monthly",
                source_id=fred,
            )
        )
        connection.execute(
            delete(FxRate).where(FxRate.currency == "ZAR", FxRate.rate_date == fx_day)
        )
        connection.execute(
            insert(FxRate).values(
                currency="ZAR", rate_date=fx_day, usd_per_unit=Decimal("0.05491488"), source_id=ecb
            )
        )


def test_an_estimate_from_old_inputs_says_their_months(site: TestClient, db: Engine) -> None:
    # October's average and an April rate, five and eleven months before the price's day.
    add_inputs(db, dt.date(2025, 10, 1), dt.date(2025, 4, 25))
    estimate_prices(db, CONTENT_DIR, DAY)
    row = row_of(site, "johannesburg", "copper-1")
    assert row["source"]["kind"] == "estimate"
    assert row["estimate"]["inputsOutdated"] is True
    assert row["estimate"]["referenceOutdated"] is True  # FRED's monthly series, as the WB's
    assert row["estimate"]["inputsNote"] == "inputs from Apr\N{EN DASH}Oct 2025"
    markets = site.get("/api/materials/copper-1/prices").json()
    joburg = next(r for r in markets if r["city"]["slug"] == "johannesburg")
    assert joburg["estimate"]["inputsNote"] == "inputs from Apr\N{EN DASH}Oct 2025"
    # The page without JavaScript says it too, beside the formula.
    assert "(inputs from Apr\N{EN DASH}Oct 2025)" in site.get("/za/johannesburg").text


def test_an_estimate_from_this_months_inputs_says_nothing_of_them(
    site: TestClient, db: Engine
) -> None:
    add_inputs(db, dt.date(2026, 3, 1), dt.date(2026, 3, 30))
    estimate_prices(db, CONTENT_DIR, DAY)
    estimate = row_of(site, "johannesburg", "copper-1")["estimate"]
    assert (estimate["inputsOutdated"], estimate["inputsNote"]) == (False, None)
    assert estimate["referenceOutdated"] is False


def test_an_estimates_change_is_against_the_previous_estimate_only(
    site: TestClient, db: Engine
) -> None:
    add_inputs(db, dt.date(2025, 10, 1), dt.date(2025, 4, 25))
    estimate_prices(db, CONTENT_DIR, DAY)
    first = row_of(site, "johannesburg", "copper-1")
    # The day before was a demo price: the previous price is said, but no move against it.
    assert first["previousPrice"] is not None
    assert first["previousPrice"] != first["price"]
    assert (first["change"], first["changeExact"], first["changePercent"]) == (None, None, None)
    assert first["trend"] == "flat"
    rows = site.get("/api/cities/johannesburg/prices").json()
    moved = [r for r in rows if r["trend"] != "flat"]
    assert all(r["source"]["kind"] != "estimate" for r in moved)
    joburg = overview(site, "johannesburg")
    assert joburg["priceChanges"] == sum(r["trend"] == "up" for r in moved)
    assert joburg["materialsDown"] == sum(r["trend"] == "down" for r in moved)

    # The next day's estimate from the same inputs: no move, said as none.
    estimate_prices(db, CONTENT_DIR, DAY + dt.timedelta(days=1))
    second = row_of(site, "johannesburg", "copper-1")
    assert second["date"] == str(DAY + dt.timedelta(days=1))
    assert second["previousPrice"] == first["price"]
    assert (second["change"], second["changePercent"], second["trend"]) == ("0.00", 0.0, "flat")


def test_a_digest_claims_no_move_between_two_methods(site: TestClient, db: Engine) -> None:
    add_inputs(db, dt.date(2025, 10, 1), dt.date(2025, 4, 25))
    estimate_prices(db, CONTENT_DIR, DAY)
    settings = Settings(site_root="https://scrapindex.example")
    with db.connect() as connection:
        city_id = connection.execute(
            select(City.id).where(City.slug == "johannesburg")
        ).scalar_one()
        board = city_board(
            connection, settings, city_id, dt.datetime(2026, 3, 31, 6, tzinfo=dt.UTC)
        )
    rows = {row["material"]: row for row in board["prices"]}
    # The estimate follows a demo price: its row says what it is and claims no change.
    assert (rows["#1 Copper"]["kind"], rows["#1 Copper"]["change"]) == ("Estimate", "")
    # A demo price after a demo price: a change, as the site shows it.
    demo = [row for row in rows.values() if row["kind"] == "Demo data"]
    assert demo
    assert all(row["change"].endswith("%") for row in demo)

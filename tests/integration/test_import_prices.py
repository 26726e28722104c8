"""Price feed import: validation, all-or-nothing writes, upserts, units, outliers, atomicity."""

import datetime as dt
import threading
from decimal import Decimal
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, func, select
from typer.testing import CliRunner

from scrapindex import revision
from scrapindex.app import create_app
from scrapindex.cli import app as cli
from scrapindex.data.imports.prices import import_prices
from scrapindex.data.imports.report import MAX_LISTED_PROBLEMS
from scrapindex.models import City, CurrentPrice, DataRevision, Material, Price, Source
from scrapindex.settings import Settings, get_settings
from tests.conftest import CONTENT_DIR
from tests.databases import fingerprint

FIXTURES = Path(__file__).parents[1] / "fixtures" / "imports"
FEED = "Northern Metals Exchange"
HEADER = "date,country,city,material,price,currency,unit,source\n"


def stored_price(db: Engine, city: str, material: str, day: dt.date) -> tuple[Decimal, str]:
    """(price per kg, source name) of one stored row."""
    with db.connect() as connection:
        row = connection.execute(
            select(Price.price_per_kg, Source.name)
            .join(Source, Source.id == Price.source_id)
            .join(City, City.id == Price.city_id)
            .join(Material, Material.id == Price.material_id)
            .where(City.slug == city, Material.slug == material, Price.price_date == day)
        ).one()
    return row[0], row[1]


@pytest.mark.parametrize("name", ["prices_valid.csv", "prices_valid.json"])
def test_a_valid_feed_is_upserted_and_reported(db: Engine, name: str) -> None:
    before = revision.read(db)
    report = import_prices(db, FIXTURES / name)
    assert report.ok, report.problem_lines()
    assert (report.rows, report.inserted, report.updated, report.unchanged) == (7, 5, 2, 0)
    april = dt.date(2026, 4, 1)
    assert stored_price(db, "london", "copper", april) == (Decimal("6.71"), FEED)
    assert stored_price(db, "london", "steel", april) == (Decimal("0.19"), FEED)  # 190/t
    # Same price as the demo row, but now from the feed: that is an update.
    assert stored_price(db, "london", "copper", dt.date(2026, 3, 31)) == (Decimal("6.67"), FEED)
    with db.connect() as connection:
        kind = connection.execute(select(Source.kind).where(Source.name == FEED)).scalar_one()
        updated_at = connection.execute(
            select(func.max(Price.updated_at)).join(Source).where(Source.name == FEED)
        ).scalar_one()
    assert kind == "feed"
    assert updated_at.tzinfo is not None
    assert revision.read(db) == before + 1


def test_the_api_shows_the_import_with_its_source_and_change(db: Engine) -> None:
    assert import_prices(db, FIXTURES / "prices_valid.csv").ok
    url = db.url.render_as_string(hide_password=False)
    settings = Settings(database_url=url, content_dir=CONTENT_DIR, data_dir=Path("/nonexistent"))
    with TestClient(create_app(settings)) as client:
        rows = client.get("/api/cities/london/prices").json()
    copper = next(r for r in rows if r["material"]["slug"] == "copper")
    assert copper["date"] == "2026-04-01"
    assert (copper["price"], copper["previousPrice"], copper["change"]) == ("6.71", "6.67", "0.04")
    assert copper["source"] == {"name": FEED, "kind": "feed"}
    untouched = next(r for r in rows if r["material"]["slug"] == "zinc")
    assert untouched["source"]["kind"] == "demo"


def test_the_same_file_twice_changes_nothing(db: Engine) -> None:
    assert import_prices(db, FIXTURES / "prices_valid.csv").ok
    after_first = fingerprint(db)
    again = import_prices(db, FIXTURES / "prices_valid.csv")
    assert (again.inserted, again.updated, again.unchanged) == (0, 0, 7)
    assert fingerprint(db) == after_first  # the data revision did not move either


def test_pounds_and_tonnes_convert_to_kg_exact_to_the_cent(db: Engine) -> None:
    assert import_prices(db, FIXTURES / "prices_units.csv").ok
    april = dt.date(2026, 4, 1)
    # price / 0.45359237 kg (the international pound) or / 1000 kg, rounded half-even to 4 places
    expected = {
        ("london", "copper"): (Decimal("6.7241"), "6.72"),  # 3.05/lb = 6.72409899...
        ("new-york", "copper"): (Decimal("8.3776"), "8.38"),  # 3.80/lb = 8.37756596...
        ("new-york", "aluminum"): (Decimal("1.2566"), "1.26"),  # 0.57/lb = 1.25663489...
        ("johannesburg", "copper"): (Decimal("165.25"), "165.25"),  # 165,250/t
        ("sydney", "copper"): (Decimal("12.9005"), "12.90"),  # 12,900.50/t
    }
    for (city, material), (per_kg, cents) in expected.items():
        stored, _ = stored_price(db, city, material, april)
        assert stored == per_kg
        assert f"{stored:.2f}" == cents


def test_a_piece_is_stored_per_piece_and_a_troy_ounce_per_kg(db: Engine) -> None:
    assert import_prices(db, FIXTURES / "prices_sale_units.csv").ok
    april = dt.date(2026, 4, 1)
    # Catalytic converters sell by the piece: stored as given, never divided by a weight.
    assert stored_price(db, "london", "catalytic-converters", april)[0] == Decimal("120.00")
    # 22.00 a troy ounce / 0.0311034768 kg = 707.31642... a kg
    assert stored_price(db, "london", "silver", april)[0] == Decimal("707.3164")


# (file, where the problem is, what the report says there)
INVALID_FILES = [
    ("prices_unknown_city.csv", "line 3", "unknown city 'atlantis'"),
    ("prices_city_in_other_country.csv", "line 3", "city 'london' is in GB, not ZA"),
    ("prices_unknown_material.csv", "line 3", "unknown material 'unobtainium'"),
    ("prices_wrong_currency.csv", "line 3", "currency 'USD' is not GB's currency (GBP)"),
    ("prices_zero_price.csv", "line 3", "price 0 is not above zero"),
    ("prices_negative_price.csv", "line 3", "price -4.02 is not above zero"),
    ("prices_non_numeric_price.csv", "line 3", "price '4,02' is not a number"),
    ("prices_bad_date.csv", "line 3", "date '01/04/2026' is not a date in the form YYYY-MM-DD"),
    ("prices_impossible_date.csv", "line 3", "date '2026-02-30' is not a real date"),
    ("prices_future_date.csv", "line 3", "date 2099-04-01 is in the future"),
    ("prices_duplicate_row.csv", "line 4", "copper in london on 2026-04-01 repeats line 2"),
    ("prices_latin1.csv", "line 2", "not valid UTF-8 (byte 0xe9 at column 42)"),
    ("prices_missing_columns.csv", "line 1", "missing columns: unit, source"),
    ("prices_short_row.csv", "line 3", "expected 8 fields, found 6"),
    ("prices_bad_unit.csv", "line 3", "unit 'oz' is not one of kg, lb, t"),
    ("prices_demo_source.csv", "line 2", "is the demo source"),
    (
        "prices_piece_by_weight.csv",
        "line 3",
        "Catalytic Converters sell by the piece: give the price per piece",
    ),
    (
        "prices_weight_by_piece.csv",
        "line 3",
        "Brass is priced by weight: give the price per kg, lb, t",
    ),
    ("prices_outlier.csv", "line 2", "£67.10/kg is 10.10x its median over the 30 days before"),
    ("prices_outlier.csv", "line 4", "R15.50/kg is 0.10x its median over the 30 days before"),
    ("prices_missing_fields.json", "item 2", "missing fields: currency"),
    ("prices_truncated.json", "item 2", "not valid JSON"),
    ("prices_not_an_array.json", "file", "expected an array"),
]


@pytest.mark.parametrize(("name", "where", "message"), INVALID_FILES)
def test_an_invalid_row_rejects_the_whole_file(
    db: Engine, name: str, where: str, message: str
) -> None:
    before = fingerprint(db)
    report = import_prices(db, FIXTURES / name)
    assert not report.ok
    assert any(line.startswith(f"{where}: ") and message in line for line in report.problem_lines())
    assert (report.inserted, report.updated, report.unchanged) == (0, 0, 0)
    assert fingerprint(db) == before


def test_every_problem_of_a_row_is_reported(db: Engine, tmp_path: Path) -> None:
    feed = tmp_path / "prices.csv"
    feed.write_text(HEADER + "2026-04-01,ZA,atlantis,unobtainium,-1,XXX,oz,\n", encoding="utf-8")
    lines = import_prices(db, feed).problem_lines()
    assert lines == [
        "line 2: unknown city 'atlantis'",
        "line 2: unknown material 'unobtainium'",
        "line 2: price -1 is not above zero",
        "line 2: unit 'oz' is not one of kg, lb, t, ozt, piece",
        "line 2: source is empty",
    ]


def test_the_report_lists_a_hundred_problems_and_counts_the_rest(
    db: Engine, tmp_path: Path
) -> None:
    feed = tmp_path / "prices.csv"
    bad = "2026-04-01,GB,london,copper,abc,GBP,kg,Feed\n"
    feed.write_text(HEADER + bad * 150, encoding="utf-8")
    report = import_prices(db, feed)
    assert report.problems.count == 150
    lines = report.problem_lines()
    assert len(lines) == MAX_LISTED_PROBLEMS + 1
    assert lines[-1] == "… and 50 more"


def test_outliers_are_written_with_the_override(db: Engine) -> None:
    report = import_prices(db, FIXTURES / "prices_outlier.csv", allow_outliers=True)
    assert report.ok
    assert report.inserted == 3
    assert stored_price(db, "london", "copper", dt.date(2026, 4, 1))[0] == Decimal("67.10")


def test_a_series_without_recent_history_has_no_outlier_guard(db: Engine, tmp_path: Path) -> None:
    feed = tmp_path / "prices.csv"
    # The demo history ends on 2026-03-31: nothing stored in the 30 days before 2026-05-10.
    # Aluminium is in no grade family: 60.00 breaks no order, only the (absent) outlier guard.
    feed.write_text(HEADER + "2026-05-10,GB,london,aluminum,60.00,GBP,kg,Feed\n", encoding="utf-8")
    report = import_prices(db, feed)
    assert report.ok
    assert report.published_anyway == []


def test_a_price_is_measured_against_the_latest_feed_price_not_the_demo_median(
    db: Engine, tmp_path: Path
) -> None:
    """The trusted baseline: a feed's price a week old outweighs the demo days after it, and
    the day's own stored price (which the write replaces) is never the baseline."""
    feed = tmp_path / "prices.csv"
    london_aluminum = stored_price(db, "london", "aluminum", dt.date(2026, 3, 24))[0]
    trusted = (london_aluminum * 4).quantize(Decimal("0.01"))  # far from the demo, stood for
    feed.write_text(
        HEADER + f"2026-03-24,GB,london,aluminum,{trusted},GBP,kg,Feed\n", encoding="utf-8"
    )
    assert import_prices(db, feed, allow_outliers=True).ok
    near_the_feed = (trusted * Decimal("0.9")).quantize(Decimal("0.01"))
    feed.write_text(
        HEADER + f"2026-03-31,GB,london,aluminum,{near_the_feed},GBP,kg,Feed\n", encoding="utf-8"
    )
    report = import_prices(db, feed)
    assert report.ok, report.problem_lines()
    assert stored_price(db, "london", "aluminum", dt.date(2026, 3, 31))[0] == near_the_feed

    back_to_the_demo = (london_aluminum).quantize(Decimal("0.01"))
    feed.write_text(
        HEADER + f"2026-03-31,GB,london,aluminum,{back_to_the_demo},GBP,kg,Feed\n",
        encoding="utf-8",
    )
    refused = import_prices(db, feed)
    assert refused.outliers == 1
    assert "its latest feed or manual price" in refused.problem_lines()[0]
    assert "on 2026-03-24)" in refused.problem_lines()[0]


def write_large_feed(db: Engine, path: Path, days: int) -> int:
    """Every series for ``days`` days from 2026-03-27: updates of stored days, then new days."""
    with db.connect() as connection:
        latest = connection.execute(
            select(
                City.slug,
                City.country_code,
                Material.slug,
                Material.sale_unit,
                Price.price_per_kg,
                Price.currency,
            )
            .select_from(CurrentPrice)
            .join(Price, Price.id == CurrentPrice.price_id)
            .join(City, City.id == CurrentPrice.city_id)
            .join(Material, Material.id == CurrentPrice.material_id)
        ).all()
    rows = 0
    with path.open("w", encoding="utf-8") as out:
        out.write(HEADER)
        for n in range(days):
            day = dt.date(2026, 3, 27) + dt.timedelta(days=n)
            for city, country, material, sale_unit, price, currency in latest:
                new_price = (price * Decimal("1.02")).quantize(Decimal("0.01"))
                unit = "piece" if sale_unit == "piece" else "kg"
                out.write(
                    f"{day},{country},{city},{material},{new_price},{currency},{unit},Big feed\n"
                )
                rows += 1
    return rows


def observed_state(db: Engine) -> tuple[object, ...]:
    """Counts and sums over prices, current_prices and the revision, read in one statement."""
    parts = (
        select(func.count()).select_from(Price),
        select(func.sum(Price.price_per_kg)),
        select(func.count()).select_from(Price).join(Source).where(Source.name == "Big feed"),
        select(func.sum(CurrentPrice.price_id)),
        select(func.max(DataRevision.revision)),
    )
    with db.connect() as connection:
        return tuple(connection.execute(select(*(p.scalar_subquery() for p in parts))).one())


def test_a_concurrent_reader_sees_the_old_or_the_new_state_never_a_mix(
    db: Engine, tmp_path: Path
) -> None:
    feed = tmp_path / "big.csv"
    rows = write_large_feed(db, feed, days=12)  # 12 x 2,550 series: half updates, half new
    old = observed_state(db)
    writing = threading.Event()
    reports = []

    class SignalWriting:
        def start(self, description: str, total: int | None) -> None:
            if description.startswith("Writing"):
                writing.set()

        def advance(self, rows: int) -> None:
            pass

    def run() -> None:
        reports.append(import_prices(db, feed, progress=SignalWriting()))

    importer = threading.Thread(target=run)
    importer.start()
    assert writing.wait(timeout=120)
    seen_while_writing = set()
    while importer.is_alive():
        seen_while_writing.add(observed_state(db))
    importer.join()
    new = observed_state(db)
    assert reports[0].ok, reports[0].problem_lines()
    assert reports[0].inserted + reports[0].updated == rows
    assert new != old
    assert seen_while_writing <= {old, new}
    assert old in seen_while_writing  # the import was seen in progress, and looked untouched


@pytest.mark.parametrize(
    ("command", "good", "bad"),
    [
        ("prices", "prices_valid.csv", "prices_outlier.csv"),
        ("fx", "fx_valid.csv", "fx_unknown_currency.csv"),
        ("yards", "overpass_scrap_yards.json", "overpass_repeated_id.json"),
    ],
)
def test_the_import_commands_exit_1_and_list_problems_for_a_bad_file(
    db: Engine,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    command: str,
    good: str,
    bad: str,
) -> None:
    monkeypatch.setenv("DATABASE_URL", db.url.render_as_string(hide_password=False))
    monkeypatch.setenv("DATA_DIR", str(tmp_path))  # where a file refused for outliers is kept
    get_settings.cache_clear()
    try:
        rejected = CliRunner().invoke(cli, [command, "import", str(FIXTURES / bad)])
        imported = CliRunner().invoke(cli, [command, "import", str(FIXTURES / good)])
    finally:
        get_settings.cache_clear()
    assert rejected.exit_code == 1
    assert "rejected: nothing written" in rejected.output
    assert "Problems (nothing was written):" in rejected.output
    assert imported.exit_code == 0, imported.output
    assert "inserted" in imported.output

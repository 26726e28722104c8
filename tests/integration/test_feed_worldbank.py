"""The World Bank's monthly Pink Sheet: from its workbook, its CSV export, a loopback server
(the file or the page linking it), offline, and every refusal changing nothing."""

import datetime as dt
import functools
import threading
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from sqlalchemy import Engine, select

from scrapindex.data.feeds import FeedFormatError, FeedUnavailableError
from scrapindex.data.feeds.http import fetch_bytes
from scrapindex.data.feeds.market import fetch_market_prices
from scrapindex.data.feeds.worldbank import (
    WORLD_BANK_IRON_ORE_SOURCE,
    WORLD_BANK_PAGE,
    WORLD_BANK_SOURCE,
)
from scrapindex.models import MarketPrice, Source
from tests.conftest import CONTENT_DIR
from tests.databases import data_fingerprint, fingerprint
from tests.integration.test_feeds import (
    FEEDS,
    FeedServer,
    closed_port_url,
    estimated_row,
    run_cli,
    source_url,
    stored_market,
)
from tests.worldbank_fixture import FIXTURE_CSV, FIXTURE_XLSX, Cell, fixture_rows, workbook_bytes

FILE_PATH = "/en/doc/0123abcd-0050012026/related/CMO-Historical-Data-Monthly.xlsx"
PAGE_PATH = "/en/research/commodity-markets"
METALS = 7
MONTHS = 7  # 1960M01, 1960M02 and June to October 2025
STORED = METALS * MONTHS - 2  # zinc has no value in 1960 ("…", then empty)
OCTOBER = dt.date(2025, 10, 1)


@pytest.fixture
def server() -> Iterator[FeedServer]:
    served = FeedServer()
    thread = threading.Thread(target=served.server.serve_forever, daemon=True)
    thread.start()
    yield served
    served.server.shutdown()
    served.server.server_close()
    thread.join()


def worldbank_rows(db: Engine) -> list[tuple[str, dt.date, Decimal, str, str]]:
    with db.connect() as connection:
        query = (
            select(
                MarketPrice.metal,
                MarketPrice.price_date,
                MarketPrice.usd_per_tonne,
                MarketPrice.period,
                Source.name,
            )
            .join(Source, Source.id == MarketPrice.source_id)
            .where(Source.name.in_([WORLD_BANK_SOURCE, WORLD_BANK_IRON_ORE_SOURCE]))
            .order_by(MarketPrice.metal, MarketPrice.price_date)
        )
        return [(r[0], r[1], r[2], r[3], r[4]) for r in connection.execute(query)]


def fetch_cli(db: Engine, monkeypatch: pytest.MonkeyPatch, *args: str, **env: str) -> str:
    result = run_cli(db, monkeypatch, "market", "fetch", "--source", "worldbank", *args, **env)
    assert result.exit_code == 0, result.output
    return result.output


def refused(db: Engine, monkeypatch: pytest.MonkeyPatch, *args: str, **env: str) -> str:
    """The one line a refused fetch prints; nothing stored, no run recorded."""
    before = fingerprint(db)
    result = run_cli(db, monkeypatch, "market", "fetch", "--source", "worldbank", *args, **env)
    assert result.exit_code == 1
    assert fingerprint(db) == before
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    return lines[0]


def test_the_workbook_imports_every_metal_as_monthly_references(
    db: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    output = fetch_cli(db, monkeypatch, "--file", str(FIXTURE_XLSX))
    assert "imported" in output
    assert stored_market(db, "copper", OCTOBER) == (
        Decimal("10741.36"),
        "monthly",
        WORLD_BANK_SOURCE,
    )
    assert stored_market(db, "aluminium", dt.date(2025, 6, 1)) == (
        Decimal("2525.67"),
        "monthly",
        WORLD_BANK_SOURCE,
    )
    assert stored_market(db, "tin", OCTOBER) == (Decimal("36013.55"), "monthly", WORLD_BANK_SOURCE)
    assert stored_market(db, "iron_ore", OCTOBER) == (
        Decimal("106.51"),
        "monthly",
        WORLD_BANK_IRON_ORE_SOURCE,
    )
    assert stored_market(db, "copper", dt.date(1960, 2, 1)) == (
        Decimal("728.19"),
        "monthly",
        WORLD_BANK_SOURCE,
    )
    assert stored_market(db, "zinc", dt.date(1960, 1, 1)) is None  # "…" in the sheet
    assert stored_market(db, "zinc", dt.date(1960, 2, 1)) is None  # an empty cell
    assert len(worldbank_rows(db)) == STORED
    assert source_url(db, WORLD_BANK_SOURCE) == ("feed", WORLD_BANK_PAGE)
    assert source_url(db, WORLD_BANK_IRON_ORE_SOURCE) == ("feed", WORLD_BANK_PAGE)
    after_first = data_fingerprint(db)
    again = fetch_cli(db, monkeypatch, "--file", str(FIXTURE_XLSX))
    assert f"unchanged │ {STORED} │" in " ".join(again.split())
    assert data_fingerprint(db) == after_first


def test_the_csv_export_stores_what_the_workbook_stores(
    db: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    fetch_cli(db, monkeypatch, "--file", str(FIXTURE_CSV))
    from_csv = worldbank_rows(db)
    assert len(from_csv) == STORED
    fetch_cli(db, monkeypatch, "--file", str(FIXTURE_XLSX))
    assert worldbank_rows(db) == from_csv


def test_the_metals_option_fetches_only_those(db: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    fetch_cli(db, monkeypatch, "--file", str(FIXTURE_XLSX), "--metals", "copper,iron_ore")
    assert {row[0] for row in worldbank_rows(db)} == {"copper", "iron_ore"}
    assert len(worldbank_rows(db)) == 2 * MONTHS


def test_the_file_is_fetched_by_its_address(db: Engine, server: FeedServer) -> None:
    server.bodies[FILE_PATH] = FIXTURE_XLSX.read_bytes()
    report = fetch_market_prices(
        db, CONTENT_DIR, source="worldbank", world_bank_url=f"{server.url}{FILE_PATH}"
    )
    assert report.ok, report.problem_lines()
    assert report.inserted + report.updated == STORED
    assert server.requests == [FILE_PATH]
    assert stored_market(db, "nickel", OCTOBER) == (
        Decimal("15243.67"),
        "monthly",
        WORLD_BANK_SOURCE,
    )


def test_the_data_page_leads_to_the_monthly_workbook(db: Engine, server: FeedServer) -> None:
    server.bodies[PAGE_PATH] = (
        b"<!DOCTYPE html><html><body><h2>Commodity prices</h2>"
        b'<a href="/en/doc/0123abcd-0050012026/related/CMO-Pink-Sheet-November-2025.pdf">'
        b"Pink Sheet</a>"
        b'<a href="/en/doc/0123abcd-0050012026/related/CMO-Historical-Data-Annual.xlsx">'
        b"Annual prices</a>"
        b'<a href="' + FILE_PATH.encode() + b'">Monthly prices</a></body></html>'
    )
    server.bodies[FILE_PATH] = FIXTURE_XLSX.read_bytes()
    report = fetch_market_prices(
        db, CONTENT_DIR, source="worldbank", world_bank_url=f"{server.url}{PAGE_PATH}"
    )
    assert report.ok, report.problem_lines()
    assert server.requests == [PAGE_PATH, FILE_PATH]
    assert len(worldbank_rows(db)) == STORED


def test_a_page_without_the_workbook_is_one_line(
    db: Engine, monkeypatch: pytest.MonkeyPatch, server: FeedServer
) -> None:
    server.bodies[PAGE_PATH] = b"<html><body><a href='/en/about'>About</a></body></html>"
    line = refused(db, monkeypatch, WORLD_BANK_URL=f"{server.url}{PAGE_PATH}")
    assert line == (
        f"World Bank Pink Sheet: the page {server.url}{PAGE_PATH} links no "
        "CMO-Historical-Data-Monthly.xlsx; set WORLD_BANK_URL to the file's address"
    )


def test_offline_gives_one_line_and_changes_nothing(db: Engine) -> None:
    waits: list[float] = []
    before = fingerprint(db)
    offline = closed_port_url()
    with pytest.raises(FeedUnavailableError) as raised:
        fetch_market_prices(
            db,
            CONTENT_DIR,
            source="worldbank",
            world_bank_url=f"{offline}{FILE_PATH}",
            fetch=functools.partial(fetch_bytes, sleep=waits.append),
        )
    assert str(raised.value) == (
        f"World Bank Pink Sheet: could not reach {offline}{FILE_PATH} after 3 attempts "
        "(connection refused); nothing was changed"
    )
    assert waits == [1.0, 2.0]
    assert fingerprint(db) == before


def test_a_file_that_is_no_workbook_is_refused(
    db: Engine, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    fake = tmp_path / "CMO-Historical-Data-Monthly.xlsx"
    fake.write_bytes(FIXTURE_CSV.read_bytes())
    assert refused(db, monkeypatch, "--file", str(fake)) == (
        "World Bank Pink Sheet: not an .xlsx workbook (a CSV export must be named .csv)"
    )
    broken = tmp_path / "broken.xlsx"
    broken.write_bytes(b"PK\x03\x04" + b"\0" * 64)
    assert refused(db, monkeypatch, "--file", str(broken)).startswith(
        "World Bank Pink Sheet: not a readable .xlsx workbook ("
    )


def test_a_workbook_without_the_sheet_is_refused(
    db: Engine, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    other = tmp_path / "annual.xlsx"
    other.write_bytes(workbook_bytes(fixture_rows(), sheet="Annual Prices (Nominal)"))
    assert refused(db, monkeypatch, "--file", str(other)) == (
        "World Bank Pink Sheet: the workbook has no 'Monthly Prices' sheet "
        "(only 'Annual Prices (Nominal)')"
    )


def test_a_sheet_without_codes_is_refused(
    db: Engine, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def drop_codes(rows: list[list[Cell]]) -> None:
        del rows[6]

    bare = tmp_path / "bare.xlsx"
    bare.write_bytes(workbook_bytes(fixture_rows(), edit=drop_codes))
    assert refused(db, monkeypatch, "--file", str(bare)) == (
        "World Bank Pink Sheet: no row of commodity codes (ALUMINUM, COPPER, LEAD, NICKEL, TIN, "
        "ZINC, IRON_ORE) above the first month"
    )


def test_a_missing_code_is_named(
    db: Engine, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def rename_copper(rows: list[list[Cell]]) -> None:
        rows[6][5] = "COPPER_LME"

    renamed = tmp_path / "renamed.xlsx"
    renamed.write_bytes(workbook_bytes(fixture_rows(), edit=rename_copper))
    assert refused(db, monkeypatch, "--file", str(renamed)) == (
        "World Bank Pink Sheet: the code row has no COPPER column"
    )
    # Without copper among the metals asked for, the rest still imports.
    fetch_cli(db, monkeypatch, "--file", str(renamed), "--metals", "tin")
    assert stored_market(db, "tin", OCTOBER) == (Decimal("36013.55"), "monthly", WORLD_BANK_SOURCE)


def test_a_bad_value_refuses_the_whole_sheet(
    db: Engine, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    rows = fixture_rows()
    rows[-1][5] = "10,741.36 est."
    bad = tmp_path / "bad.csv"
    bad.write_text("\n".join(",".join(f'"{cell}"' for cell in row) for row in rows))
    assert refused(db, monkeypatch, "--file", str(bad)) == (
        "World Bank Pink Sheet: COPPER 2025M10: '10,741.36 est.' is not a number"
    )


def test_an_outlier_refuses_the_whole_sheet(
    db: Engine, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    fetch_cli(db, monkeypatch, "--file", str(FIXTURE_XLSX))
    before = data_fingerprint(db)
    rows = fixture_rows()
    rows.append(["2025M11", *rows[-1][1:]])
    rows[-1][5] = "107413.60"  # copper: a tenfold slip
    rows[-1][3] = "2801.15"
    slipped = tmp_path / "slipped.csv"
    slipped.write_text("\n".join(",".join(f'"{cell}"' for cell in row) for row in rows))
    result = run_cli(
        db, monkeypatch, "market", "fetch", "--source", "worldbank", "--file", str(slipped)
    )
    assert result.exit_code == 1
    assert "copper on 2025-11-01: outlier" in " ".join(result.output.split())
    assert data_fingerprint(db) == before
    assert stored_market(db, "aluminium", dt.date(2025, 11, 1)) is None


def test_the_daily_update_fetches_the_world_bank_then_estimates(
    db: Engine, server: FeedServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    server.bodies["/eurofxref-daily.xml"] = (FEEDS / "eurofxref-daily.xml").read_bytes()
    server.bodies[FILE_PATH] = FIXTURE_XLSX.read_bytes()
    result = run_cli(
        db, monkeypatch, "prices", "update",
        MARKET_FEEDS="ecb,worldbank", ECB_BASE_URL=server.url,
        WORLD_BANK_URL=f"{server.url}{FILE_PATH}", INBOX_DIR=str(tmp_path / "inbox"),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert FILE_PATH in server.requests
    price, kind, expected = estimated_row(db, "johannesburg", "copper-1")
    assert kind == "estimate"
    assert price == expected
    # 10.74136 $/kg (Oct 2025) x 0.935 x 0.82 ZA margin / 0.05316748 $ per rand = R154.8955
    assert expected == Decimal("154.90")


def test_an_unknown_metal_for_the_world_bank_is_refused(
    db: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    line = refused(db, monkeypatch, "--file", str(FIXTURE_XLSX), "--metals", "gold")
    assert line.startswith("unknown metal gold: choose from ")


def test_the_parser_error_type_is_a_format_error(db: Engine, tmp_path: Path) -> None:
    fake = tmp_path / "x.xlsx"
    fake.write_bytes(b"<html>")
    with pytest.raises(FeedFormatError):
        fetch_market_prices(db, CONTENT_DIR, source="worldbank", file=fake)

"""Parsing the World Bank's Pink Sheet: header rows found by content, codes in any case, units,
missing values, periods, the CSV export and the page that links the workbook."""

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from scrapindex.data.feeds import FeedFormatError
from scrapindex.data.feeds.worldbank import (
    WORLD_BANK_IRON_ORE_SOURCE,
    WORLD_BANK_SOURCE,
    WorldBankPrice,
    csv_rows,
    download_worldbank,
    monthly_link,
    parse_table,
    parse_worldbank,
)
from tests.worldbank_fixture import FIXTURE_CSV, FIXTURE_XLSX, fixture_rows, workbook_bytes

METALS = ("copper", "aluminium", "lead", "zinc", "nickel", "tin", "iron_ore")
OCTOBER = dt.date(2025, 10, 1)


def price_of(prices: list[WorldBankPrice], metal: str, day: dt.date) -> Decimal | None:
    found = [p.usd_per_tonne for p in prices if p.metal == metal and p.day == day]
    assert len(found) <= 1
    return found[0] if found else None


def test_the_fixture_workbook_and_its_csv_hold_the_same_prices() -> None:
    from_xlsx = parse_worldbank(FIXTURE_XLSX.read_bytes(), METALS)
    from_csv = parse_worldbank(FIXTURE_CSV.read_bytes(), METALS, csv_export=True)
    assert from_xlsx == from_csv
    assert price_of(from_xlsx, "copper", OCTOBER) == Decimal("10741.36")
    assert price_of(from_xlsx, "iron_ore", dt.date(1960, 1, 1)) == Decimal("11.42")
    assert price_of(from_xlsx, "zinc", dt.date(1960, 1, 1)) is None
    assert len(from_xlsx) == 7 * 7 - 2
    sources = {p.metal: p.source for p in from_xlsx}
    assert sources["iron_ore"] == WORLD_BANK_IRON_ORE_SOURCE
    assert sources["copper"] == WORLD_BANK_SOURCE
    assert "dry metric tonne" in WORLD_BANK_IRON_ORE_SOURCE


def test_header_rows_are_found_wherever_they_are_and_codes_in_any_case() -> None:
    rows: list[list[Any]] = [
        ["A title"],
        [],
        ["", "Copper", "Aluminum"],  # a names row that reads like codes, above the codes
        ["", "copper", "Aluminum"],
        ["2025M10", 10741.36, 2790.09],
    ]
    prices = parse_table(rows, ["copper", "aluminium"])
    assert prices == [
        WorldBankPrice(OCTOBER, "copper", Decimal("10741.3600")),
        WorldBankPrice(OCTOBER, "aluminium", Decimal("2790.0900")),
    ]


def test_units_may_stand_in_the_names_row() -> None:
    rows: list[list[Any]] = [
        ["", "Aluminum ($/mt)", "Iron ore, cfr spot ($/dmtu)"],
        ["", "ALUMINUM", "IRON_ORE"],
        ["2025M10", "2790.09", "106.51"],
    ]
    prices = parse_table(rows, ["aluminium", "iron_ore"])
    assert price_of(prices, "iron_ore", OCTOBER) == Decimal("106.51")


def test_a_metal_quoted_in_another_unit_is_refused() -> None:
    rows: list[list[Any]] = [
        ["", "Copper ($/kg)", "Tin"],
        ["", "COPPER", "Tin"],
        ["2025M10", "10.74", "36013.55"],
    ]
    with pytest.raises(FeedFormatError, match=r"^World Bank Pink Sheet: COPPER is quoted in \$/kg"):
        parse_table(rows, ["copper", "tin"])
    assert parse_table(rows, ["tin"]) == [WorldBankPrice(OCTOBER, "tin", Decimal("36013.5500"))]


def test_floats_keep_four_places_and_missing_marks_are_skipped() -> None:
    rows: list[list[Any]] = [
        ["", "COPPER", "LEAD", "NICKEL", "Zinc"],
        ["2025M09", 10048.444444444445, "…", "..", None],
        ["2025M10", 10741, "...", "", "3069.69"],
    ]
    prices = parse_table(rows, ["copper", "lead", "nickel", "zinc"])
    assert prices == [
        WorldBankPrice(dt.date(2025, 9, 1), "copper", Decimal("10048.4444")),
        WorldBankPrice(OCTOBER, "copper", Decimal("10741.0000")),
        WorldBankPrice(OCTOBER, "zinc", Decimal("3069.6900")),
    ]


def test_notes_under_the_table_are_skipped_but_a_bad_month_is_not() -> None:
    rows: list[list[Any]] = [
        ["", "COPPER"],
        ["2025M10", "10741.36"],
        [],
        ["Note: prices are monthly averages"],
    ]
    assert len(parse_table(rows, ["copper"])) == 1
    with pytest.raises(FeedFormatError, match="'2025M13' is not a month"):
        parse_table([*rows, ["2025M13", "1"]], ["copper"])


def test_a_sheet_without_months_is_refused() -> None:
    with pytest.raises(FeedFormatError, match="no month like 1960M01 in the first column"):
        parse_table([["", "COPPER"], ["October 2025", "10741.36"]], ["copper"])


def test_every_missing_code_is_named() -> None:
    rows: list[list[Any]] = [["", "COPPER", "Tin"], ["2025M10", "1", "2"]]
    with pytest.raises(FeedFormatError, match=r"the code row has no LEAD, IRON_ORE column$"):
        parse_table(rows, ["copper", "lead", "iron_ore"])


def test_a_windows_csv_export_reads_its_ellipsis() -> None:
    text = ",COPPER,Zinc\r\n1960M01,715.40,\u2026\r\n"
    rows = csv_rows(text.encode("cp1252"))
    assert rows[1] == ["1960M01", "715.40", "\u2026"]
    assert parse_table(rows, ["copper", "zinc"]) == [
        WorldBankPrice(dt.date(1960, 1, 1), "copper", Decimal("715.4000"))
    ]


def test_a_text_file_is_no_workbook_unless_named_csv() -> None:
    with pytest.raises(FeedFormatError, match=r"not an \.xlsx workbook"):
        parse_worldbank(FIXTURE_CSV.read_bytes(), METALS)


def test_the_sheet_name_is_matched_without_case() -> None:
    data = workbook_bytes(fixture_rows(), sheet="monthly prices")
    assert len(parse_worldbank(data, ["copper"])) == 7


PAGE = b"""<!DOCTYPE html><html><body>
<a href="https://thedocs.worldbank.org/en/doc/abc-0050012026/related/CMO-Pink-Sheet-November-2025.pdf">
Pink Sheet</a>
<a href="/en/doc/abc-0050012026/related/CMO-Historical-Data-Annual.xlsx">Annual prices</a>
<a href="/en/doc/abc-0050012026/related/CMO-Historical-Data-Monthly.xlsx?sfvrsn=2">Monthly
prices</a></body></html>"""


def test_the_page_link_to_the_monthly_workbook_is_found() -> None:
    link = monthly_link(PAGE, "https://www.worldbank.org/en/research/commodity-markets")
    assert link == (
        "https://www.worldbank.org/en/doc/abc-0050012026/related/"
        "CMO-Historical-Data-Monthly.xlsx?sfvrsn=2"
    )
    assert monthly_link(b"<html><a href='/x.pdf'>x</a></html>", "https://a.example/") is None


def test_a_page_is_followed_once_to_its_workbook() -> None:
    asked: list[str] = []
    workbook = FIXTURE_XLSX.read_bytes()

    def fetch(url: str, **options: object) -> bytes:
        asked.append(url)
        return PAGE if url.endswith("commodity-markets") else workbook

    page_url = "https://www.worldbank.org/en/research/commodity-markets"
    assert download_worldbank(page_url, fetch, 5) == workbook
    assert len(asked) == 2
    assert asked[1].endswith("CMO-Historical-Data-Monthly.xlsx?sfvrsn=2")
    asked.clear()
    assert download_worldbank("https://thedocs.example/file.xlsx", fetch, 5) == workbook
    assert asked == ["https://thedocs.example/file.xlsx"]

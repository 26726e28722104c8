"""The World Bank fixture workbook, written from its CSV twin with openpyxl.

`python -m tests.worldbank_fixture` writes tests/fixtures/worldbank/CMO-Historical-Data-Monthly.xlsx
again; the tests also build variants of it (another sheet name, a missing code) in tmp_path.
"""

import csv
import io
from collections.abc import Callable, Sequence
from pathlib import Path

import openpyxl

WORLD_BANK = Path(__file__).parent / "fixtures" / "worldbank"
FIXTURE_CSV = WORLD_BANK / "CMO-Historical-Data-Monthly.csv"
FIXTURE_XLSX = WORLD_BANK / "CMO-Historical-Data-Monthly.xlsx"

Cell = str | float | None


def fixture_rows() -> list[list[str]]:
    with FIXTURE_CSV.open(encoding="utf-8", newline="") as source:
        return list(csv.reader(source))


def workbook_bytes(
    rows: Sequence[Sequence[str]],
    sheet: str = "Monthly Prices",
    edit: Callable[[list[list[Cell]]], None] | None = None,
) -> bytes:
    """The rows as a workbook: numbers as numbers (as Excel holds them), text as text."""
    cells = [[_cell(text) for text in row] for row in rows]
    if edit is not None:
        edit(cells)
    book = openpyxl.Workbook()
    first = book.active
    assert first is not None
    first.title = sheet
    for row in cells:
        first.append(row)
    book.properties.creator = "ScrapIndex tests"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _cell(text: str) -> Cell:
    if not text:
        return None
    try:
        return float(text)
    except ValueError:
        return text


if __name__ == "__main__":
    FIXTURE_XLSX.write_bytes(workbook_bytes(fixture_rows()))

"""The World Bank's monthly commodity prices ("The Pink Sheet"), USD per tonne of our metals.

CMO-Historical-Data-Monthly.xlsx, sheet "Monthly Prices": a title block, then header rows of
names, units and codes (``ALUMINUM``, ``COPPER``, ``Tin``, ``IRON_ORE``: the case varies), then
one row per month from ``1960M01``, the period in the first column and ``…`` or ``..`` where a
month has no value. Each release has a new address, so WORLD_BANK_URL names the file or the
commodity-markets page that links it. A CSV export of the sheet reads the same.
"""

import csv
import datetime as dt
import io
import re
import zipfile
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from decimal import Decimal
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit
from xml.etree import ElementTree

import openpyxl
from openpyxl.utils.exceptions import InvalidFileException

from scrapindex.data.feeds import FeedFormatError, feed_decimal
from scrapindex.data.feeds.http import Fetch

WHAT = "World Bank Pink Sheet"
WORLD_BANK_URL = (
    "https://thedocs.worldbank.org/en/doc/74e8be41ceb20fa0da750cda2f6b9e4e-0050012026/"
    "related/CMO-Historical-Data-Monthly.xlsx"
)
WORLD_BANK_PAGE = "https://www.worldbank.org/en/research/commodity-markets"
WORLD_BANK_SOURCE = "World Bank Commodity Price Data (The Pink Sheet), CC BY 4.0"
# The Pink Sheet quotes iron ore per dry metric tonne unit ($/dmtu): a proxy, as FRED's is.
WORLD_BANK_IRON_ORE_SOURCE = f"{WORLD_BANK_SOURCE}: iron ore, USD per dry metric tonne"
SHEET = "Monthly Prices"
FILE_NAME = "CMO-Historical-Data-Monthly.xlsx"
CODES = {
    "ALUMINUM": "aluminium",
    "COPPER": "copper",
    "LEAD": "lead",
    "NICKEL": "nickel",
    "TIN": "tin",
    "ZINC": "zinc",
    "IRON_ORE": "iron_ore",
}
UNITS = {"iron_ore": frozenset({"dmtu", "dmt", "mt"})}  # the others: $/mt only
TONNE = frozenset({"mt"})
MISSING = frozenset({"", "…", "..", "..."})
PERIOD = re.compile(r"(\d{4})M(\d{1,2})", re.IGNORECASE)
CODE = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
UNIT = re.compile(r"\$\s*/\s*([A-Za-z]+)")
HEADER_ROWS = 50  # the real sheet's header block is six rows
PRICE_STEP = Decimal("0.0001")  # MarketPrice.usd_per_tonne keeps 4 places
ZIP_MAGIC = b"PK\x03\x04"
MAX_UNPACKED_BYTES = 256 * 1024 * 1024  # the real workbook unpacks to a few MB

Row = Sequence[object]


@dataclass(frozen=True)
class WorldBankPrice:
    day: dt.date  # the first day of the month, as FRED's monthly series
    metal: str
    usd_per_tonne: Decimal

    @property
    def source(self) -> str:
        return WORLD_BANK_IRON_ORE_SOURCE if self.metal == "iron_ore" else WORLD_BANK_SOURCE


def download_worldbank(url: str, fetch: Fetch, timeout_seconds: float) -> bytes:
    """The workbook at ``url``, or the one the page at ``url`` links as the monthly prices."""
    data = fetch(url, timeout_seconds=timeout_seconds, what=WHAT)
    if data.startswith(ZIP_MAGIC) or not _is_html(data):
        return data
    link = monthly_link(data, url)
    if link is None:
        raise FeedFormatError(
            f"{WHAT}: the page {url} links no {FILE_NAME}; set WORLD_BANK_URL to the file's address"
        )
    return fetch(link, timeout_seconds=timeout_seconds, what=WHAT)


def parse_worldbank(
    data: bytes, metals: Collection[str], *, csv_export: bool = False
) -> list[WorldBankPrice]:
    """Our ``metals``' monthly prices from the workbook (or, with ``csv_export``, its CSV)."""
    if data.startswith(ZIP_MAGIC):
        rows = xlsx_rows(data)
    elif csv_export:
        rows = csv_rows(data)
    else:
        raise FeedFormatError(f"{WHAT}: not an .xlsx workbook (a CSV export must be named .csv)")
    return parse_table(rows, metals)


def xlsx_rows(data: bytes) -> list[Row]:
    """The "Monthly Prices" sheet's rows, read with openpyxl in read-only mode."""
    _check_unpacked_size(data)
    try:
        workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except (InvalidFileException, zipfile.BadZipFile, KeyError, ValueError, OSError) as error:
        raise FeedFormatError(f"{WHAT}: not a readable .xlsx workbook ({error})") from None
    except ElementTree.ParseError as error:  # a SyntaxError, not a ValueError
        raise FeedFormatError(f"{WHAT}: not a readable .xlsx workbook ({error})") from None
    try:
        titles = {title.strip().lower(): title for title in workbook.sheetnames}
        title = titles.get(SHEET.lower())
        if title is None:
            found = ", ".join(repr(name) for name in workbook.sheetnames)
            raise FeedFormatError(f"{WHAT}: the workbook has no {SHEET!r} sheet (only {found})")
        return list(workbook[title].iter_rows(values_only=True))
    finally:
        workbook.close()


def csv_rows(data: bytes) -> list[Row]:
    """A CSV export of the sheet: UTF-8, or Excel's Windows-1252 where ``…`` is one byte."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            text = data.decode("cp1252")
        except UnicodeDecodeError:
            raise FeedFormatError(f"{WHAT}: the CSV is neither UTF-8 nor Windows-1252") from None
    return list(csv.reader(text.splitlines()))


def parse_table(rows: Sequence[Row], metals: Collection[str]) -> list[WorldBankPrice]:
    """The header rows are found by content: the data starts at the first ``YYYYMmm`` period,
    and the codes are the last row above it that holds any of ours and only single words (the
    names row above it may read "Copper" too, but also "Iron ore, cfr spot")."""
    start = next((n for n, row in enumerate(rows[:HEADER_ROWS]) if _period(row) is not None), None)
    if start is None:
        raise FeedFormatError(
            f"{WHAT}: no month like 1960M01 in the first column of the first {HEADER_ROWS} rows"
        )
    header = rows[:start]
    code_row = next((row for row in reversed(header) if _is_code_row(row)), None)
    if code_row is None:
        raise FeedFormatError(
            f"{WHAT}: no row of commodity codes ({', '.join(CODES)}) above the first month"
        )
    columns = _columns(code_row, metals)
    for metal, column in columns.items():
        _check_unit(header, metal, column)
    prices: list[WorldBankPrice] = []
    for row in rows[start:]:
        day = _period(row)
        if day is None:
            continue  # a blank line or a note under the table
        for metal, column in columns.items():
            value = _value(row, column, f"{WHAT}: {_code_of(metal)} {_text(row[0])}:")
            if value is not None:
                prices.append(WorldBankPrice(day, metal, value))
    return prices


def monthly_link(page: bytes, page_url: str) -> str | None:
    """The address of the monthly prices workbook among the page's links."""
    finder = _LinkFinder()
    finder.feed(page.decode("utf-8", errors="replace"))
    links = [urljoin(page_url, href) for href in finder.hrefs]
    paths = [(link, urlsplit(link).path.lower()) for link in links]
    exact = [link for link, path in paths if path.endswith(FILE_NAME.lower())]
    loose = [link for link, path in paths if path.endswith(".xlsx") and "monthly" in path]
    return next(iter(exact or loose), None)


class _LinkFinder(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self.hrefs.extend(value.strip() for name, value in attrs if name == "href" and value)


def _columns(code_row: Row, metals: Collection[str]) -> dict[str, int]:
    found: dict[str, int] = {}
    for column, code in enumerate(_text(cell).upper() for cell in code_row):
        metal = CODES.get(code)
        if metal is not None and metal in metals and metal not in found:
            found[metal] = column
    missing = [_code_of(metal) for metal in metals if metal not in found]
    if missing:
        raise FeedFormatError(f"{WHAT}: the code row has no {', '.join(missing)} column")
    return {metal: found[metal] for metal in metals}


def _check_unit(header: Sequence[Row], metal: str, column: int) -> None:
    """A unit written above the code ("($/mt)", or "Aluminum ($/mt)") must be a tonne's."""
    for row in header:
        match = UNIT.search(_text(row[column])) if column < len(row) else None
        if match and match.group(1).lower() not in UNITS.get(metal, TONNE):
            raise FeedFormatError(
                f"{WHAT}: {_code_of(metal)} is quoted in $/{match.group(1)}, not per tonne"
            )


def _value(row: Row, column: int, where: str) -> Decimal | None:
    cell = row[column] if column < len(row) else None
    if isinstance(cell, bool):
        raise FeedFormatError(f"{where} {cell!r} is not a number")
    text = repr(cell) if isinstance(cell, float) else _text(cell)
    if text in MISSING:
        return None
    return feed_decimal(text, where).quantize(PRICE_STEP)


def _period(row: Row) -> dt.date | None:
    if not row:
        return None
    first = row[0]
    if isinstance(first, dt.datetime | dt.date):
        return dt.date(first.year, first.month, 1)
    match = PERIOD.fullmatch(_text(first))
    if match is None:
        return None
    year, month = int(match.group(1)), int(match.group(2))
    if not 1 <= month <= 12:
        raise FeedFormatError(f"{WHAT}: {_text(first)!r} is not a month")
    return dt.date(year, month, 1)


def _is_code_row(row: Row) -> bool:
    texts = [text for text in map(_text, row) if text]
    return bool({text.upper() for text in texts} & CODES.keys()) and all(
        CODE.fullmatch(text) for text in texts
    )


def _code_of(metal: str) -> str:
    return next(code for code, ours in CODES.items() if ours == metal)


def _text(cell: object) -> str:
    return "" if cell is None else str(cell).strip()


def _is_html(data: bytes) -> bool:
    head = data[:1024].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    return head.startswith((b"<!doctype html", b"<html")) or b"<html" in head


def _check_unpacked_size(data: bytes) -> None:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = sum(member.file_size for member in archive.infolist())
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError) as error:
        raise FeedFormatError(f"{WHAT}: not a readable .xlsx workbook ({error})") from None
    if unpacked > MAX_UNPACKED_BYTES:
        raise FeedFormatError(f"{WHAT}: the workbook unpacks to over 256 MB, too large to be ours")

"""The ECB's euro foreign exchange reference rates, as USD per unit of our currencies.

The ECB quotes units of each currency per euro; ScrapIndex stores US dollars per unit, so a
day's rates convert through that day's USD quote: EUR is the USD rate, USD is 1 and any other
currency X is USD / X. Days without a USD quote are skipped, as are currencies marked N/A.
"""

import csv
import datetime as dt
import io
import zipfile
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from sqlalchemy import Connection, Engine, select

from scrapindex.data.feeds import FeedFormatError
from scrapindex.data.feeds.http import Fetch, fetch_bytes
from scrapindex.data.feeds.normalized import import_rows, no_rows, read_local
from scrapindex.data.imports.fx import COLUMNS as FX_COLUMNS
from scrapindex.data.imports.fx import RateImporter, RateRow
from scrapindex.data.imports.pipeline import run_import
from scrapindex.data.imports.report import ImportReport, Progress
from scrapindex.data.imports.sources import source_ids, source_kinds
from scrapindex.data.imports.values import utc_today
from scrapindex.models import Country

WHAT = "ECB reference rates"
ECB_BASE_URL = "https://www.ecb.europa.eu/stats/eurofxref"
DAILY_FILE = "eurofxref-daily.xml"  # the last working day; eurofxref-hist-90d.xml: 90 days
HISTORY_FILE = "eurofxref-hist.zip"  # every day since 1999, eurofxref-hist.csv inside
ECB_SOURCE = "European Central Bank euro reference rates"
ECB_SOURCE_URL = (
    "https://www.ecb.europa.eu/stats/policy_and_exchange_rates/"
    "euro_reference_exchange_rates/html/index.en.html"
)
RATE_STEP = Decimal("0.00000001")  # FxRate.usd_per_unit keeps 8 places
MAX_CSV_BYTES = 32 * 1024 * 1024  # the unpacked history is about 1.7 MB
MISSING = frozenset({"", "N/A"})
FORBIDDEN_MARKUP = (b"<!DOCTYPE", b"<!ENTITY")


@dataclass(frozen=True)
class UsdRate:
    day: dt.date
    currency: str
    usd_per_unit: Decimal


def fetch_ecb_rates(
    engine: Engine,
    *,
    file: Path | None = None,
    history: bool = False,
    today: dt.date | None = None,
    fetch: Fetch = fetch_bytes,
    base_url: str = ECB_BASE_URL,
    timeout_seconds: float = 30,
    allow_outliers: bool = False,
    progress: Progress | None = None,
) -> ImportReport:
    """Download (or read ``file``), convert to USD per unit and import as one FX file."""
    if file is not None:
        data = read_local(file, WHAT)
    else:
        url = f"{base_url.rstrip('/')}/{HISTORY_FILE if history else DAILY_FILE}"
        data = fetch(url, timeout_seconds=timeout_seconds, what=WHAT)
    with engine.connect() as connection:
        currencies = _our_currencies(connection)
    rates = parse_ecb(data, currencies)
    if not rates:
        raise no_rows(WHAT, "the feed has no rates for our currencies")
    rows = ((r.day.isoformat(), r.currency, f"{r.usd_per_unit}", ECB_SOURCE) for r in rates)

    def import_file(path: Path) -> ImportReport:
        return _import_rates(engine, path, allow_outliers, today or utc_today(), progress)

    return import_rows("ecb-reference-rates.csv", FX_COLUMNS, rows, import_file)


def parse_ecb(data: bytes, currencies: Collection[str]) -> list[UsdRate]:
    """Any of the ECB's files: the daily or 90-day XML, the history ZIP or its bare CSV."""
    if data.startswith(b"PK\x03\x04"):
        return parse_ecb_csv(_unzip_csv(data), currencies)
    if data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
        return parse_ecb_xml(data, currencies)
    return parse_ecb_csv(data, currencies)


def parse_ecb_xml(data: bytes, currencies: Collection[str]) -> list[UsdRate]:
    """The gesmes envelope: <Cube time='YYYY-MM-DD'> holding <Cube currency='X' rate='...'/>."""
    if any(markup in data.upper() for markup in FORBIDDEN_MARKUP):
        raise FeedFormatError(f"{WHAT}: the XML declares a DTD or entities, which are refused")
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as error:
        raise FeedFormatError(f"{WHAT}: not well-formed XML ({error})") from None
    days = [
        cube for cube in root.iter() if _local_name(cube.tag) == "Cube" and "time" in cube.attrib
    ]
    if not days:
        raise FeedFormatError(f"{WHAT}: no <Cube time='...'> day in the XML")
    rates: list[UsdRate] = []
    for cube in days:
        day = _day(cube.attrib["time"])
        quotes = {
            child.attrib.get("currency", "").upper(): child.attrib.get("rate", "")
            for child in cube
            if _local_name(child.tag) == "Cube"
        }
        rates.extend(usd_rates(day, _units_per_eur(day, quotes), currencies))
    return rates


def parse_ecb_csv(data: bytes, currencies: Collection[str]) -> list[UsdRate]:
    """eurofxref-hist.csv: Date,USD,JPY,...; a trailing comma on every line, N/A where missing."""
    lines = _text(data).splitlines()
    reader = csv.reader(lines)
    header = [name.strip().upper() for name in next(reader, [])]
    if not header or header[0] != "DATE" or "USD" not in header:
        found = ",".join(header)[:80]
        raise FeedFormatError(f"{WHAT}: not the ECB history CSV (the header is {found!r})")
    rates: list[UsdRate] = []
    for number, record in enumerate(reader, start=2):
        if not any(field.strip() for field in record):
            continue
        if len(record) > len(header) or len(record) < header.index("USD") + 1:
            raise FeedFormatError(
                f"{WHAT}: line {number} has {len(record)} fields, the header {len(header)}"
            )
        day = _day(record[0].strip(), number)
        quotes = dict(zip(header[1:], (field.strip() for field in record[1:]), strict=False))
        rates.extend(usd_rates(day, _units_per_eur(day, quotes), currencies))
    return rates


def usd_rates(
    day: dt.date, units_per_eur: Mapping[str, Decimal], currencies: Collection[str]
) -> Iterator[UsdRate]:
    """Our currencies' USD per unit on ``day``, from the ECB's units per euro."""
    usd = units_per_eur.get("USD")
    if usd is None:
        return
    for currency in sorted(currencies):
        if currency == "USD":
            value = Decimal(1)
        elif currency == "EUR":
            value = usd
        elif currency in units_per_eur:
            value = usd / units_per_eur[currency]
        else:
            continue
        yield UsdRate(day, currency, value.quantize(RATE_STEP))


def _units_per_eur(day: dt.date, quotes: Mapping[str, str]) -> dict[str, Decimal]:
    rates: dict[str, Decimal] = {}
    for currency, text in quotes.items():
        if not currency or text in MISSING:
            continue
        try:
            rate = Decimal(text)
        except InvalidOperation:
            rate = Decimal(0)
        if not rate.is_finite() or rate <= 0:
            raise FeedFormatError(f"{WHAT}: {currency} on {day} has the rate {text!r}")
        rates[currency] = rate
    return rates


def _day(text: str, line: int | None = None) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        where = f" on line {line}" if line else ""
        raise FeedFormatError(f"{WHAT}: {text!r}{where} is not a YYYY-MM-DD date") from None


def _unzip_csv(data: bytes) -> bytes:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = [m for m in archive.infolist() if m.filename.lower().endswith(".csv")]
            if len(members) != 1:
                raise FeedFormatError(f"{WHAT}: the ZIP holds {len(members)} CSV files, not 1")
            if members[0].file_size > MAX_CSV_BYTES:
                raise FeedFormatError(f"{WHAT}: {members[0].filename} is too large to be ours")
            return archive.read(members[0])
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError) as error:
        raise FeedFormatError(f"{WHAT}: not a readable ZIP file ({error})") from None


def _text(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FeedFormatError(f"{WHAT}: the CSV is not UTF-8 text") from None


def _local_name(tag: Any) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _our_currencies(connection: Connection) -> list[str]:
    return sorted(set(connection.execute(select(Country.currency)).scalars()))


class _EcbRateImporter(RateImporter):
    """The FX importer, creating the ECB's source with its address when it is first written."""

    def write(self, connection: Connection, batch: list[RateRow], report: ImportReport) -> None:
        if ECB_SOURCE not in self.source_id_of:
            self.source_id_of.update(source_ids(connection, {ECB_SOURCE}, url=ECB_SOURCE_URL))
        super().write(connection, batch, report)


def _import_rates(
    engine: Engine,
    path: Path,
    allow_outliers: bool,
    today: dt.date,
    progress: Progress | None,
) -> ImportReport:
    """import_fx_rates, with the source's address: the same checks and one transaction."""
    with engine.connect() as connection:
        currencies = _our_currencies(connection)
        kinds = source_kinds(connection)
    importer = _EcbRateImporter(currencies, kinds, today, allow_outliers=allow_outliers)
    return run_import(engine, path, importer, progress)

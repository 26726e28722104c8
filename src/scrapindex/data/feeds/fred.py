"""FRED's CSV downloads of the IMF primary commodity prices (USD per metric ton, monthly).

``fredgraph.csv?id=PCOPPUSDM`` answers ``observation_date,PCOPPUSDM`` (``DATE,PCOPPUSDM``
before 2024) and one line per month dated its first day; ``.`` marks a month without a value.
"""

import csv
import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from scrapindex.data.feeds import FeedFormatError, feed_decimal

FRED_BASE_URL = "https://fred.stlouisfed.org/graph/fredgraph.csv"
FRED_SOURCE = "FRED: IMF primary commodity prices"
FRED_SOURCE_URL = "https://fred.stlouisfed.org/"
DATE_HEADERS = frozenset({"observation_date", "DATE"})
MISSING = frozenset({"", "."})


@dataclass(frozen=True)
class FredSeries:
    series_id: str
    observations: list[tuple[dt.date, Decimal]]  # (first day of the month, USD per tonne)


def fred_url(base_url: str, series_id: str) -> str:
    return f"{base_url}?id={series_id}"


def parse_fred_csv(data: bytes, expected_id: str | None = None) -> FredSeries:
    """One series' observations; ``expected_id``, when given, must be the header's series."""
    what = f"FRED {expected_id}" if expected_id else "FRED CSV"
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FeedFormatError(f"{what}: not UTF-8 text") from None
    reader = csv.reader(text.splitlines())
    header = [name.strip() for name in next(reader, [])]
    if len(header) != 2 or header[0] not in DATE_HEADERS or not header[1]:
        found = ",".join(header)[:80]
        raise FeedFormatError(f"{what}: not a FRED CSV (the header is {found!r})")
    series_id = header[1]
    if expected_id is not None and series_id != expected_id:
        raise FeedFormatError(f"{what}: the file holds {series_id}, not {expected_id}")
    observations: list[tuple[dt.date, Decimal]] = []
    for number, record in enumerate(reader, start=2):
        if not any(field.strip() for field in record):
            continue
        if len(record) != 2:
            raise FeedFormatError(f"{what}: line {number} has {len(record)} fields, not 2")
        day_text, value_text = (field.strip() for field in record)
        if value_text in MISSING:
            continue
        day = _day(what, day_text, number)
        observations.append((day, feed_decimal(value_text, f"{what}: line {number}:")))
    return FredSeries(series_id, observations)


def _day(what: str, text: str, line: int) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise FeedFormatError(f"{what}: line {line}: {text!r} is not a YYYY-MM-DD date") from None

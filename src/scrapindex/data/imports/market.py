"""Importing market reference prices: rows of date, metal, usd_per_tonne, period, source.

The rules of the other series imports: every row checked, nothing written unless all pass, an
upsert by (metal, date). A price more than 3x or under a third of the median of that metal's
stored prices just before it is refused unless outliers are allowed: the week before for daily
prices, about three months before for monthly ones (a $/lb or $/kg figure taken for $/t is the
classic mistake).
"""

import datetime as dt
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, bindparam, insert, select, tuple_, update

from scrapindex import revision
from scrapindex.data.estimate_table import load_estimate_table
from scrapindex.data.imports.checks import SeriesDay, median_before, outlier_message
from scrapindex.data.imports.pipeline import run_import
from scrapindex.data.imports.reading import SourceRow
from scrapindex.data.imports.report import ImportReport, Progress
from scrapindex.data.imports.series import SeriesImporter
from scrapindex.data.imports.sources import check_source_name, source_ids, source_kinds
from scrapindex.data.imports.values import (
    FieldChecks,
    fits_column,
    past_date,
    positive_decimal,
    utc_today,
)
from scrapindex.models import MarketPrice
from scrapindex.settings import get_settings

COLUMNS = ("date", "metal", "usd_per_tonne", "period", "source")
PERIODS = ("daily", "monthly")
PRICE_PLACES = 4  # MarketPrice.usd_per_tonne: 14 digits, 4 of them after the point
PRICE_INTEGER_DIGITS = 10
WINDOW_DAYS = {"daily": 7, "monthly": 100}  # 100 days: the three months before a month


@dataclass(frozen=True)
class MarketRow:
    position: int
    metal: str
    price_date: dt.date
    usd_per_tonne: Decimal
    period: str
    source: str


def import_market_prices(
    engine: Engine,
    path: Path,
    *,
    allow_outliers: bool = False,
    today: dt.date | None = None,
    progress: Progress | None = None,
    metals: Collection[str] | None = None,
    source_urls: Mapping[str, str] | None = None,
) -> ImportReport:
    """Validate the whole file, then upsert it by (metal, date) in one transaction.

    ``metals`` defaults to the references of the estimate table; ``source_urls`` gives the
    address a source is created with when a row first names it.
    """
    if metals is None:
        metals = load_estimate_table(get_settings().content_dir).references
    with engine.connect() as connection:
        kinds = source_kinds(connection)
    importer = MarketPriceImporter(
        sorted(metals),
        kinds,
        today or utc_today(),
        allow_outliers=allow_outliers,
        source_urls=source_urls or {},
    )
    return run_import(engine, path, importer, progress)


class MarketPriceImporter(SeriesImporter[MarketRow]):
    what = "market prices"
    columns = COLUMNS

    def __init__(
        self,
        metals: list[str],
        source_kinds: dict[str, str],
        today: dt.date,
        *,
        allow_outliers: bool,
        source_urls: Mapping[str, str],
    ) -> None:
        self.metals = metals
        self.metal_index = {metal: n for n, metal in enumerate(metals)}
        self.source_kinds = source_kinds
        self.today = today
        self.allow_outliers = allow_outliers
        self.source_urls = source_urls
        super().__init__(len(metals))
        self.source_id_of: dict[str, int] = {}

    def parse(self, row: SourceRow) -> MarketRow:
        checks = FieldChecks()
        day = checks.take(past_date, row["date"], self.today)
        metal = checks.take(self.metal, row["metal"])
        price = checks.take(positive_decimal, row["usd_per_tonne"], "usd_per_tonne")
        period = checks.take(_period, row["period"])
        source = checks.take(check_source_name, row["source"], self.source_kinds)
        stored_price = None
        if price is not None:
            stored_price = checks.take(
                fits_column, price, PRICE_PLACES, PRICE_INTEGER_DIGITS, "usd_per_tonne"
            )
        checks.raise_if_any()
        need = checks.need
        return MarketRow(
            row.position, need(metal), need(day), need(stored_price), need(period), need(source)
        )

    def metal(self, text: str) -> str:
        if text.lower() not in self.metal_index:
            raise ValueError(f"metal {text!r} is not one of {', '.join(self.metals)}")
        return text.lower()

    def key(self, row: MarketRow) -> SeriesDay:
        return self.metal_index[row.metal], row.price_date

    def describe(self, key: SeriesDay) -> str:
        return f"{self.metals[key[0]]} on {key[1]}"

    def check(self, connection: Connection, batch: list[MarketRow], report: ImportReport) -> None:
        self.note_repeats(batch)
        if self.allow_outliers:
            return
        history = _stored_history(connection, batch)
        for row in batch:
            window = WINDOW_DAYS[row.period]
            median = median_before(history.get(row.metal, {}), row.price_date, window)
            message = outlier_message(
                row.usd_per_tonne, median, "USD/t", places=PRICE_PLACES, window_days=window
            )
            if message:
                report.outliers += 1
                report.problems.add(row.position, f"{self.describe(self.key(row))}: {message}")

    def write(self, connection: Connection, batch: list[MarketRow], report: ImportReport) -> None:
        self._add_sources(connection, {row.source for row in batch})
        existing = _stored_prices(connection, batch)
        inserts: list[dict[str, Any]] = []
        updates: list[dict[str, Any]] = []
        for row in batch:
            values = {
                "metal": row.metal,
                "price_date": row.price_date,
                "usd_per_tonne": row.usd_per_tonne,
                "period": row.period,
                "source_id": self.source_id_of[row.source],
            }
            stored = existing.get((row.metal, row.price_date))
            if stored is None:
                inserts.append(values)
            elif stored == (row.usd_per_tonne, row.period, values["source_id"]):
                report.unchanged += 1
            else:
                updates.append({f"new_{name}": value for name, value in values.items()})
        if inserts:
            connection.execute(insert(MarketPrice), inserts)
        if updates:
            connection.execute(UPDATE_PRICE, updates)
        report.inserted += len(inserts)
        report.updated += len(updates)

    def _add_sources(self, connection: Connection, names: set[str]) -> None:
        for name in sorted(names - self.source_id_of.keys()):
            url = self.source_urls.get(name)
            self.source_id_of.update(source_ids(connection, {name}, url=url))

    def finish_write(self, connection: Connection, report: ImportReport) -> None:
        revision.bump(connection)


UPDATE_PRICE = (
    update(MarketPrice)
    .where(
        MarketPrice.metal == bindparam("new_metal"),
        MarketPrice.price_date == bindparam("new_price_date"),
    )
    .values(
        usd_per_tonne=bindparam("new_usd_per_tonne", type_=MarketPrice.usd_per_tonne.type),
        period=bindparam("new_period"),
        source_id=bindparam("new_source_id"),
    )
)


def _period(text: str) -> str:
    period = text.lower()
    if period not in PERIODS:
        raise ValueError(f"period {text!r} is not one of {', '.join(PERIODS)}")
    return period


def _stored_prices(
    connection: Connection, batch: list[MarketRow]
) -> dict[tuple[str, dt.date], tuple[Decimal, str, int]]:
    keys = {(row.metal, row.price_date) for row in batch}
    query = select(
        MarketPrice.metal,
        MarketPrice.price_date,
        MarketPrice.usd_per_tonne,
        MarketPrice.period,
        MarketPrice.source_id,
    ).where(tuple_(MarketPrice.metal, MarketPrice.price_date).in_(keys))
    return {
        (m, d): (price, period, source) for m, d, price, period, source in connection.execute(query)
    }


def _stored_history(
    connection: Connection, batch: list[MarketRow]
) -> dict[str, dict[dt.date, Decimal]]:
    days = [row.price_date for row in batch]
    longest = max(WINDOW_DAYS[row.period] for row in batch)
    query = select(MarketPrice.metal, MarketPrice.price_date, MarketPrice.usd_per_tonne).where(
        MarketPrice.price_date.between(
            min(days) - dt.timedelta(days=longest), max(days) - dt.timedelta(days=1)
        ),
        MarketPrice.metal.in_({row.metal for row in batch}),
    )
    history: dict[str, dict[dt.date, Decimal]] = {}
    for metal, day, price in connection.execute(query):
        history.setdefault(metal, {})[day] = price
    return history

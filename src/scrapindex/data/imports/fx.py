"""Importing daily exchange rates: rows of date, currency, usd_per_unit (dollars a unit), source.

Same rules as price feeds: every row checked, nothing written unless all pass, an upsert by
(currency, date), and a rate more than 3x or under a third of its 7-day median refused unless
outliers are allowed (an inverted rate, units per dollar, is the classic feed mistake).
"""

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, bindparam, insert, select, tuple_, update

from scrapindex import revision
from scrapindex.data.imports.checks import (
    OUTLIER_WINDOW_DAYS,
    SeriesDay,
    median_before,
    outlier_message,
)
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
from scrapindex.models import Country, FxRate
from scrapindex.queries.market_figures import refresh_market_figures

COLUMNS = ("date", "currency", "usd_per_unit", "source")
RATE_PLACES = 8  # FxRate.usd_per_unit: 18 digits, 8 of them after the point
RATE_INTEGER_DIGITS = 10


@dataclass(frozen=True)
class RateRow:
    position: int
    currency: str
    rate_date: dt.date
    usd_per_unit: Decimal
    source: str


def import_fx_rates(
    engine: Engine,
    path: Path,
    *,
    allow_outliers: bool = False,
    today: dt.date | None = None,
    progress: Progress | None = None,
) -> ImportReport:
    """Validate the whole file, then upsert it by (currency, date) in one transaction."""
    with engine.connect() as connection:
        currencies = sorted(set(connection.execute(select(Country.currency)).scalars()))
        kinds = source_kinds(connection)
    importer = RateImporter(currencies, kinds, today or utc_today(), allow_outliers=allow_outliers)
    return run_import(engine, path, importer, progress)


class RateImporter(SeriesImporter[RateRow]):
    what = "FX rates"
    columns = COLUMNS

    def __init__(
        self,
        currencies: list[str],
        source_kinds: dict[str, str],
        today: dt.date,
        *,
        allow_outliers: bool,
    ) -> None:
        self.currencies = currencies
        self.currency_index = {currency: n for n, currency in enumerate(currencies)}
        self.source_kinds = source_kinds
        self.today = today
        self.allow_outliers = allow_outliers
        super().__init__(len(currencies))
        self.source_id_of: dict[str, int] = {}

    def parse(self, row: SourceRow) -> RateRow:
        checks = FieldChecks()
        day = checks.take(past_date, row["date"], self.today)
        currency = checks.take(self.currency, row["currency"])
        rate = checks.take(positive_decimal, row["usd_per_unit"], "usd_per_unit")
        source = checks.take(check_source_name, row["source"], self.source_kinds)
        stored_rate = None
        if rate is not None:
            stored_rate = checks.take(
                fits_column, rate, RATE_PLACES, RATE_INTEGER_DIGITS, "usd_per_unit"
            )
        checks.raise_if_any()
        need = checks.need
        return RateRow(row.position, need(currency), need(day), need(stored_rate), need(source))

    def currency(self, text: str) -> str:
        if text.upper() not in self.currency_index:
            raise ValueError(f"currency {text!r} is not one of {', '.join(self.currencies)}")
        return text.upper()

    def key(self, row: RateRow) -> SeriesDay:
        return self.currency_index[row.currency], row.rate_date

    def describe(self, key: SeriesDay) -> str:
        return f"{self.currencies[key[0]]} on {key[1]}"

    def check(self, connection: Connection, batch: list[RateRow], report: ImportReport) -> None:
        self.note_repeats(batch)
        if self.allow_outliers:
            return
        history = _stored_history(connection, batch)
        for row in batch:
            median = median_before(history.get(row.currency, {}), row.rate_date)
            message = outlier_message(row.usd_per_unit, median, "USD", places=RATE_PLACES)
            if message:
                report.outliers += 1
                report.problems.add(row.position, f"{self.describe(self.key(row))}: {message}")

    def write(self, connection: Connection, batch: list[RateRow], report: ImportReport) -> None:
        missing = {row.source for row in batch} - self.source_id_of.keys()
        if missing:
            self.source_id_of.update(source_ids(connection, missing))
        existing = _stored_rates(connection, batch)
        inserts: list[dict[str, Any]] = []
        updates: list[dict[str, Any]] = []
        for row in batch:
            values = {
                "currency": row.currency,
                "rate_date": row.rate_date,
                "usd_per_unit": row.usd_per_unit,
                "source_id": self.source_id_of[row.source],
            }
            stored = existing.get((row.currency, row.rate_date))
            if stored is None:
                inserts.append(values)
            elif stored == (row.usd_per_unit, values["source_id"]):
                report.unchanged += 1
            else:
                updates.append({f"new_{name}": value for name, value in values.items()})
        if inserts:
            connection.execute(insert(FxRate), inserts)
        if updates:
            connection.execute(UPDATE_RATE, updates)
        report.inserted += len(inserts)
        report.updated += len(updates)

    def finish_write(self, connection: Connection, report: ImportReport) -> None:
        refresh_market_figures(connection)  # the board's figures in dollars follow the rates
        revision.bump(connection)


UPDATE_RATE = (
    update(FxRate)
    .where(
        FxRate.currency == bindparam("new_currency"),
        FxRate.rate_date == bindparam("new_rate_date"),
    )
    .values(
        usd_per_unit=bindparam("new_usd_per_unit", type_=FxRate.usd_per_unit.type),
        source_id=bindparam("new_source_id"),
    )
)


def _stored_rates(
    connection: Connection, batch: list[RateRow]
) -> dict[tuple[str, dt.date], tuple[Decimal, int]]:
    keys = {(row.currency, row.rate_date) for row in batch}
    query = select(FxRate.currency, FxRate.rate_date, FxRate.usd_per_unit, FxRate.source_id).where(
        tuple_(FxRate.currency, FxRate.rate_date).in_(keys)
    )
    return {(c, d): (rate, source_id) for c, d, rate, source_id in connection.execute(query)}


def _stored_history(
    connection: Connection, batch: list[RateRow]
) -> dict[str, dict[dt.date, Decimal]]:
    days = [row.rate_date for row in batch]
    query = select(FxRate.currency, FxRate.rate_date, FxRate.usd_per_unit).where(
        FxRate.rate_date.between(
            min(days) - dt.timedelta(days=OUTLIER_WINDOW_DAYS), max(days) - dt.timedelta(days=1)
        ),
        FxRate.currency.in_({row.currency for row in batch}),
    )
    history: dict[str, dict[dt.date, Decimal]] = {}
    for currency, day, rate in connection.execute(query):
        history.setdefault(currency, {})[day] = rate
    return history

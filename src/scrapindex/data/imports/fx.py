"""Importing daily exchange rates: rows of date, currency, usd_per_unit (dollars a unit), source.

Same rules as price feeds: every row checked, nothing written unless all pass, an upsert by
(currency, date), and a rate more than 3x or under a third of its 7-day median refused unless
outliers are allowed (an inverted rate, units per dollar, is the classic feed mistake).
"""

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from sqlalchemy import Connection, Engine, select

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
from scrapindex.data.imports.series import SeriesImporter, UpsertByDay, stored_history
from scrapindex.data.imports.sources import check_source_name, source_kinds
from scrapindex.data.imports.values import FieldChecks, decimal_for_column, past_date, utc_today
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

    def parse(self, row: SourceRow) -> RateRow:
        checks = FieldChecks()
        day = checks.take(past_date, row["date"], self.today)
        currency = checks.take(self.currency, row["currency"])
        rate = checks.take(
            decimal_for_column,
            row["usd_per_unit"],
            "usd_per_unit",
            RATE_PLACES,
            RATE_INTEGER_DIGITS,
        )
        source = checks.take(check_source_name, row["source"], self.source_kinds)
        checks.raise_if_any()
        need = checks.need
        return RateRow(row.position, need(currency), need(day), need(rate), need(source))

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
        history = stored_history(
            connection,
            (FxRate.currency, FxRate.rate_date, FxRate.usd_per_unit),
            {row.currency for row in batch},
            [row.rate_date for row in batch],
            OUTLIER_WINDOW_DAYS,
        )
        for row in batch:
            median = median_before(history.get(row.currency, {}), row.rate_date)
            message = outlier_message(row.usd_per_unit, median, "USD", places=RATE_PLACES)
            if message:
                self.report_outlier(report, row, message)

    def write(self, connection: Connection, batch: list[RateRow], report: ImportReport) -> None:
        self.add_sources(connection, {row.source for row in batch})
        rows = [
            {
                "currency": row.currency,
                "rate_date": row.rate_date,
                "usd_per_unit": row.usd_per_unit,
                "source_id": self.source_id_of[row.source],
            }
            for row in batch
        ]
        RATES.write(connection, rows, report)

    def finish_write(self, connection: Connection, report: ImportReport) -> None:
        refresh_market_figures(connection)  # the board's figures in dollars follow the rates
        revision.bump(connection)


RATES = UpsertByDay(
    FxRate, (FxRate.currency, FxRate.rate_date), (FxRate.usd_per_unit, FxRate.source_id)
)

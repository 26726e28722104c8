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

from sqlalchemy import Connection, Engine

from scrapindex import revision
from scrapindex.data.estimate_table import load_estimate_table
from scrapindex.data.imports.checks import SeriesDay, median_before, outlier_message
from scrapindex.data.imports.pipeline import run_import
from scrapindex.data.imports.reading import SourceRow
from scrapindex.data.imports.report import ImportReport, Progress
from scrapindex.data.imports.series import SeriesImporter, UpsertByDay, stored_history
from scrapindex.data.imports.sources import check_source_name, source_ids, source_kinds
from scrapindex.data.imports.values import FieldChecks, decimal_for_column, past_date, utc_today
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

    def parse(self, row: SourceRow) -> MarketRow:
        checks = FieldChecks()
        day = checks.take(past_date, row["date"], self.today)
        metal = checks.take(self.metal, row["metal"])
        price = checks.take(
            decimal_for_column,
            row["usd_per_tonne"],
            "usd_per_tonne",
            PRICE_PLACES,
            PRICE_INTEGER_DIGITS,
        )
        period = checks.take(_period, row["period"])
        source = checks.take(check_source_name, row["source"], self.source_kinds)
        checks.raise_if_any()
        need = checks.need
        return MarketRow(
            row.position, need(metal), need(day), need(price), need(period), need(source)
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
        history = stored_history(
            connection,
            (MarketPrice.metal, MarketPrice.price_date, MarketPrice.usd_per_tonne),
            {row.metal for row in batch},
            [row.price_date for row in batch],
            max(WINDOW_DAYS[row.period] for row in batch),
        )
        for row in batch:
            window = WINDOW_DAYS[row.period]
            median = median_before(history.get(row.metal, {}), row.price_date, window)
            message = outlier_message(
                row.usd_per_tonne, median, "USD/t", places=PRICE_PLACES, window_days=window
            )
            if message:
                self.report_outlier(report, row, message)

    def write(self, connection: Connection, batch: list[MarketRow], report: ImportReport) -> None:
        self.add_sources(connection, {row.source for row in batch})
        rows = [
            {
                "metal": row.metal,
                "price_date": row.price_date,
                "usd_per_tonne": row.usd_per_tonne,
                "period": row.period,
                "source_id": self.source_id_of[row.source],
            }
            for row in batch
        ]
        PRICES.write(connection, rows, report)

    def add_sources(self, connection: Connection, names: set[str]) -> None:
        """As for every series import, with the address ``source_urls`` gives a new source."""
        for name in sorted(names - self.source_id_of.keys()):
            url = self.source_urls.get(name)
            self.source_id_of.update(source_ids(connection, {name}, url=url))

    def finish_write(self, connection: Connection, report: ImportReport) -> None:
        revision.bump(connection)


PRICES = UpsertByDay(
    MarketPrice,
    (MarketPrice.metal, MarketPrice.price_date),
    (MarketPrice.usd_per_tonne, MarketPrice.period, MarketPrice.source_id),
)


def _period(text: str) -> str:
    period = text.lower()
    if period not in PERIODS:
        raise ValueError(f"period {text!r} is not one of {', '.join(PERIODS)}")
    return period

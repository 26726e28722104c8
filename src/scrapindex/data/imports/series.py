"""What the price, FX and market importers share: rows that are one value per series and day."""

import datetime as dt
from abc import ABC, abstractmethod
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from sqlalchemy import Connection, select, tuple_
from sqlalchemy.orm import InstrumentedAttribute

from scrapindex.data.imports.checks import RepeatedRows, SeriesDay
from scrapindex.data.imports.reading import SourceRow, read_table
from scrapindex.data.imports.report import ImportReport
from scrapindex.data.imports.sources import source_ids
from scrapindex.data.imports.values import InvalidRow
from scrapindex.db import upsert
from scrapindex.prices.record import UPSERT_BATCH_ROWS, PriceWrite, begin_price_write


class PositionedRow(Protocol):
    @property
    def position(self) -> int: ...


RowT = TypeVar("RowT", bound=PositionedRow)


class SeriesImporter(ABC, Generic[RowT]):
    """Reads a CSV or JSON table, parses each row, and finds rows that repeat a series' day."""

    what: str
    columns: tuple[str, ...]
    allow_outliers = False  # an operator's override: it also publishes a broken grade order

    def __init__(self, series_count: int) -> None:
        self.repeats = RepeatedRows(series_count)
        self.source_id_of: dict[str, int] = {}
        self.price_write: PriceWrite | None = None  # from start_write

    @abstractmethod
    def parse(self, row: SourceRow) -> RowT:
        """The row's values, or InvalidRow naming every problem in it."""

    @abstractmethod
    def key(self, row: RowT) -> SeriesDay: ...

    @abstractmethod
    def describe(self, key: SeriesDay) -> str:
        """The series and day in words, for the report."""

    def rows(self, path: Path, report: ImportReport) -> Iterator[RowT]:
        for source in read_table(path, self.columns, report.problems):
            try:
                yield self.parse(source)
            except InvalidRow as invalid:
                for message in invalid.messages:
                    report.problems.add(source.position, message)

    def start_write(self, connection: Connection) -> None:
        """Rates and market references feed the prices shown and estimated: their writers take
        the price lock too, and publish through it (see finish_write)."""
        self.price_write = begin_price_write(connection, override=self.allow_outliers)

    def note_repeats(self, batch: list[RowT]) -> None:
        for row in batch:
            self.repeats.add(self.key(row), row.position)

    def report_outlier(self, report: ImportReport, row: RowT, message: str) -> None:
        report.outliers += 1
        report.problems.add(row.position, f"{self.describe(self.key(row))}: {message}")

    def add_sources(self, connection: Connection, names: set[str]) -> None:
        """Look up (or create, as feeds) the sources not yet in ``source_id_of``."""
        missing = names - self.source_id_of.keys()
        if missing:
            self.source_id_of.update(source_ids(connection, missing))

    def finish_check(self, path: Path, report: ImportReport) -> None:
        if self.repeats.count:
            scratch = ImportReport(self.what, path)
            again = ((self.key(row), row.position) for row in self.rows(path, scratch))
            self.repeats.report(again, report, self.describe)


Column = InstrumentedAttribute[Any]


class UpsertByDay:
    """Writes a table keyed by (series, day) with INSERT … ON CONFLICT DO UPDATE: new keys are
    inserted, keys whose other values differ are updated, and the rest are counted unchanged
    (from a read made under the price lock, which the importer took first)."""

    def __init__(self, model: type[Any], key: tuple[Column, Column], values: tuple[Column, ...]):
        self.model = model
        self.key = key
        self.values = values

    def write(
        self, connection: Connection, rows: list[dict[str, Any]], report: ImportReport
    ) -> None:
        series, day = (column.key for column in self.key)
        keys = {(row[series], row[day]) for row in rows}
        query = select(*self.key, *self.values).where(tuple_(*self.key).in_(keys))
        stored = {(s, d): tuple(values) for s, d, *values in connection.execute(query)}
        changed: list[dict[str, Any]] = []
        for row in rows:
            before = stored.get((row[series], row[day]))
            if before is None:
                report.inserted += 1
            elif before == tuple(row[column.key] for column in self.values):
                report.unchanged += 1
                continue
            else:
                report.updated += 1
            changed.append(row)
        names = [column.key for column in self.values]
        for start in range(0, len(changed), UPSERT_BATCH_ROWS):
            batch = changed[start : start + UPSERT_BATCH_ROWS]
            connection.execute(upsert(connection, self.model, batch, [series, day], names))


def stored_history(
    connection: Connection,
    columns: tuple[Column, Column, Column],
    series: set[str],
    days: list[dt.date],
    window_days: int,
) -> dict[str, dict[dt.date, Decimal]]:
    """The stored (series, day, value) ``columns`` of ``series`` in the ``window_days`` before
    each of ``days``, by series then day: what an outlier is measured against."""
    series_column, day_column, _ = columns
    query = select(*columns).where(
        day_column.between(
            min(days) - dt.timedelta(days=window_days), max(days) - dt.timedelta(days=1)
        ),
        series_column.in_(series),
    )
    history: dict[str, dict[dt.date, Decimal]] = {}
    for name, day, value in connection.execute(query):
        history.setdefault(name, {})[day] = value
    return history

"""What the price and FX importers share: rows that are one value per series and day."""

from abc import ABC, abstractmethod
from collections.abc import Iterator
from pathlib import Path
from typing import Generic, Protocol, TypeVar

from scrapindex.data.imports.checks import RepeatedRows, SeriesDay
from scrapindex.data.imports.reading import SourceRow, read_table
from scrapindex.data.imports.report import ImportReport
from scrapindex.data.imports.values import InvalidRow


class PositionedRow(Protocol):
    @property
    def position(self) -> int: ...


RowT = TypeVar("RowT", bound=PositionedRow)


class SeriesImporter(ABC, Generic[RowT]):
    """Reads a CSV or JSON table, parses each row, and finds rows that repeat a series' day."""

    what: str
    columns: tuple[str, ...]

    def __init__(self, series_count: int) -> None:
        self.repeats = RepeatedRows(series_count)

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

    def note_repeats(self, batch: list[RowT]) -> None:
        for row in batch:
            self.repeats.add(self.key(row), row.position)

    def finish_check(self, path: Path, report: ImportReport) -> None:
        if self.repeats.count:
            scratch = ImportReport(self.what, path)
            again = ((self.key(row), row.position) for row in self.rows(path, scratch))
            self.repeats.report(again, report, self.describe)

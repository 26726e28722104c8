"""The two passes every importer shares: check the whole file, then write it in one transaction."""

from collections.abc import Iterator
from pathlib import Path
from typing import Protocol, TypeVar

from sqlalchemy import Connection, Engine

from scrapindex.data.imports.reading import batched, position_name
from scrapindex.data.imports.report import ImportReport, NoProgress, Progress
from scrapindex.prices.record import PublishRefused

RowT = TypeVar("RowT")
# Checks read the week before each row's day: bigger batches share more of those reads.
CHECK_BATCH_ROWS = 20_000
WRITE_BATCH_ROWS = 5_000


class Importer(Protocol[RowT]):
    what: str

    def rows(self, path: Path, report: ImportReport) -> Iterator[RowT]:
        """The file's valid rows, streamed; problems and skipped records go to the report."""
        ...

    def check(self, connection: Connection, batch: list[RowT], report: ImportReport) -> None:
        """Checks that span rows or need stored data: duplicates in the file, outliers."""
        ...

    def finish_check(self, path: Path, report: ImportReport) -> None:
        """Anything the check pass could only say at the end (where a duplicate first was)."""
        ...

    def start_write(self, connection: Connection) -> None:
        """The write transaction's first step: a writer of prices or rates takes the price lock
        (scrapindex.prices.record) before it reads what it writes against."""
        ...

    def write(self, connection: Connection, batch: list[RowT], report: ImportReport) -> None:
        """Insert or update the batch, counting inserted, updated and unchanged rows."""
        ...

    def finish_write(self, connection: Connection, report: ImportReport) -> None:
        """Called before commit when anything changed: derived tables, the data revision."""
        ...


class FileChangedError(RuntimeError):
    pass


def run_import(
    engine: Engine, path: Path, importer: Importer[RowT], progress: Progress | None = None
) -> ImportReport:
    progress = progress or NoProgress()
    report = ImportReport(importer.what, path, position_name(path))
    with engine.connect() as connection:
        _check_pass(connection, path, importer, report, progress)
    if not report.ok:
        return report
    try:
        with engine.begin() as connection:
            _write_pass(connection, path, importer, report, progress)
    except FileChangedError as error:
        report.inserted = report.updated = report.unchanged = 0
        report.problems.add(None, str(error))
    except PublishRefused as refused:
        report.inserted = report.updated = report.unchanged = 0
        # Outliers to an operator: --allow-outliers, or the console's override, publishes them.
        report.outliers += len(refused.problems)
        for problem in refused.problems:
            report.problems.add(None, f"not published, nothing was written: {problem}")
    return report


def _check_pass(
    connection: Connection,
    path: Path,
    importer: Importer[RowT],
    report: ImportReport,
    progress: Progress,
) -> None:
    progress.start(f"Checking {path.name}", None)
    for batch in batched(importer.rows(path, report), CHECK_BATCH_ROWS):
        importer.check(connection, batch, report)
        report.rows += len(batch)
        progress.advance(len(batch))
    importer.finish_check(path, report)


def _write_pass(
    connection: Connection,
    path: Path,
    importer: Importer[RowT],
    report: ImportReport,
    progress: Progress,
) -> None:
    progress.start(f"Writing {importer.what}", report.rows)
    reread = ImportReport(importer.what, path, report.position_name)
    importer.start_write(connection)
    for batch in batched(importer.rows(path, reread), WRITE_BATCH_ROWS):
        importer.write(connection, batch, report)
        progress.advance(len(batch))
    written = report.inserted + report.updated + report.unchanged
    if reread.problems or written != report.rows:
        raise FileChangedError("the file changed while it was being imported; nothing was written")
    if report.changed:
        importer.finish_write(connection, report)

"""What an import did: counts, problems that stopped it, and how the command shows them."""

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.progress import Progress as RichProgress
from rich.table import Table

from scrapindex.alerts.evaluate import EvaluationReport

MAX_LISTED_PROBLEMS = 100


@dataclass(frozen=True)
class Problem:
    position: int | None  # CSV line or JSON item, counted from 1; None for the whole file
    message: str


class ProblemLog:
    """Counts every problem and keeps the first ``limit`` of them for the report."""

    def __init__(self, limit: int = MAX_LISTED_PROBLEMS) -> None:
        self.limit = limit
        self.count = 0
        self.listed: list[Problem] = []

    def add(self, position: int | None, message: str) -> None:
        self.count += 1
        if len(self.listed) < self.limit:
            self.listed.append(Problem(position, message))

    @property
    def unlisted(self) -> int:
        return self.count - len(self.listed)

    def __bool__(self) -> bool:
        return self.count > 0


@dataclass
class ImportReport:
    what: str  # "prices", "FX rates", "yards"
    path: Path
    position_name: str = "line"  # what a Problem.position counts: "line" (CSV) or "item" (JSON)
    rows: int = 0  # valid rows read
    inserted: int = 0
    updated: int = 0
    unchanged: int = 0
    ignored: int = 0  # records that are not ours to import (OSM elements that are not yards)
    outliers: int = 0
    problems: ProblemLog = field(default_factory=ProblemLog)
    skipped: ProblemLog = field(default_factory=ProblemLog)  # left out, reported, not fatal
    warnings: ProblemLog = field(default_factory=ProblemLog)  # imported with a value left out
    alerts: EvaluationReport | None = None  # evaluated by the price write, when prices changed
    published_anyway: list[str] = field(default_factory=list)  # outliers, on an override

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def changed(self) -> bool:
        return bool(self.inserted or self.updated)

    def describe(self, problem: Problem) -> str:
        where = "file" if problem.position is None else f"{self.position_name} {problem.position}"
        return f"{where}: {problem.message}"

    def problem_lines(self) -> list[str]:
        return _lines(self, self.problems)

    def skipped_lines(self) -> list[str]:
        return _lines(self, self.skipped)

    def warning_lines(self) -> list[str]:
        return _lines(self, self.warnings)


def _lines(report: ImportReport, log: ProblemLog) -> list[str]:
    ordered = sorted(log.listed, key=lambda p: p.position or 0)
    lines = [report.describe(problem) for problem in ordered]
    if log.unlisted:
        lines.append(f"… and {log.unlisted:,} more")
    return lines


def summary_table(report: ImportReport) -> Table:
    status = "imported" if report.ok else "rejected: nothing written"
    table = Table(
        title=f"{report.what.capitalize()} from {report.path.name}", caption=status, min_width=40
    )
    table.add_column("")
    table.add_column("rows", justify="right")
    counts = {
        "valid rows": report.rows,
        "inserted": report.inserted,
        "updated": report.updated,
        "unchanged": report.unchanged,
        "skipped": report.skipped.count,
        "warnings": report.warnings.count,
        "ignored": report.ignored,
        "problems": report.problems.count,
    }
    for name, count in counts.items():
        if count or name in ("inserted", "updated", "unchanged", "problems"):
            table.add_row(name, f"{count:,}")
    return table


class Progress(Protocol):
    """Where an importer reports how far it got; the command shows it as a progress bar."""

    def start(self, description: str, total: int | None) -> None: ...

    def advance(self, rows: int) -> None: ...


class NoProgress:
    def start(self, description: str, total: int | None) -> None:
        pass

    def advance(self, rows: int) -> None:
        pass


class _RichProgressAdapter:
    def __init__(self, bar: RichProgress) -> None:
        self.bar = bar
        self.task: TaskID | None = None
        self.done = 0

    def start(self, description: str, total: int | None) -> None:
        if self.task is not None:
            self.bar.update(self.task, total=self.done)  # the phase before is complete
        self.task = self.bar.add_task(description, total=total)
        self.done = 0

    def advance(self, rows: int) -> None:
        if self.task is not None:
            self.done += rows
            self.bar.advance(self.task, rows)


@contextmanager
def progress_bar(console: Console) -> Iterator[Progress]:
    """A rich progress bar on a terminal; silent when the output is a file or a pipe."""
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with RichProgress(*columns, console=console, disable=not console.is_terminal) as bar:
        yield _RichProgressAdapter(bar)

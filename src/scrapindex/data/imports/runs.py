"""Import runs: every import of a file is recorded, whoever started it, and an override.

A run row is written in its own transaction after the import's all-or-nothing one, so a refused
import still changes no data but leaves its trace. A file refused only because of outliers is
copied to ``DATA_DIR/import-runs/`` under its run's id, so that an admin can import it again
with the outliers allowed from the console (an override), without the file at hand.
"""

import datetime as dt
import logging
import shutil
from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path
from typing import TypedDict

from sqlalchemy import Engine
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from scrapindex.audit import record_audit
from scrapindex.data.estimate_table import load_estimate_table
from scrapindex.data.imports.fx import import_fx_rates
from scrapindex.data.imports.market import import_market_prices
from scrapindex.data.imports.prices import import_prices
from scrapindex.data.imports.report import ImportReport, Progress
from scrapindex.data.imports.yards import import_yards
from scrapindex.models import ImportRun, User
from scrapindex.settings import Settings

log = logging.getLogger(__name__)

KEPT_FILES_DIR = "import-runs"
IMPORTED, REJECTED, OUTLIERS, OVERRIDDEN = "imported", "rejected", "outliers", "overridden"
FILE_NAME_LENGTH = 300  # ImportRun.file_name


class SeriesArguments(TypedDict):
    """The keyword arguments every series import (prices, fx, market) takes."""

    allow_outliers: bool
    today: dt.date | None
    progress: Progress | None


@dataclass(frozen=True)
class ImportOptions:
    allow_outliers: bool = False  # ignored by yard imports, which have no outliers
    today: dt.date | None = None
    progress: Progress | None = None
    metals: Collection[str] | None = None  # market imports; None: the estimate table's
    settings: Settings | None = None  # price imports' alert mails; None: the environment's

    def series_arguments(self) -> SeriesArguments:
        return {
            "allow_outliers": self.allow_outliers,
            "today": self.today,
            "progress": self.progress,
        }


@dataclass(frozen=True)
class RecordedImport:
    run_id: int
    report: ImportReport


class OverrideRefusedError(Exception):
    """The run cannot be overridden; the message says why, for the operator."""


def _prices(engine: Engine, path: Path, options: ImportOptions) -> ImportReport:
    return import_prices(engine, path, settings=options.settings, **options.series_arguments())


def _fx(engine: Engine, path: Path, options: ImportOptions) -> ImportReport:
    return import_fx_rates(engine, path, **options.series_arguments())


def _market(engine: Engine, path: Path, options: ImportOptions) -> ImportReport:
    return import_market_prices(engine, path, metals=options.metals, **options.series_arguments())


def _yards(engine: Engine, path: Path, options: ImportOptions) -> ImportReport:
    return import_yards(engine, path, progress=options.progress)


IMPORTERS: dict[str, Callable[[Engine, Path, ImportOptions], ImportReport]] = {
    "prices": _prices,
    "fx": _fx,
    "yards": _yards,
    "market": _market,
}


def kept_files_dir(settings: Settings) -> Path:
    return settings.data_dir / KEPT_FILES_DIR


def recorded_import(
    engine: Engine,
    kind: str,
    path: Path,
    *,
    trigger: str,
    kept_dir: Path,
    options: ImportOptions | None = None,
) -> RecordedImport:
    """Import ``path`` as ``kind`` (prices, fx, yards, market), then record the run.

    An import that raises is recorded as rejected with the error, then the error goes on,
    unless the database is unreachable.
    """
    importer = IMPORTERS[kind]
    started = dt.datetime.now(dt.UTC)
    try:
        report = importer(engine, path, options or ImportOptions())
    except OperationalError:
        raise  # the database is unreachable: nothing can be recorded either
    except Exception as error:
        failed = ImportReport(kind, path)
        failed.problems.add(None, f"the import failed: {error}")
        _record_run(engine, kind, path, trigger, failed, started, kept_dir)
        raise
    run_id = _record_run(engine, kind, path, trigger, report, started, kept_dir)
    return RecordedImport(run_id, report)


def run_status(report: ImportReport) -> str:
    if report.ok:
        return IMPORTED
    # Importers count an outlier as a problem too: refused only for outliers when they are all.
    if report.outliers and report.outliers == report.problems.count:
        return OUTLIERS
    return REJECTED


def _record_run(
    engine: Engine,
    kind: str,
    path: Path,
    trigger: str,
    report: ImportReport,
    started: dt.datetime,
    kept_dir: Path,
) -> int:
    run = ImportRun(
        kind=kind,
        file_name=path.name[:FILE_NAME_LENGTH],
        trigger=trigger,
        status=run_status(report),
        rows=report.rows,
        inserted=report.inserted,
        updated=report.updated,
        outliers=report.outliers,
        problem_count=report.problems.count,
        problems=report.problem_lines(),
        started_at=started,
        finished_at=dt.datetime.now(dt.UTC),
    )
    with Session(engine) as session, session.begin():
        session.add(run)
        session.flush()  # the id names the kept copy
        if run.status == OUTLIERS:
            run.stored_path = _keep_copy(path, kept_dir / f"{run.id}-{path.name}")
        return run.id


def _keep_copy(path: Path, target: Path) -> str | None:
    """The copy's path, or None when it could not be made (the run is recorded all the same)."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    except OSError:
        log.warning("could not keep %s for an override as %s", path, target, exc_info=True)
        return None
    return str(target)


def can_override(run: ImportRun) -> bool:
    return override_refusal(run) is None


def override_refusal(run: ImportRun) -> str | None:
    """Why ``run`` cannot be overridden, or None when it can."""
    if run.status != OUTLIERS:
        return f"Only a run refused for outliers can be overridden; this one was {run.status}."
    if run.stored_path is None or not Path(run.stored_path).is_file():
        return "The file of this run is no longer kept: import it again with --allow-outliers."
    return None


def override_import_run(engine: Engine, settings: Settings, run_id: int, user: User) -> ImportRun:
    """Import the run's kept file again with the outliers allowed, as a new run (console), and
    mark the run overridden by ``user``, audited. Raises LookupError for an unknown run and
    OverrideRefusedError when it cannot be overridden or the file is refused again."""
    with Session(engine) as session:
        run = session.get(ImportRun, run_id)
        if run is None:
            raise LookupError(f"Import run {run_id} not found")
        refusal = override_refusal(run)
        if refusal is not None:
            raise OverrideRefusedError(refusal)
        kind, path = run.kind, Path(str(run.stored_path))
    options = ImportOptions(
        allow_outliers=True,
        metals=load_estimate_table(settings.content_dir).references,
        settings=settings,
    )
    redo = recorded_import(
        engine, kind, path, trigger="console", kept_dir=kept_files_dir(settings), options=options
    )
    if not redo.report.ok:
        raise OverrideRefusedError(
            f"The file was refused again (run {redo.run_id}): {redo.report.problem_lines()[0]}"
        )
    return _mark_overridden(engine, run_id, redo, user)


def _mark_overridden(engine: Engine, run_id: int, redo: RecordedImport, user: User) -> ImportRun:
    with Session(engine, expire_on_commit=False) as session, session.begin():
        run = session.get_one(ImportRun, run_id, with_for_update=True)
        if run.status == OVERRIDDEN:
            return run  # overridden meanwhile by someone else; the upsert made it harmless
        before = {"status": run.status, "overriddenBy": None}
        run.status = OVERRIDDEN
        run.overridden_by = user.id
        after = {
            "status": run.status,
            "overriddenBy": user.email,
            "rerunId": redo.run_id,
            "inserted": redo.report.inserted,
            "updated": redo.report.updated,
            "publishedAnyway": redo.report.published_anyway,
        }
        record_audit(session, user, "import-run.override", "import_run", run.id, before, after)
    return run

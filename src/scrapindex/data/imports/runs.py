"""Import runs: every import of a file is recorded, whoever started it, and an override.

A run row is written in its own transaction after the import's all-or-nothing one, so a refused
import still changes no data but leaves its trace. A file refused only because of outliers is
kept in the database (``import_run_files``, in the run's transaction), so that an admin can
import it again with the outliers allowed from the console (an override), without the file at
hand and whichever host serves the console. A file over ``KEPT_FILE_MAX_BYTES`` is not kept:
its run says why. A kept file is deleted by a successful override, or ``KEPT_FILE_DAYS`` after
it was kept (when any later run is recorded).

Runs from before files were kept in the database have their copy on the importing host's disk
(``ImportRun.stored_path``): an override served by that host still uses it.
"""

import datetime as dt
import logging
import socket
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import TypedDict

from sqlalchemy import ColumnElement, Engine, delete, exists, or_, select
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from scrapindex.audit import record_audit
from scrapindex.data.estimate_table import load_estimate_table
from scrapindex.data.imports.fx import import_fx_rates
from scrapindex.data.imports.market import import_market_prices
from scrapindex.data.imports.prices import import_prices
from scrapindex.data.imports.report import ImportReport, Progress
from scrapindex.data.imports.yards import import_yards
from scrapindex.models import ImportRun, ImportRunFile, User
from scrapindex.settings import Settings

log = logging.getLogger(__name__)

IMPORTED, REJECTED, OUTLIERS, OVERRIDDEN = "imported", "rejected", "outliers", "overridden"
FILE_NAME_LENGTH = 300  # ImportRun.file_name
MEGABYTE = 1024 * 1024
# A file refused for outliers is kept in the database up to this size, and for this long.
KEPT_FILE_MAX_BYTES = 32 * MEGABYTE
KEPT_FILE_DAYS = 30


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
    file_kept: bool = False  # kept for an override from the console


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


def recorded_import(
    engine: Engine,
    kind: str,
    path: Path,
    *,
    trigger: str,
    options: ImportOptions | None = None,
) -> RecordedImport:
    """Import ``path`` as ``kind`` (prices, fx, yards, market), then record the run, with the
    file kept in the database when it was refused only for outliers.

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
        _record_run(engine, kind, path, trigger, failed, started)
        raise
    run_id, file_kept = _record_run(engine, kind, path, trigger, report, started)
    return RecordedImport(run_id, report, file_kept)


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
) -> tuple[int, bool]:
    """The run's id, and whether its file was kept for an override."""
    status = run_status(report)
    problems = report.problem_lines()
    content = None
    if status == OUTLIERS:
        content, refusal = _content_to_keep(kind, path)
        if refusal is not None:
            problems.append(refusal)
    finished = dt.datetime.now(dt.UTC)
    run = ImportRun(
        kind=kind,
        file_name=path.name[:FILE_NAME_LENGTH],
        trigger=trigger,
        status=status,
        rows=report.rows,
        inserted=report.inserted,
        updated=report.updated,
        outliers=report.outliers,
        problem_count=report.problems.count,
        problems=problems,
        started_at=started,
        finished_at=finished,
    )
    with Session(engine) as session, session.begin():
        session.execute(
            delete(ImportRunFile).where(
                ImportRunFile.stored_at < finished - dt.timedelta(days=KEPT_FILE_DAYS)
            )
        )
        session.add(run)
        session.flush()  # the id the kept file belongs to
        if content is not None:
            session.add(
                ImportRunFile(
                    run_id=run.id,
                    file_name=run.file_name,
                    size_bytes=len(content),
                    content=content,
                    stored_at=finished,
                )
            )
        return run.id, content is not None


def _content_to_keep(kind: str, path: Path) -> tuple[bytes | None, str | None]:
    """The file's bytes to keep for an override, or None with the problem line that says why
    they are not (the run is recorded all the same)."""
    again = f"import it again with `scrapindex {kind} import --allow-outliers {path.name}`"
    try:
        size = path.stat().st_size
        if size > KEPT_FILE_MAX_BYTES:
            return None, (
                f"file: too large to keep for an override ({_megabytes(size)}, the cap is "
                f"{_megabytes(KEPT_FILE_MAX_BYTES)}): fix the file or {again}"
            )
        return path.read_bytes(), None
    except OSError as error:
        log.warning("could not keep %s for an override", path, exc_info=True)
        return None, f"file: could not be kept for an override ({error}): {again}"


def _megabytes(size: int) -> str:
    return f"{round(size / MEGABYTE, 1):g} MB" if size >= MEGABYTE // 10 else f"{size:,} bytes"


def file_is_kept() -> ColumnElement[bool]:
    """A run's file is kept for an override: in the database, or (runs from before) on the
    disk of the host that imported it."""
    in_database = exists().where(ImportRunFile.run_id == ImportRun.id)
    return or_(in_database, ImportRun.stored_path.is_not(None))


def kept_run_ids(session: Session, run_ids: Iterable[int]) -> set[int]:
    """Which of ``run_ids`` have their file kept in the database (its bytes left unread)."""
    query = select(ImportRunFile.run_id).where(ImportRunFile.run_id.in_(list(run_ids)))
    return set(session.scalars(query))


def can_override(run: ImportRun, kept_in_database: bool) -> bool:
    return override_refusal(run, kept_in_database) is None


def override_refusal(run: ImportRun, kept_in_database: bool) -> str | None:
    """Why ``run`` cannot be overridden, or None when it can: its file is kept in the database
    (``kept_in_database``) or, for a run from before, on this host's disk."""
    if run.status != OUTLIERS:
        return f"Only a run refused for outliers can be overridden; this one was {run.status}."
    if kept_in_database:
        return None
    again = f"import it again with `scrapindex {run.kind} import --allow-outliers {run.file_name}`"
    if run.stored_path is None:
        return (
            f"The file of this run is no longer kept (a problem line says why when it could not "
            f"be kept; kept files go after {KEPT_FILE_DAYS} days): {again}."
        )
    if not Path(run.stored_path).is_file():
        return (
            f"The file of this run was kept on another host's disk: {run.stored_path} is not on "
            f"{socket.gethostname()} (or is gone). Override it from the console of the host that "
            f"has it, or {again}."
        )
    return None


def override_import_run(engine: Engine, settings: Settings, run_id: int, user: User) -> ImportRun:
    """Import the run's kept file again with the outliers allowed, as a new run (console), and
    mark the run overridden by ``user``, audited, its kept file deleted. Raises LookupError for
    an unknown run and OverrideRefusedError when it cannot be overridden or the file is refused
    again (its file is then still kept)."""
    with Session(engine) as session:
        run = session.get(ImportRun, run_id)
        if run is None:
            raise LookupError(f"Import run {run_id} not found")
        kept = session.execute(
            select(ImportRunFile.file_name, ImportRunFile.content).where(
                ImportRunFile.run_id == run_id
            )
        ).one_or_none()
        refusal = override_refusal(run, kept is not None)
        if refusal is not None:
            raise OverrideRefusedError(refusal)
        kind, stored_path = run.kind, run.stored_path
    options = ImportOptions(
        allow_outliers=True,
        metals=load_estimate_table(settings.content_dir).references,
        settings=settings,
    )
    with TemporaryDirectory(prefix="scrapindex-override-") as folder:
        if kept is not None:
            path = Path(folder) / _temporary_name(run_id, kept.file_name)
            path.write_bytes(kept.content)
        else:
            path = Path(str(stored_path))  # a run from before, kept on this host's disk
        redo = recorded_import(engine, kind, path, trigger="console", options=options)
    if not redo.report.ok:
        raise OverrideRefusedError(
            f"The file was refused again (run {redo.run_id}): {redo.report.problem_lines()[0]}"
        )
    overridden = _mark_overridden(engine, run_id, redo, user)
    if stored_path is not None:  # a run from before: its copy on this host's disk goes too
        try:
            Path(stored_path).unlink(missing_ok=True)
        except OSError:
            log.warning("could not delete %s after its override", stored_path, exc_info=True)
    return overridden


def _temporary_name(run_id: int, file_name: str) -> str:
    """The kept file's name for the new run, under the file system's length limit."""
    name = f"{run_id}-{file_name}"
    if len(name.encode()) <= 200:
        return name
    suffix = Path(file_name).suffix[:20]
    return f"{name.encode()[:150].decode(errors='ignore')}…{suffix}"


def _mark_overridden(engine: Engine, run_id: int, redo: RecordedImport, user: User) -> ImportRun:
    with Session(engine, expire_on_commit=False) as session, session.begin():
        run = session.get_one(ImportRun, run_id, with_for_update=True)
        if run.status == OVERRIDDEN:
            return run  # overridden meanwhile by someone else; the upsert made it harmless
        session.execute(delete(ImportRunFile).where(ImportRunFile.run_id == run_id))
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

"""What runs around a write to the published data, the same whoever asked for it (a command,
the console, the schedule): the write, then the price alerts' evaluation when prices changed,
then the data check when anything changed.

Each function returns what happened and prints nothing; the caller reports it its own way.
Evaluating the alerts reads the clock after the write, as the mails it queues are stamped then.
The daily update and its parts (feeds, estimates) are in ``updates``, which the API does not
load.
"""

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine

from scrapindex.alerts.evaluate import EvaluationReport, evaluate_alerts
from scrapindex.data.check import DataCheckReport, check_data
from scrapindex.data.estimate_table import load_estimate_table
from scrapindex.data.imports.report import ImportReport, Progress
from scrapindex.data.imports.runs import (
    ImportOptions,
    kept_files_dir,
    override_import_run,
    recorded_import,
)
from scrapindex.models import ImportRun, User
from scrapindex.settings import Settings


@dataclass(frozen=True)
class ImportOutcome:
    report: ImportReport
    run_id: int | None = None  # the recorded import run; None for a fetched feed
    alerts: EvaluationReport | None = None  # evaluated when the import wrote prices
    check: DataCheckReport | None = None  # the data check, when the import changed data


def after_prices_changed(engine: Engine, settings: Settings, now: dt.datetime) -> EvaluationReport:
    """What follows any change of prices, once committed: the alerts on them may have crossed.
    (The writer bumps the data revision itself, in its own transaction.)"""
    return evaluate_alerts(engine, settings, now)


def check_stored_data(engine: Engine, settings: Settings, today: dt.date) -> DataCheckReport:
    """What `scrapindex data check` and the console's data check report."""
    return check_data(
        engine, settings.content_dir, today=today, stale_days=settings.price_stale_days
    )


def import_file(
    engine: Engine,
    settings: Settings,
    kind: str,
    path: Path,
    *,
    trigger: str,
    allow_outliers: bool = False,
    progress: Progress | None = None,
) -> ImportOutcome:
    """Import a file of ``kind`` (prices, fx, market, yards) and record the run, so that the
    console lists it and can override a refusal for outliers; then what follows an import."""
    metals = load_estimate_table(settings.content_dir).references if kind == "market" else None
    options = ImportOptions(allow_outliers=allow_outliers, progress=progress, metals=metals)
    recorded = recorded_import(
        engine, kind, path, trigger=trigger, kept_dir=kept_files_dir(settings), options=options
    )
    return after_import(
        engine, settings, recorded.report, wrote_prices=kind == "prices", run_id=recorded.run_id
    )


def override_import(engine: Engine, settings: Settings, run_id: int, user: User) -> ImportRun:
    """The console's override of a run refused for outliers: import its kept file again with
    them allowed; then the alerts, when it held prices. Raises as ``override_import_run``."""
    run = override_import_run(engine, settings, run_id, user)
    if run.kind == "prices":
        after_prices_changed(engine, settings, utc_now())
    return run


def after_import(
    engine: Engine,
    settings: Settings,
    report: ImportReport,
    *,
    wrote_prices: bool,
    run_id: int | None = None,
) -> ImportOutcome:
    """What follows an import: the alerts when it wrote prices, the data check when it changed
    anything; neither when it was refused (it wrote nothing)."""
    if not report.ok:
        return ImportOutcome(report, run_id)
    alerts = after_prices_changed(engine, settings, utc_now()) if wrote_prices else None
    check = check_stored_data(engine, settings, utc_now().date()) if report.changed else None
    return ImportOutcome(report, run_id, alerts, check)


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)

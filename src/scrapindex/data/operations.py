"""What runs around a write to the published data, the same whoever asked for it (a command,
the console, the schedule): the write (whose price-write service evaluates the price alerts in
its transaction), then the data check when anything changed.

Each function returns what happened and prints nothing; the caller reports it its own way.
The daily update and its parts (feeds, estimates) are in ``updates``, which the API does not
load.
"""

import dataclasses
import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine

from scrapindex.alerts.evaluate import EvaluationReport
from scrapindex.data.check import DataCheckReport, check_data
from scrapindex.data.estimate_table import load_estimate_table
from scrapindex.data.imports.report import ImportReport, Progress
from scrapindex.data.imports.runs import ImportOptions, override_import_run, recorded_import
from scrapindex.models import ImportRun, User
from scrapindex.settings import Settings


@dataclass(frozen=True)
class ImportOutcome:
    report: ImportReport
    run_id: int | None = None  # the recorded import run; None for a fetched feed
    alerts: EvaluationReport | None = None  # evaluated when the import wrote prices
    check: DataCheckReport | None = None  # the data check, when the import changed data
    file_kept: bool = False  # refused for outliers and kept for the console's override


def check_stored_data(engine: Engine, settings: Settings, today: dt.date) -> DataCheckReport:
    """What `scrapindex data check` and the console's data check report."""
    return check_data(
        engine,
        settings.content_dir,
        today=today,
        stale_days=settings.price_stale_days,
        yard_price_max_age_days=settings.yard_price_max_age_days,
        monthly_reference_max_age_days=settings.monthly_reference_max_age_days,
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
    options = ImportOptions(
        allow_outliers=allow_outliers, progress=progress, metals=metals, settings=settings
    )
    recorded = recorded_import(engine, kind, path, trigger=trigger, options=options)
    outcome = after_import(
        engine, settings, recorded.report, wrote_prices=kind == "prices", run_id=recorded.run_id
    )
    return dataclasses.replace(outcome, file_kept=recorded.file_kept)


def override_import(engine: Engine, settings: Settings, run_id: int, user: User) -> ImportRun:
    """The console's override of a run refused for outliers: import its kept file again with
    them allowed (its price write evaluates the alerts). Raises as ``override_import_run``."""
    return override_import_run(engine, settings, run_id, user)


def after_import(
    engine: Engine,
    settings: Settings,
    report: ImportReport,
    *,
    wrote_prices: bool,
    run_id: int | None = None,
) -> ImportOutcome:
    """What follows an import: the data check when it changed anything, not when it was
    refused (it wrote nothing). The alerts were evaluated by the price write itself."""
    if not report.ok:
        return ImportOutcome(report, run_id)
    alerts = report.alerts if wrote_prices else None
    check = check_stored_data(engine, settings, utc_now().date()) if report.changed else None
    return ImportOutcome(report, run_id, alerts, check)


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)

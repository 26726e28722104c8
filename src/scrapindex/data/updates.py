"""The daily update, and the parts of it a command runs by hand (fetching a feed, estimating a
day), each followed by what follows a write (``operations``): the alerts, the data check.

Apart from ``operations`` because they load the feeds, the estimates and the scheduler, which
the API never needs."""

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine

from scrapindex.alerts.evaluate import EvaluationReport
from scrapindex.data.check import DataCheckReport
from scrapindex.data.daily_update import DailyUpdateReport, run_daily_update
from scrapindex.data.estimates import EstimateReport, estimate_prices
from scrapindex.data.feeds.configured import configured_feeds, fetch_feed
from scrapindex.data.imports.report import Progress
from scrapindex.data.operations import (
    ImportOutcome,
    after_import,
    check_stored_data,
    utc_now,
)
from scrapindex.settings import Settings


@dataclass(frozen=True)
class EstimateOutcome:
    report: EstimateReport
    alerts: EvaluationReport | None = None  # evaluated when estimates were written
    check: DataCheckReport | None = None  # the data check, when estimates were written


@dataclass(frozen=True)
class DailyUpdateOutcome:
    report: DailyUpdateReport  # its data check included
    alerts: EvaluationReport


def import_feed(
    engine: Engine,
    settings: Settings,
    name: str,
    *,
    file: Path | None = None,
    history: bool = False,
    series: list[str] | None = None,
    allow_outliers: bool = False,
    progress: Progress | None = None,
) -> ImportOutcome:
    """Fetch a feed by name (ecb, fred or a configured provider), or read a downloaded copy,
    and import it; then what follows an import. Raises FeedError."""
    report = fetch_feed(
        engine,
        settings,
        name,
        file=file,
        history=history,
        series=series,
        allow_outliers=allow_outliers,
        progress=progress,
    )
    return after_import(engine, settings, report, wrote_prices=False)  # rates or references


def estimate_day(engine: Engine, settings: Settings, day: dt.date) -> EstimateOutcome:
    """Estimate ``day``'s prices from the market references; when any were written, the alerts
    and the data check."""
    report = estimate_prices(engine, settings.content_dir, day, settings=settings)
    if not report.written:
        return EstimateOutcome(report)
    check = check_stored_data(engine, settings, utc_now().date())
    return EstimateOutcome(report, report.alerts, check)


def daily_update(
    engine: Engine,
    settings: Settings,
    *,
    demo: bool | None = None,
    progress: Progress | None = None,
) -> DailyUpdateOutcome:
    """The daily update with the settings' inbox, feeds and staleness (``demo=None``: extend
    the demo data when the data is demo data); then the alerts. Its report holds the data
    check the update ran."""
    report = run_daily_update(
        engine,
        inbox_dir=settings.effective_inbox_dir,
        content_dir=settings.content_dir,
        demo=demo,
        feeds=configured_feeds(settings),
        stale_days=settings.price_stale_days,
        progress=progress,
        settings=settings,
    )
    return DailyUpdateOutcome(report, report.alerts())

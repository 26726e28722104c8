"""`scrapindex prices`: price feeds, estimates and the daily update."""

import datetime as dt
from pathlib import Path
from typing import Annotated

import typer

from scrapindex.cli.common import (
    AllowOutliers,
    ImportFile,
    console,
    import_file_command,
    print_alerts_fired,
    print_check_summary,
    print_import,
    refuse_without_link_root,
)
from scrapindex.data.daily_update import DailyUpdateReport
from scrapindex.data.estimates import EstimateReport
from scrapindex.data.imports.report import progress_bar
from scrapindex.data.run_lock import AlreadyRunning
from scrapindex.data.updates import daily_update, estimate_day
from scrapindex.db import engine_scope
from scrapindex.settings import Settings, get_settings

app = typer.Typer(help="Price feeds and the daily update.", no_args_is_help=True)


@app.command("import")
def prices_import(file: ImportFile, allow_outliers: AllowOutliers = False) -> None:
    """Import a price feed (date, country, city, material, price, currency, unit, source)."""
    import_file_command("prices", file, allow_outliers)


@app.command("estimate")
def prices_estimate(
    date: Annotated[
        str | None, typer.Option(help="Day to estimate, YYYY-MM-DD (default today, UTC)")
    ] = None,
) -> None:
    """Estimate prices from market references, grade factors, yard margins and FX rates."""
    settings = get_settings()
    day = dt.date.fromisoformat(date) if date else dt.datetime.now(dt.UTC).date()
    with engine_scope(settings) as engine:
        refuse_without_link_root(engine, settings)
        outcome = estimate_day(engine, settings, day)
        print_alerts_fired(outcome.alerts)
    report = outcome.report
    print_estimate(report)
    if not report.written and not report.unchanged and not report.kept:
        raise typer.Exit(1)
    if outcome.check is not None:
        print_check_summary(outcome.check)


@app.command("update")
def prices_update(
    demo: Annotated[
        bool | None,
        typer.Option(help="Extend the demo data to today (default: when the data is demo data)"),
    ] = None,
) -> None:
    """The daily update: import the inbox's feed files; in demo mode, extend the demo to today."""
    settings = get_settings()
    with engine_scope(settings) as engine:
        refuse_without_link_root(engine, settings)
    report = run_and_print_daily_update(settings, demo)
    if report is None or not report.ok:
        raise typer.Exit(1)


def run_and_print_daily_update(
    settings: Settings, demo: bool | None = None
) -> DailyUpdateReport | None:
    """The daily update, printed as it goes (`prices update`, and `schedule` every day); None
    when another update was running, which is said."""
    with engine_scope(settings) as engine, progress_bar(console) as progress:
        try:
            outcome = daily_update(engine, settings, demo=demo, progress=progress)
        except AlreadyRunning as running:
            console.print(f"[yellow]Not started: {running}.[/yellow]", highlight=False)
            return None
        print_alerts_fired(outcome.alerts)
    print_daily_update(outcome.report, settings.effective_inbox_dir)
    return outcome.report


def print_estimate(report: EstimateReport) -> None:
    console.print(
        f"Estimates for {report.day}: {report.inserted:,} added, {report.updated:,} updated, "
        f"{report.unchanged:,} unchanged, {report.kept:,} kept (a feed, manual or reported "
        "price stands)."
    )
    for reason in report.skipped:
        console.print(f"[yellow]Not estimated: {reason}[/yellow]", highlight=False)


def print_daily_update(report: DailyUpdateReport, inbox_dir: Path) -> None:
    if not report.inbox:
        console.print(f"No feed files in {inbox_dir}.")
    for outcome in report.inbox:
        if outcome.report is not None:
            print_import(outcome.report)
        else:
            console.print(f"[red]{outcome.name}: {outcome.problem}[/red]")
        console.print(f"{outcome.name} moved to {outcome.moved_to}")
    for feed in report.feeds:
        if feed.report is not None:
            print_import(feed.report)
        else:
            console.print(f"[red]{feed.name}: {feed.problem}[/red]", highlight=False)
    if report.estimate is not None:
        print_estimate(report.estimate)
    if report.check is not None:
        print_check_summary(report.check)
    if report.demo is not None:
        console.print(
            f"Demo data extended to {report.today}: {report.demo.prices:,} prices, "
            f"{report.demo.fx_rates:,} exchange rates added."
        )

"""What several command groups share: the console, the import and feed commands' common run,
and the printing of import reports, data checks and fired alerts."""

from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from sqlalchemy import Engine, select

from scrapindex.alerts.evaluate import EvaluationReport
from scrapindex.data.check import DataCheckReport
from scrapindex.data.feeds import FeedError
from scrapindex.data.imports.report import ImportReport, progress_bar, summary_table
from scrapindex.data.operations import ImportOutcome, import_file
from scrapindex.data.updates import import_feed
from scrapindex.db import engine_scope
from scrapindex.models import PriceAlert, User
from scrapindex.settings import Settings, SiteRootUnknown, get_settings

console = Console()

ImportFile = Annotated[
    Path, typer.Argument(exists=True, dir_okay=False, readable=True, help="A .csv or .json file")
]
AllowOutliers = Annotated[
    bool,
    typer.Option(
        help="Accept values over 3x or under a third of their baseline (a price's trusted baseline,"
        " a rate's recent median), and (prices) a grade family left out of order: the operator"
        " is sure"
    ),
]
FeedFile = Annotated[
    Path | None,
    typer.Option(
        "--file",
        exists=True,
        dir_okay=False,
        readable=True,
        help="Read a downloaded copy of the feed instead of fetching it",
    ),
]


def refuse_without_link_root(
    engine: Engine, settings: Settings, *, operators: bool = False
) -> None:
    """Stop before anything changes when this command may write mail with links and knows no
    address for the site: a price write when a confirmed price alert may fire, and with
    ``operators`` the mail jobs, which also write operators' notices."""
    if settings.site_root_origin != "assumed":
        return
    readers = [select(PriceAlert.id).where(PriceAlert.confirmed_at.is_not(None)).limit(1)]
    if operators:
        readers.append(select(User.id).limit(1))
    with engine.connect() as connection:
        if any(connection.execute(query).first() is not None for query in readers):
            site_root_unknown(SiteRootUnknown())


def site_root_unknown(error: SiteRootUnknown) -> NoReturn:
    console.print(f"[red]{escape(str(error))}[/red]", highlight=False, soft_wrap=True)
    raise typer.Exit(1)


def import_file_command(kind: str, file: Path, allow_outliers: bool = False) -> None:
    """Import a file and record the run (the console lists it; outliers can be overridden)."""
    settings = get_settings()
    with engine_scope(settings) as engine, progress_bar(console) as progress:
        if kind == "prices":
            refuse_without_link_root(engine, settings)
        outcome = import_file(
            engine,
            settings,
            kind,
            file,
            trigger="cli",
            allow_outliers=allow_outliers,
            progress=progress,
        )
        print_alerts_fired(outcome.alerts)
    kept = outcome.file_kept
    note = f"Or override import run {outcome.run_id} in the console (/admin)." if kept else None
    finish_import(outcome, note)


def fetch_feed_command(
    name: str,
    *,
    file: Path | None,
    allow_outliers: bool,
    history: bool = False,
    series: list[str] | None = None,
) -> None:
    """Fetch a feed (or read its downloaded copy) and import it; exit 1 when it fails."""
    settings = get_settings()
    with engine_scope(settings) as engine, progress_bar(console) as progress:
        try:
            outcome = import_feed(
                engine,
                settings,
                name,
                file=file,
                history=history,
                series=series,
                allow_outliers=allow_outliers,
                progress=progress,
            )
        except FeedError as error:
            feed_failed(str(error))
    finish_import(outcome)


def feed_failed(message: str) -> NoReturn:
    console.print(f"[red]{escape(message)}[/red]", highlight=False, soft_wrap=True)
    raise typer.Exit(1)


def finish_import(outcome: ImportOutcome, note: str | None = None) -> None:
    print_import(outcome.report)
    if note:
        console.print(note)
    if not outcome.report.ok:
        raise typer.Exit(1)
    if outcome.check is not None:
        print_check_summary(outcome.check)


def print_import(report: ImportReport) -> None:
    console.print(summary_table(report))
    if report.published_anyway:
        console.print("[yellow]Published on the override, though:[/yellow]")
        for line in report.published_anyway:
            console.print(f"  {line}", markup=False, highlight=False, soft_wrap=True)
    if report.skipped:
        console.print("[yellow]Skipped (not imported):[/yellow]")
        for line in report.skipped_lines():
            console.print(f"  {line}", markup=False, highlight=False, soft_wrap=True)
    if report.warnings:
        console.print("[yellow]Warnings (imported without what they name):[/yellow]")
        for line in report.warning_lines():
            console.print(f"  {line}", markup=False, highlight=False, soft_wrap=True)
    if not report.ok:
        console.print("[red]Problems (nothing was written):[/red]")
        for line in report.problem_lines():
            console.print(f"  {line}", markup=False, highlight=False, soft_wrap=True)
        if report.outliers:
            console.print("To accept the outliers, import again with --allow-outliers.")


def print_check_summary(report: DataCheckReport) -> None:
    """After a change to the data: what `scrapindex data check` would say, in a few lines."""
    color = "green" if not report.findings else "red" if report.errors else "yellow"
    console.print(f"[{color}]Data check:[/{color}]")
    for line in report.summary_lines():
        console.print(f"  {line}", markup=False, highlight=False, soft_wrap=True)


def print_alerts_fired(report: EvaluationReport | None) -> None:
    if report is not None and report.fired:
        console.print(f"{report.fired} price alert{'' if report.fired == 1 else 's'} fired.")

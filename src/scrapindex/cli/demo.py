"""`scrapindex demo`: the demo data set."""

import datetime as dt
import time
from typing import Annotated

import typer
from rich.table import Table

from scrapindex.cli.common import console
from scrapindex.data.demo import DEFAULT_SEED, DemoConfig
from scrapindex.data.demo_remove import demo_rows_left, remove_demo
from scrapindex.data.seed import DatabaseNotEmptyError, database_is_empty, seed_demo
from scrapindex.db import create_db_engine, engine_scope
from scrapindex.settings import get_settings

app = typer.Typer(help="The demo data set.", no_args_is_help=True)


@app.command("seed")
def demo_seed(
    days: Annotated[int, typer.Option(min=1, max=3650, help="Days of price history")] = 365,
    seed: Annotated[int, typer.Option(help="Random seed: same seed, same rows")] = DEFAULT_SEED,
    end_date: Annotated[
        str | None, typer.Option(help="Last day of history, YYYY-MM-DD (default today, UTC)")
    ] = None,
    if_empty: Annotated[bool, typer.Option(help="Do nothing when data is already there")] = False,
    scale: Annotated[
        int,
        typer.Option(
            min=1, max=100, help="Times the real places: each city gains scale-1 demo towns"
        ),
    ] = 1,
) -> None:
    """Fill an empty database with the demo data set (marked as demo in every row)."""
    settings = get_settings()
    engine = create_db_engine(settings.effective_database_url, settings)
    if if_empty and not database_is_empty(engine):
        console.print("Database already has data; demo seed skipped.")
        return
    last_day = dt.date.fromisoformat(end_date) if end_date else dt.datetime.now(dt.UTC).date()
    started = time.perf_counter()
    try:
        report = seed_demo(
            engine,
            settings.content_dir,
            DemoConfig(end_date=last_day, days=days, seed=seed, scale=scale),
        )
    except DatabaseNotEmptyError as error:
        console.print(f"[red]{error}[/red]")
        raise typer.Exit(1) from error
    table = Table(title=f"Demo data seeded in {time.perf_counter() - started:.1f} s")
    table.add_column("table")
    table.add_column("rows", justify="right")
    for name, count in vars(report).items():
        table.add_row(name, f"{count:,}")
    console.print(table)


@app.command("remove")
def demo_remove(
    dry_run: Annotated[
        bool, typer.Option(help="Count what would go, then roll back: nothing changes")
    ] = False,
) -> None:
    """Take every demo row out in one transaction (prices, exchange rates, yards and what hangs
    on them), leaving real rows as they are; prints what went, per table."""
    settings = get_settings()
    with engine_scope(settings) as engine:
        removal = remove_demo(engine, settings, dry_run=dry_run)
        left = demo_rows_left(engine)
    title = "Demo rows that would go" if dry_run else "Demo rows removed"
    table = Table(title=title)
    table.add_column("table")
    table.add_column("rows", justify="right")
    for name, count in removal.counts.items():
        table.add_row(name, f"{count:,}")
    console.print(table)
    if dry_run:
        console.print("Dry run: rolled back, nothing was changed.")
    else:
        console.print(f"Rows still naming a demo source: {left:,}.")

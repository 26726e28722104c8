"""The `scrapindex` command: database, demo data and serving."""

import datetime as dt
import json
import time
from pathlib import Path
from typing import Annotated

import typer
import uvicorn
from rich.console import Console
from rich.table import Table

from scrapindex import migrate
from scrapindex.data.demo import DEFAULT_SEED, DemoConfig
from scrapindex.data.seed import DatabaseNotEmptyError, database_is_empty, seed_demo
from scrapindex.db import create_db_engine
from scrapindex.settings import get_settings

app = typer.Typer(help="ScrapIndex: scrap metal prices and scrap yards.", no_args_is_help=True)
db_app = typer.Typer(help="Database schema.", no_args_is_help=True)
demo_app = typer.Typer(help="The demo data set.", no_args_is_help=True)
app.add_typer(db_app, name="db")
app.add_typer(demo_app, name="demo")
console = Console()


@db_app.command("upgrade")
def db_upgrade(revision: str = "head") -> None:
    """Apply migrations up to REVISION (default: the newest)."""
    engine = create_db_engine(get_settings().effective_database_url)
    migrate.upgrade(engine, revision)
    console.print(f"Database at revision {migrate.current_revision(engine)}")


@db_app.command("current")
def db_current() -> None:
    """Show the database's revision and the newest one the code knows."""
    engine = create_db_engine(get_settings().effective_database_url)
    console.print(f"database: {migrate.current_revision(engine)}  code: {migrate.head_revision()}")


@demo_app.command("seed")
def demo_seed(
    days: Annotated[int, typer.Option(min=1, max=3650, help="Days of price history")] = 365,
    seed: Annotated[int, typer.Option(help="Random seed: same seed, same rows")] = DEFAULT_SEED,
    end_date: Annotated[
        str | None, typer.Option(help="Last day of history, YYYY-MM-DD (default today, UTC)")
    ] = None,
    if_empty: Annotated[bool, typer.Option(help="Do nothing when data is already there")] = False,
) -> None:
    """Fill an empty database with the demo data set (marked as demo in every row)."""
    settings = get_settings()
    engine = create_db_engine(settings.effective_database_url)
    if if_empty and not database_is_empty(engine):
        console.print("Database already has data; demo seed skipped.")
        return
    last_day = dt.date.fromisoformat(end_date) if end_date else dt.datetime.now(dt.UTC).date()
    started = time.perf_counter()
    try:
        report = seed_demo(
            engine, settings.content_dir, DemoConfig(end_date=last_day, days=days, seed=seed)
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


@app.command()
def openapi(output: Path = Path("build/openapi.json")) -> None:
    """Write the API's OpenAPI schema (the front end's types are generated from it)."""
    from scrapindex.app import create_app

    schema = create_app(get_settings()).openapi()
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(json.dumps(schema, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    console.print(f"OpenAPI schema written to {output}")


@app.command()
def serve(
    host: Annotated[str | None, typer.Option(help="Default: HOST or 127.0.0.1")] = None,
    port: Annotated[int | None, typer.Option(help="Default: PORT or 8000")] = None,
    workers: Annotated[int, typer.Option(min=1)] = 1,
    reload: bool = False,
) -> None:
    """Serve the site and the API."""
    settings = get_settings()
    uvicorn.run(
        "scrapindex.app:create_app",
        factory=True,
        host=host or settings.host,
        port=port or settings.port,
        workers=None if reload else workers,
        reload=reload,
        proxy_headers=True,
        server_header=False,
        access_log=False,
    )

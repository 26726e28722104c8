"""`scrapindex db`: the database schema."""

import typer

from scrapindex import migrate
from scrapindex.cli.common import console
from scrapindex.db import create_db_engine
from scrapindex.settings import get_settings

app = typer.Typer(help="Database schema.", no_args_is_help=True)


@app.command("upgrade")
def db_upgrade(revision: str = "head") -> None:
    """Apply migrations up to REVISION (default: the newest)."""
    engine = create_db_engine(get_settings().effective_database_url)
    migrate.upgrade(engine, revision)
    console.print(f"Database at revision {migrate.current_revision(engine)}")


@app.command("current")
def db_current() -> None:
    """Show the database's revision and the newest one the code knows."""
    engine = create_db_engine(get_settings().effective_database_url)
    console.print(f"database: {migrate.current_revision(engine)}  code: {migrate.head_revision()}")

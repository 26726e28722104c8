"""`scrapindex db`: the database schema, and backups."""

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from sqlalchemy.engine import URL, make_url

from scrapindex import migrate
from scrapindex.cli.common import console
from scrapindex.db import engine_scope
from scrapindex.settings import get_settings

app = typer.Typer(help="Database schema and backups.", no_args_is_help=True)


@app.command("upgrade")
def db_upgrade(revision: str = "head") -> None:
    """Apply migrations up to REVISION (default: the newest)."""
    with engine_scope(get_settings()) as engine:
        migrate.upgrade(engine, revision)
        console.print(f"Database at revision {migrate.current_revision(engine)}")


@app.command("current")
def db_current() -> None:
    """Show the database's revision and the newest one the code knows."""
    with engine_scope(get_settings()) as engine:
        current = migrate.current_revision(engine)
    console.print(f"database: {current}  code: {migrate.head_revision()}")


@app.command("backup")
def db_backup(
    path: Annotated[Path, typer.Argument(dir_okay=False, help="The backup file to write")],
    overwrite: Annotated[bool, typer.Option(help="Replace PATH if it exists")] = False,
) -> None:
    """Copy the database to PATH while the site keeps running.

    SQLite: a consistent copy through SQLite's online backup API (a database file of its own).
    PostgreSQL: `pg_dump --format=custom` (restore it with `pg_restore --no-owner`)."""
    if path.exists() and not overwrite:
        console.print(f"[red]{escape(str(path))} exists: pass --overwrite to replace it.[/red]")
        raise typer.Exit(1)
    path.parent.mkdir(parents=True, exist_ok=True)
    url = make_url(get_settings().effective_database_url)
    if url.get_backend_name() == "sqlite":
        _backup_sqlite(url, path)
    elif url.get_backend_name() == "postgresql":
        _backup_postgresql(url, path)
    else:
        console.print(f"[red]No backup for {url.get_backend_name()} databases.[/red]")
        raise typer.Exit(1)
    console.print(f"Backup written to {escape(str(path))} ({path.stat().st_size:,} bytes)")


def _backup_sqlite(url: URL, path: Path) -> None:
    """One step of the backup API: the whole database as of one read transaction. In WAL mode
    writers go on meanwhile (they append to the WAL; the copy does not see them)."""
    source_file = Path(url.database or "")
    if not source_file.is_file():
        console.print(f"[red]The SQLite database {escape(str(source_file))} does not exist.[/red]")
        raise typer.Exit(1)
    partial = path.with_name(path.name + ".partial")
    partial.unlink(missing_ok=True)
    source = sqlite3.connect(source_file, timeout=30)
    target = sqlite3.connect(partial)
    try:
        source.backup(target)
        # A file of its own: no WAL beside it (the copy keeps the source's WAL mode otherwise).
        target.execute("PRAGMA journal_mode=DELETE")
        problems = target.execute("PRAGMA quick_check").fetchall()
    finally:
        target.close()
        source.close()
    if problems != [("ok",)]:
        partial.unlink(missing_ok=True)
        console.print(f"[red]The copy does not check out: {problems[:5]}[/red]")
        raise typer.Exit(1)
    os.replace(partial, path)  # a backup under PATH is always whole


def _backup_postgresql(url: URL, path: Path) -> None:
    """pg_dump, run here rather than printed: one command backs up either database (for cron),
    and the password goes to pg_dump in its environment, not on a command line `ps` shows.
    pg_dump must be at least the server's version (it refuses a newer server, and says so)."""
    pg_dump = shutil.which("pg_dump")
    libpq_url = url.set(drivername="postgresql", password=None).render_as_string(
        hide_password=False
    )
    command = ["pg_dump", "--format=custom", f"--file={path}", f"--dbname={libpq_url}"]
    if pg_dump is None:
        console.print(
            "[red]pg_dump is not installed (apt-get install postgresql-client). With it, run:"
            f"[/red]\n  {escape(' '.join(command))}"
        )
        raise typer.Exit(1)
    environment = dict(os.environ)
    if url.password is not None:
        environment["PGPASSWORD"] = str(url.password)
    partial = path.with_name(path.name + ".partial")
    command[2] = f"--file={partial}"
    done = subprocess.run(
        [pg_dump, *command[1:]], env=environment, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        partial.unlink(missing_ok=True)
        console.print(f"[red]pg_dump failed:[/red] {escape(done.stderr.strip())}")
        raise typer.Exit(1)
    os.replace(partial, path)

"""What the benchmark scripts share: where they write, the data they seed, the servers they start,
wrk runs and the markdown tables they print.

Imported by the scripts in bench/ after they put the repository on ``sys.path``.
"""

import argparse
import contextlib
import datetime as dt
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from tests.databases import PostgresTemplates, SqliteTemplates
from tests.deploy_stack import free_port, stop, wait_for
from tests.pg_server import find_pg_bin, temporary_postgres

from scrapindex import migrate
from scrapindex.data.demo import DemoConfig
from scrapindex.data.seed import database_is_empty, seed_demo
from scrapindex.db import create_db_engine

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"
LUA = ROOT / "bench" / "percentiles.lua"
SCRAPINDEX = ROOT / ".venv" / "bin" / "scrapindex"
END_DATE = dt.date(2026, 11, 21)
DEMO = DemoConfig(end_date=END_DATE)  # a full year, fixed so runs compare
# wrk is one client: per-client rate limits would answer most of it 429, and the per-client cap
# would hold its many connections back.
ONE_CLIENT = {
    "API_RATE_LIMIT_PER_MINUTE": "0",
    "PAGE_RATE_LIMIT_PER_MINUTE": "0",
    "MAX_CONCURRENT_REQUESTS_PER_CLIENT": "0",
}
Templates = SqliteTemplates | PostgresTemplates

# What the scripts measure.
# Every API endpoint, loaded by bench/api_load.py and bench/scale.py.
API_ENDPOINTS = [
    "/api/search?q=lon",
    "/api/cities",
    "/api/cities/johannesburg",
    "/api/cities/johannesburg/prices",
    "/api/cities/johannesburg/overview",
    "/api/cities/johannesburg/scrap-yards?limit=3",
    "/api/cities/new-york/scrap-yards?page=2&limit=10",
    "/api/materials",
    "/api/materials/copper",
    "/api/materials/copper/prices",
    "/api/materials/copper/markets/summary",
    "/api/materials/copper/markets?page=1&limit=20&sort=price&order=desc",
    "/api/materials/copper/markets/cities",
    "/api/prices?limit=100",
    "/api/prices/summary",
    "/api/prices/history?materialSlug=copper&citySlug=johannesburg&days=30",
    "/api/scrap-yards/all",
    "/api/scrap-yards?country=us&sort=name&page=2",
    "/api/scrap-yards/42",
    "/api/countries",
    "/api/countries/za/legal",
    "/api/blog",
    "/api/stats",
]
# A page of each route type and the bare index.html, for bench/html_ttfb.py and bench/scale.py.
PAGES = {
    "bare index.html": "/index.html",
    "home": "/",
    "city": "/za/johannesburg",
    "region": "/us/california",
    "city yards": "/za/johannesburg/scrap-yards",
    "material": "/material/copper",
    "yard": "/scrap-yard/42",
    "directory": "/scrap-yards",
    "insights": "/insights",
    "blog post": "/blog/rhodium-price-per-ounce",
    "not found (404)": "/za/atlantis",
}
# Cached answers, for bench/vs_nginx.py and bench/cached_cost.py.
COMPARED_PATHS = ("/api/cities", "/api/cities/johannesburg/prices", "/za/johannesburg")


# Databases


def prepare(url: str, indent: str = "") -> None:
    """Migrate the database at ``url`` and, if it is empty, seed the demo year into it (printing
    how long that took)."""
    engine = create_db_engine(url)
    migrate.upgrade(engine)
    if database_is_empty(engine):
        started = time.perf_counter()
        report = seed_demo(engine, ROOT / "content", DEMO)
        seconds = time.perf_counter() - started
        print(f"{indent}seeded {report.prices:,} prices in {seconds:.0f} s", flush=True)
    engine.dispose()


def sqlite_url(name: str) -> str:
    """The URL of a SQLite file of that name in bench/out (kept between runs: seeded once)."""
    OUT.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{OUT / name}"


def postgres_bin() -> Path:
    """The folder of PostgreSQL's server programs; exits saying how to get them if not found."""
    bin_dir = find_pg_bin()
    if bin_dir is None:
        sys.exit("PostgreSQL server binaries are needed: apt-get install postgresql")
    return bin_dir


@contextlib.contextmanager
def throwaway_postgres() -> Iterator[str]:
    """The URL of an empty database on a PostgreSQL server that lives as long as the block."""
    with temporary_postgres(postgres_bin()) as url:
        yield url


@contextlib.contextmanager
def database(kind: str, sqlite_name: str) -> Iterator[str]:
    """``kind`` "sqlite": bench/out's file of that name; "postgresql": a throwaway server's."""
    if kind == "sqlite":
        yield sqlite_url(sqlite_name)
        return
    with throwaway_postgres() as url:
        yield url


@contextlib.contextmanager
def seeded_templates(
    choice: str, work: Path, postgres_optional: bool = False
) -> Iterator[list[tuple[str, Templates]]]:
    """(name, templates) of each database ``choice`` names, to clone seeded databases from; the
    PostgreSQL ones on a throwaway server. Without PostgreSQL's programs, ``postgres_optional``
    goes on with SQLite alone (saying so); otherwise it exits."""
    found: list[tuple[str, Templates]] = []
    if choice in ("sqlite", "both"):
        found.append(("SQLite", SqliteTemplates(work)))
    with contextlib.ExitStack() as stack:
        if choice in ("postgresql", "both"):
            if postgres_optional and find_pg_bin() is None:
                print("PostgreSQL server binaries not found: SQLite only")
            else:
                server = stack.enter_context(throwaway_postgres())
                postgres = PostgresTemplates(server)
                stack.callback(postgres.dispose)
                found.append(("PostgreSQL", postgres))
        yield found


def fresh_clone(templates: Templates, config: DemoConfig, work: Path, name: str) -> str:
    """The URL of a new database holding ``config``'s seeded data (a file in ``work`` on SQLite)."""
    if isinstance(templates, SqliteTemplates):
        return templates.clone(config, work / f"{name}.sqlite3")
    return templates.clone(config)


def drop_clone(templates: Templates, url: str) -> None:
    """Drop a clone made by :func:`fresh_clone` (a SQLite file goes with its folder)."""
    if isinstance(templates, PostgresTemplates):
        templates.drop(url)


# Servers


@contextlib.contextmanager
def running(
    command: Sequence[str],
    ready_url: str,
    what: str,
    log: Path,
    env: dict[str, str] | None = None,
    cwd: Path | None = None,
    stop_signal: int = signal.SIGTERM,
) -> Iterator[subprocess.Popen[bytes]]:
    """A server process, once ``ready_url`` answers (within a minute), its output appended to
    ``log``; stopped with ``stop_signal`` when the block ends."""
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("ab") as output:
        process = subprocess.Popen(
            command, env=env, cwd=cwd, stdin=subprocess.DEVNULL, stdout=output, stderr=output
        )
    try:
        wait_for(ready_url, process, what, log)
        yield process
    finally:
        stop(process, stop_signal)


def serve_command(port: int, workers: int, server: str = "uvicorn") -> list[str]:
    """`scrapindex serve` (uvicorn, as deployed), or the same app under granian to compare."""
    if server == "granian":
        return [sys.executable, "-m", "granian", "--interface", "asgi", "--factory",
                "--workers", str(workers), "--port", str(port), "--no-ws",
                "--log-level", "warning", "scrapindex.app:create_app"]  # fmt: skip
    return [str(SCRAPINDEX), "serve", "--port", str(port), "--workers", str(workers)]


@contextlib.contextmanager
def app_server(
    url: str,
    workers: int,
    port: int | None = None,
    cold: bool = False,
    limits: bool = False,
    log: Path = OUT / "server.log",
    server: str = "uvicorn",
) -> Iterator[str]:
    """The app served on loopback over the database at ``url``; yields its base URL.

    ``port`` None takes a free one; ``cold`` turns the response cache off (every request
    computes; concurrent ones still share); per-client limits are off unless ``limits``."""
    port = port or free_port()
    env = {**os.environ, "DATABASE_URL": url}
    if not limits:
        env |= ONE_CLIENT
    if cold:
        env["API_CACHE_SECONDS"] = "0"
    base = f"http://127.0.0.1:{port}"
    command = serve_command(port, workers, server)
    # SIGINT: both uvicorn and granian stop their workers on it.
    with running(command, f"{base}/api/stats", "the app", log, env, stop_signal=signal.SIGINT):
        yield base


# wrk


def require_wrk() -> None:
    """Exit saying how to install wrk if it is not on the PATH."""
    if shutil.which("wrk") is None:
        sys.exit("wrk is needed: apt-get install wrk")


def wrk(
    url: str,
    seconds: int,
    connections: int,
    script: Path = LUA,
    threads: int = 2,
    extra: Sequence[str] = (),
) -> dict[str, float]:
    """Load ``url`` with wrk; the figures of bench/percentiles.lua's reporter (which ``script``
    must end with) plus "rps", requests per second. ``extra``: more wrk options."""
    result = subprocess.run(
        ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", *extra,
         "-s", str(script), url],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    line = next(ln for ln in result.stdout.splitlines() if ln.startswith("{"))
    figures: dict[str, float] = json.loads(line)
    figures["rps"] = figures["requests"] / figures["seconds"]
    return figures


def wrk_errors(figures: dict[str, float]) -> int:
    """Socket errors and answers with a status of 400 or more."""
    return int(figures["errors"] + figures["non_ok"])


def load_cells(figures: dict[str, float]) -> list[str]:
    """A wrk run's req/s and p50/p95/p99 ms, as table cells."""
    return [f"{figures['rps']:.0f}", *(f"{figures[p]:.1f}" for p in ("p50", "p95", "p99"))]


# Markdown tables


def table_head(columns: Sequence[str], align: str) -> list[str]:
    """A markdown table's header and rule lines; ``align`` has an "l" (left: text) or "r" (right:
    figures) per column."""
    rule = "".join("---|" if side == "l" else "---:|" for side in align)
    return [table_row(*columns), f"|{rule}"]


def table_row(*cells: object) -> str:
    """One markdown table row of these cells."""
    return "| " + " | ".join(str(cell) for cell in cells) + " |"


def print_rows(rows: list[str], *new: str) -> None:
    """Print rows as they are measured (to follow a long run) and keep them for the report."""
    for row in new:
        print(row, flush=True)
        rows.append(row)


def write_report(name: str, lines: Sequence[str]) -> None:
    """Save a report's lines as bench/out/``name``."""
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / name).write_text("\n".join(lines) + "\n")


# Command lines


def parser_for(doc: str | None) -> argparse.ArgumentParser:
    """An argument parser described by the first line of a script's docstring."""
    return argparse.ArgumentParser(description=(doc or "").splitlines()[0])


def add_db_option(parser: argparse.ArgumentParser, default: str, both: bool = True) -> None:
    """--db sqlite|postgresql (|both)."""
    choices = ["sqlite", "postgresql", "both"] if both else ["sqlite", "postgresql"]
    parser.add_argument("--db", choices=choices, default=default)


def add_load_options(
    parser: argparse.ArgumentParser, duration: int, port: int | None = None
) -> None:
    """--duration (seconds of wrk per load), --connections, --workers and, given one, --port."""
    parser.add_argument("--duration", type=int, default=duration, help="seconds per load")
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--workers", type=int, default=2)
    if port is not None:
        parser.add_argument("--port", type=int, default=port)

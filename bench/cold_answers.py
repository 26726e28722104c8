"""The first answer after a data change: how long each whole-board endpoint takes to compute.

Seeds the full demo (75 cities, 34 materials, a year of prices, 569 yards; end date fixed so runs
compare) into a SQLite file and into a throwaway PostgreSQL server, serves it with one worker and
the response cache off (API_CACHE_SECONDS=0: every request computes, as the first one after a
data change does), and times each endpoint one request at a time, on one kept-alive connection,
as a browser asks (gzip accepted). Prints min/median/max ms per endpoint and database. Figures,
not a pass/fail test (target of issue 19: at most 100 ms each).

    .venv/bin/python bench/cold_answers.py [--db sqlite|postgresql|both] [--repeat 9]
        [--scale N] [--code DIR] [--in-process]

`--in-process` times the Python side alone: the app called in one process through Starlette's
test client (routing, middleware, queries, serialisation; no server, socket or gzip), which on
a busy machine tells the code's cost from the scheduler's. The median then leaves out the
first call of each route, as the served run does.

`--scale N` seeds with `scrapindex demo seed --scale N` when that option exists (else it says
so and seeds the usual demo). `--code DIR` runs the server and the seeding from another checkout
(e.g. a `git worktree` of an older commit) to measure before and after with this same script.
"""

import argparse
import contextlib
import http.client
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import common  # noqa: E402

PYTHON = ROOT / ".venv" / "bin" / "python"
CLI = "import sys; from scrapindex.cli import app; sys.argv[0] = 'scrapindex'; app()"
ENDPOINTS = [
    "/api/prices",
    "/api/prices?page=20&limit=100",
    "/api/prices/summary",
    "/api/scrap-yards/all",
    "/api/scrap-yards",
    "/api/scrap-yards?country=us&sort=name&page=2",
    "/api/scrap-yards?city=new-york&sort=rating",
    "/api/scrap-yards?q=metal&sort=name",
    "/api/scrap-yards?status=open&sort=rating&page=3",
    "/api/scrap-yards?country=gb&status=closed&sort=reviews",
    "/api/scrap-yards?near=40.7128,-74.0060&radiusKm=200&openFirst=true",
    "/api/stats",
]


def environment(url: str, code: Path) -> dict[str, str]:
    env = {**os.environ, "DATABASE_URL": url, "PYTHONPATH": str(code / "src"), **common.ONE_CLIENT}
    env["API_CACHE_SECONDS"] = "0"  # every request computes, like the first after a change
    env.setdefault("FRONTEND_DIST", str(ROOT / "frontend" / "dist"))
    return env


def cli(env: dict[str, str], code: Path, *args: str) -> str:
    result = subprocess.run(
        [str(PYTHON), "-c", CLI, *args], env=env, cwd=code, capture_output=True, text=True
    )
    if result.returncode != 0:
        sys.exit(f"scrapindex {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
    return result.stdout


def seed(url: str, code: Path, scale: int | None) -> None:
    env = environment(url, code)
    cli(env, code, "db", "upgrade")
    args = ["demo", "seed", "--end-date", str(common.END_DATE), "--if-empty"]
    if scale is not None:
        if "--scale" in cli(env, code, "demo", "seed", "--help"):
            args += ["--scale", str(scale)]
        else:
            print(f"  `demo seed --scale` does not exist in {code}: seeding the usual demo")
    started = time.perf_counter()
    output = cli(env, code, *args)
    seconds = time.perf_counter() - started
    seeded = "skipped" not in output
    print(f"  {'seeded' if seeded else 'already seeded'} ({seconds:.0f} s)", flush=True)


@contextlib.contextmanager
def server(url: str, code: Path, port: int) -> Iterator[http.client.HTTPConnection]:
    """The code's app, one worker; yields a kept-alive connection to it."""
    command = [str(PYTHON), "-c", CLI, "serve", "--port", str(port), "--workers", "1"]
    log = common.OUT / "cold-server.log"
    ready = f"http://127.0.0.1:{port}/api/stats"
    env = environment(url, code)
    with common.running(command, ready, "the app", log, env, cwd=code):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        with contextlib.closing(connection):
            yield connection


# Run in a child process with the measured checkout's code on its path (see --code).
IN_PROCESS = """
import json, statistics, sys, time
from fastapi.testclient import TestClient
from scrapindex.app import create_app
paths, repeat = json.loads(sys.argv[1]), int(sys.argv[2])
with TestClient(create_app()) as client:
    for path in paths:
        client.get(path)
        times, statuses, size = [], set(), 0
        for _ in range(repeat):
            started = time.perf_counter()
            response = client.get(path)
            times.append((time.perf_counter() - started) * 1000)
            statuses.add(response.status_code)
            size = len(response.content)
        print(json.dumps([path, min(times), statistics.median(times), max(times), size,
                          sorted(statuses)]), flush=True)
"""


def in_process(name: str, url: str, args: argparse.Namespace) -> list[str]:
    env = environment(url, args.code)
    command = [str(PYTHON), "-c", IN_PROCESS, json.dumps(ENDPOINTS), str(args.repeat)]
    process = subprocess.Popen(command, env=env, cwd=args.code, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    rows: list[str] = []
    for line in process.stdout:
        path, low, median, high, size, statuses = json.loads(line)
        times = (low, median, high)
        common.print_rows(
            rows, result_row(f"{name} (in process)", path, times, f"{size:,} (plain)", statuses)
        )
    if process.wait() != 0:
        sys.exit("the in-process run failed")
    return rows


def result_row(
    name: str, path: str, times: tuple[float, float, float], size: str, statuses: list[int]
) -> str:
    """A table row: min, median and max ms, the answer's size and every status seen."""
    milliseconds = (f"{ms:.1f}" for ms in times)
    return common.table_row(name, f"`{path}`", *milliseconds, size, ",".join(map(str, statuses)))


def timed(connection: http.client.HTTPConnection, path: str) -> tuple[float, int, int]:
    started = time.perf_counter()
    connection.request("GET", path, headers={"Accept-Encoding": "gzip"})
    response = connection.getresponse()
    body = response.read()
    return (time.perf_counter() - started) * 1000, response.status, len(body)


def measure(name: str, url: str, args: argparse.Namespace) -> list[str]:
    print(f"\n## {name}", flush=True)
    seed(url, args.code, args.scale)
    if args.in_process:
        return in_process(name, url, args)
    rows: list[str] = []
    with server(url, args.code, args.port) as connection:
        for path in ENDPOINTS:
            timed(connection, path)  # the process's first call of this route (imports, plans)
            samples = [timed(connection, path) for _ in range(args.repeat)]
            times = [ms for ms, _, _ in samples]
            statuses = sorted({status for _, status, _ in samples})
            spread = (min(times), statistics.median(times), max(times))
            common.print_rows(rows, result_row(name, path, spread, f"{samples[-1][2]:,}", statuses))
    return rows


def main() -> None:
    parser = common.parser_for(__doc__)
    common.add_db_option(parser, default="both")
    parser.add_argument("--repeat", type=int, default=9, help="timed requests per endpoint")
    parser.add_argument("--scale", type=int, default=None, help="demo seed --scale N")
    parser.add_argument("--port", type=int, default=8771)
    parser.add_argument("--code", type=Path, default=ROOT, help="checkout to run (default: this)")
    parser.add_argument(
        "--in-process", action="store_true", help="time the app in one process, no server"
    )
    args = parser.parse_args()
    args.code = args.code.resolve()
    columns = ["database", "endpoint", "min ms", "median ms", "max ms", "bytes (gzip)", "status"]
    header = [
        f"Cold answers ({args.repeat} requests each, response cache off, 1 worker, gzip; "
        f"code: {args.code}{f', scale {args.scale}' if args.scale else ''}"
        f"{', in process' if args.in_process else ''})",
        "",
        *common.table_head(columns, "llrrrrl"),
    ]
    rows: list[str] = []
    if args.db in ("sqlite", "both"):
        suffix = f"-x{args.scale}" if args.scale else ""
        tag = "before" if args.code != ROOT else "current"
        rows += measure("SQLite", common.sqlite_url(f"cold-{tag}{suffix}.sqlite3"), args)
    if args.db in ("postgresql", "both"):
        with common.throwaway_postgres() as url:
            rows += measure("PostgreSQL", url, args)
    print("\n" + "\n".join(header + rows))


if __name__ == "__main__":
    main()

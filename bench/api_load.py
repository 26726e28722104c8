"""Load every API endpoint with wrk and print requests/s and p50/p95/p99 latency.

Serves the app on loopback over the full-year demo data set, once on SQLite and once on a
throwaway PostgreSQL server, and loads each endpoint at 32 concurrent connections. Figures,
not a pass/fail test: record them in bench/RESULTS.md.

    .venv/bin/python bench/api_load.py [--db sqlite|postgresql|both] [--duration 10] [--cold]
"""

import argparse
import contextlib
import datetime as dt
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.pg_server import find_pg_bin, temporary_postgres  # noqa: E402

from scrapindex import migrate  # noqa: E402
from scrapindex.data.demo import DemoConfig  # noqa: E402
from scrapindex.data.seed import database_is_empty, seed_demo  # noqa: E402
from scrapindex.db import create_db_engine  # noqa: E402

OUT = ROOT / "bench" / "out"
LUA = ROOT / "bench" / "percentiles.lua"
DEMO = DemoConfig(end_date=dt.date(2026, 11, 21))  # a full year, fixed so runs compare
ENDPOINTS = [
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


def prepare(url: str) -> None:
    engine = create_db_engine(url)
    migrate.upgrade(engine)
    if database_is_empty(engine):
        started = time.perf_counter()
        report = seed_demo(engine, ROOT / "content", DEMO)
        print(f"  seeded {report.prices:,} prices in {time.perf_counter() - started:.0f} s")
    engine.dispose()


@contextlib.contextmanager
def server(url: str, port: int, workers: int, cold: bool, limits: bool = False) -> Iterator[str]:
    env = {**os.environ, "DATABASE_URL": url}
    if not limits:  # wrk is one client: per-client rate limits would answer most of it 429
        env |= {
            "API_RATE_LIMIT_PER_MINUTE": "0",
            "PAGE_RATE_LIMIT_PER_MINUTE": "0",
            "MAX_CONCURRENT_REQUESTS_PER_CLIENT": "0",  # nor hold 32 connections at once
        }
    if cold:
        env["API_CACHE_SECONDS"] = "0"  # every request computes (concurrent ones still share)
    command = [str(ROOT / ".venv/bin/scrapindex"), "serve", "--port", str(port),
               "--workers", str(workers)]  # fmt: skip
    log = (OUT / "server.log").open("ab")
    process = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            with contextlib.suppress(OSError):
                urllib.request.urlopen(f"{base}/api/stats", timeout=2).read()
                break
            time.sleep(0.2)
        else:
            raise RuntimeError("server did not start")
        yield base
    finally:
        process.terminate()
        process.wait(timeout=30)
        log.close()


def load(url: str, duration: int, connections: int) -> dict[str, float]:
    result = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{duration}s", "-s", str(LUA), url],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    line = next(ln for ln in result.stdout.splitlines() if ln.startswith("{"))
    figures: dict[str, float] = json.loads(line)
    figures["rps"] = figures["requests"] / figures["seconds"]
    return figures


def run(db: str, url: str, args: argparse.Namespace) -> list[str]:
    setup = f"{args.workers} workers, {args.connections} connections, {args.duration} s each"
    setup += ", response cache off" if args.cold else ", response cache on"
    print(f"\n## {db} ({setup})")
    prepare(url)
    rows = [
        f"#### {db} ({setup})",
        "",
        "| endpoint | req/s | p50 ms | p95 ms | p99 ms | errors |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    print("\n".join(rows[2:]))
    with server(url, args.port, args.workers, args.cold) as base:
        for path in ENDPOINTS:
            load(base + path, 1, args.connections)  # warm-up
            f = load(base + path, args.duration, args.connections)
            row = (f"| `{path}` | {f['rps']:.0f} | {f['p50']:.1f} | {f['p95']:.1f} | "
                   f"{f['p99']:.1f} | {int(f['errors'] + f['non_ok'])} |")  # fmt: skip
            print(row, flush=True)
            rows.append(row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--cold", action="store_true", help="turn the response cache off")
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        sys.exit("wrk is needed: apt-get install wrk")
    OUT.mkdir(parents=True, exist_ok=True)
    report: list[str] = []
    if args.db in ("sqlite", "both"):
        report += run("SQLite", f"sqlite:///{OUT / 'bench.sqlite3'}", args)
    if args.db in ("postgresql", "both"):
        bin_dir = find_pg_bin()
        if bin_dir is None:
            sys.exit("PostgreSQL server binaries are needed: apt-get install postgresql")
        with temporary_postgres(bin_dir) as url:
            report += run("PostgreSQL", url, args)
    (OUT / ("cold.md" if args.cold else "warm.md")).write_text("\n".join(report) + "\n")


if __name__ == "__main__":
    main()

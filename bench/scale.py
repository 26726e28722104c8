"""Ten times the data: seed the demo at 1x and 10x on PostgreSQL and compare every call's p95.

Starts one throwaway PostgreSQL server with a database per scale, seeds each (a full year of
history; printing the seed time and pg_database_size), then serves each in turn and measures,
for every API call and page type (bench/common.py's API_ENDPOINTS and PAGES), plus the
calls this issue added:

- cold: the first request after a data revision bump, one request at a time, ``--cold-rounds``
  rounds (each round bumps the revision, waits for the app to see it, then asks every URL once);
  its p95, and the ratio of the medians, steadier than a p95 of a few rounds;
- cached: wrk at ``--connections`` connections for ``--duration`` seconds after a 1 s warm-up;
- size: the answer's body, gzipped (what a phone downloads through nginx).

and prints one table with the 10x/1x ratio of each p95 (also written to bench/out/scale.md).
Figures, not a pass/fail test. The whole run takes about 20 minutes, most of it seeding 10x.

    .venv/bin/python bench/scale.py [--scales 1,10] [--duration 3] [--cold-rounds 10]
                                    [--workers 2] [--only SUBSTRING ...] [--seed-only]

On a loaded machine uvicorn's supervisor may kill a worker that takes over 5 s to start (and
the run stops with "server did not start"): then use --workers 1.
"""

import argparse
import contextlib
import gzip
import statistics
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine, text  # noqa: E402

from bench import common  # noqa: E402
from scrapindex import migrate, revision  # noqa: E402
from scrapindex.data.demo import DemoConfig  # noqa: E402
from scrapindex.data.seed import seed_demo  # noqa: E402
from scrapindex.db import create_db_engine  # noqa: E402

# What this issue added, measured alongside the existing lists.
ADDED = [
    "/api/scrap-yards/clusters?zoom=3&bbox=-180,-85,180,85",
    "/api/scrap-yards/clusters?zoom=9&bbox=27.5,-26.6,28.6,-25.8",
    "/api/scrap-yards/clusters?zoom=5&bbox=-125,24,-66,50&country=us",
    "/sitemap.xml",
    "/sitemap-yards-1.xml",
]


@dataclass
class Figures:
    seed_seconds: float = 0.0
    database_bytes: int = 0
    prices: int = 0
    yards: int = 0
    cold_p95: dict[str, float] = field(default_factory=dict)
    cold_median: dict[str, float] = field(default_factory=dict)
    cached_p95: dict[str, float] = field(default_factory=dict)
    gzip_bytes: dict[str, int] = field(default_factory=dict)
    errors: dict[str, int] = field(default_factory=dict)  # 5xx and socket errors, both phases


def targets(only: list[str]) -> list[str]:
    paths = [
        *common.API_ENDPOINTS,
        *(p for p in common.PAGES.values() if p != "/index.html"),
        *ADDED,
    ]
    return [p for p in paths if not only or any(word in p for word in only)]


@contextlib.contextmanager
def databases(scales: list[int]) -> Iterator[dict[int, str]]:
    with common.throwaway_postgres() as server_url:
        admin = create_engine(server_url, isolation_level="AUTOCOMMIT")
        urls = {}
        base = server_url.rsplit("/", 1)[0]
        with admin.connect() as connection:
            for scale in scales:
                connection.execute(text(f"CREATE DATABASE scale_{scale}"))
                urls[scale] = f"{base}/scale_{scale}"
        admin.dispose()
        yield urls


def seed(url: str, scale: int, figures: Figures) -> None:
    engine = create_db_engine(url)
    migrate.upgrade(engine)
    started = time.perf_counter()
    report = seed_demo(engine, ROOT / "content", DemoConfig(end_date=common.END_DATE, scale=scale))
    figures.seed_seconds = time.perf_counter() - started
    figures.prices, figures.yards = report.prices, report.yards
    with engine.connect() as connection:
        size = connection.execute(text("SELECT pg_database_size(current_database())"))
        figures.database_bytes = int(size.scalar_one())
    engine.dispose()
    size_mib = figures.database_bytes / 2**20
    print(
        f"  {scale}x: {report.cities:,} cities, {report.yards:,} yards, {report.prices:,} prices "
        f"seeded in {figures.seed_seconds:.0f} s; database {size_mib:,.0f} MiB",
        flush=True,
    )


def bump_revision(url: str) -> None:
    engine = create_db_engine(url)
    with engine.begin() as connection:
        revision.bump(connection)
    engine.dispose()


def timed_get(url: str) -> tuple[float, int, bytes]:
    """Milliseconds to the whole answer, its status and its body."""
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            body = response.read()
            status = int(response.status)
    except urllib.error.HTTPError as error:  # a 404 page is still a page to time
        body = error.read()
        status = error.code
    return (time.perf_counter() - started) * 1000, status, body


def p95(samples: list[float]) -> float:
    if len(samples) < 2:
        return samples[0]
    return statistics.quantiles(samples, n=20, method="inclusive")[18]


def measure(url: str, paths: list[str], args: argparse.Namespace, figures: Figures) -> None:
    with common.app_server(url, args.workers, args.port) as base:
        cold: dict[str, list[float]] = {path: [] for path in paths}
        figures.errors = dict.fromkeys(paths, 0)
        for path in paths:  # a fresh process's first answers also import and compile: not timed
            body = timed_get(base + path)[2]
            figures.gzip_bytes[path] = len(gzip.compress(body))
        for _ in range(args.cold_rounds):
            bump_revision(url)
            time.sleep(1.2)  # the app reads the revision at most once a second
            for path in paths:
                milliseconds, status, _ = timed_get(base + path)
                cold[path].append(milliseconds)
                figures.errors[path] += status >= 500
        figures.cold_p95 = {path: p95(samples) for path, samples in cold.items()}
        figures.cold_median = {path: statistics.median(samples) for path, samples in cold.items()}
        for path in paths:
            common.wrk(base + path, 1, args.connections)  # warm-up: fills the caches
            f = common.wrk(base + path, args.duration, args.connections)
            figures.cached_p95[path] = f["p95"]
            # wrk's non_ok counts every status >= 400: only a path that should be found counts.
            figures.errors[path] += int(f["errors"]) + (
                int(f["non_ok"]) if "atlantis" not in path else 0
            )
            print(
                f"  {path}: cold p95 {figures.cold_p95[path]:.1f} ms, "
                f"cached p95 {figures.cached_p95[path]:.1f} ms, errors {figures.errors[path]}",
                flush=True,
            )


def table(results: dict[int, Figures], paths: list[str]) -> list[str]:
    low, high = min(results), max(results)
    a, b = results[low], results[high]
    lines = [
        "| scale | prices | yards | seed s | database MiB |",
        "|---:|---:|---:|---:|---:|",
    ]
    for scale, f in sorted(results.items()):
        lines.append(
            f"| {scale}x | {f.prices:,} | {f.yards:,} | {f.seed_seconds:.0f} | "
            f"{f.database_bytes / 2**20:,.0f} |"
        )
    if not a.cold_p95 or low == high:
        return lines
    lines += [
        "",
        f"| call | cold p95 {low}x | cold p95 {high}x | ratio | cold median ratio | "
        f"cached p95 {low}x | cached p95 {high}x | ratio | kB gzip {low}x | {high}x | errors |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for path in paths:
        cold = b.cold_p95[path] / a.cold_p95[path]
        cold_median = b.cold_median[path] / a.cold_median[path]
        cached = b.cached_p95[path] / a.cached_p95[path]
        lines.append(
            f"| `{path}` | {a.cold_p95[path]:.1f} | {b.cold_p95[path]:.1f} | {cold:.2f} | "
            f"{cold_median:.2f} | "
            f"{a.cached_p95[path]:.1f} | {b.cached_p95[path]:.1f} | {cached:.2f} | "
            f"{a.gzip_bytes[path] / 1000:.1f} | {b.gzip_bytes[path] / 1000:.1f} | "
            f"{a.errors[path] + b.errors[path]} |"
        )
    return lines


def main() -> None:
    parser = common.parser_for(__doc__)
    parser.add_argument("--scales", default="1,10", help="comma-separated, e.g. 1,10")
    parser.add_argument("--duration", type=int, default=3, help="seconds of wrk per call")
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cold-rounds", type=int, default=10)
    parser.add_argument("--port", type=int, default=8771)
    parser.add_argument("--only", nargs="*", default=[], help="only paths holding a word")
    parser.add_argument("--seed-only", action="store_true", help="seed and size, no load")
    args = parser.parse_args()
    if not args.seed_only:
        common.require_wrk()
    scales = [int(s) for s in args.scales.split(",")]
    paths = targets(args.only)
    results = {scale: Figures() for scale in scales}
    with databases(scales) as urls:
        for scale in scales:
            print(f"\n## {scale}x", flush=True)
            seed(urls[scale], scale, results[scale])
            if not args.seed_only:
                measure(urls[scale], paths, args, results[scale])
    report = table(results, paths)
    print("\n" + "\n".join(report))
    common.write_report("scale.md", report)


if __name__ == "__main__":
    main()

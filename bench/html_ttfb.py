"""Latency of each route type's HTML under load, against the bare index.html of the same app.

The head, the embedded first data and the fallback content are made per URL and kept until the
data revision moves, so they should cost little more than the static file. wrk at 32
connections on loopback over the full-year demo set; for pages this size the latency is
essentially the time to first byte. Figures, not a test.

    .venv/bin/python bench/html_ttfb.py [--db sqlite|postgresql|both] [--duration 8]
"""

import argparse
import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.pg_server import find_pg_bin, temporary_postgres  # noqa: E402

from bench.api_load import OUT, load, prepare, server  # noqa: E402

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


@contextlib.contextmanager
def database(kind: str) -> Iterator[str]:
    if kind == "sqlite":
        yield f"sqlite:///{OUT / 'bench.sqlite3'}"
        return
    bin_dir = find_pg_bin()
    if bin_dir is None:
        sys.exit("PostgreSQL server binaries are needed: apt-get install postgresql")
    with temporary_postgres(bin_dir) as url:
        yield url


def run(kind: str, args: argparse.Namespace) -> list[str]:
    rows = [
        f"#### {kind} ({args.workers} workers, {args.connections} connections, "
        f"{args.duration} s each)",
        "",
        "| page | req/s | p50 ms | p95 ms | p99 ms | p95 / bare p95 |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    print("\n".join(rows), flush=True)
    with database(kind) as url:
        prepare(url)
        with server(url, args.port, args.workers, cold=False) as base:
            bare_p95 = 0.0
            for name, path in PAGES.items():
                load(base + path, 1, args.connections)  # warm-up (and fills the page cache)
                f = load(base + path, args.duration, args.connections)
                bare_p95 = bare_p95 or f["p95"]
                row = (f"| {name} | {f['rps']:.0f} | {f['p50']:.1f} | {f['p95']:.1f} | "
                       f"{f['p99']:.1f} | {f['p95'] / bare_p95:.2f} |")  # fmt: skip
                print(row, flush=True)
                rows.append(row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="sqlite")
    parser.add_argument("--duration", type=int, default=8)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--port", type=int, default=8767)
    args = parser.parse_args()
    kinds = ["sqlite", "postgresql"] if args.db == "both" else [args.db]
    report: list[str] = []
    for kind in kinds:
        report += [*run(kind, args), ""]
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "html_ttfb.md").write_text("\n".join(report))


if __name__ == "__main__":
    main()

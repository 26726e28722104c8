"""Load every API endpoint with wrk and print requests/s and p50/p95/p99 latency.

Serves the app on loopback over the full-year demo data set, once on SQLite and once on a
throwaway PostgreSQL server, and loads each endpoint at 32 concurrent connections. Figures,
not a pass/fail test: record them in bench/RESULTS.md.

    .venv/bin/python bench/api_load.py [--db sqlite|postgresql|both] [--duration 10] [--cold]
"""

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import common  # noqa: E402


def run(db: str, url: str, args: argparse.Namespace) -> list[str]:
    setup = f"{args.workers} workers, {args.connections} connections, {args.duration} s each"
    setup += ", response cache off" if args.cold else ", response cache on"
    print(f"\n## {db} ({setup})")
    common.prepare(url, indent="  ")
    columns = ["endpoint", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors"]
    rows = [f"#### {db} ({setup})", "", *common.table_head(columns, "lrrrrr")]
    print("\n".join(rows[2:]))
    with common.app_server(url, args.workers, args.port, args.cold) as base:
        for path in common.API_ENDPOINTS:
            common.wrk(base + path, 1, args.connections)  # warm-up
            f = common.wrk(base + path, args.duration, args.connections)
            row = common.table_row(f"`{path}`", *common.load_cells(f), common.wrk_errors(f))
            common.print_rows(rows, row)
    return rows


def main() -> None:
    parser = common.parser_for(__doc__)
    common.add_db_option(parser, default="both")
    common.add_load_options(parser, duration=10, port=8765)
    parser.add_argument("--cold", action="store_true", help="turn the response cache off")
    args = parser.parse_args()
    common.require_wrk()
    report: list[str] = []
    if args.db in ("sqlite", "both"):
        report += run("SQLite", common.sqlite_url("bench.sqlite3"), args)
    if args.db in ("postgresql", "both"):
        with common.throwaway_postgres() as url:
            report += run("PostgreSQL", url, args)
    common.write_report("cold.md" if args.cold else "warm.md", report)


if __name__ == "__main__":
    main()

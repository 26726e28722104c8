"""Latency of each route type's HTML under load, against the bare index.html of the same app.

The head, the embedded first data and the fallback content are made per URL and kept until the
data revision moves, so they should cost little more than the static file. wrk at 32
connections on loopback over the full-year demo set; for pages this size the latency is
essentially the time to first byte. Figures, not a test.

    .venv/bin/python bench/html_ttfb.py [--db sqlite|postgresql|both] [--duration 8]
"""

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import common  # noqa: E402


def run(kind: str, args: argparse.Namespace) -> list[str]:
    columns = ["page", "req/s", "p50 ms", "p95 ms", "p99 ms", "p95 / bare p95"]
    rows = [
        f"#### {kind} ({args.workers} workers, {args.connections} connections, "
        f"{args.duration} s each)",
        "",
        *common.table_head(columns, "lrrrrr"),
    ]
    print("\n".join(rows), flush=True)
    with common.database(kind, "bench.sqlite3") as url:
        common.prepare(url, indent="  ")
        with common.app_server(url, args.workers, args.port) as base:
            bare_p95 = 0.0
            for name, path in common.PAGES.items():
                common.wrk(base + path, 1, args.connections)  # warm-up (and fills the page cache)
                f = common.wrk(base + path, args.duration, args.connections)
                bare_p95 = bare_p95 or f["p95"]
                ratio = f"{f['p95'] / bare_p95:.2f}"
                common.print_rows(rows, common.table_row(name, *common.load_cells(f), ratio))
    return rows


def main() -> None:
    parser = common.parser_for(__doc__)
    common.add_db_option(parser, default="sqlite")
    common.add_load_options(parser, duration=8, port=8767)
    args = parser.parse_args()
    common.require_wrk()
    kinds = ["sqlite", "postgresql"] if args.db == "both" else [args.db]
    report: list[str] = []
    for kind in kinds:
        if report:
            report.append("")  # between the databases' tables
        report += run(kind, args)
    common.write_report("html_ttfb.md", report)


if __name__ == "__main__":
    main()

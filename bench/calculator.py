"""Time the calculator's answer (GET /api/calculator) on the demo year, on SQLite and PostgreSQL.

In one process, through the app (Starlette's TestClient), never from the API cache: each request
asks for another minute (`at`), which the cache keys on. Two lists in Johannesburg (the demo's
city with the most yards): one item, and five items of which two grades of one family and one
insulated grade (so both tips are worked out), within 50 and 200 km. The median and the slowest
of ``--repeat`` requests, after one untimed.

Figures, not a pass/fail test.

    .venv/bin/python bench/calculator.py [--db sqlite|postgresql|both] [--repeat 15]
"""

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fastapi.testclient import TestClient  # noqa: E402

from bench import common  # noqa: E402
from scrapindex.app import create_app  # noqa: E402
from scrapindex.settings import Settings  # noqa: E402

ONE = "item=copper-1:12:kg"
FIVE = (
    "item=copper-1:12:kg&item=copper-2:8:kg&item=insulated-copper-wire:20:kg"
    "&item=brass:5:kg&item=catalytic-converters:2:piece"
)
CASES = [
    ("1 item, 50 km", f"{ONE}&radius=50"),
    ("5 items, 50 km", f"{FIVE}&radius=50"),
    ("5 items, 200 km", f"{FIVE}&radius=200"),
]


def timed(client: TestClient, query: str, repeat: int) -> tuple[float, float, int]:
    """(median ms, slowest ms, yards ranked) of ``repeat`` uncached answers."""
    seconds = []
    yards = 0
    for minute in range(repeat + 1):
        at = f"2026-12-02T{8 + minute // 60:02d}:{minute % 60:02d}"
        url = f"/api/calculator?city=johannesburg&{query}&at={at}"
        started = time.perf_counter()
        answer = client.get(url)
        elapsed = time.perf_counter() - started
        assert answer.status_code == 200, answer.text
        if minute:  # the first warms the process
            seconds.append(elapsed)
        yards = len(answer.json()["yards"])
    return statistics.median(seconds) * 1000, max(seconds) * 1000, yards


def measure(kind: str, repeat: int) -> list[str]:
    rows = []
    with common.database(kind, "calculator.sqlite3") as url:
        common.prepare(url, "  ")
        settings = Settings(
            database_url=url, content_dir=ROOT / "content", api_rate_limit_per_minute=0
        )
        with TestClient(create_app(settings)) as client:
            for name, query in CASES:
                median, slowest, yards = timed(client, query, repeat)
                rows.append(common.table_row(kind, name, yards, f"{median:.1f}", f"{slowest:.1f}"))
                print(rows[-1], flush=True)
    return rows


def main() -> None:
    parser = common.parser_for(__doc__)
    common.add_db_option(parser, default="both")
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    kinds = ["sqlite", "postgresql"] if args.db == "both" else [args.db]
    lines = common.table_head(
        ["database", "list", "yards ranked", "median ms", "slowest ms"], "llrrr"
    )
    for line in lines:
        print(line)
    for kind in kinds:
        lines += measure(kind, args.repeat)
    common.write_report("calculator.md", lines)


if __name__ == "__main__":
    main()

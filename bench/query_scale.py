"""Issue 19, ten times the data: the computing time of the calls that grew with the price history.

Times each path in one process through Starlette's test client with the response cache off
(API_CACHE_SECONDS=0, so every request computes, as the first one after a data change does),
against a database you seeded yourself (e.g. `scrapindex demo seed --scale 10`). Prints
min/median/max ms per path, the first call of each left out of the median. Figures, not a test.

    DATABASE_URL=postgresql+psycopg://... .venv/bin/python bench/query_scale.py [--repeat 5]
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

PATHS = [
    "/api/prices/summary",
    "/api/insights",
    "/api/countries/us/regions/california",
    "/api/countries/us/regions/california/prices",
    "/api/prices/history?materialSlug=copper&citySlug=johannesburg&days=30",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("paths", nargs="*", default=PATHS)
    args = parser.parse_args()
    os.environ |= {"API_RATE_LIMIT_PER_MINUTE": "0", "PAGE_RATE_LIMIT_PER_MINUTE": "0"}
    os.environ["API_CACHE_SECONDS"] = "0"
    os.environ.setdefault("FRONTEND_DIST", str(ROOT / "frontend" / "dist"))
    from fastapi.testclient import TestClient

    from scrapindex.app import create_app

    with TestClient(create_app()) as client:
        for path in args.paths:
            times: list[float] = []
            statuses: set[int] = set()
            for _ in range(args.repeat + 1):
                started = time.perf_counter()
                response = client.get(path)
                times.append((time.perf_counter() - started) * 1000)
                statuses.add(response.status_code)
            rest = times[1:]
            print(
                f"| `{path}` | first {times[0]:.0f} | min {min(rest):.0f} | "
                f"median {statistics.median(rest):.0f} | max {max(rest):.0f} | "
                f"{sorted(statuses)} |",
                flush=True,
            )


if __name__ == "__main__":
    main()

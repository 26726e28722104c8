"""What counting a keyed request costs (middleware/api_keys.py), on SQLite and PostgreSQL.

Each keyed request looks its key up by hash and adds itself to the day's count in api_key_usage
(one UPSERT, in one transaction with the lookup; last_used_at at most once a minute): a write
per request, the price of a daily quota that holds across hosts. Measured two ways, in one
process, on a short demo data set (the key's work does not depend on the data's size):

- the check alone: ``KeyChecker.check`` in its own transaction, as the middleware runs it;
- through the app (TestClient): the same kept answer (``/api/cities``, in the API cache) asked
  without a key (answered by the fast path) and with one (the long way, plus the check).

Figures, not a pass/fail test.

    .venv/bin/python bench/api_key_usage.py [--db sqlite|postgresql|both] [--repeat 300]
"""

import datetime as dt
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fastapi.testclient import TestClient  # noqa: E402
from sqlalchemy import Engine  # noqa: E402
from sqlalchemy.orm import Session  # noqa: E402

from bench import common  # noqa: E402
from scrapindex import migrate  # noqa: E402
from scrapindex.api_keys.keys import create_key  # noqa: E402
from scrapindex.api_keys.usage import KeyChecker  # noqa: E402
from scrapindex.app import create_app  # noqa: E402
from scrapindex.data.demo import DemoConfig  # noqa: E402
from scrapindex.data.seed import database_is_empty, seed_demo  # noqa: E402
from scrapindex.db import create_db_engine  # noqa: E402
from scrapindex.settings import Settings  # noqa: E402

SHORT_DEMO = DemoConfig(end_date=dt.date(2026, 3, 31), days=10)
URL = "/api/cities"


def prepared(url: str) -> Engine:
    engine = create_db_engine(url)
    migrate.upgrade(engine)
    if database_is_empty(engine):
        seed_demo(engine, ROOT / "content", SHORT_DEMO)
    return engine


def new_key(engine: Engine) -> str:
    with Session(engine) as session:
        made = create_key(session, name="bench", per_day=10**7, per_minute=10**7, by=None)
        session.commit()
        return made.secret


def percentiles(run: Callable[[], None], repeat: int) -> tuple[float, float]:
    """(median ms, 95th percentile ms) of ``repeat`` runs after ten untimed."""
    seconds = []
    for index in range(repeat + 10):
        started = time.perf_counter()
        run()
        if index >= 10:
            seconds.append(time.perf_counter() - started)
    seconds.sort()
    return statistics.median(seconds) * 1000, seconds[int(len(seconds) * 0.95) - 1] * 1000


def measure(kind: str, repeat: int) -> list[str]:
    rows = []
    with common.database(kind, "api_key_usage.sqlite3") as url:
        engine = prepared(url)
        secret = new_key(engine)
        checker = KeyChecker()

        def check() -> None:
            with engine.begin() as connection:
                outcome = checker.check(
                    connection, secret, dt.datetime.now(dt.UTC), time.monotonic()
                )
            assert outcome.outcome == "ok", outcome

        median, p95 = percentiles(check, repeat)
        rows.append(common.table_row(kind, "the check alone (lookup + UPSERT, commit)",
                                     f"{median:.2f}", f"{p95:.2f}"))  # fmt: skip
        settings = Settings(
            database_url=url, content_dir=ROOT / "content", api_rate_limit_per_minute=0
        )
        with TestClient(create_app(settings)) as client:
            keyed = {"Authorization": f"Bearer {secret}"}

            def anonymous() -> None:
                assert client.get(URL).status_code == 200

            def with_key() -> None:
                assert client.get(URL, headers=keyed).status_code == 200

            for name, run in (("kept answer, no key (fast path)", anonymous),
                              ("kept answer, with a key", with_key)):  # fmt: skip
                median, p95 = percentiles(run, repeat)
                rows.append(common.table_row(kind, name, f"{median:.2f}", f"{p95:.2f}"))
        engine.dispose()
    for row in rows:
        print(row, flush=True)
    return rows


def main() -> None:
    parser = common.parser_for(__doc__)
    common.add_db_option(parser, default="both")
    parser.add_argument("--repeat", type=int, default=300)
    args = parser.parse_args()
    kinds = ["sqlite", "postgresql"] if args.db == "both" else [args.db]
    lines = common.table_head(["database", "request", "median ms", "p95 ms"], "llrr")
    for line in lines:
        print(line)
    for kind in kinds:
        lines += measure(kind, args.repeat)
    common.write_report("api_key_usage.md", lines)


if __name__ == "__main__":
    main()

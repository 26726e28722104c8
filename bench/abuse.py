"""The reproductions of issue 35's assessment, re-run against the real app: what one person can
do to prices, logins and mail. Prints each figure beside the assessment's (before the change).

The app runs in this process (FastAPI's TestClient, the production password hasher) on a
seeded database of its own: SQLite by default, or a throwaway PostgreSQL server.

    .venv/bin/python bench/abuse.py [--db sqlite|postgresql]
"""

import argparse
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fastapi.testclient import TestClient  # noqa: E402
from sqlalchemy import func, select  # noqa: E402
from sqlalchemy.orm import Session  # noqa: E402
from tests.conftest import CONTENT_DIR  # noqa: E402
from tests.operators import add_operator, log_in  # noqa: E402

from bench import common  # noqa: E402
from scrapindex.app import create_app  # noqa: E402
from scrapindex.data.demo import DemoConfig  # noqa: E402
from scrapindex.db import create_db_engine  # noqa: E402
from scrapindex.models import OutboxMessage  # noqa: E402
from scrapindex.settings import Settings  # noqa: E402

SEEDED = DemoConfig(end_date=common.END_DATE, days=60)
CITY, MATERIAL = "vereeniging", "brass"  # a series with no grade family: only the band applies
Rows = list[tuple[str, str, str]]


def client_at(app: TestClient, name: str) -> TestClient:
    return TestClient(app.app, client=(name, 50000))


def shown_price(site: TestClient) -> Decimal:
    rows = site.get(f"/api/cities/{CITY}/prices").json()
    return Decimal(next(r["price"] for r in rows if r["material"]["slug"] == MATERIAL))


def report(site: TestClient, price: Decimal) -> int:
    body = {"materialSlug": MATERIAL, "citySlug": CITY, "price": str(price), "unit": "kg"}
    return site.post("/api/price-reports", json=body).status_code


def approve_new(site: TestClient, headers: dict[str, str], after_id: int) -> tuple[int, int]:
    """Approve the pending reports newer than ``after_id`` (a round's); (how many of them were
    flagged, the newest id)."""
    queue = site.get("/api/admin/price-reports?limit=100", headers=headers).json()["data"]
    round_reports = [row for row in queue if row["id"] > after_id]
    for row in round_reports:
        site.post(f"/api/admin/price-reports/{row['id']}/approve", json={}, headers=headers)
    newest = max((row["id"] for row in round_reports), default=after_id)
    return sum(row["flagged"] for row in round_reports), newest


def poisoning(site: TestClient, moderator: dict[str, str]) -> Rows:
    """Three rounds of reports at 2.9x the shown price: from one client, then from three."""
    start = shown_price(site)
    one = client_at(site, "poisoner")
    price = (start * Decimal("2.9")).quantize(Decimal("0.01"))
    codes = [report(one, price) for _ in range(3)]
    _, newest = approve_new(site, moderator, 0)
    after_one = shown_price(site)
    flagged_total = 0
    for round_number in range(3):
        price = (shown_price(site) * Decimal("2.9")).quantize(Decimal("0.01"))
        for n in range(3):
            report(client_at(site, f"round-{round_number}-{n}"), price)
        flagged, newest = approve_new(site, moderator, newest)
        flagged_total += flagged
    end = shown_price(site)
    return [
        ("3 reports from one client: accepted", "3 of 3", f"{codes.count(202)} of 3"),
        ("  ... then the shown price", "R157.46 -> R456.63", f"R{start} -> R{after_one}"),
        ("3 rounds x 3 senders at 2.9x: flagged", "0 of 9", f"{flagged_total} of 9"),
        ("  ... price after 3 rounds", "8.4x (R1,324.23)", f"{end / start:.1f}x (R{end})"),
    ]


def concurrent_guesses(site: TestClient, email: str) -> Rows:
    """48 wrong passwords for one account at once from 16 addresses; how many were checked."""
    clients = [client_at(site, f"guesser-{n}") for n in range(16)]

    def guess(n: int) -> int:
        body = {"email": email, "password": "not the password"}
        return clients[n % 16].post("/api/auth/login", json=body).status_code

    with ThreadPoolExecutor(max_workers=48) as pool:
        codes = list(pool.map(guess, range(48)))
    return [("48 guesses at once, 16 addresses: checked", "45", f"{codes.count(401)}")]


def owner_lockout(site: TestClient, email: str, password: str) -> Rows:
    attacker = client_at(site, "locker")
    for _ in range(5):
        attacker.post("/api/auth/login", json={"email": email, "password": "wrong"})
    owner = client_at(site, "owner").post(
        "/api/auth/login", json={"email": email, "password": password}
    )
    return [("owner's right password after 5 failures by another", "429", f"{owner.status_code}")]


def hash_memory(site: TestClient) -> Rows:
    """48 logins with unknown addresses from 3 clients, while a reader reads the public API."""
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    latencies: list[float] = []
    reader = client_at(site, "reader")

    def read() -> None:
        for _ in range(30):
            started = time.perf_counter()
            reader.get("/api/materials")
            latencies.append((time.perf_counter() - started) * 1000)

    def login(n: int) -> int:
        body = {"email": f"nobody-{n}@example.org", "password": "a guess of some length"}
        return client_at(site, f"flood-{n % 3}").post("/api/auth/login", json=body).status_code

    with ThreadPoolExecutor(max_workers=49) as pool:
        reading = pool.submit(read)
        codes = list(pool.map(login, range(48)))
        reading.result()
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024 - before
    median = statistics.median(latencies)
    return [
        ("48 unknown-address logins: process peak grew by", "1.9 GiB", f"{grown:.0f} MiB"),
        ("  ... passwords checked (the rest: 429, try again)", "48", f"{codes.count(401)}"),
        ("  ... public API median meanwhile", "661 ms", f"{median:.0f} ms"),
    ]


def newsletter_resends(site: TestClient, engine: Any) -> Rows:
    """100 sign-ups of one victim's address from one client; mails queued."""
    body = {"email": "victim@example.org", "website": ""}
    sender = client_at(site, "mail-bomber")
    codes = [sender.post("/api/newsletter", json=body).status_code for _ in range(100)]
    with Session(engine) as session:
        queued = session.scalar(
            select(func.count())
            .select_from(OutboxMessage)
            .where(OutboxMessage.to_address == "victim@example.org")
        )
    return [
        ("100 newsletter re-posts, one client: accepted", "100", f"{codes.count(200)}"),
        ("  ... mails queued to the victim", "1 per hour", f"{queued}"),
    ]


def run(url: str) -> Rows:
    settings = Settings(
        database_url=url,
        content_dir=CONTENT_DIR,
        data_dir=Path(tempfile.mkdtemp()),
        page_rate_limit_per_minute=0,
        api_rate_limit_per_minute=0,
    )
    engine = create_db_engine(url)
    operator = add_operator(engine)
    rows: Rows = []
    with TestClient(create_app(settings)) as site:
        moderator = log_in(site, operator)
        # Memory first: the peak it reads is the process's, which later steps would have raised.
        steps: list[Callable[[], Rows]] = [
            lambda: hash_memory(site),
            lambda: poisoning(site, moderator),
            lambda: concurrent_guesses(site, operator.email),
            lambda: owner_lockout(site, operator.email, operator.password),
            lambda: newsletter_resends(site, engine),
        ]
        for step in steps:
            rows.extend(step())
    engine.dispose()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgresql"], default="sqlite")
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory() as folder,
        common.seeded_templates(args.db, Path(folder)) as found,
    ):
        ((name, templates),) = found
        url = common.fresh_clone(templates, SEEDED, Path(folder), name)
        rows = run(url)
        common.drop_clone(templates, url)
    print(f"\n| {args.db} | assessment (before) | now |\n|---|---|---|")
    for label, before, now in rows:
        print(f"| {label} | {before} | {now} |")


if __name__ == "__main__":
    main()

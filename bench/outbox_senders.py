"""Two outbox senders (two processes, as `scrapindex schedule` on two hosts) against one
database and a slow SMTP relay: how many deliveries, how many duplicates, how long.

Queues ``--mails`` messages, then starts two senders, the second ``--stagger`` seconds after the
first; each runs one `send_due` pass after another (each pass's ``now`` its start, as the
scheduler runs them) until nothing is queued or being sent. The relay (aiosmtpd in this process)
takes ``--delay-ms`` to accept each message, and the claim timeout is shortened so that a batch
takes longer than it: without its renewal, the second sender would take the rest of the
first's batch. Counts each Message-ID the relay accepted. Figures, not a pass/fail test: record
them in bench/RESULTS.md.

    .venv/bin/python bench/outbox_senders.py [--db postgresql|sqlite|both] [--mails 400]
        [--delay-ms 10] [--claim-timeout 0.5] [--batch 50] [--stagger 0.3] [--runs 3]
"""

import argparse
import collections
import datetime as dt
import functools
import multiprocessing
import sys
import tempfile
import time
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Event as EventType
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import delete, func, insert, select  # noqa: E402
from tests.mail_server import SlowInbox, mail_settings, running_smtp_server  # noqa: E402

from bench import common  # noqa: E402
from scrapindex import migrate  # noqa: E402
from scrapindex.db import create_db_engine  # noqa: E402
from scrapindex.mail.sender import send_due  # noqa: E402
from scrapindex.models import OutboxMessage  # noqa: E402

SENDERS = ("a", "b")


def queue_mails(url: str, count: int) -> None:
    engine = create_db_engine(url)
    now = dt.datetime.now(dt.UTC)
    rows = [
        {
            "kind": "bench",
            "to_address": f"reader{number}@example.org",
            "subject": f"Price alert {number}",
            "text_body": "Copper is above your threshold.\n" * 20,
            "html_body": "<p>Copper is above your threshold.</p>\n" * 20,
            "headers": {},
            "status": "queued",
            "attempts": 0,
            "next_attempt_at": now,
            "created_at": now,
        }
        for number in range(count)
    ]
    with engine.begin() as connection:
        connection.execute(delete(OutboxMessage))
        connection.execute(insert(OutboxMessage), rows)
    engine.dispose()


def run_sender(
    name: str,
    url: str,
    port: int,
    options: dict[str, Any],
    ready: "Queue[str]",
    go: EventType,
    results: "Queue[tuple[str, dict[str, int]]]",
) -> None:
    """One sender's process: passes until the outbox holds nothing queued or being sent."""
    engine = create_db_engine(url)
    settings = mail_settings(port, mail_claim_timeout_seconds=options["claim_timeout"])
    totals = collections.Counter[str]()
    ready.put(name)
    go.wait()
    time.sleep(options["stagger"] if name == "b" else 0)
    deadline = time.monotonic() + 120
    unfinished = select(func.count()).where(OutboxMessage.status.in_(["queued", "sending"]))
    while time.monotonic() < deadline:
        with engine.connect() as connection:
            if not connection.execute(unfinished).scalar_one():
                break
        report = send_due(
            engine,
            settings,
            now=dt.datetime.now(dt.UTC),
            sender_id=f"bench-{name}",
            batch_size=options["batch"],
        )
        totals.update(
            {"sent": report.sent, "retried": report.retried, "dead": report.dead}
            | {"lost": report.lost}
        )
        time.sleep(0.05)
    engine.dispose()
    results.put((name, dict(totals)))


def measure(name: str, url: str, args: argparse.Namespace) -> None:
    engine = create_db_engine(url)
    migrate.upgrade(engine)
    engine.dispose()
    options = {"claim_timeout": args.claim_timeout, "batch": args.batch, "stagger": args.stagger}
    context = multiprocessing.get_context("spawn")
    for _ in range(args.runs):
        queue_mails(url, args.mails)
        ready: Queue[str] = context.Queue()
        results: Queue[tuple[str, dict[str, int]]] = context.Queue()
        go = context.Event()
        relay_delay = functools.partial(float, args.delay_ms / 1000)  # the same each time
        with running_smtp_server(SlowInbox(relay_delay)) as (relay, port):
            processes = [
                context.Process(
                    target=run_sender, args=(sender, url, port, options, ready, go, results)
                )
                for sender in SENDERS
            ]
            for process in processes:
                process.start()
            for _sender in SENDERS:
                ready.get(timeout=60)
            started = time.perf_counter()
            go.set()
            reports = dict(results.get(timeout=180) for _sender in SENDERS)
            seconds = time.perf_counter() - started
            for process in processes:
                process.join(timeout=30)
        engine = create_db_engine(url)
        with engine.connect() as connection:
            sent_rows = connection.execute(
                select(func.count()).where(OutboxMessage.status == "sent")
            ).scalar_one()
        engine.dispose()
        accepted = relay.message_id_counts()
        deliveries = sum(accepted.values())
        duplicates = deliveries - len(accepted)
        sent = " + ".join(str(reports[sender].get("sent", 0)) for sender in SENDERS)
        lost = sum(report.get("lost", 0) for report in reports.values())
        print(
            f"| {name} | {args.mails} | {deliveries} | {len(accepted)} | **{duplicates}** "
            f"| {sent} | {lost} | {sent_rows} | {seconds:.2f} "
            f"| {deliveries / seconds:.0f} |",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="postgresql")
    parser.add_argument("--mails", type=int, default=400)
    parser.add_argument("--delay-ms", type=float, default=10)
    parser.add_argument("--claim-timeout", type=float, default=0.5)
    parser.add_argument("--batch", type=int, default=50)
    parser.add_argument("--stagger", type=float, default=0.3)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(
        f"Two senders (processes), {args.mails} mails, relay {args.delay_ms:g} ms per message, "
        f"batches of {args.batch}, claim timeout {args.claim_timeout:g} s, the second sender "
        f"{args.stagger:g} s after the first"
    )
    print(
        "| database | mails | deliveries | distinct | duplicates | sent (a + b) | lost "
        "| rows sent | seconds | deliveries/s |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    if args.db in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as folder:
            measure("SQLite", f"sqlite:///{Path(folder) / 'outbox.sqlite3'}", args)
    if args.db in ("postgresql", "both"):
        with common.throwaway_postgres() as url:
            measure("PostgreSQL", url, args)


if __name__ == "__main__":
    main()

"""The README's deploy on two hosts, measured: the figures of issue 36's topology.

Starts a throwaway PostgreSQL, two app hosts (`scrapindex serve --workers 2` each), a
`scrapindex schedule` beside each, nginx over both and an SMTP sink that takes ``--delay``
seconds per message (tests/several_hosts.py), on a database two days behind. Prints: how long
the start-up catch-up took and how many schedulers ran it, whether both stayed up; ``--mails``
queued at once, with a third sender (`scrapindex mail send`) beside the schedulers, delivered
how many times and how fast; the same again with the sending scheduler killed (-9) mid-batch;
and how long after a price import on host A host B and nginx served it.

    .venv/bin/python bench/several_hosts.py [--mails 400] [--delay 0.25]
"""

import argparse
import datetime as dt
import os
import signal
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

import httpx2 as httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.several_hosts import (  # noqa: E402
    Topology,
    delivered,
    queue_mails,
    scheduler_holding,
    scheduler_output,
    several_hosts,
    wait_until,
)

from bench import common  # noqa: E402
from scrapindex.db import create_db_engine  # noqa: E402

LEASE_SECONDS = 10
API_CACHE_SECONDS = 60


def catch_up(topology: Topology) -> None:
    db = create_db_engine(topology.database_url)
    today = dt.datetime.now(dt.UTC).date()
    with db.connect() as connection:

        def current() -> bool:
            day = connection.exec_driver_sql("SELECT max(price_date) FROM prices").scalar()
            connection.rollback()
            return bool(day == today)

        seconds = wait_until(current, 600, "prices caught up")
    db.dispose()
    time.sleep(LEASE_SECONDS)
    runs = sum(scheduler_output(h).count("Running the daily update.") for h in topology.hosts)
    alive = sum(h.scheduler is not None and h.scheduler.poll() is None for h in topology.hosts)
    print(f"start-up catch-up (2 days behind): {seconds:.1f} s, run by {runs} of 2 schedulers; "
          f"{alive} of 2 schedulers up after")  # fmt: skip


def burst(topology: Topology, mails: int, kill: bool) -> None:
    db = create_db_engine(topology.database_url)
    subject = "Killed" if kill else "Burst"
    queue_mails(db, mails, subject)
    started = time.monotonic()
    timeout = mails * topology.mail_delay * 3 + 120
    if kill:
        wait_until(lambda: len(delivered(topology, subject)) >= mails // 10, timeout, "sending")
        pid = scheduler_holding(topology, db, "mail-send")
        if pid is not None:
            os.kill(pid, signal.SIGKILL)
    else:
        topology.hosts[1].run("mail", "send", timeout=timeout)  # a third sender
    wait_until(lambda: len(delivered(topology, subject)) == mails, timeout, "all delivered", 0.5)
    seconds = time.monotonic() - started
    time.sleep(LEASE_SECONDS)
    deliveries = delivered(topology, subject)
    duplicates = sum(deliveries.values()) - mails
    what = "sending scheduler killed -9 mid-batch" if kill else "two schedulers + mail send"
    print(f"{mails} mails, {what}: {sum(deliveries.values())} deliveries, {duplicates} "
          f"duplicate(s), all delivered in {seconds:.1f} s "
          f"(one sender alone: {mails * topology.mail_delay:.0f} s of sink time)")  # fmt: skip
    db.dispose()
    if kill:
        for host in topology.hosts:
            if host.scheduler is not None and host.scheduler.poll() is not None:
                host.start_scheduler()


def staleness(topology: Topology, work: Path) -> None:
    host_a, host_b = topology.hosts

    def price(base: str, material: str) -> Decimal:
        rows = httpx.get(f"{base}/api/cities/johannesburg/prices", timeout=10).json()
        (row,) = [r for r in rows if r["material"]["slug"] == material]
        return Decimal(str(row["priceExact"]))

    rows = httpx.get(f"{host_b.url}/api/cities/johannesburg/prices", timeout=10).json()
    material = next(
        r["material"]["slug"]
        for r in rows
        if r["material"]["saleUnit"] == "kg" and r["material"]["grade"] is None
    )
    before = price(topology.url, material)
    new = (before * Decimal("1.01")).quantize(Decimal("0.0001"))
    feed = work / "prices-bench.csv"
    today = dt.datetime.now(dt.UTC).date()
    feed.write_text(
        "date,country,city,material,price,currency,unit,source\n"
        f"{today},za,johannesburg,{material},{new},ZAR,kg,Bench Desk\n"
    )
    host_a.run("prices", "import", str(feed))
    on_b = wait_until(lambda: price(host_b.url, material) == new, 30, "host B")
    through_nginx = wait_until(lambda: price(topology.url, material) == new, 300, "nginx", 0.5)
    print(f"price import on host A: host B served it {on_b:.2f} s after, nginx "
          f"{on_b + through_nginx:.1f} s after (bound: 2 x API_CACHE_SECONDS = "
          f"{2 * API_CACHE_SECONDS} s)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mails", type=int, default=400)
    parser.add_argument("--delay", type=float, default=0.25, help="sink seconds per message")
    args = parser.parse_args()
    two_days_ago = dt.datetime.now(dt.UTC).date() - dt.timedelta(days=2)
    with (
        common.throwaway_postgres() as server_url,
        tempfile.TemporaryDirectory(prefix="scrapindex-hosts-") as folder,
        several_hosts(
            server_url,
            Path(folder),
            seeded_until=two_days_ago.isoformat(),
            mail_delay=args.delay,
            extra_env={
                "MAIL_SEND_EVERY_SECONDS": "5",
                "MAIL_CLAIM_TIMEOUT_SECONDS": str(LEASE_SECONDS),
                "JOB_LEASE_SECONDS": str(LEASE_SECONDS),
                "API_CACHE_SECONDS": str(API_CACHE_SECONDS),
            },
        ) as topology,
    ):
        print(f"two hosts x 2 workers, two schedulers, nginx; sink {args.delay} s per message; "
              f"leases and mail claims {LEASE_SECONDS} s")  # fmt: skip
        catch_up(topology)
        burst(topology, args.mails, kill=False)
        burst(topology, args.mails, kill=True)
        staleness(topology, Path(folder))


if __name__ == "__main__":
    main()

"""The README's Deploy section on two hosts, started for real on loopback (tests/several_hosts.py):
one PostgreSQL, two app hosts with two workers each, `scrapindex schedule` on both, nginx
balancing them, a real SMTP sink that takes its time over each message.

The tests run in order on one topology; each prints its figures (pytest -s shows them).
"""

import datetime as dt
import os
import signal
import threading
import time
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import httpx2 as httpx
import pytest
from sqlalchemy import Engine, func, insert, select, text

from scrapindex import migrate
from scrapindex.auth.sessions import CSRF_HEADER, SESSION_COOKIE
from scrapindex.db import create_db_engine
from scrapindex.models import OutboxMessage, Price, SchemaCompatibility
from tests.deploy_stack import find_nginx
from tests.needs import unavailable
from tests.operators import add_operator
from tests.several_hosts import (
    Topology,
    delivered,
    lease,
    queue_mails,
    scheduler_holding,
    scheduler_output,
    several_hosts,
    wait_until,
)

pytestmark = pytest.mark.postgres

MAIL_DELAY = 0.05  # seconds the sink takes per message
API_CACHE_SECONDS = 2
LEASE_SECONDS = 3  # job leases and mail claims, shortened so that a dead host is seen soon
CITY = "johannesburg"


@pytest.fixture(scope="module")
def topology(postgres_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Topology]:
    if find_nginx() is None:
        unavailable("nginx not found (apt-get install nginx-light)")
    two_days_ago = dt.datetime.now(dt.UTC).date() - dt.timedelta(days=2)
    with several_hosts(
        postgres_url,
        tmp_path_factory.mktemp("hosts"),
        seeded_until=two_days_ago.isoformat(),
        mail_delay=MAIL_DELAY,
        extra_env={
            "MAIL_SEND_EVERY_SECONDS": "1",
            "MAIL_CLAIM_TIMEOUT_SECONDS": str(LEASE_SECONDS),
            "JOB_LEASE_SECONDS": str(LEASE_SECONDS),
            "API_CACHE_SECONDS": str(API_CACHE_SECONDS),
        },
    ) as running:
        yield running


@pytest.fixture(scope="module")
def db(topology: Topology) -> Iterator[Engine]:
    engine = create_db_engine(topology.database_url)
    yield engine
    engine.dispose()


def newest_price_day(db: Engine) -> dt.date | None:
    with db.connect() as connection:
        day: dt.date | None = connection.execute(select(func.max(Price.price_date))).scalar()
    return day


def test_both_schedulers_start_two_days_behind_catch_up_once_and_stay_up(
    topology: Topology, db: Engine
) -> None:
    today = dt.datetime.now(dt.UTC).date()
    waited = wait_until(lambda: newest_price_day(db) == today, 180, "prices caught up to today")
    time.sleep(2 * LEASE_SECONDS)  # past a few mail rounds and the start-up purge
    outputs = [scheduler_output(host) for host in topology.hosts]
    assert [host.scheduler.poll() for host in topology.hosts if host.scheduler] == [None, None], (
        outputs
    )
    assert sum(output.count("Running the daily update.") for output in outputs) == 1, outputs
    assert all("Daily update scheduled at" in output for output in outputs), outputs
    update = lease(db, "daily-update")
    assert update is not None
    assert (update.last_round, update.outcome) == (f"catch-up {today}", "ok")
    purge = lease(db, "sign-up-purge")
    assert purge is not None
    assert purge.outcome == "ok"
    print(f"\ncatch-up: prices current {waited:.1f} s after the fixture was ready; ran once")


def test_queued_mail_reaches_the_sink_exactly_once_with_every_sender_running(
    topology: Topology, db: Engine
) -> None:
    count = 200
    queue_mails(db, count, "Burst")
    started = time.monotonic()
    # A third sender beside both schedulers, as an operator's cron `mail send` would be.
    extra = topology.hosts[1].run("mail", "send")
    assert extra.returncode == 0, extra.stdout + extra.stderr
    wait_until(lambda: len(delivered(topology, "Burst")) == count, 120, "every mail delivered")
    seconds = time.monotonic() - started
    time.sleep(2 * LEASE_SECONDS)  # past any claim that would have been taken again
    deliveries = delivered(topology, "Burst")
    assert sum(deliveries.values()) == count, {k: v for k, v in deliveries.items() if v > 1}
    with db.connect() as connection:
        statuses = connection.execute(
            select(OutboxMessage.status, func.count())
            .where(OutboxMessage.subject.startswith("Burst "))
            .group_by(OutboxMessage.status)
        ).all()
    assert statuses == [("sent", count)]
    print(f"\nmail: {count} queued, {sum(deliveries.values())} delivered in {seconds:.1f} s")


def test_a_sender_killed_mid_batch_strands_at_most_one_message(
    topology: Topology, db: Engine
) -> None:
    count = 120
    queue_mails(db, count, "Crash")
    wait_until(lambda: len(delivered(topology, "Crash")) >= 10, 60, "sending began")
    pid = scheduler_holding(topology, db, "mail-send")
    assert pid is not None, "a scheduler holds the mail lease while it sends"
    os.kill(pid, signal.SIGKILL)
    killed = time.monotonic()
    wait_until(lambda: len(delivered(topology, "Crash")) == count, 90, "the rest delivered")
    finished = time.monotonic() - killed
    deliveries = delivered(topology, "Crash")
    duplicates = sum(deliveries.values()) - count
    assert duplicates <= 1, {k: v for k, v in deliveries.items() if v > 1}
    for host in topology.hosts:
        if host.scheduler is not None and host.scheduler.pid == pid:
            host.scheduler.wait()
            host.start_scheduler()  # as systemd's Restart=always would
    print(f"\nkill -9 mid-batch: {count} mails, {duplicates} duplicate(s), rest {finished:.1f} s")


def log_in(base_url: str, email: str, password: str) -> dict[str, str]:
    response = httpx.post(
        f"{base_url}/api/auth/login", json={"email": email, "password": password}, timeout=10
    )
    assert response.status_code == 200, response.text
    return {
        "Cookie": f"{SESSION_COOKIE}={response.cookies[SESSION_COOKIE]}",
        CSRF_HEADER: response.json()["csrfToken"],
    }


def test_a_session_made_on_one_host_works_and_ends_on_the_other(
    topology: Topology, db: Engine
) -> None:
    host_a, host_b = topology.hosts
    operator = add_operator(db, "moderator")
    headers = log_in(host_a.url, operator.email, operator.password)
    assert httpx.get(f"{host_b.url}/api/auth/me", headers=headers).status_code == 200
    origin = {"Origin": topology.url}
    ended = httpx.post(f"{host_b.url}/api/auth/logout", headers=headers | origin)
    assert ended.status_code == 204, ended.text
    assert httpx.get(f"{host_a.url}/api/auth/me", headers=headers).status_code == 401


def city_price(base_url: str, material: str) -> Decimal:
    rows = httpx.get(f"{base_url}/api/cities/{CITY}/prices", timeout=10).json()
    (row,) = [row for row in rows if row["material"]["slug"] == material]
    return Decimal(str(row["priceExact"]))


def test_a_price_imported_on_one_host_is_served_by_the_other_and_by_nginx(
    topology: Topology, tmp_path: Path
) -> None:
    host_a, host_b = topology.hosts
    rows = httpx.get(f"{host_b.url}/api/cities/{CITY}/prices", timeout=10).json()
    material = next(  # a material sold by the kg, with no grades whose order a change could break
        row["material"]["slug"]
        for row in rows
        if row["material"]["saleUnit"] == "kg" and row["material"]["grade"] is None
    )
    before = city_price(host_b.url, material)
    assert city_price(topology.url, material) == before  # nginx has it kept now
    new_price = (before * Decimal("1.01")).quantize(Decimal("0.0001"))
    today = dt.datetime.now(dt.UTC).date()
    feed = tmp_path / "prices-hosts.csv"
    feed.write_text(
        "date,country,city,material,price,currency,unit,source\n"
        f"{today},za,{CITY},{material},{new_price},ZAR,kg,Hosts Test Desk\n"
    )
    imported = host_a.run("prices", "import", str(feed))
    assert imported.returncode == 0, imported.stdout + imported.stderr
    done = time.monotonic()
    on_b = wait_until(lambda: city_price(host_b.url, material) == new_price, 10, "host B")
    through_nginx = wait_until(
        lambda: city_price(topology.url, material) == new_price, 10, "nginx", every=0.2
    )
    assert on_b <= 2  # the data revision is read at most once a second
    assert time.monotonic() - done <= 2 * API_CACHE_SECONDS + 1  # the README's bound for nginx
    print(f"\nprice import on A: host B {on_b:.2f} s, nginx {through_nginx:.2f} s later")


def test_old_hosts_stay_ready_while_a_compatible_migration_is_applied(
    topology: Topology, db: Engine
) -> None:
    """As a new release's `db upgrade` of an expand-only migration leaves the database: a
    revision these hosts do not know, recorded compatible with theirs. Both stay in rotation."""
    head = migrate.head_revision()
    assert head is not None
    seen: list[int] = []
    stop = threading.Event()

    def probe() -> None:
        while not stop.is_set():
            for host in topology.hosts:
                seen.append(httpx.get(f"{host.url}/readyz", timeout=5).status_code)
            time.sleep(0.05)

    prober = threading.Thread(target=probe)
    prober.start()
    try:
        with db.begin() as connection:
            connection.execute(
                insert(SchemaCompatibility).values(
                    revision="9999", oldest_compatible=head, recorded_at=dt.datetime.now(dt.UTC)
                )
            )
            connection.execute(text("UPDATE alembic_version SET version_num = '9999'"))
        time.sleep(1)
        answers = [httpx.get(f"{host.url}/readyz", timeout=5).json() for host in topology.hosts]
    finally:
        stop.set()
        prober.join()
        with db.begin() as connection:
            connection.execute(
                text("UPDATE alembic_version SET version_num = :head"), {"head": head}
            )
    assert {answer["migrations"] for answer in answers} == {"compatible"}
    assert {answer["revision"] for answer in answers} == {"9999"}
    assert set(seen) == {200}, seen
    print(f"\nrolling deploy: {len(seen)} readiness probes during an expand migration, all 200")

"""Several outbox senders against one database (as `scrapindex schedule` on several hosts): a
claim takes its limit once whatever PostgreSQL's plan, a batch that outlasts the claim timeout
keeps its claim, each message goes exactly once while no sender dies, a dead sender strands its
one batch until the timeout, and a sender whose claim lapsed reports its messages lost."""

import datetime as dt
import logging
import random
import smtplib
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import Engine, create_engine, delete, func, insert, select, text
from sqlalchemy.orm import Session

from scrapindex.mail.sender import (
    Clock,
    SendReport,
    SmtpConnect,
    claim,
    claim_statement,
    send_due,
)
from scrapindex.models import OutboxMessage
from scrapindex.settings import Settings
from tests.integration.test_mail import run_cli
from tests.mail_server import Inbox, SlowInbox, due_mail_rows, mail_settings, running_smtp_server

NOW = dt.datetime(2026, 4, 1, 12, 0, tzinfo=dt.UTC)  # what is due; claims use the real clock


def queue(db: Engine, count: int) -> list[int]:
    """``count`` messages due at NOW, each to its own reader; their ids."""
    rows = due_mail_rows(count, NOW)
    with db.begin() as connection:
        return list(connection.scalars(insert(OutboxMessage).returning(OutboxMessage.id), rows))


def statuses(db: Engine, ids: list[int]) -> dict[int, str]:
    with Session(db) as session:
        found = session.execute(
            select(OutboxMessage.id, OutboxMessage.status).where(OutboxMessage.id.in_(ids))
        )
        return {row.id: row.status for row in found}


def unfinished(db: Engine) -> int:
    with db.connect() as connection:
        return connection.execute(
            select(func.count()).where(OutboxMessage.status.in_(["queued", "sending"]))
        ).scalar_one()


def deliveries(inbox: Inbox) -> Counter[str]:
    """How many times the server accepted each Message-ID."""
    return Counter(str(message["Message-ID"]) for message in inbox.messages())


def message_id(row_id: int) -> str:
    """The Message-ID the sender gives the row (``outbox.<id>.<stamp>@<domain>``)."""
    return f"<outbox.{row_id}.{int(NOW.timestamp() * 1_000_000)}@scrapindex.example>"


def later(seconds: float, start: dt.datetime) -> Clock:
    """A clock standing ``seconds`` after ``start``."""
    return lambda: start + dt.timedelta(seconds=seconds)


# A claim takes its limit once


def misleading_statistics(db: Engine) -> None:
    """The outbox's usual state in the planner's eyes, just before a burst: analyzed while
    empty (nothing queued), 200 due rows added since, no analyze after them."""
    with db.begin() as connection:
        connection.execute(delete(OutboxMessage))
        if db.dialect.name == "postgresql":
            connection.execute(text("ALTER TABLE outbox_messages SET (autovacuum_enabled = off)"))
            connection.execute(text("ANALYZE outbox_messages"))
    queue(db, 200)


@contextmanager
def nested_loops_only(db: Engine) -> Iterator[Engine]:
    """``db``, on PostgreSQL with hash and merge joins off: the semi join of ``id IN (...)`` is
    a nested loop, which runs a plain subquery again for every row."""
    if db.dialect.name != "postgresql":
        yield db
        return
    engine = create_engine(
        db.url,
        connect_args={"options": "-c enable_hashjoin=off -c enable_mergejoin=off"},
    )
    try:
        yield engine
    finally:
        engine.dispose()


def test_one_claim_takes_its_limit_even_when_statistics_say_nothing_is_queued(
    db: Engine,
) -> None:
    misleading_statistics(db)
    with nested_loops_only(db) as engine:
        claimed = claim(
            engine,
            "a/1",
            now=NOW,
            claimed_at=dt.datetime.now(dt.UTC),
            timeout=dt.timedelta(minutes=10),
            limit=50,
        )
    assert len(claimed) == 50
    with db.connect() as connection:
        sending = connection.execute(
            select(func.count()).where(OutboxMessage.status == "sending")
        ).scalar_one()
    assert sending == 50  # the old claim (IN (SELECT ... LIMIT 50)) took all 200 here


def plan_nodes(plan: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield plan
    for child in plan.get("Plans", []):
        yield from plan_nodes(child)


@pytest.mark.parametrize("fresh_database", ["postgresql"], indirect=True)
def test_the_claims_limit_runs_once_in_postgresqls_plan(db: Engine) -> None:
    misleading_statistics(db)
    statement = claim_statement(
        "a/1",
        now=NOW,
        claimed_at=dt.datetime.now(dt.UTC),
        timeout=dt.timedelta(minutes=10),
        limit=50,
    )
    sql = str(statement.compile(dialect=db.dialect, compile_kwargs={"literal_binds": True}))
    with db.connect() as connection, connection.begin() as transaction:
        connection.execute(text("SET LOCAL enable_hashjoin = off"))
        connection.execute(text("SET LOCAL enable_mergejoin = off"))
        # psycopg reads the json column as Python lists and dicts
        [root] = connection.exec_driver_sql(f"EXPLAIN (ANALYZE, FORMAT JSON) {sql}").scalar_one()
        claimed = connection.execute(
            select(func.count()).where(OutboxMessage.claimed_by == "a/1")
        ).scalar_one()
        transaction.rollback()
    limits = [node for node in plan_nodes(root["Plan"]) if node["Node Type"] == "Limit"]
    assert limits, root
    # The old claim's Limit ran once for every row its nested loop met: loops=200.
    assert [(node["Actual Loops"], node["Actual Rows"]) for node in limits] == [(1, 50)], root
    assert claimed == 50


# Two senders, a slow relay


@contextmanager
def slow_smtp_server() -> Iterator[tuple[Inbox, int]]:
    """A relay taking 0.05 to 0.1 s per message."""
    delays = random.Random(7)
    with running_smtp_server(SlowInbox(lambda: delays.uniform(0.05, 0.1))) as server:
        yield server


def run_senders(
    db: Engine, settings: Settings, starts: dict[str, float], batch_size: int
) -> dict[str, SendReport]:
    """Senders in threads, each starting its first pass ``starts[name]`` seconds in, then one
    pass after another (each pass's ``now`` its start, as `scrapindex schedule` runs them)
    until nothing is left queued or being sent; the sum of each one's reports."""
    totals = {name: SendReport() for name in starts}
    errors: list[BaseException] = []
    deadline = time.monotonic() + 30

    def run(name: str) -> None:
        try:
            time.sleep(starts[name])
            while unfinished(db) and time.monotonic() < deadline:
                report = send_due(
                    db,
                    settings,
                    now=dt.datetime.now(dt.UTC),
                    sender_id=name,
                    batch_size=batch_size,
                )
                for field in ("sent", "retried", "dead", "lost"):
                    setattr(
                        totals[name], field, getattr(totals[name], field) + getattr(report, field)
                    )
                time.sleep(0.02)
        except BaseException as error:  # reported below, in the test's thread
            errors.append(error)

    threads = [threading.Thread(target=run, args=(name,)) for name in starts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    return totals


def test_two_senders_deliver_each_message_once_when_a_batch_outlasts_the_claim_timeout(
    db: Engine,
) -> None:
    ids = queue(db, 60)
    # A batch of 20 takes about 1.5 s: longer than the claim timeout. The second sender starts
    # while the first is still at its first batch; the old sender stamped every claim with its
    # pass's start and marked rows after the batch, so the second took that batch again.
    with slow_smtp_server() as (inbox, port):
        settings = mail_settings(port, mail_claim_timeout_seconds=1)
        reports = run_senders(db, settings, {"a": 0.0, "b": 1.2}, batch_size=20)
    delivered = deliveries(inbox)
    assert {mid: times for mid, times in delivered.items() if times > 1} == {}
    assert sorted(delivered) == sorted(message_id(row_id) for row_id in ids)
    assert set(statuses(db, ids).values()) == {"sent"}
    assert sum(report.sent for report in reports.values()) == len(ids)
    assert [report.lost for report in reports.values()] == [0, 0]
    assert reports["b"].sent > 0  # both took part


# A sender that dies, a sender whose claim lapsed


class Killed(BaseException):
    """The sender's process ends here (say, kill -9), after the server accepted a message and
    before 'sent' was committed."""


def dies_after(accepted: int) -> SmtpConnect:
    """A connection that kills its sender once the server accepted ``accepted`` messages."""

    class Dying(smtplib.SMTP):
        count = 0

        def send_message(self, *args: Any, **kwargs: Any) -> Any:
            answer = super().send_message(*args, **kwargs)
            Dying.count += 1
            if Dying.count == accepted:
                raise Killed
            return answer

    def open_connection(settings: Settings) -> smtplib.SMTP:
        return Dying(settings.smtp_host, settings.smtp_port, timeout=10)

    return open_connection


def test_a_sender_dying_mid_batch_strands_only_that_batch_until_the_claim_timeout(
    db: Engine, smtp_server: tuple[Inbox, int]
) -> None:
    inbox, port = smtp_server
    ids = queue(db, 12)
    settings = mail_settings(port, mail_claim_timeout_seconds=60)
    start = dt.datetime.now(dt.UTC)
    with pytest.raises(Killed):  # its batch: the first 5; it dies once the 3rd is accepted
        send_due(
            db,
            settings,
            now=NOW,
            sender_id="dies",
            smtp=dies_after(3),
            batch_size=5,
            clock=later(0, start),
        )
    batch, others = ids[:5], ids[5:]
    assert statuses(db, batch) == dict(zip(batch, ["sent"] * 2 + ["sending"] * 3, strict=True))
    assert set(statuses(db, others).values()) == {"queued"}

    # Within the timeout, another sender sends every other message, and leaves the batch.
    report = send_due(db, settings, now=NOW, sender_id="lives", clock=later(59, start))
    assert (report.sent, report.lost) == (len(others), 0)
    assert set(statuses(db, batch[2:]).values()) == {"sending"}

    # After it, the stranded rows go again: the one accepted before the death goes twice.
    report = send_due(db, settings, now=NOW, sender_id="lives", clock=later(61, start))
    assert (report.sent, report.lost) == (3, 0)
    assert set(statuses(db, ids).values()) == {"sent"}
    delivered = deliveries(inbox)
    assert {mid: times for mid, times in delivered.items() if times > 1} == {
        message_id(batch[2]): 2
    }
    assert sorted(delivered) == sorted(message_id(row_id) for row_id in ids)


def test_a_sender_whose_claim_lapsed_reports_its_messages_lost_not_sent(
    db: Engine, smtp_server: tuple[Inbox, int], caplog: pytest.LogCaptureFixture
) -> None:
    inbox, port = smtp_server
    ids = queue(db, 3)
    settings = mail_settings(port, mail_claim_timeout_seconds=60)
    start = dt.datetime.now(dt.UTC)
    other: list[SendReport] = []

    class Stalls(smtplib.SMTP):
        def send_message(self, *args: Any, **kwargs: Any) -> Any:
            if not other:
                # The first sender stalls past its claim timeout at its first message; another
                # sender, meanwhile, finds the claim lapsed and takes the whole batch.
                other.append(send_due(db, settings, now=NOW, sender_id="b", clock=later(61, start)))
            return super().send_message(*args, **kwargs)

    def stalling(settings: Settings) -> smtplib.SMTP:
        return Stalls(settings.smtp_host, settings.smtp_port, timeout=10)

    with caplog.at_level(logging.WARNING, logger="scrapindex.mail.sender"):
        report = send_due(
            db, settings, now=NOW, sender_id="a", smtp=stalling, clock=later(0, start)
        )
    # Its first message was accepted, but the row was the other sender's by then: lost, not
    # sent. The two after it it no longer holds: lost, and not sent at all.
    assert (report.sent, report.lost) == (0, 3)
    assert (other[0].sent, other[0].lost) == (3, 0)
    assert set(statuses(db, ids).values()) == {"sent"}
    assert deliveries(inbox) == Counter(
        {message_id(ids[0]): 2, message_id(ids[1]): 1, message_id(ids[2]): 1}
    )
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 3
    assert "accepted by the SMTP server" in warnings[0]
    assert all("another sender" in warning for warning in warnings)


def test_mail_send_says_how_many_messages_were_lost(
    db: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        "scrapindex.cli.mail.send_due_mail",
        lambda *_: SendReport(sent=4, lost=2),
    )
    output = run_cli(monkeypatch, db, {"SMTP_HOST": "127.0.0.1", "SMTP_PORT": "1"}, "send")
    assert "4 sent, 0 to retry later, 0 dead." in output
    assert "2 messages lost: another sender took them" in output

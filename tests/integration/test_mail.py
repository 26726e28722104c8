"""Outgoing mail through a real SMTP server (aiosmtpd on a free port): the outbox, the sender's
retries and row claiming, header safety, and the operator's notices (contact messages, flagged
price reports and dead mail, batched)."""

import datetime as dt
import threading
from email.message import EmailMessage
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, func, select, update
from typer.testing import CliRunner

from scrapindex.app import create_app
from scrapindex.cli import app as cli
from scrapindex.mail.notifications import OPERATOR_KIND, notify_operator
from scrapindex.mail.outbox import enqueue
from scrapindex.mail.sender import send_due
from scrapindex.models import OutboxMessage
from scrapindex.settings import get_settings
from tests.mail_server import Inbox, body_text, free_port, mail_settings
from tests.moderation import report_body

NOW = dt.datetime(2026, 4, 1, 12, 0, tzinfo=dt.UTC)
CONTEXT = {
    "site_root": "https://scrapindex.example",
    "name": "Thandi <b>Mokoena</b>",
    "email": "thandi@example.org",
    "category": "data",
    "subject": "Copper & brass",
    "message": "Do you track #2 copper?",
    "received": "2026-04-01 12:00 UTC",
}


def queue(db: Engine, to: str = "ops@example.org", **extra: Any) -> int:
    with db.begin() as connection:
        return enqueue(
            connection, "test", to, "Test mail", "operator-contact", CONTEXT, now=NOW, **extra
        )


def row(db: Engine, message_id: int) -> OutboxMessage:
    from sqlalchemy.orm import Session

    with Session(db) as session:
        found = session.get(OutboxMessage, message_id)
        assert found is not None
        return found


def outbox_count(db: Engine) -> int:
    with db.connect() as connection:
        return connection.execute(select(func.count()).select_from(OutboxMessage)).scalar_one()


def test_a_queued_message_arrives_with_its_headers_and_both_parts(
    db: Engine, smtp_server: tuple[Inbox, int]
) -> None:
    inbox, port = smtp_server
    unsubscribe = "<https://scrapindex.example/newsletter/unsubscribe?token=abc>"
    message_id = queue(db, headers={"List-Unsubscribe": unsubscribe})
    report = send_due(db, mail_settings(port), now=NOW, sender_id="test")
    assert (report.sent, report.retried, report.dead) == (1, 0, 0)

    [(mail_from, rcpt_tos, _)] = inbox.envelopes
    assert (mail_from, rcpt_tos) == ("no-reply@scrapindex.example", ["ops@example.org"])
    [message] = inbox.messages()
    assert message["From"] == "ScrapIndex <no-reply@scrapindex.example>"
    assert message["To"] == "ops@example.org"
    assert message["Subject"] == "Test mail"
    assert message["Message-ID"].endswith("@scrapindex.example>")
    assert message["Date"].datetime == NOW
    assert message["List-Unsubscribe"].strip() == unsubscribe  # may be folded
    assert message.get_content_type() == "multipart/alternative"
    text = message.get_body(("plain",))
    html = message.get_body(("html",))
    assert text is not None
    assert html is not None
    assert isinstance(text, EmailMessage)
    assert isinstance(html, EmailMessage)
    assert "Thandi <b>Mokoena</b>" in text.get_content()  # plain text is not escaped
    assert "Copper & brass" in text.get_content()
    assert "Thandi &lt;b&gt;Mokoena&lt;/b&gt;" in html.get_content()  # HTML is
    assert "Copper &amp; brass" in html.get_content()

    sent = row(db, message_id)
    assert (sent.status, sent.attempts, sent.sent_at, sent.claimed_by) == ("sent", 1, NOW, None)
    # Sent once: the next pass has nothing to do.
    assert send_due(db, mail_settings(port), now=NOW, sender_id="test").sent == 0
    assert len(inbox.envelopes) == 1


def test_a_message_is_retried_while_the_server_is_down_then_delivered(
    db: Engine, smtp_server: tuple[Inbox, int]
) -> None:
    inbox, port = smtp_server
    message_id = queue(db)
    down = mail_settings(free_port())  # nothing listens there
    report = send_due(db, down, now=NOW, sender_id="test")
    assert (report.sent, report.retried, report.dead) == (0, 1, 0)
    failed = row(db, message_id)
    assert (failed.status, failed.attempts) == ("queued", 1)
    assert failed.next_attempt_at == NOW + dt.timedelta(minutes=2)
    assert failed.last_error
    # Not yet due a minute later, even with the server up.
    assert send_due(db, mail_settings(port), now=NOW + dt.timedelta(minutes=1), sender_id="t")
    assert inbox.envelopes == []
    later = NOW + dt.timedelta(minutes=2)
    assert send_due(db, mail_settings(port), now=later, sender_id="test").sent == 1
    assert len(inbox.envelopes) == 1
    delivered = row(db, message_id)
    assert (delivered.status, delivered.attempts, delivered.sent_at) == ("sent", 2, later)


def test_a_message_is_dead_after_the_last_attempt(db: Engine) -> None:
    message_id = queue(db)
    down = mail_settings(free_port(), mail_max_attempts=3)
    now = NOW
    outcomes = []
    for _ in range(3):
        report = send_due(db, down, now=now, sender_id="test")
        outcomes.append((report.retried, report.dead))
        now = row(db, message_id).next_attempt_at
    assert outcomes == [(1, 0), (1, 0), (0, 1)]
    dead = row(db, message_id)
    assert (dead.status, dead.attempts) == ("dead", 3)
    # Backoff doubled: 2 then 4 minutes.
    assert send_due(db, down, now=now + dt.timedelta(days=1), sender_id="test").dead == 0


def test_a_message_stuck_in_sending_is_claimed_again(
    db: Engine, smtp_server: tuple[Inbox, int]
) -> None:
    _inbox, port = smtp_server
    stuck, recent = queue(db), queue(db)
    with db.begin() as connection:
        for message_id, claimed_at in ((stuck, NOW - dt.timedelta(minutes=11)), (recent, NOW)):
            connection.execute(
                update(OutboxMessage)
                .where(OutboxMessage.id == message_id)
                .values(status="sending", claimed_by="crashed/1", claimed_at=claimed_at)
            )
    # Claims are judged by the sender's clock (the pass's ``now`` only says what is due).
    report = send_due(db, mail_settings(port), now=NOW, sender_id="test", clock=lambda: NOW)
    assert report.sent == 1
    assert row(db, stuck).status == "sent"
    assert row(db, recent).status == "sending"  # its sender may still be at it


def test_two_senders_racing_deliver_each_message_exactly_once(
    db: Engine, smtp_server: tuple[Inbox, int]
) -> None:
    inbox, port = smtp_server
    ids = [queue(db, to=f"reader{number}@example.org") for number in range(24)]
    settings = mail_settings(port)
    start = threading.Barrier(2)
    reports: dict[str, int] = {}
    errors: list[BaseException] = []

    def run(name: str) -> None:
        try:
            start.wait()
            reports[name] = send_due(db, settings, now=NOW, sender_id=name, batch_size=3).sent
        except BaseException as error:  # reported below, in the test's thread
            errors.append(error)

    threads = [threading.Thread(target=run, args=(name,)) for name in ("a", "b")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    assert sum(reports.values()) == len(ids)
    recipients = sorted(rcpt for _, rcpts, _ in inbox.envelopes for rcpt in rcpts)
    assert recipients == sorted(f"reader{number}@example.org" for number in range(24))
    message_ids = {message["Message-ID"] for message in inbox.messages()}
    assert len(message_ids) == len(ids)
    assert {row(db, message_id).status for message_id in ids} == {"sent"}


@pytest.mark.parametrize(
    "change",
    [
        {"to": "ops@example.org\r\nBcc: victim@example.org"},
        {"to": "ops@example.org\n"},
        {"subject": "Hello\r\nBcc: victim@example.org"},
        {"subject": "Hello\x00"},
        {"subject": "Hello\u2028there"},
        {"headers": {"List-Unsubscribe": "<https://x.example>\r\nBcc: victim@example.org"}},
        {"headers": {"X-Bad\r\nBcc": "victim@example.org"}},
        {"headers": {"From": "someone@else.example"}},
    ],
)
def test_control_characters_in_a_header_are_refused_and_nothing_is_stored(
    db: Engine, change: dict[str, Any]
) -> None:
    before = outbox_count(db)
    arguments: dict[str, Any] = {"to": "ops@example.org", "subject": "Hello", **change}
    with (
        pytest.raises(ValueError, match=r"control character|not an extra header"),
        db.begin() as connection,
    ):
        enqueue(connection, "test", template="operator-contact", context=CONTEXT, **arguments)
    assert outbox_count(db) == before


def operator_mails(db: Engine) -> list[OutboxMessage]:
    from sqlalchemy.orm import Session

    with Session(db) as session:
        return list(
            session.scalars(
                select(OutboxMessage)
                .where(OutboxMessage.kind == OPERATOR_KIND)
                .order_by(OutboxMessage.id)
            )
        )


def test_contact_messages_notify_the_operator_at_most_once_per_ten_minutes(
    db: Engine,
) -> None:
    settings = mail_settings(
        1,
        database_url=db.url.render_as_string(hide_password=False),
        operator_email="operator@scrapindex.example",
        page_rate_limit_per_minute=0,
    )
    form = {  # the form refuses line breaks in name and subject; they go in no header anyway
        "name": "Mallory <script>",
        "email": "mallory@example.org",
        "subject": "Hi <b>there</b>",
        "category": "data",
        "message": "First <script>alert(1)</script>\r\nBcc: victim@example.org",
    }
    with TestClient(create_app(settings)) as client:
        assert client.post("/api/contact", json=form).status_code == 201
        [mail] = operator_mails(db)
        assert (mail.to_address, mail.subject, mail.status) == (
            "operator@scrapindex.example",
            "ScrapIndex: 1 new contact message",
            "queued",
        )
        assert mail.headers == {"Reply-To": "mallory@example.org"}  # its one correspondent
        assert "Bcc: victim@example.org" in mail.text_body  # in the body, as text
        assert "<script>" not in mail.html_body
        assert "<b>" not in mail.html_body
        assert "Mallory &lt;script&gt;" in mail.html_body
        assert "Hi &lt;b&gt;there&lt;/b&gt;" in mail.html_body
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in mail.html_body

        second = {**form, "message": "Second"}
        assert client.post("/api/contact", json=second).status_code == 201
        [mail] = operator_mails(db)  # the queued one covers it, and now says so
        assert mail.subject == "ScrapIndex: 2 new contact messages"
        assert "Second" in mail.text_body
        assert "First" in mail.text_body

        # Once that went out, the next waits for the end of its ten minutes.
        with db.begin() as connection:
            connection.execute(
                update(OutboxMessage).where(OutboxMessage.id == mail.id).values(status="sent")
            )
        assert client.post("/api/contact", json={**form, "message": "Third"}).status_code == 201
        first, third = operator_mails(db)
        assert third.next_attempt_at == first.created_at + dt.timedelta(minutes=10)
        assert "Third" in third.text_body
        assert "Second" not in third.text_body  # the first notice told of it
        assert third.subject == "ScrapIndex: 1 new contact message"


def test_no_operator_email_no_notification(db: Engine) -> None:
    settings = mail_settings(
        1, database_url=db.url.render_as_string(hide_password=False), operator_email=""
    )
    form = {"name": "A", "email": "a@example.org", "subject": "S", "message": "Hello there"}
    with TestClient(create_app(settings)) as client:
        assert client.post("/api/contact", json=form).status_code == 201
    assert operator_mails(db) == []


def run_cli(monkeypatch: pytest.MonkeyPatch, db: Engine, env: dict[str, str], *args: str) -> str:
    monkeypatch.setenv("DATABASE_URL", db.url.render_as_string(hide_password=False))
    monkeypatch.setenv("SMTP_STARTTLS", "false")
    for name in ("SMTP_HOST", "SMTP_PORT"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    get_settings.cache_clear()
    try:
        result = CliRunner().invoke(cli, ["mail", *args])
    finally:
        get_settings.cache_clear()
    assert result.exit_code == 0, result.output
    return result.output


def test_without_an_smtp_host_mail_waits_in_the_outbox(
    db: Engine, smtp_server: tuple[Inbox, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    inbox, port = smtp_server
    message_id = queue(db, to="a@b.c")
    report = send_due(db, mail_settings(port, smtp_host=""), now=NOW, sender_id="test")
    assert report.skipped
    assert (report.sent, report.retried, report.dead) == (0, 0, 0)
    assert row(db, message_id).status == "queued"

    assert "SMTP_HOST is not set" in run_cli(monkeypatch, db, {}, "send")
    listed = run_cli(monkeypatch, db, {}, "outbox")
    assert str(message_id) in listed
    assert "queued" in listed
    assert inbox.envelopes == []

    # With a host, `mail send` delivers it, and `mail outbox --status sent` lists it.
    env = {"SMTP_HOST": "127.0.0.1", "SMTP_PORT": str(port)}
    assert "1 sent, 0 to retry later, 0 dead." in run_cli(monkeypatch, db, env, "send")
    assert len(inbox.envelopes) == 1
    assert "No queued messages" in run_cli(monkeypatch, db, {}, "outbox")
    assert "sent" in run_cli(monkeypatch, db, {}, "outbox", "--status", "sent")


def test_contact_messages_flagged_reports_and_dead_mail_share_one_notice(
    db: Engine, smtp_server: tuple[Inbox, int]
) -> None:
    inbox, port = smtp_server
    url = db.url.render_as_string(hide_password=False)
    settings = mail_settings(
        port,
        database_url=url,
        operator_email="operator@scrapindex.example",
        page_rate_limit_per_minute=0,
    )
    # A reader's mail dies at its last attempt (the server is down): the operator's notice is
    # queued with it, and waits for the server's return like any other mail.
    reader_mail = queue(db, to="reader@example.org")
    with db.begin() as connection:
        last_try = settings.mail_max_attempts - 1
        connection.execute(
            update(OutboxMessage).where(OutboxMessage.id == reader_mail).values(attempts=last_try)
        )
    down = settings.model_copy(update={"smtp_port": free_port()})
    report = send_due(db, down, now=NOW, sender_id="test")
    assert (report.dead, report.retried) == (1, 1)  # the reader's mail; the notice
    assert row(db, reader_mail).dead_at == NOW
    [notice] = operator_mails(db)
    assert (notice.subject, notice.status) == ("ScrapIndex: 1 undeliverable mail", "queued")

    with TestClient(create_app(settings)) as client:
        assert client.post("/api/price-reports", json=report_body(price=150)).status_code == 202
        assert operator_mails(db)[0].subject == "ScrapIndex: 1 undeliverable mail"
        assert client.post("/api/price-reports", json=report_body(price=20)).status_code == 202
        form = {"name": "A", "email": "a@example.org", "subject": "S", "message": "Hello there"}
        assert client.post("/api/contact", json=form).status_code == 201
    [notice] = operator_mails(db)  # still one: each event refreshed it
    summary = "1 new contact message, 1 flagged price report, 1 undeliverable mail"
    assert notice.subject == f"ScrapIndex: {summary}"

    assert send_due(db, settings, now=dt.datetime.now(dt.UTC), sender_id="test").sent == 1
    [message] = inbox.messages()
    assert message["To"] == "operator@scrapindex.example"
    assert message["Subject"] == f"ScrapIndex: {summary}"
    for part in (body_text(message, "plain"), body_text(message, "html")):
        assert summary in part
        assert "https://scrapindex.example/admin/inbox" in part
        assert "https://scrapindex.example/admin/queue/reports" in part
        assert "Hello there" in part
        assert "x its median over the 366 days before (R" in part  # the flag, from the baseline
        assert "reader@example.org" in part


def test_a_dead_operator_notice_notifies_no_one(db: Engine) -> None:
    settings = mail_settings(
        free_port(), operator_email="operator@scrapindex.example", mail_max_attempts=1
    )
    reader_mail = queue(db, to="reader@example.org")
    # The reader's mail dies and queues the notice, which the same pass tries and kills too.
    assert send_due(db, settings, now=NOW, sender_id="test").dead == 2
    [notice] = operator_mails(db)  # no notice of the notice
    assert (row(db, notice.id).status, row(db, reader_mail).status) == ("dead", "dead")
    assert send_due(db, settings, now=NOW + dt.timedelta(hours=1), sender_id="test").dead == 0


def test_a_new_notice_waits_ten_minutes_after_the_last_one_went_out(db: Engine) -> None:
    settings = mail_settings(1, operator_email="operator@scrapindex.example")
    with db.begin() as connection:
        first = notify_operator(connection, settings, NOW)
        sent_at = NOW + dt.timedelta(minutes=7)  # delayed: it went out later than queued
        connection.execute(
            update(OutboxMessage)
            .where(OutboxMessage.id == first)
            .values(status="sent", sent_at=sent_at)
        )
        second = notify_operator(connection, settings, NOW + dt.timedelta(minutes=8))
    assert second is not None
    assert second != first
    assert row(db, second).next_attempt_at == sent_at + dt.timedelta(minutes=10)

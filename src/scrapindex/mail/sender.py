"""Delivers the outbox: claims due rows, sends them over SMTP, records the outcome.

Claiming is one UPDATE ... WHERE id IN (SELECT ... LIMIT n) AND status = 'queued' that stamps
the rows with this pass's token, then a read of the rows carrying that token. The UPDATE
re-checks the status of each row it changes (PostgreSQL re-evaluates the condition on a row
another transaction changed first, and SKIP LOCKED passes rows being claimed; SQLite runs one
writer at a time), so two senders never claim the same row. A row left in 'sending' for
CLAIM_TIMEOUT (its sender died) is claimed again: delivery is at least once, and exactly once
unless a sender dies between the SMTP server's acceptance and the commit of 'sent'.
"""

import datetime as dt
import re
import smtplib
import ssl
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from email.message import EmailMessage
from email.policy import SMTP as SMTP_POLICY
from email.utils import format_datetime, parseaddr
from urllib.parse import urlsplit

from sqlalchemy import Engine, and_, or_, select, update
from sqlalchemy.orm import Session

from scrapindex.mail.notifications import OPERATOR_KIND, compose_claimed_notice, notify_operator
from scrapindex.models import OutboxMessage
from scrapindex.settings import Settings

CLAIM_TIMEOUT = dt.timedelta(minutes=10)
SMTP_TIMEOUT_SECONDS = 20
BATCH_SIZE = 50
MAX_BACKOFF = dt.timedelta(hours=6)

SmtpConnect = Callable[[Settings], smtplib.SMTP]

# Headers whose value is a list of angle-bracketed URIs (RFC 2369, RFC 8058): written as given,
# folded only after the comma between two URIs. The email package folds a URI longer than a
# line into RFC 2047 encoded-words, which RFC 2047 §5 forbids there and in which no mailbox
# provider finds the https link: one-click unsubscribe would never work. Other headers are
# objects the policy folds; a raw (string) value is left as it is (refold_source="none").
RAW_HEADERS = frozenset({"list-unsubscribe", "list-unsubscribe-post"})
MAIL_POLICY = SMTP_POLICY.clone(refold_source="none")
FOLD_AT = 78  # RFC 5322 §2.1.1: lines SHOULD be at most 78 characters ...
MAX_LINE = 998  # ... and MUST be at most 998
BETWEEN_URIS = re.compile(r">\s*,\s*<")


@dataclass
class SendReport:
    sent: int = 0
    retried: int = 0  # failed, queued again for later
    dead: int = 0  # failed for the last time
    skipped: bool = False  # no SMTP host: nothing was attempted


def connect(settings: Settings) -> smtplib.SMTP:
    """An open, ready SMTP connection as the settings describe it."""
    context = ssl.create_default_context()
    smtp: smtplib.SMTP
    if settings.smtp_tls:
        smtp = smtplib.SMTP_SSL(
            settings.smtp_host, settings.smtp_port, timeout=SMTP_TIMEOUT_SECONDS, context=context
        )
    else:
        smtp = smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=SMTP_TIMEOUT_SECONDS)
    try:
        smtp.ehlo()
        if settings.smtp_starttls and not settings.smtp_tls:
            smtp.starttls(context=context)
            smtp.ehlo()
        if settings.smtp_username:
            smtp.login(settings.smtp_username, settings.smtp_password.get_secret_value())
    except BaseException:
        smtp.close()
        raise
    return smtp


def backoff(attempts: int) -> dt.timedelta:
    """The wait after the ``attempts``-th failed attempt: 2, 4, 8 ... minutes, 6 h at most."""
    return min(dt.timedelta(minutes=2 ** min(attempts, 20)), MAX_BACKOFF)


def site_domain(settings: Settings) -> str:
    return urlsplit(settings.site_root).hostname or "scrapindex.invalid"


def build_message(row: OutboxMessage, settings: Settings, now: dt.datetime) -> EmailMessage:
    message = EmailMessage(policy=MAIL_POLICY)
    message["From"] = settings.mail_from
    message["To"] = row.to_address
    message["Subject"] = row.subject
    message["Date"] = format_datetime(now)
    # The same for every attempt, so a receiver can tell a retried message from a new one.
    stamp = int(row.created_at.timestamp() * 1_000_000)
    message["Message-ID"] = f"<outbox.{row.id}.{stamp}@{site_domain(settings)}>"
    for name, value in row.headers.items():
        if name.lower() in RAW_HEADERS:
            message.set_raw(name, raw_header(name, value))
        else:
            message[name] = value
    message.set_content(row.text_body)
    message.add_alternative(row.html_body, subtype="html")
    return message


def raw_header(name: str, value: str) -> str:
    """``value`` as it is written after ``name: ``: printable ASCII, folded after the commas
    between its URIs when the line would pass FOLD_AT characters. ValueError when a line would
    still pass MAX_LINE (no mail server need take it) or the value is not printable ASCII."""
    if not (value.isascii() and value.isprintable()):
        raise ValueError(f"the {name} header must be printable ASCII")
    if len(name) + 2 + len(value) > FOLD_AT:
        value = BETWEEN_URIS.sub(">,\r\n <", value)
    lines = f"{name}: {value}".split("\r\n")
    if any(len(line) > MAX_LINE for line in lines):
        raise ValueError(f"a URI of the {name} header is longer than a line may be")
    return value


def claim(engine: Engine, token: str, now: dt.datetime, limit: int) -> list[OutboxMessage]:
    """Mark up to ``limit`` due rows as being sent by ``token`` and return them."""
    due = or_(
        and_(OutboxMessage.status == "queued", OutboxMessage.next_attempt_at <= now),
        and_(OutboxMessage.status == "sending", OutboxMessage.claimed_at < now - CLAIM_TIMEOUT),
    )
    candidates = (
        select(OutboxMessage.id)
        .where(due)
        .order_by(OutboxMessage.next_attempt_at, OutboxMessage.id)
        .limit(limit)
        .with_for_update(skip_locked=True)  # PostgreSQL; SQLite has one writer at a time
    )
    with engine.begin() as connection:
        connection.execute(
            update(OutboxMessage)
            .where(OutboxMessage.id.in_(candidates.scalar_subquery()), due)
            .values(status="sending", claimed_by=token, claimed_at=now)
        )
    with Session(engine) as session:
        return list(
            session.scalars(
                select(OutboxMessage)
                .where(OutboxMessage.claimed_by == token, OutboxMessage.status == "sending")
                .order_by(OutboxMessage.id)
            )
        )


def _finish(
    engine: Engine,
    row: OutboxMessage,
    token: str,
    now: dt.datetime,
    settings: Settings,
    error: str | None,
) -> str:
    attempts = row.attempts + 1
    values: dict[str, object]
    if error is None:
        outcome = "sent"
        values = {"status": "sent", "sent_at": now, "last_error": None}
    elif attempts >= settings.mail_max_attempts:
        outcome = "dead"
        values = {"status": "dead", "last_error": error, "dead_at": now}
    else:
        outcome = "retried"
        values = {
            "status": "queued",
            "next_attempt_at": now + backoff(attempts),
            "last_error": error,
        }
    with engine.begin() as connection:
        connection.execute(
            update(OutboxMessage)
            .where(OutboxMessage.id == row.id, OutboxMessage.claimed_by == token)
            .values(attempts=attempts, claimed_by=None, claimed_at=None, **values)
        )
        if outcome == "dead" and row.kind != OPERATOR_KIND:  # a dead notice tells no one: no loop
            notify_operator(connection, settings, now)
    return outcome


def _deliver(
    rows: Sequence[OutboxMessage], settings: Settings, now: dt.datetime, smtp: SmtpConnect
) -> list[str | None]:
    """Send each row; for each, None when the server accepted it, else the error."""
    results: list[str | None] = []
    connection: smtplib.SMTP | None = None
    try:
        for row in rows:
            try:
                message = build_message(row, settings, now)
                if connection is None:
                    connection = smtp(settings)
                connection.send_message(
                    message,
                    from_addr=parseaddr(settings.mail_from)[1],
                    to_addrs=[row.to_address],
                )
                results.append(None)
            except (OSError, smtplib.SMTPException, ValueError) as error:
                results.append(f"{type(error).__name__}: {error}"[:1000])
                if isinstance(error, OSError | smtplib.SMTPServerDisconnected) and connection:
                    _close(connection)
                    connection = None  # reconnect for the next message
    finally:
        if connection is not None:
            _close(connection)
    return results


def _close(connection: smtplib.SMTP) -> None:
    try:
        connection.quit()
    except (OSError, smtplib.SMTPException):
        connection.close()


def send_due(
    engine: Engine,
    settings: Settings,
    *,
    now: dt.datetime,
    sender_id: str,
    smtp: SmtpConnect = connect,
    batch_size: int = BATCH_SIZE,
) -> SendReport:
    """One pass: deliver every message due at ``now``. Without SMTP_HOST, sends nothing."""
    report = SendReport()
    if not settings.smtp_host:
        report.skipped = True
        return report
    while True:
        token = f"{sender_id[:60]}/{uuid.uuid4().hex}"  # one per batch: its rows, no others
        rows = claim(engine, token, now, batch_size)
        if not rows:
            return report
        # An operator's digest says what waits now, not what waited when it was queued.
        composed = [
            row.kind != OPERATOR_KIND or compose_claimed_notice(engine, settings, row, token, now)
            for row in rows
        ]
        rows = [row for row, send in zip(rows, composed, strict=True) if send]
        for row, error in zip(rows, _deliver(rows, settings, now, smtp), strict=True):
            outcome = _finish(engine, row, token, now, settings, error)
            setattr(report, outcome, getattr(report, outcome) + 1)

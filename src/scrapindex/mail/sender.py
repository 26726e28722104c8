"""Delivers the outbox: claims due rows, sends them over SMTP, records each outcome as it comes.

The guarantee, with any number of senders on any number of hosts against one database: while
no sender dies, the SMTP server accepts each message exactly once (or never, for one that ends
dead). A sender that dies between the server's acceptance of a message and the commit of its
'sent' leaves that message to be sent again once its claim times out: at least once then, and
at most one message per dead sender goes twice, since each is marked sent right after the
server accepts it (the rest of its batch was not sent: it goes once, after the timeout). "No
sender dies" includes: none stalls for MAIL_CLAIM_TIMEOUT_SECONDS between two renewals of its
claim (it renews before every message, so one message's SMTP exchange, a few SMTP timeouts at
worst, must take less), and the hosts' clocks agree to well within that timeout.

- A claim is one statement: ``WITH picked AS MATERIALIZED (SELECT id ... LIMIT n FOR UPDATE
  SKIP LOCKED) UPDATE ... WHERE id IN (SELECT id FROM picked) AND <due>``. The CTE runs once,
  so a claim takes at most n rows whatever the plan; a subquery in ``IN (...)`` may be run
  again for every row by a nested-loop semi join (PostgreSQL picks one when its statistics say
  nothing is queued), each run passing over the rows the statement had just claimed, so one
  claim took every due row. The UPDATE re-checks that each row is still due (PostgreSQL
  re-evaluates the condition on a row another transaction changed first, and SKIP LOCKED
  passes rows being claimed; SQLite runs one writer at a time), so two senders never claim the
  same row at once.
- A claim is stamped with the sender's clock when it is made (``claimed_at``; the pass's
  ``now`` only says what is due), and before each message the sender stamps its rows still
  claimed again. A row left in 'sending' for MAIL_CLAIM_TIMEOUT_SECONDS after its last stamp
  is taken to be a dead sender's, and claimed again.
- Each message is marked (sent, queued again for a retry, or dead) in its own transaction right
  after the server's answer, not after its batch.
- A row that is no longer the sender's when it renews or marks it (its claim lapsed and another
  sender took it) is neither sent (any more) nor counted as sent: it is counted as ``lost`` and
  logged as a warning. A lost row the sender had already delivered may reach its reader twice.
"""

import datetime as dt
import logging
import re
import smtplib
import ssl
import uuid
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from email.message import EmailMessage
from email.policy import SMTP as SMTP_POLICY
from email.utils import format_datetime, parseaddr
from urllib.parse import urlsplit

from sqlalchemy import ColumnElement, Engine, Update, and_, or_, select, update
from sqlalchemy.orm import Session

from scrapindex.mail.notifications import OPERATOR_KIND, compose_claimed_notice, notify_operator
from scrapindex.models import OutboxMessage
from scrapindex.settings import Settings

SMTP_TIMEOUT_SECONDS = 20
BATCH_SIZE = 50
MAX_BACKOFF = dt.timedelta(hours=6)

SmtpConnect = Callable[[Settings], smtplib.SMTP]
Clock = Callable[[], dt.datetime]

log = logging.getLogger(__name__)

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
    lost: int = 0  # another sender took it after this one's claim lapsed: not counted as sent
    skipped: bool = False  # no SMTP host: nothing was attempted


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def claim_timeout(settings: Settings) -> dt.timedelta:
    """How long a claim holds without being renewed (MAIL_CLAIM_TIMEOUT_SECONDS)."""
    return dt.timedelta(seconds=settings.mail_claim_timeout_seconds)


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


def _due(now: dt.datetime, stale_before: dt.datetime) -> ColumnElement[bool]:
    """Rows to claim: queued and due at ``now``, or left in 'sending' by a claim last stamped
    before ``stale_before`` (its sender died)."""
    return or_(
        and_(OutboxMessage.status == "queued", OutboxMessage.next_attempt_at <= now),
        and_(OutboxMessage.status == "sending", OutboxMessage.claimed_at < stale_before),
    )


def claim_statement(
    token: str, *, now: dt.datetime, claimed_at: dt.datetime, timeout: dt.timedelta, limit: int
) -> Update:
    """The claim of up to ``limit`` rows due at ``now`` for ``token``, stamped ``claimed_at``
    (the clock's time: a row another sender stamped more than ``timeout`` before is taken)."""
    due = _due(now, claimed_at - timeout)
    picked = (
        select(OutboxMessage.id)
        .where(due)
        .order_by(OutboxMessage.next_attempt_at, OutboxMessage.id)
        .limit(limit)
        .with_for_update(skip_locked=True)  # PostgreSQL; SQLite has one writer at a time
        .cte("picked")
        # Run once, its rows kept. PostgreSQL never folds a CTE with FOR UPDATE into the
        # statement (15 does not); MATERIALIZED says so outright. As a plain subquery, a nested
        # loop may run it again for every row, each run passing the rows already claimed.
        .prefix_with("MATERIALIZED", dialect="postgresql")
    )
    return (
        update(OutboxMessage)
        .where(OutboxMessage.id.in_(select(picked.c.id)), due)
        .values(status="sending", claimed_by=token, claimed_at=claimed_at)
    )


def claim(
    engine: Engine,
    token: str,
    *,
    now: dt.datetime,
    claimed_at: dt.datetime,
    timeout: dt.timedelta,
    limit: int,
) -> list[OutboxMessage]:
    """Mark up to ``limit`` rows due at ``now`` as being sent by ``token``, stamped
    ``claimed_at``, and return them."""
    with engine.begin() as connection:
        connection.execute(
            claim_statement(token, now=now, claimed_at=claimed_at, timeout=timeout, limit=limit)
        )
    with Session(engine) as session:
        return list(
            session.scalars(
                select(OutboxMessage)
                .where(OutboxMessage.claimed_by == token, OutboxMessage.status == "sending")
                .order_by(OutboxMessage.id)
            )
        )


def renew(engine: Engine, token: str, claimed_at: dt.datetime) -> set[int]:
    """Stamp the rows still claimed under ``token`` with ``claimed_at``; their ids. A row
    another sender took (this claim had lapsed) is not among them."""
    with engine.begin() as connection:
        return set(
            connection.scalars(
                update(OutboxMessage)
                .where(OutboxMessage.claimed_by == token, OutboxMessage.status == "sending")
                .values(claimed_at=claimed_at)
                .returning(OutboxMessage.id)
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
    """Record the server's answer for ``row``: its outcome, "lost" when the row is no longer
    claimed under ``token`` (another sender took it: nothing is recorded)."""
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
        marked = connection.execute(
            update(OutboxMessage)
            .where(OutboxMessage.id == row.id, OutboxMessage.claimed_by == token)
            .values(attempts=attempts, claimed_by=None, claimed_at=None, **values)
        ).rowcount
        if not marked:
            log.warning(
                "outbox message %s was %s, but another sender had claimed it since (the claim "
                "%s lapsed): not recorded here, it may reach its reader twice",
                row.id,
                "accepted by the SMTP server" if error is None else f"not delivered ({error})",
                token,
            )
            return "lost"
        if outcome == "dead" and row.kind != OPERATOR_KIND:  # a dead notice tells no one: no loop
            notify_operator(connection, settings, now)
    return outcome


class _Relay:
    """The SMTP connection of one batch: opened for its first message, and again for the next
    message after one that broke it."""

    def __init__(self, settings: Settings, smtp: SmtpConnect) -> None:
        self.settings = settings
        self.smtp = smtp
        self.connection: smtplib.SMTP | None = None

    def send(self, row: OutboxMessage, now: dt.datetime) -> str | None:
        """Send ``row``: None when the server accepted it, else the error."""
        try:
            message = build_message(row, self.settings, now)
            if self.connection is None:
                self.connection = self.smtp(self.settings)
            self.connection.send_message(
                message,
                from_addr=parseaddr(self.settings.mail_from)[1],
                to_addrs=[row.to_address],
            )
            return None
        except (OSError, smtplib.SMTPException, ValueError) as error:
            if isinstance(error, OSError | smtplib.SMTPServerDisconnected) and self.connection:
                _close(self.connection)
                self.connection = None  # reconnect for the next message
            return f"{type(error).__name__}: {error}"[:1000]

    def close(self) -> None:
        if self.connection is not None:
            _close(self.connection)
            self.connection = None


def _close(connection: smtplib.SMTP) -> None:
    try:
        connection.quit()
    except (OSError, smtplib.SMTPException):
        connection.close()


def _send_one(
    engine: Engine,
    settings: Settings,
    relay: _Relay,
    row: OutboxMessage,
    token: str,
    now: dt.datetime,
    clock: Clock,
) -> str | None:
    """Renew the batch's claim, then send ``row`` and record the answer at once: the outcome,
    or None for an operator's digest with nothing left to tell (closed as skipped, unsent)."""
    if row.id not in renew(engine, token, clock()):
        log.warning(
            "outbox message %s not sent here: another sender claimed it after the claim %s lapsed",
            row.id,
            token,
        )
        return "lost"
    # An operator's digest says what waits now, not what waited when it was queued.
    if row.kind == OPERATOR_KIND and not compose_claimed_notice(engine, settings, row, token, now):
        return None
    return _finish(engine, row, token, now, settings, relay.send(row, now))


def send_due(
    engine: Engine,
    settings: Settings,
    *,
    now: dt.datetime,
    sender_id: str,
    smtp: SmtpConnect = connect,
    batch_size: int = BATCH_SIZE,
    clock: Clock = utc_now,
) -> SendReport:
    """One pass: deliver every message due at ``now``, stamping claims with ``clock``'s time.
    Without SMTP_HOST, sends nothing."""
    report = SendReport()
    if not settings.smtp_host:
        report.skipped = True
        return report
    timeout = claim_timeout(settings)
    while True:
        token = f"{sender_id[:60]}/{uuid.uuid4().hex}"  # one per batch: its rows, no others
        rows = claim(engine, token, now=now, claimed_at=clock(), timeout=timeout, limit=batch_size)
        if not rows:
            return report
        with closing(_Relay(settings, smtp)) as relay:
            for row in rows:
                outcome = _send_one(engine, settings, relay, row, token, now, clock)
                if outcome is not None:
                    setattr(report, outcome, getattr(report, outcome) + 1)

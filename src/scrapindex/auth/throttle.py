"""Failed logins, counted per account and per client, so that passwords cannot be guessed fast.

The account is keyed by a salted hash of the address tried, whether or not an account has it:
an unknown address is throttled exactly like a known one, so a 429 reveals nothing either. The
failures are rows in the database, so that the limit holds across the server's processes.
"""

import datetime as dt
import hashlib
import math
from dataclasses import dataclass

from sqlalchemy import delete, select
from sqlalchemy.orm import InstrumentedAttribute, Session

from scrapindex.auth.users import normalise_email
from scrapindex.models import LoginAttempt

WINDOW = dt.timedelta(minutes=15)
FAILURES_PER_ACCOUNT = 5
# Higher: several operators may share an office's address, and each may mistype.
FAILURES_PER_CLIENT = 20


@dataclass(frozen=True)
class Attempt:
    email_hash: str
    client_hash: str


def attempt_of(email: str, client_hash: str, salt: str) -> Attempt:
    digest = hashlib.sha256(f"{salt}:login:{normalise_email(email)}".encode()).hexdigest()
    return Attempt(digest, client_hash)


def seconds_to_wait(session: Session, attempt: Attempt, now: dt.datetime) -> int | None:
    """How long until the attempt may be made, or None when it may be made now."""
    waits = [
        _wait(session, LoginAttempt.email_hash, attempt.email_hash, FAILURES_PER_ACCOUNT, now),
        _wait(session, LoginAttempt.client_hash, attempt.client_hash, FAILURES_PER_CLIENT, now),
    ]
    return max((wait for wait in waits if wait is not None), default=None)


def _wait(
    session: Session,
    column: InstrumentedAttribute[str],
    key: str,
    limit: int,
    now: dt.datetime,
) -> int | None:
    """When the newest ``limit`` failures fill the window: time until the oldest of them leaves."""
    counted = list(
        session.scalars(
            select(LoginAttempt.created_at)
            .where(column == key, LoginAttempt.created_at > now - WINDOW)
            .order_by(LoginAttempt.created_at.desc())
            .limit(limit)
        )
    )
    if len(counted) < limit:
        return None
    return max(1, math.ceil((counted[-1] + WINDOW - now).total_seconds()))


def record_failure(session: Session, attempt: Attempt, now: dt.datetime) -> None:
    # Failures past the window count for nothing any more: the table stays as small as the limits.
    session.execute(delete(LoginAttempt).where(LoginAttempt.created_at <= now - WINDOW))
    session.add(
        LoginAttempt(email_hash=attempt.email_hash, client_hash=attempt.client_hash, created_at=now)
    )


def clear_failures(session: Session, attempt: Attempt) -> None:
    """After a successful login, the account's earlier failures no longer count against it."""
    session.execute(delete(LoginAttempt).where(LoginAttempt.email_hash == attempt.email_hash))


def wait_message(seconds: int) -> str:
    minutes = math.ceil(seconds / 60)
    return f"Too many failed logins. Try again in {minutes} minute{'s' if minutes != 1 else ''}."

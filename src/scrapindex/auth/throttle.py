"""Failed logins, counted so that passwords cannot be guessed fast and no one can lock the
owner out.

The rule (README, "Logins"):
- A client (a hashed address) with no failed login in the window is never held back: the
  owner, from an address that has not been guessing, always gets their password checked.
- A client with failures may fail at most ``FAILURES_PER_ACCOUNT_CLIENT`` times on one account
  and ``FAILURES_PER_CLIENT`` times on all accounts in the window.
- When an account has failed ``ACCOUNT_CEILING`` times in the window (guesses from many
  addresses), a client that already failed on it waits until its own newest failure leaves the
  window: one guess per address per window, while fresh addresses (the owner's) still pass.

An attempt is recorded as a failure *before* the password is checked, under a lock keyed on the
account and on the client (``write_locks``), so concurrent guesses count, on one host and
across hosts; a successful login then withdraws it. The account is keyed by a salted hash of
the address tried, whether or not an account has it, so a 429 reveals nothing either.
"""

import datetime as dt
import hashlib
import math
from dataclasses import dataclass

from sqlalchemy import ColumnElement, delete, func, select
from sqlalchemy.orm import Session

from scrapindex.auth.users import normalise_email
from scrapindex.models import LoginAttempt
from scrapindex.write_locks import lock_key, take_write_lock

WINDOW = dt.timedelta(minutes=15)
FAILURES_PER_ACCOUNT_CLIENT = 5
# Higher: several operators may share an office's address, and each may mistype.
FAILURES_PER_CLIENT = 20
ACCOUNT_CEILING = 10


@dataclass(frozen=True)
class Attempt:
    email_hash: str
    client_hash: str


@dataclass(frozen=True)
class Admission:
    """An attempt let through: its provisional failure row, withdrawn if the password is right.
    ``limit_reached``: this attempt fills one of the client's limits (a lockout starts if it
    fails)."""

    row_id: int
    limit_reached: bool


def attempt_of(email: str, client_hash: str, salt: str) -> Attempt:
    digest = hashlib.sha256(f"{salt}:login:{normalise_email(email)}".encode()).hexdigest()
    return Attempt(digest, client_hash)


def admit(session: Session, attempt: Attempt, now: dt.datetime) -> Admission | int:
    """Let the attempt through (recorded as a failure until it succeeds, and committed) or say
    how many seconds it must wait."""
    take_write_lock(
        session.connection(),
        lock_key(f"login-account:{attempt.email_hash}"),
        lock_key(f"login-client:{attempt.client_hash}"),
    )
    # Failures past the window count for nothing any more: the table stays as small as the limits.
    session.execute(delete(LoginAttempt).where(LoginAttempt.created_at <= now - WINDOW))
    wait = _seconds_to_wait(session, attempt, now)
    if wait is not None:
        session.commit()
        return wait
    row = LoginAttempt(
        email_hash=attempt.email_hash, client_hash=attempt.client_hash, created_at=now
    )
    session.add(row)
    session.flush()
    limit_reached = _seconds_to_wait(session, attempt, now) is not None
    session.commit()
    return Admission(row.id, limit_reached)


def succeeded(session: Session, attempt: Attempt, admission: Admission) -> None:
    """The password was right: this attempt and this client's earlier failures on the account
    no longer count (other clients' failures do: they were someone else's guesses)."""
    session.execute(
        delete(LoginAttempt).where(
            LoginAttempt.email_hash == attempt.email_hash,
            LoginAttempt.client_hash == attempt.client_hash,
        )
    )
    session.execute(delete(LoginAttempt).where(LoginAttempt.id == admission.row_id))


def _seconds_to_wait(session: Session, attempt: Attempt, now: dt.datetime) -> int | None:
    since = now - WINDOW
    mine = LoginAttempt.client_hash == attempt.client_hash
    on_account = LoginAttempt.email_hash == attempt.email_hash
    if _count(session, mine, since) == 0:
        return None
    waits = [
        _wait(session, mine & on_account, FAILURES_PER_ACCOUNT_CLIENT, now),
        _wait(session, mine, FAILURES_PER_CLIENT, now),
    ]
    if _count(session, on_account, since) >= ACCOUNT_CEILING:
        waits.append(_wait(session, mine & on_account, 1, now))
    return max((wait for wait in waits if wait is not None), default=None)


def _count(session: Session, where: ColumnElement[bool], since: dt.datetime) -> int:
    counted = select(func.count()).where(where, LoginAttempt.created_at > since)
    return session.scalar(counted.select_from(LoginAttempt)) or 0


def _wait(session: Session, where: ColumnElement[bool], limit: int, now: dt.datetime) -> int | None:
    """When the newest ``limit`` failures fill the window: time until the oldest of them leaves."""
    counted = list(
        session.scalars(
            select(LoginAttempt.created_at)
            .where(where, LoginAttempt.created_at > now - WINDOW)
            .order_by(LoginAttempt.created_at.desc())
            .limit(limit)
        )
    )
    if len(counted) < limit:
        return None
    return max(1, math.ceil((counted[-1] + WINDOW - now).total_seconds()))


def wait_message(seconds: int) -> str:
    minutes = math.ceil(seconds / 60)
    return f"Too many failed logins. Try again in {minutes} minute{'s' if minutes != 1 else ''}."

"""Server-side login sessions: a random token in the cookie, its SHA-256 in the database.

A session ends when it is revoked (logout, account disabled), when it has not been used for
``idle`` or when it reaches its absolute expiry, whichever comes first.
"""

import datetime as dt
import hashlib
import secrets
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from scrapindex.models import User, UserSession

SESSION_COOKIE = "scrapindex_session"
CSRF_HEADER = "X-CSRF-Token"
# last_seen_at is written at most this often: reading a page of the console is not a write each.
TOUCH_EVERY = dt.timedelta(minutes=1)


@dataclass(frozen=True)
class SessionLimits:
    idle: dt.timedelta
    absolute: dt.timedelta


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def start_session(
    session: Session, user: User, client: str, limits: SessionLimits, now: dt.datetime
) -> tuple[str, UserSession]:
    """A new session for ``user``: the cookie's token (never stored) and the stored row."""
    token = secrets.token_urlsafe(32)
    row = UserSession(
        token_hash=token_hash(token),
        csrf_token=secrets.token_urlsafe(32),
        user_id=user.id,
        client_hash=client,
        created_at=now,
        last_seen_at=now,
        expires_at=now + limits.absolute,
    )
    session.add(row)
    session.flush()
    return token, row


def find_live_session(
    session: Session, token: str, limits: SessionLimits, now: dt.datetime
) -> UserSession | None:
    """The session the cookie's token names, when it is still valid; its last use is noted."""
    row = session.scalars(
        select(UserSession).where(UserSession.token_hash == token_hash(token))
    ).first()
    if row is None or not is_live(row, limits, now):
        return None
    if now - row.last_seen_at >= TOUCH_EVERY:
        row.last_seen_at = now
        session.commit()
    return row


def is_live(row: UserSession, limits: SessionLimits, now: dt.datetime) -> bool:
    return (
        row.revoked_at is None
        and row.user.disabled_at is None
        and now < row.expires_at
        and now - row.last_seen_at < limits.idle
    )


def revoke(row: UserSession, now: dt.datetime) -> None:
    row.revoked_at = row.revoked_at or now


def revoke_all(session: Session, user: User, now: dt.datetime) -> int:
    """End every live session of ``user`` (log out everywhere); how many were live."""
    live = session.scalars(
        select(UserSession).where(UserSession.user_id == user.id, UserSession.revoked_at.is_(None))
    ).all()
    for row in live:
        revoke(row, now)
    return len(live)


def csrf_matches(row: UserSession, sent: str | None) -> bool:
    return sent is not None and secrets.compare_digest(row.csrf_token.encode(), sent.encode())

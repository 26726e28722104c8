"""Operator accounts: made and disabled from the command line, read by the login."""

import datetime as dt
from typing import Literal, get_args

from sqlalchemy import select
from sqlalchemy.orm import Session

from scrapindex.auth.passwords import (
    dummy_verify,
    hash_password,
    password_problem,
    verify_password,
)
from scrapindex.models import User, UserSession

# admin and moderator are operators; an owner posts for the yards of yard_owners, nothing else.
Role = Literal["admin", "moderator", "owner"]
OPERATOR_ROLES = frozenset({"admin", "moderator"})
ROLES: tuple[str, ...] = get_args(Role)


class AccountError(ValueError):
    """A refused account change, with a message for the person who asked."""


def normalise_email(email: str) -> str:
    return email.strip().lower()


def find_user(session: Session, email: str) -> User | None:
    return session.scalars(select(User).where(User.email == normalise_email(email))).first()


def authenticate(session: Session, email: str, password: str) -> User | None:
    """The enabled account with this address and password, or None, in about the same time.

    An unknown address costs a hash check too, and a disabled account is checked like any other,
    so how long the answer takes does not tell which of the three it was. A hash made with older
    parameters is replaced by a new one (the caller commits it with the login).
    """
    user = find_user(session, email)
    if user is None:
        dummy_verify(password)
        return None
    matches, new_hash = verify_password(password, user.password_hash)
    if not matches or user.disabled_at is not None:
        return None
    if new_hash is not None:
        user.password_hash = new_hash
    return user


def list_users(session: Session) -> list[User]:
    return list(session.scalars(select(User).order_by(User.email)))


def create_user(session: Session, email: str, password: str, role: str) -> User:
    if role not in ROLES:
        raise AccountError(f"Unknown role {role!r}: use one of {', '.join(ROLES)}.")
    email = normalise_email(email)
    if "@" not in email or len(email) > 254:
        raise AccountError(f"Not an e-mail address: {email!r}.")
    if problem := password_problem(password, email):
        raise AccountError(problem)
    if find_user(session, email) is not None:
        raise AccountError(f"An account for {email} already exists.")
    user = User(
        email=email,
        password_hash=hash_password(password),
        role=role,
        created_at=dt.datetime.now(dt.UTC),
    )
    session.add(user)
    session.flush()
    return user


def disable_user(session: Session, user: User, now: dt.datetime | None = None) -> None:
    """No more logins, and every open session of the account ends now."""
    now = now or dt.datetime.now(dt.UTC)
    user.disabled_at = user.disabled_at or now
    for open_session in session.scalars(
        select(UserSession).where(UserSession.user_id == user.id, UserSession.revoked_at.is_(None))
    ):
        open_session.revoked_at = now


def account_state(user: User) -> dict[str, str | None]:
    """An account as the audit log records it, before and after a change."""
    disabled = user.disabled_at.isoformat() if user.disabled_at else None
    return {"email": user.email, "role": user.role, "disabledAt": disabled}

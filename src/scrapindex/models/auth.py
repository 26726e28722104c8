"""Operators of the console: accounts, sessions, failed logins and the audit log."""

import datetime as dt
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scrapindex.dbtypes import UtcDateTime
from scrapindex.models.base import Base


class User(Base):
    """An operator: a moderator works the queues, an admin also manages accounts and data."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(254), unique=True)  # stored lower-case
    password_hash: Mapped[str] = mapped_column(String(200))  # Argon2id, PHC string
    role: Mapped[str] = mapped_column(String(16))  # admin or moderator
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())
    last_login_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())
    disabled_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())


class UserSession(Base):
    """A login. The cookie holds a random token; only its SHA-256 is stored, so a leaked table
    cannot be replayed. Revoked, idle past its limit or past its absolute expiry: no longer valid.
    """

    __tablename__ = "user_sessions"

    id: Mapped[int] = mapped_column(primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    csrf_token: Mapped[str] = mapped_column(String(64))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    client_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())
    last_seen_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())
    expires_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())  # the absolute limit
    revoked_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())

    user: Mapped[User] = relationship(lazy="joined")


class LoginAttempt(Base):
    """Failed logins, counted per account and per client to throttle guessing."""

    __tablename__ = "login_attempts"
    __table_args__ = (
        Index("ix_login_attempts_email_created", "email_hash", "created_at"),
        Index("ix_login_attempts_client_created", "client_hash", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    email_hash: Mapped[str] = mapped_column(String(64))  # salted hash of the address tried
    client_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())


class AuditEntry(Base):
    """Who changed what and when, with the state before and after: one row per admin action."""

    __tablename__ = "audit_log"
    __table_args__ = (Index("ix_audit_log_created_at", "created_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))  # None: the CLI
    actor: Mapped[str] = mapped_column(String(254))  # the user's e-mail, or "cli"
    action: Mapped[str] = mapped_column(String(60))  # e.g. price-report.approve
    entity_type: Mapped[str] = mapped_column(String(40))
    entity_id: Mapped[str | None] = mapped_column(String(60))
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())

"""Mail: the outbox, and what visitors sign up to receive (the newsletter, price alerts)."""

import datetime as dt
import secrets
from decimal import Decimal
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Index, Integer, String, Text
from sqlalchemy.engine.default import DefaultExecutionContext
from sqlalchemy.orm import Mapped, mapped_column

from scrapindex.dbtypes import ExactDecimal, UtcDateTime
from scrapindex.mail.addresses import address_key
from scrapindex.models.base import Base, money

NONCE_LENGTH = 32


def new_nonce() -> str:
    """A random value for one row, carried by the links made for it (22 URL-safe characters)."""
    return secrets.token_urlsafe(16)


def _address_key_of_row(context: DefaultExecutionContext) -> str:
    """The default of ``address_key``: the key of the row's address (for rows inserted without
    one, as tests and benchmarks do)."""
    row: dict[str, Any] = context.get_current_parameters()  # type: ignore[no-untyped-call]
    return address_key(str(row["email"]))


class NewsletterSubscription(Base):
    __tablename__ = "newsletter_subscriptions"
    __table_args__ = (
        Index("ix_newsletter_subscriptions_client_created", "client_hash", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(254), unique=True)  # as given: mail goes here
    # One sign-up per mailbox however it is written (mail/addresses.py): a variant of a signed-up
    # address is that sign-up.
    address_key: Mapped[str] = mapped_column(String(254), index=True, default=_address_key_of_row)
    client_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())
    # Double opt-in: a subscriber only once the link in the confirmation mail was opened.
    # Unconfirmed rows older than 30 days are purged; unsubscribing deletes the row and
    # suppresses the address (MailSuppression).
    confirmed_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())
    confirmation_sent_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())
    # In every link made for this row: a link acts on this sign-up only, not on a later one of
    # the same address.
    nonce: Mapped[str] = mapped_column(String(NONCE_LENGTH), default=new_nonce)


class OutboxMessage(Base):
    """One outgoing mail, written in the transaction of the change that caused it.

    `scrapindex.mail.sender.send_due` claims due rows (status queued -> sending), delivers
    them and marks them sent, or queued again later (exponential backoff), or dead.
    """

    __tablename__ = "outbox_messages"
    __table_args__ = (Index("ix_outbox_messages_status_next_attempt", "status", "next_attempt_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(40))  # operator-notice, alert-fired, ...
    to_address: Mapped[str] = mapped_column(String(254))
    subject: Mapped[str] = mapped_column(String(200))
    text_body: Mapped[str] = mapped_column(Text)
    html_body: Mapped[str] = mapped_column(Text)
    headers: Mapped[dict[str, str]] = mapped_column(JSON, default=dict)  # extra headers
    status: Mapped[str] = mapped_column(String(10))  # queued, sending, sent, dead or skipped
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())
    claimed_by: Mapped[str | None] = mapped_column(String(100))
    claimed_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())
    last_error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())
    sent_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())
    dead_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())  # gave up: operator told


class PriceAlert(Base):
    """An address's alert on a city's prices: a material going above or below a threshold, or a
    daily or weekly digest of the city's board. Counts once confirmed; unsubscribing deletes it,
    and an unconfirmed one is purged once its confirmation link has expired.

    Crossing detection (``scrapindex.alerts.evaluate``): ``is_beyond`` is where the price stood
    at the last evaluation (None: not evaluated yet), so an alert fires once per crossing.
    """

    __tablename__ = "price_alerts"
    __table_args__ = (
        Index("ix_price_alerts_series", "kind", "material_id", "city_id"),
        Index("ix_price_alerts_client_created", "client_hash", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(254), index=True)  # as given: mail goes here
    # What the cap of alerts per address counts by (mail/addresses.py).
    address_key: Mapped[str] = mapped_column(String(254), index=True, default=_address_key_of_row)
    kind: Mapped[str] = mapped_column(String(16))  # above, below, digest-daily, digest-weekly
    city_id: Mapped[int] = mapped_column(ForeignKey("cities.id"))
    material_id: Mapped[int | None] = mapped_column(ForeignKey("materials.id"))  # above/below
    threshold: Mapped[Decimal | None] = mapped_column(ExactDecimal(14, 4))  # as entered, in unit
    unit: Mapped[str | None] = mapped_column(String(5))  # kg, lb, t, ozt or piece
    threshold_per_kg: Mapped[Decimal | None] = mapped_column(money())
    currency: Mapped[str] = mapped_column(String(3))  # the city's, when the alert was made
    client_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())
    confirmed_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())
    is_beyond: Mapped[bool | None] = mapped_column(Boolean)
    last_price_id: Mapped[int | None] = mapped_column(Integer)  # evaluated last (no key: history)
    last_sent_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())  # fired or digest
    # In every link made for this alert: SQLite gives a deleted alert's id to the next one, and
    # a link made for the old alert must not act on the new one.
    nonce: Mapped[str] = mapped_column(String(NONCE_LENGTH), default=new_nonce)


class SignUpAttempt(Base):
    """One sign-up posted (newsletter or alert), stored or not: the forms' limit per client
    counts these, so asking again for an address already signed up counts too.

    ``limit_key`` is the form and the client's hash (``"newsletter:<hash>"``): the one column
    the forms' limit (api/submissions.enforce_rate_limit) counts by. Kept a day."""

    __tablename__ = "sign_up_attempts"
    __table_args__ = (
        Index("ix_sign_up_attempts_limit_key_attempted", "limit_key", "attempted_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    limit_key: Mapped[str] = mapped_column(String(80))
    attempted_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())


class MailSuppression(Base):
    """An address that unsubscribed (or removed its last alert): a new sign-up of it gets at
    most one confirmation mail per 30 days, until it confirms one. Kept as a salted hash of
    its address key (mail/sign_ups.py), never the address."""

    __tablename__ = "mail_suppressions"

    id: Mapped[int] = mapped_column(primary_key=True)
    address_hash: Mapped[str] = mapped_column(String(64), unique=True)
    suppressed_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())
    confirmation_sent_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())

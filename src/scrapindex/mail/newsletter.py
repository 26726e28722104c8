"""The newsletter's double opt-in: sign-up, confirmation, one-click unsubscribe, purge.

A sign-up stores the address unconfirmed and queues (same transaction) a mail with a signed
link to /newsletter/confirm; only confirmed rows are subscribers. Asking again for an
unconfirmed address resends that mail at most once per RESEND_INTERVAL. Unsubscribing deletes
the row (nothing about the address is kept); unconfirmed rows older than UNCONFIRMED_LIFETIME
are deleted by `purge_unconfirmed` (daily, from `scrapindex schedule`).

Every newsletter-class mail carries List-Unsubscribe (an https link and a mailto) and
List-Unsubscribe-Post (RFC 8058 one-click). The header values hold only the site root, a
URL-safe token and the sender's address: the visitor's address is validated by the form and
appears only inside the signed token's base64.
"""

import datetime as dt
from enum import Enum

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from scrapindex.mail.outbox import enqueue
from scrapindex.mail.tokens import (
    CONFIRM_LINK_VALID,
    LINK_IN_EVERY_MAIL_VALID,
    BadToken,
    list_unsubscribe_headers,
    make_token,
    read_token,
    token_link,
)
from scrapindex.models import NewsletterSubscription
from scrapindex.settings import Settings

CONFIRM_PURPOSE = "newsletter-confirm"
UNSUBSCRIBE_PURPOSE = "newsletter-unsubscribe"
CONFIRM_VALID = CONFIRM_LINK_VALID
UNSUBSCRIBE_VALID = LINK_IN_EVERY_MAIL_VALID
RESEND_INTERVAL = dt.timedelta(hours=1)
UNCONFIRMED_LIFETIME = dt.timedelta(days=30)

CONFIRM_KIND = "newsletter-confirm"
CONFIRM_SUBJECT = "Confirm your ScrapIndex newsletter subscription"
CONFIRM_PATH = "/newsletter/confirm"
UNSUBSCRIBE_PATH = "/newsletter/unsubscribe"


class SignUp(Enum):
    NEW = "new"  # stored, confirmation mail queued
    PENDING = "pending"  # waiting for confirmation (mail resent, or sent less than an hour ago)
    CONFIRMED = "confirmed"  # already a subscriber


def confirm_url(settings: Settings, email: str, now: dt.datetime) -> str:
    return token_link(
        settings, CONFIRM_PATH, make_token(settings, CONFIRM_PURPOSE, {"e": email}, now=now)
    )


def unsubscribe_url(settings: Settings, email: str, now: dt.datetime) -> str:
    token = make_token(settings, UNSUBSCRIBE_PURPOSE, {"e": email}, now=now)
    return token_link(settings, UNSUBSCRIBE_PATH, token)


def unsubscribe_headers(settings: Settings, email: str, now: dt.datetime) -> dict[str, str]:
    """List-Unsubscribe (https and mailto) and RFC 8058's List-Unsubscribe-Post for ``email``."""
    return list_unsubscribe_headers(settings, unsubscribe_url(settings, email, now))


def enqueue_newsletter_mail(
    session: Session,
    settings: Settings,
    email: str,
    kind: str,
    subject: str,
    template: str,
    now: dt.datetime,
    context: dict[str, object] | None = None,
) -> int:
    """Queue a newsletter-class mail to ``email``: with its unsubscribe link, in the body
    (``unsubscribe_url``) and in the List-Unsubscribe headers."""
    return enqueue(
        session,
        kind,
        email,
        subject,
        template,
        {
            "site_root": settings.link_root(),
            "unsubscribe_url": unsubscribe_url(settings, email, now),
            **(context or {}),
        },
        unsubscribe_headers(settings, email, now),
        now=now,
    )


def find_subscription(session: Session, email: str) -> NewsletterSubscription | None:
    return session.scalars(
        select(NewsletterSubscription).where(NewsletterSubscription.email == email)
    ).first()


def _send_confirmation(
    session: Session, settings: Settings, row: NewsletterSubscription, now: dt.datetime
) -> None:
    row.confirmation_sent_at = now
    enqueue_newsletter_mail(
        session,
        settings,
        row.email,
        CONFIRM_KIND,
        CONFIRM_SUBJECT,
        CONFIRM_KIND,
        now,
        {"confirm_url": confirm_url(settings, row.email, now), "valid_days": CONFIRM_VALID.days},
    )


def sign_up(
    session: Session, settings: Settings, email: str, client: str, now: dt.datetime
) -> SignUp:
    """Store ``email`` unconfirmed and queue its confirmation mail, or resend that mail when the
    last one is an hour old, in the session's transaction (the caller commits)."""
    row = find_subscription(session, email)
    if row is None:
        row = NewsletterSubscription(email=email, client_hash=client, created_at=now)
        session.add(row)
        session.flush()
        _send_confirmation(session, settings, row, now)
        return SignUp.NEW
    if row.confirmed_at is not None:
        return SignUp.CONFIRMED
    if row.confirmation_sent_at is None or now - row.confirmation_sent_at >= RESEND_INTERVAL:
        _send_confirmation(session, settings, row, now)
    return SignUp.PENDING


def email_of(
    settings: Settings, purpose: str, token: str, max_age: dt.timedelta, now: dt.datetime
) -> str:
    """The address a genuine, unexpired token was made for; raises BadToken otherwise."""
    payload = read_token(settings, purpose, token, max_age, now=now)
    email = payload.get("e")
    if not isinstance(email, str) or not email:
        raise BadToken("invalid")
    return email


def confirm(session: Session, email: str, now: dt.datetime) -> bool:
    """Make ``email`` a subscriber (again: idempotent). False when no sign-up is waiting (it
    was purged or unsubscribed since)."""
    row = find_subscription(session, email)
    if row is None:
        return False
    if row.confirmed_at is None:
        row.confirmed_at = now
    return True


def unsubscribe(session: Session, email: str) -> bool:
    """Delete ``email``'s subscription, confirmed or not. False when there was none."""
    result = session.execute(
        delete(NewsletterSubscription).where(NewsletterSubscription.email == email)
    )
    return bool(result.rowcount)  # type: ignore[attr-defined]


def purge_unconfirmed(session: Session, now: dt.datetime) -> int:
    """Delete the sign-ups nobody confirmed within UNCONFIRMED_LIFETIME; how many."""
    result = session.execute(
        delete(NewsletterSubscription).where(
            NewsletterSubscription.confirmed_at.is_(None),
            NewsletterSubscription.created_at < now - UNCONFIRMED_LIFETIME,
        )
    )
    return int(result.rowcount)  # type: ignore[attr-defined]

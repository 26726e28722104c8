"""The newsletter's double opt-in: sign-up, confirmation, one-click unsubscribe, purge.

A sign-up stores the address unconfirmed and queues (same transaction) a mail with a signed
link to /newsletter/confirm; only confirmed rows are subscribers. An address is one sign-up
however it is written (``Reader+news@`` is ``reader@``: mail/addresses.py). Asking again for an
unconfirmed address resends that mail at most once per RESEND_INTERVAL (and every ask counts
against the client's limit: mail/sign_ups.py). Unsubscribing deletes the row and suppresses the
address, so a new sign-up of it sends at most one confirmation mail per 30 days; unconfirmed rows
older than UNCONFIRMED_LIFETIME are deleted by `purge_unconfirmed` (daily, from
`scrapindex schedule`).

Every link names the address and the row's nonce: it acts on the sign-up it was made for, never
on a later sign-up of the same address.

Every newsletter-class mail carries List-Unsubscribe (an https link and a mailto) and
List-Unsubscribe-Post (RFC 8058 one-click). The header values hold only the site root, a
URL-safe token and the sender's address: the visitor's address is validated by the form and
appears only inside the signed token's base64.
"""

import datetime as dt
from enum import Enum
from typing import NamedTuple

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from scrapindex.mail.addresses import address_key
from scrapindex.mail.outbox import enqueue
from scrapindex.mail.sign_ups import lift_suppression, lock_address, may_send_confirmation, suppress
from scrapindex.mail.tokens import (
    CONFIRM_LINK_VALID,
    LINK_IN_EVERY_MAIL_VALID,
    BadToken,
    list_unsubscribe_headers,
    make_token,
    read_token,
    token_link,
)
from scrapindex.models import NewsletterSubscription, OutboxMessage
from scrapindex.settings import Settings

CONFIRM_PURPOSE = "newsletter-confirm"
UNSUBSCRIBE_PURPOSE = "newsletter-unsubscribe"
CONFIRM_VALID = CONFIRM_LINK_VALID
UNSUBSCRIBE_VALID = LINK_IN_EVERY_MAIL_VALID
RESEND_INTERVAL = dt.timedelta(hours=1)
# Confirmation mails one sign-up gets in all (the first and two re-sends): asked for again
# every hour, anyone could otherwise send a stranger 24 a day until the sign-up is purged.
CONFIRMATIONS_PER_SIGN_UP = 3
UNCONFIRMED_LIFETIME = dt.timedelta(days=30)

CONFIRM_KIND = "newsletter-confirm"
CONFIRM_SUBJECT = "Confirm your ScrapIndex newsletter subscription"
CONFIRM_PATH = "/newsletter/confirm"
UNSUBSCRIBE_PATH = "/newsletter/unsubscribe"


class SignUp(Enum):
    NEW = "new"  # stored, confirmation mail queued
    PENDING = "pending"  # waiting for confirmation (mail resent, or sent less than an hour ago)
    CONFIRMED = "confirmed"  # already a subscriber


class LinkedSignUp(NamedTuple):
    """What a newsletter link names: the address, and the nonce of the sign-up it was made for."""

    email: str
    nonce: str


def _payload(row: NewsletterSubscription) -> dict[str, str]:
    return {"e": row.email, "n": row.nonce}


def confirm_url(settings: Settings, row: NewsletterSubscription, now: dt.datetime) -> str:
    token = make_token(settings, CONFIRM_PURPOSE, _payload(row), now=now)
    return token_link(settings, CONFIRM_PATH, token)


def unsubscribe_url(settings: Settings, row: NewsletterSubscription, now: dt.datetime) -> str:
    token = make_token(settings, UNSUBSCRIBE_PURPOSE, _payload(row), now=now)
    return token_link(settings, UNSUBSCRIBE_PATH, token)


def unsubscribe_headers(
    settings: Settings, row: NewsletterSubscription, now: dt.datetime
) -> dict[str, str]:
    """List-Unsubscribe (https and mailto) and RFC 8058's List-Unsubscribe-Post for ``row``."""
    return list_unsubscribe_headers(settings, unsubscribe_url(settings, row, now))


def enqueue_newsletter_mail(
    session: Session,
    settings: Settings,
    row: NewsletterSubscription,
    kind: str,
    subject: str,
    template: str,
    now: dt.datetime,
    context: dict[str, object] | None = None,
) -> int:
    """Queue a newsletter-class mail to ``row``'s address: with its unsubscribe link, in the
    body (``unsubscribe_url``) and in the List-Unsubscribe headers."""
    return enqueue(
        session,
        kind,
        row.email,
        subject,
        template,
        {
            "site_root": settings.link_root(),
            "unsubscribe_url": unsubscribe_url(settings, row, now),
            **(context or {}),
        },
        unsubscribe_headers(settings, row, now),
        now=now,
    )


def find_subscription(session: Session, email: str) -> NewsletterSubscription | None:
    """The sign-up of ``email`` however it is written (its address key): a confirmed one
    first, then the oldest."""
    return session.scalars(
        select(NewsletterSubscription)
        .where(NewsletterSubscription.address_key == address_key(email))
        .order_by(NewsletterSubscription.confirmed_at.is_(None), NewsletterSubscription.id)
    ).first()


def _send_confirmation(
    session: Session, settings: Settings, row: NewsletterSubscription, now: dt.datetime
) -> None:
    """Queue the confirmation mail, unless the address is suppressed and had one lately."""
    if not may_send_confirmation(session, settings, row.email, now):
        return
    row.confirmation_sent_at = now
    enqueue_newsletter_mail(
        session,
        settings,
        row,
        CONFIRM_KIND,
        CONFIRM_SUBJECT,
        CONFIRM_KIND,
        now,
        {"confirm_url": confirm_url(settings, row, now), "valid_days": CONFIRM_VALID.days},
    )


def sign_up(
    session: Session, settings: Settings, email: str, client: str, now: dt.datetime
) -> SignUp:
    """Store ``email`` unconfirmed and queue its confirmation mail, or resend that mail when the
    last one is an hour old, in the session's transaction (the caller commits)."""
    lock_address(session, email)
    row = find_subscription(session, email)
    if row is None:
        row = NewsletterSubscription(
            email=email, address_key=address_key(email), client_hash=client, created_at=now
        )
        session.add(row)
        session.flush()
        _send_confirmation(session, settings, row, now)
        return SignUp.NEW
    if row.confirmed_at is not None:
        return SignUp.CONFIRMED
    due = row.confirmation_sent_at is None or now - row.confirmation_sent_at >= RESEND_INTERVAL
    if due and _confirmations_sent(session, row) < CONFIRMATIONS_PER_SIGN_UP:
        _send_confirmation(session, settings, row, now)
    return SignUp.PENDING


def _confirmations_sent(session: Session, row: NewsletterSubscription) -> int:
    """The confirmation mails queued for this sign-up (the outbox keeps every mail it sent)."""
    return (
        session.scalar(
            select(func.count())
            .select_from(OutboxMessage)
            .where(
                OutboxMessage.kind == CONFIRM_KIND,
                OutboxMessage.to_address == row.email,
                OutboxMessage.created_at >= row.created_at,
            )
        )
        or 0
    )


def sign_up_of(
    settings: Settings, purpose: str, token: str, max_age: dt.timedelta, now: dt.datetime
) -> LinkedSignUp:
    """The sign-up a genuine, unexpired token was made for; raises BadToken otherwise (also for
    a link made before links carried a nonce)."""
    payload = read_token(settings, purpose, token, max_age, now=now)
    email, nonce = payload.get("e"), payload.get("n")
    if not isinstance(email, str) or not email or not isinstance(nonce, str) or not nonce:
        raise BadToken("invalid")
    return LinkedSignUp(email, nonce)


def _linked_row(session: Session, link: LinkedSignUp) -> NewsletterSubscription | None:
    return session.scalars(
        select(NewsletterSubscription).where(
            NewsletterSubscription.email == link.email, NewsletterSubscription.nonce == link.nonce
        )
    ).first()


def confirm(session: Session, settings: Settings, link: LinkedSignUp, now: dt.datetime) -> bool:
    """Make the linked sign-up a subscriber (again: idempotent), which lifts any suppression of
    the address. False when that sign-up is no longer waiting (it was purged or unsubscribed
    since, whether or not the address signed up again)."""
    row = _linked_row(session, link)
    if row is None:
        return False
    if row.confirmed_at is None:
        row.confirmed_at = now
        lift_suppression(session, settings, row.email)
    return True


def unsubscribe(session: Session, settings: Settings, link: LinkedSignUp, now: dt.datetime) -> bool:
    """Delete the linked sign-up, confirmed or not, and suppress the address (the link came
    from its mailbox). False when the address has another sign-up, made after the link: that
    one stays, and only a link of its own removes it."""
    session.execute(
        delete(NewsletterSubscription).where(
            NewsletterSubscription.email == link.email, NewsletterSubscription.nonce == link.nonce
        )
    )
    suppress(session, settings, link.email, now)
    return find_subscription(session, link.email) is None


def purge_unconfirmed(session: Session, now: dt.datetime) -> int:
    """Delete the sign-ups nobody confirmed within UNCONFIRMED_LIFETIME; how many."""
    result = session.execute(
        delete(NewsletterSubscription).where(
            NewsletterSubscription.confirmed_at.is_(None),
            NewsletterSubscription.created_at < now - UNCONFIRMED_LIFETIME,
        )
    )
    return int(result.rowcount)  # type: ignore[attr-defined]

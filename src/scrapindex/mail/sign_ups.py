"""What newsletter and alert sign-ups share, so that their mail cannot be aimed at someone.

- **Every sign-up posted counts** against the client's limit (``limit_key`` and
  ``record_attempt``; the routers count with api/submissions.enforce_rate_limit), asking again
  for an address already signed up included: it may send the confirmation mail again.
- **One address, however written**: sign-ups of one mailbox take turns (``lock_address``) and
  are counted by its key (mail/addresses.py).
- **Suppression**: an address that unsubscribed is kept as a salted hash; a new sign-up of it
  gets at most one confirmation mail per SUPPRESSED_CONFIRMATION_INTERVAL
  (``may_send_confirmation``), until the address confirms one, which lifts the suppression.
  The hash is salted with CLIENT_HASH_SALT: a new salt forgets every suppression.
"""

import datetime as dt
import hashlib
import hmac
from typing import Literal

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from scrapindex.mail.addresses import address_key
from scrapindex.models import MailSuppression, SignUpAttempt
from scrapindex.settings import Settings
from scrapindex.write_locks import lock_key, take_write_lock

SignUpForm = Literal["newsletter", "alert"]
SUPPRESSED_CONFIRMATION_INTERVAL = dt.timedelta(days=30)
ATTEMPTS_KEPT = dt.timedelta(days=1)  # the limit looks back a minute


def limit_key(form: SignUpForm, client: str) -> str:
    """What a form's attempts are counted by: the form and the client's hash."""
    return f"{form}:{client}"


def record_attempt(session: Session, form: SignUpForm, client: str, now: dt.datetime) -> None:
    """Count this post against the client's limit (stored with the caller's transaction)."""
    session.add(SignUpAttempt(limit_key=limit_key(form, client), attempted_at=now))


def lock_address(session: Session, email: str) -> None:
    """Wait for any other sign-up of this mailbox (newsletter or alert) to end its transaction,
    so that counts per address and the suppression's mail hold under concurrent posts."""
    take_write_lock(session.connection(), lock_key(f"mail-address:{address_key(email)}"))


def suppression_hash(settings: Settings, email: str) -> str:
    """The address's key, hashed with the client-hash salt: it says whether an address was
    suppressed, not which addresses were."""
    salt = settings.client_hash_salt.encode()
    return hmac.new(salt, f"suppression:{address_key(email)}".encode(), hashlib.sha256).hexdigest()


def _suppression(session: Session, settings: Settings, email: str) -> MailSuppression | None:
    query = select(MailSuppression).where(
        MailSuppression.address_hash == suppression_hash(settings, email)
    )
    return session.scalars(query).first()


def suppress(session: Session, settings: Settings, email: str, now: dt.datetime) -> None:
    """Put ``email`` on the suppression list (again: from ``now``)."""
    lock_address(session, email)
    row = _suppression(session, settings, email)
    if row is None:
        session.add(
            MailSuppression(address_hash=suppression_hash(settings, email), suppressed_at=now)
        )
    else:
        row.suppressed_at = now


def lift_suppression(session: Session, settings: Settings, email: str) -> None:
    """The address confirmed a sign-up: it asks for mail again."""
    session.execute(
        delete(MailSuppression).where(
            MailSuppression.address_hash == suppression_hash(settings, email)
        )
    )


def may_send_confirmation(
    session: Session, settings: Settings, email: str, now: dt.datetime
) -> bool:
    """Whether a confirmation mail may go to ``email`` now: always, unless it is suppressed and
    got one less than SUPPRESSED_CONFIRMATION_INTERVAL ago. A True for a suppressed address
    records the mail (the caller sends it in the same transaction). Take ``lock_address``
    first."""
    row = _suppression(session, settings, email)
    if row is None:
        return True
    last = row.confirmation_sent_at
    if last is not None and now - last < SUPPRESSED_CONFIRMATION_INTERVAL:
        return False
    row.confirmation_sent_at = now
    return True


def purge_attempts(session: Session, now: dt.datetime) -> int:
    """Delete the attempts no limit looks at any more; how many."""
    result = session.execute(
        delete(SignUpAttempt).where(SignUpAttempt.attempted_at < now - ATTEMPTS_KEPT)
    )
    return int(result.rowcount)  # type: ignore[attr-defined]

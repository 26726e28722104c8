"""Mail to the site's operator (OPERATOR_EMAIL): new contact messages, batched.

At most one operator-contact mail goes out per BATCH_WINDOW: while one is still queued, a new
contact message adds none (that mail says more may be waiting); when one went out less than
BATCH_WINDOW ago, the next is queued for the end of the window. User input (name, subject,
message) goes only into the bodies, never into a header.
"""

import datetime as dt

from sqlalchemy import select
from sqlalchemy.orm import Session

from scrapindex.mail.outbox import enqueue
from scrapindex.models import ContactMessage, OutboxMessage
from scrapindex.settings import Settings

BATCH_WINDOW = dt.timedelta(minutes=10)
CONTACT_KIND = "operator-contact"
CONTACT_SUBJECT = "New contact message on ScrapIndex"


def notify_operator_of_contact(
    session: Session, settings: Settings, message: ContactMessage, now: dt.datetime
) -> int | None:
    """Queue the operator's mail about ``message`` in the session's transaction, unless one is
    already waiting. Returns the outbox id, or None when nothing was queued."""
    if not settings.operator_email:
        return None
    waiting = session.scalars(
        select(OutboxMessage.id)
        .where(OutboxMessage.kind == CONTACT_KIND, OutboxMessage.status == "queued")
        .limit(1)
    ).first()
    if waiting is not None:
        return None
    last = session.scalars(
        select(OutboxMessage.created_at)
        .where(OutboxMessage.kind == CONTACT_KIND, OutboxMessage.created_at > now - BATCH_WINDOW)
        .order_by(OutboxMessage.created_at.desc())
        .limit(1)
    ).first()
    context = {
        "site_root": settings.site_root,
        "name": message.name,
        "email": message.email,
        "category": message.category,
        "subject": message.subject,
        "message": message.message,
        "received": f"{message.created_at:%Y-%m-%d %H:%M} UTC",
    }
    return enqueue(
        session,
        CONTACT_KIND,
        settings.operator_email,
        CONTACT_SUBJECT,
        CONTACT_KIND,
        context,
        now=now,
        not_before=last + BATCH_WINDOW if last is not None else None,
    )

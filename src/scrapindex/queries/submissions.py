"""What the forms store: contact messages and newsletter sign-ups, and how many came lately."""

import datetime as dt

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.orm import InstrumentedAttribute, Session

from scrapindex.models import ContactMessage, NewsletterSubscription
from scrapindex.schemas.forms import ContactCreate


def stored_since(
    session: Session,
    client_column: InstrumentedAttribute[str],
    created_column: InstrumentedAttribute[dt.datetime],
    client: str,
    since: dt.datetime,
) -> int:
    condition: ColumnElement[bool] = (client_column == client) & (created_column >= since)
    return session.execute(select(func.count()).where(condition)).scalar_one()


def add_contact_message(
    session: Session, body: ContactCreate, client: str, now: dt.datetime | None = None
) -> ContactMessage:
    message = ContactMessage(
        name=body.name,
        email=str(body.email),
        subject=body.subject,
        category=body.category,
        message=body.message,
        client_hash=client,
        created_at=now or dt.datetime.now(dt.UTC),
    )
    session.add(message)
    return message


def subscriber_client(session: Session, email: str) -> str | None:
    """The hashed client that subscribed ``email``, or None when it is not subscribed."""
    return session.scalars(
        select(NewsletterSubscription.client_hash).where(NewsletterSubscription.email == email)
    ).first()


def add_subscription(session: Session, email: str, client: str) -> None:
    session.add(
        NewsletterSubscription(email=email, client_hash=client, created_at=dt.datetime.now(dt.UTC))
    )

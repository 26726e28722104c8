"""What the forms store: contact messages, and how many came lately (newsletter sign-ups:
mail/newsletter.py)."""

import datetime as dt

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.orm import InstrumentedAttribute, Session

from scrapindex.models import ContactMessage
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

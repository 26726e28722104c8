"""What the operator console reads and changes besides the moderation queues: the contact inbox,
newsletter subscribers, import runs, and the counts of what waits for an operator."""

import datetime as dt
from collections.abc import Sequence
from typing import Any

from sqlalchemy import ColumnElement, func, select, true
from sqlalchemy.orm import Session

from scrapindex.audit import record_audit
from scrapindex.data.imports.runs import OUTLIERS, file_is_kept
from scrapindex.models import (
    ContactMessage,
    ImportRun,
    NewsletterSubscription,
    PriceReport,
    User,
    YardSuggestion,
)

PENDING = "pending"


def _count(session: Session, model: type[Any], *conditions: ColumnElement[bool]) -> int:
    query = select(func.count()).select_from(model).where(*conditions)
    return session.execute(query).scalar_one()


def waiting_counts(session: Session) -> dict[str, int]:
    """What waits for an operator, by the names of the console's summary."""
    return {
        "pending_reports": _count(session, PriceReport, PriceReport.status == PENDING),
        "flagged_reports": _count(
            session, PriceReport, PriceReport.status == PENDING, PriceReport.flagged.is_(True)
        ),
        "pending_suggestions": _count(session, YardSuggestion, YardSuggestion.status == PENDING),
        "unhandled_messages": _count(session, ContactMessage, ContactMessage.handled_at.is_(None)),
        "subscribers": _count(session, NewsletterSubscription, _confirmed()),
        "runs_awaiting_override": _count(
            session, ImportRun, ImportRun.status == OUTLIERS, file_is_kept()
        ),
    }


def _handled_condition(handled: bool | None) -> ColumnElement[bool]:
    if handled is None:
        return true()
    return (
        ContactMessage.handled_at.is_not(None) if handled else ContactMessage.handled_at.is_(None)
    )


def contact_messages(
    session: Session, handled: bool | None, *, offset: int, limit: int
) -> list[tuple[ContactMessage, str | None]]:
    """Messages newest first, each with the e-mail of the operator who handled it."""
    query = (
        select(ContactMessage, User.email)
        .outerjoin(User, User.id == ContactMessage.handled_by)
        .where(_handled_condition(handled))
        .order_by(ContactMessage.created_at.desc(), ContactMessage.id.desc())
        .offset(offset)
        .limit(limit)
    )
    return [(message, email) for message, email in session.execute(query)]


def count_contact_messages(session: Session, handled: bool | None) -> int:
    return _count(session, ContactMessage, _handled_condition(handled))


def handler_email(session: Session, message: ContactMessage) -> str | None:
    if message.handled_by is None:
        return None
    return session.execute(select(User.email).where(User.id == message.handled_by)).scalar()


def mark_handled(session: Session, message: ContactMessage, handled: bool, operator: User) -> None:
    """Marks the message handled by ``operator`` (or not handled), audited; a no-op when it
    already is, so that it keeps who handled it first and logs nothing."""
    if (message.handled_at is not None) == handled:
        return
    before = _handled_state(message.handled_at, handler_email(session, message))
    message.handled_at = dt.datetime.now(dt.UTC) if handled else None
    message.handled_by = operator.id if handled else None
    after = _handled_state(message.handled_at, operator.email if handled else None)
    record_audit(
        session, operator, "contact-message.handled", "contact_message", message.id, before, after
    )


def _handled_state(handled_at: dt.datetime | None, handled_by: str | None) -> dict[str, Any]:
    return {"handledAt": handled_at.isoformat() if handled_at else None, "handledBy": handled_by}


def _confirmed() -> ColumnElement[bool]:
    """Only a confirmed address is a subscriber (double opt-in, mail/newsletter.py)."""
    return NewsletterSubscription.confirmed_at.is_not(None)


def _email_contains(text: str) -> ColumnElement[bool]:
    if not text:
        return true()
    return NewsletterSubscription.email.contains(text.lower(), autoescape=True)


def subscribers(
    session: Session, text: str, *, offset: int, limit: int
) -> Sequence[NewsletterSubscription]:
    """Subscribers whose address contains ``text``, newest first."""
    query = (
        select(NewsletterSubscription)
        .where(_confirmed(), _email_contains(text))
        .order_by(NewsletterSubscription.created_at.desc(), NewsletterSubscription.id.desc())
        .offset(offset)
        .limit(limit)
    )
    return session.scalars(query).all()


def count_subscribers(session: Session, text: str) -> int:
    return _count(session, NewsletterSubscription, _confirmed(), _email_contains(text))


def every_subscriber(session: Session) -> list[tuple[str, dt.datetime]]:
    """(e-mail, subscribed at) of every subscriber, oldest first: the CSV export."""
    query = (
        select(NewsletterSubscription.email, NewsletterSubscription.created_at)
        .where(_confirmed())
        .order_by(NewsletterSubscription.created_at, NewsletterSubscription.id)
    )
    return [(row.email, row.created_at) for row in session.execute(query)]


def remove_subscriber(session: Session, subscriber: NewsletterSubscription, operator: User) -> None:
    before = {"email": subscriber.email, "createdAt": subscriber.created_at.isoformat()}
    record_audit(
        session,
        operator,
        "newsletter-subscriber.remove",
        "newsletter_subscriber",
        subscriber.id,
        before,
        None,
    )
    session.delete(subscriber)


def import_runs(session: Session, *, offset: int, limit: int) -> Sequence[ImportRun]:
    query = (
        select(ImportRun)
        .order_by(ImportRun.started_at.desc(), ImportRun.id.desc())
        .offset(offset)
        .limit(limit)
    )
    return session.scalars(query).all()


def count_import_runs(session: Session) -> int:
    return _count(session, ImportRun)

"""Mail to the site's operator (OPERATOR_EMAIL): what is waiting for them, batched.

Three things notify the operator: a new contact message, a newly flagged price report and an
outgoing mail that went dead. All three share one digest mail ("3 new contact messages, 1
flagged price report, 1 undeliverable mail"), and at most one digest goes out per BATCH_WINDOW:

- while a digest is still queued, a new event re-renders it (in the event's transaction), so
  the mail that goes out lists everything that happened since it was first queued;
- otherwise a new digest is queued, not before BATCH_WINDOW after the previous one went out.

A digest covers the events from its ``created_at`` on: an event after its sender claimed it
starts the next one. User input (names, subjects, messages) goes only into the bodies, never
into a header, and a dead operator digest notifies nobody (that would loop).
"""

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, func, select, update
from sqlalchemy.orm import Session

from scrapindex.mail.outbox import check_header_value, enqueue, render
from scrapindex.models import City, ContactMessage, Material, OutboxMessage, PriceReport
from scrapindex.settings import Settings

BATCH_WINDOW = dt.timedelta(minutes=10)
OPERATOR_KIND = "operator-notice"
OPERATOR_TEMPLATE = "operator-notice"
LISTED = 10  # items of each kind shown in full; the console has the rest
INBOX_PATH = "/admin/inbox"
REPORTS_PATH = "/admin/queue/reports"


@dataclass(frozen=True)
class Waiting:
    """What a digest reports: counts since it started, and the newest of each kind."""

    contacts: int
    reports: int
    dead: int
    contact_rows: list[dict[str, Any]]
    report_rows: list[dict[str, Any]]
    dead_rows: list[dict[str, Any]]

    @property
    def summary(self) -> str:
        parts = [
            _count(self.contacts, "new contact message"),
            _count(self.reports, "flagged price report"),
            _count(self.dead, "undeliverable mail"),
        ]
        return ", ".join(part for part in parts if part) or "nothing new"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}" if number else ""


def notify_operator(db: Connection | Session, settings: Settings, now: dt.datetime) -> int | None:
    """Queue or refresh the operator's digest in the caller's transaction (the caller commits),
    after an event (contact message, flagged report, dead mail) was written in it.

    Returns the digest's outbox id, or None when no OPERATOR_EMAIL is set."""
    if not settings.operator_email:
        return None
    if isinstance(db, Session):
        db.flush()  # the event itself must be counted
    queued = db.execute(
        select(OutboxMessage.id, OutboxMessage.created_at)
        .where(OutboxMessage.kind == OPERATOR_KIND, OutboxMessage.status == "queued")
        .order_by(OutboxMessage.id)
        .limit(1)
    ).first()
    if queued is not None:
        subject, context = _digest(db, settings, queued.created_at)
        text_body, html_body = render(OPERATOR_TEMPLATE, context)
        refreshed = db.execute(
            update(OutboxMessage)
            .where(OutboxMessage.id == queued.id, OutboxMessage.status == "queued")
            .values(subject=subject, text_body=text_body, html_body=html_body)
        )
        if refreshed.rowcount:  # type: ignore[attr-defined]
            return int(queued.id)
        # its sender claimed it meanwhile: this event starts the next digest
    last_slot = db.execute(
        select(func.max(func.coalesce(OutboxMessage.sent_at, OutboxMessage.next_attempt_at))).where(
            OutboxMessage.kind == OPERATOR_KIND
        )
    ).scalar_one_or_none()
    subject, context = _digest(db, settings, now)
    return enqueue(
        db,
        OPERATOR_KIND,
        settings.operator_email,
        subject,
        OPERATOR_TEMPLATE,
        context,
        now=now,
        not_before=last_slot + BATCH_WINDOW if last_slot is not None else None,
    )


def _digest(
    db: Connection | Session, settings: Settings, since: dt.datetime
) -> tuple[str, Mapping[str, Any]]:
    """The digest's subject and template context for what happened from ``since`` on."""
    waiting = waiting_since(db, since)
    subject = check_header_value("Subject", f"ScrapIndex: {waiting.summary}")
    root = settings.link_root()
    context: Mapping[str, Any] = {
        "site_root": root,
        "summary": waiting.summary,
        "waiting": waiting,
        "listed": LISTED,
        "inbox_url": root + INBOX_PATH,
        "reports_url": root + REPORTS_PATH,
    }
    return subject, context


def waiting_since(db: Connection | Session, since: dt.datetime) -> Waiting:
    contacts_since = ContactMessage.created_at >= since
    flagged_since = (PriceReport.flagged.is_(True)) & (PriceReport.created_at >= since)
    dead_since = (
        (OutboxMessage.status == "dead")
        & (OutboxMessage.kind != OPERATOR_KIND)
        & (OutboxMessage.dead_at >= since)
    )
    contacts = db.execute(
        select(
            ContactMessage.name,
            ContactMessage.email,
            ContactMessage.category,
            ContactMessage.subject,
            ContactMessage.message,
            ContactMessage.created_at,
        )
        .where(contacts_since)
        .order_by(ContactMessage.created_at.desc(), ContactMessage.id.desc())
        .limit(LISTED)
    ).all()
    reports = db.execute(
        select(Material.name, City.name, PriceReport.flag_reason, PriceReport.created_at)
        .join(Material, Material.id == PriceReport.material_id)
        .join(City, City.id == PriceReport.city_id)
        .where(flagged_since)
        .order_by(PriceReport.created_at.desc(), PriceReport.id.desc())
        .limit(LISTED)
    ).all()
    dead = db.execute(
        select(OutboxMessage.id, OutboxMessage.kind, OutboxMessage.to_address)
        .add_columns(OutboxMessage.last_error)
        .where(dead_since)
        .order_by(OutboxMessage.id.desc())
        .limit(LISTED)
    ).all()
    return Waiting(
        contacts=_total(db, ContactMessage.id, contacts_since),
        reports=_total(db, PriceReport.id, flagged_since),
        dead=_total(db, OutboxMessage.id, dead_since),
        contact_rows=[
            {
                "name": row.name,
                "email": row.email,
                "category": row.category,
                "subject": row.subject,
                "message": row.message,
                "received": f"{row.created_at:%Y-%m-%d %H:%M} UTC",
            }
            for row in contacts
        ],
        report_rows=[
            {
                "material": material,
                "city": city,
                "reason": reason,
                "received": f"{created_at:%Y-%m-%d %H:%M} UTC",
            }
            for material, city, reason, created_at in reports
        ],
        dead_rows=[
            {"id": row.id, "kind": row.kind, "to": row.to_address, "error": row.last_error or ""}
            for row in dead
        ],
    )


def _total(db: Connection | Session, column: Any, condition: Any) -> int:
    return int(db.execute(select(func.count(column)).where(condition)).scalar_one())

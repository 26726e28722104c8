"""Mail to the site's operator (OPERATOR_EMAIL): what is waiting for them, batched.

Four things notify the operator: a new contact message, a newly flagged price report, a yard
claim sent to the operators and an outgoing mail that went dead. All share one digest mail ("3
new contact messages, 1 flagged price report, 1 yard claim to decide, 1 undeliverable mail"), and
at most one digest goes out per BATCH_WINDOW:

- while a digest is still queued, a new event re-renders it (in the event's transaction), so
  the mail that goes out lists everything that happened since it was first queued;
- otherwise a new digest is queued, not before BATCH_WINDOW after the previous one went out.

A digest covers the events from its ``created_at`` on: an event after its sender claimed it
starts the next one. It lists only what still waits: a flagged report already approved or
rejected, a claim already decided, or a contact message already handled in the console, is left
out and the digest says
so; the sender composes it once more when it claims it (``compose_claimed_notice``), and a
digest with nothing left to tell is not sent (status ``skipped``, with why in ``last_error``).

User input (names, subjects, messages) goes only into the bodies, never into a header, but for
one: a digest whose only correspondent is one contact-form sender replies to that sender
(Reply-To, checked like every header value); a digest that also lists others' reports or mail
replies to no one (a claimant's evidence included), so a reply never quotes them to a
stranger. A dead operator digest notifies
nobody (that would loop).
"""

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import Connection, Engine, func, select, update
from sqlalchemy.orm import Session

from scrapindex.mail.outbox import check_header_value, enqueue, render
from scrapindex.models import (
    City,
    ContactMessage,
    Material,
    OutboxMessage,
    PriceReport,
    ScrapYard,
    YardClaim,
)
from scrapindex.settings import Settings

BATCH_WINDOW = dt.timedelta(minutes=10)
OPERATOR_KIND = "operator-notice"
OPERATOR_TEMPLATE = "operator-notice"
SKIPPED = "skipped"  # the outbox status of a digest with nothing left to tell when it was due
LISTED = 10  # items of each kind shown in full; the console has the rest
INBOX_PATH = "/admin/inbox"
REPORTS_PATH = "/admin/queue/reports"
CLAIMS_PATH = "/admin/queue/claims"


@dataclass(frozen=True)
class Waiting:
    """What a digest reports: counts since it started, and the newest of each kind."""

    contacts: int
    reports: int
    dead: int
    contact_rows: list[dict[str, Any]]
    report_rows: list[dict[str, Any]]
    dead_rows: list[dict[str, Any]]
    # Arrived in the digest's time but already dealt with in the console: left out, and said so.
    handled_contacts: int = 0
    decided_reports: dict[str, int] | None = None  # status -> how many
    reply_to: str | None = None  # the one correspondent, when the digest has no one else
    # Yard claims sent to the operators (their evidence is for the operators to weigh).
    claims: int = 0
    claim_rows: list[dict[str, Any]] = field(default_factory=list)
    decided_claims: int = 0

    @property
    def anything(self) -> bool:
        return bool(self.contacts or self.reports or self.claims or self.dead)

    @property
    def left_out(self) -> str:
        """What arrived but was dealt with before the digest went out: "1 flagged price report
        (rejected)"; empty when nothing."""
        parts = []
        if self.handled_contacts:
            parts.append(f"{_count(self.handled_contacts, 'contact message')} (handled)")
        decided = self.decided_reports or {}
        if total := sum(decided.values()):
            how = ", ".join(f"{number} {status}" for status, number in sorted(decided.items()))
            parts.append(f"{_count(total, 'flagged price report')} ({how})")
        if self.decided_claims:
            parts.append(f"{_count(self.decided_claims, 'yard claim')} (decided)")
        return ", ".join(parts)

    @property
    def summary(self) -> str:
        parts = [
            _count(self.contacts, "new contact message"),
            _count(self.reports, "flagged price report"),
            f"{_count(self.claims, 'yard claim')} to decide" if self.claims else "",
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
        subject, context, headers = _digest(db, settings, queued.created_at)
        text_body, html_body = render(OPERATOR_TEMPLATE, context)
        refreshed = db.execute(
            update(OutboxMessage)
            .where(OutboxMessage.id == queued.id, OutboxMessage.status == "queued")
            .values(subject=subject, text_body=text_body, html_body=html_body, headers=headers)
        )
        if refreshed.rowcount:  # type: ignore[attr-defined]
            return int(queued.id)
        # its sender claimed it meanwhile: this event starts the next digest
    last_slot = db.execute(
        select(func.max(func.coalesce(OutboxMessage.sent_at, OutboxMessage.next_attempt_at))).where(
            OutboxMessage.kind == OPERATOR_KIND, OutboxMessage.status != SKIPPED
        )
    ).scalar_one_or_none()
    subject, context, headers = _digest(db, settings, now)
    return enqueue(
        db,
        OPERATOR_KIND,
        settings.operator_email,
        subject,
        OPERATOR_TEMPLATE,
        context,
        headers,
        now=now,
        not_before=last_slot + BATCH_WINDOW if last_slot is not None else None,
    )


def compose_claimed_notice(
    engine: Engine, settings: Settings, row: OutboxMessage, token: str, now: dt.datetime
) -> bool:
    """Compose a digest the sender just claimed (under ``token``) from what waits now, so that
    nothing dealt with since it was queued goes out. True: ``row`` (and its stored copy) holds
    the new subject, bodies and headers, to be sent. False: nothing is left to tell; the row is
    closed as skipped, with why in ``last_error``, and must not be sent."""
    with engine.begin() as connection:
        waiting = waiting_since(connection, row.created_at)
        mine = (OutboxMessage.id == row.id) & (OutboxMessage.claimed_by == token)
        if not waiting.anything:
            why = f"Not sent: dealt with before it was due: {waiting.left_out or 'nothing listed'}"
            connection.execute(
                update(OutboxMessage)
                .where(mine)
                .values(status=SKIPPED, claimed_by=None, claimed_at=None, last_error=why)
            )
            return False
        subject, context, headers = _digest_of(waiting, settings)
        text_body, html_body = render(OPERATOR_TEMPLATE, context)
        connection.execute(
            update(OutboxMessage)
            .where(mine)
            .values(subject=subject, text_body=text_body, html_body=html_body, headers=headers)
        )
    row.subject, row.text_body, row.html_body, row.headers = subject, text_body, html_body, headers
    return True


def _digest(
    db: Connection | Session, settings: Settings, since: dt.datetime
) -> tuple[str, Mapping[str, Any], dict[str, str]]:
    """The digest's subject, template context and extra headers for what happened from
    ``since`` on."""
    return _digest_of(waiting_since(db, since), settings)


def _digest_of(
    waiting: Waiting, settings: Settings
) -> tuple[str, Mapping[str, Any], dict[str, str]]:
    subject = check_header_value("Subject", f"ScrapIndex: {waiting.summary}")
    reply_to = waiting.reply_to
    headers = {"Reply-To": check_header_value("Reply-To", reply_to)} if reply_to else {}
    root = settings.link_root()
    context: Mapping[str, Any] = {
        "site_root": root,
        "summary": waiting.summary,
        "waiting": waiting,
        "listed": LISTED,
        "inbox_url": root + INBOX_PATH,
        "reports_url": root + REPORTS_PATH,
        "claims_url": root + CLAIMS_PATH,
    }
    return subject, context, headers


def waiting_since(db: Connection | Session, since: dt.datetime) -> Waiting:
    """What arrived from ``since`` on and still waits for the operator, and what arrived but
    was dealt with already (a contact message handled, a flagged report decided)."""
    contacts_since = ContactMessage.created_at >= since
    unhandled = contacts_since & ContactMessage.handled_at.is_(None)
    flagged_since = (PriceReport.flagged.is_(True)) & (PriceReport.created_at >= since)
    undecided = flagged_since & (PriceReport.status == "pending")
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
        .where(unhandled)
        .order_by(ContactMessage.created_at.desc(), ContactMessage.id.desc())
        .limit(LISTED)
    ).all()
    reports = db.execute(
        select(Material.name, City.name, PriceReport.flag_reason, PriceReport.created_at)
        .join(Material, Material.id == PriceReport.material_id)
        .join(City, City.id == PriceReport.city_id)
        .where(undecided)
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
    decided = db.execute(
        select(PriceReport.status, func.count(PriceReport.id))
        .where(flagged_since & (PriceReport.status != "pending"))
        .group_by(PriceReport.status)
    ).all()
    waiting = Waiting(
        contacts=_total(db, ContactMessage.id, unhandled),
        reports=_total(db, PriceReport.id, undecided),
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
        handled_contacts=_total(db, ContactMessage.id, contacts_since)
        - _total(db, ContactMessage.id, unhandled),
        decided_reports={status: int(number) for status, number in decided},
    )
    claims = _claims_since(db, since)
    waiting = replace(waiting, **claims)
    return replace(waiting, reply_to=_one_correspondent(db, waiting, unhandled))


def _claims_since(db: Connection | Session, since: dt.datetime) -> dict[str, Any]:
    """The yard claims sent to the operators from ``since`` on: those still undecided (counted,
    and the newest listed), and how many were decided already."""
    claims_since = (YardClaim.route == "operators") & (YardClaim.created_at >= since)
    undecided = claims_since & (YardClaim.status == "pending")
    rows = db.execute(
        select(
            ScrapYard.name,
            City.name,
            YardClaim.name,
            YardClaim.email,
            YardClaim.evidence,
            YardClaim.created_at,
        )
        .join(ScrapYard, ScrapYard.id == YardClaim.yard_id)
        .join(City, City.id == ScrapYard.city_id)
        .where(undecided)
        .order_by(YardClaim.created_at.desc(), YardClaim.id.desc())
        .limit(LISTED)
    ).all()
    claims = _total(db, YardClaim.id, undecided)
    return {
        "claims": claims,
        "claim_rows": [
            {
                "yard": yard,
                "city": city,
                "name": name,
                "email": email,
                "evidence": evidence or "",
                "received": f"{created_at:%Y-%m-%d %H:%M} UTC",
            }
            for yard, city, name, email, evidence, created_at in rows
        ],
        "decided_claims": _total(db, YardClaim.id, claims_since) - claims,
    }


def _one_correspondent(db: Connection | Session, waiting: Waiting, unhandled: Any) -> str | None:
    """The address a reply to the digest goes to: the contact-form sender when the digest tells
    of their messages and nothing else; otherwise None (no Reply-To)."""
    if not waiting.contacts or waiting.reports or waiting.claims or waiting.dead:
        return None
    addresses = db.execute(
        select(ContactMessage.email).where(unhandled).group_by(ContactMessage.email).limit(2)
    ).scalars()
    found = list(addresses)
    return found[0] if len(found) == 1 else None


def _total(db: Connection | Session, column: Any, condition: Any) -> int:
    return int(db.execute(select(func.count(column)).where(condition)).scalar_one())

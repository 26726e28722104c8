"""Keeping a register's entries and their matches, and operators' decisions on them.

Entries are kept by (register, register_no), so a second read of the same register changes
nothing. An operator's decision (confirmed, rejected) stands across reads while the entry's data
is the same; when the register changes the entry (holder, address, postcode, licence type), its
match is worked out again and goes back to the operators as proposed. An entry the register no
longer lists is marked ``removed`` (kept: the audit log points at it) and its badge goes.
Statuses: proposed, confirmed, rejected, unmatched (a collector, or no yard scored enough),
removed.
"""

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import ColumnElement, and_, func, select
from sqlalchemy.orm import Session

from scrapindex import revision
from scrapindex.audit import record_audit
from scrapindex.data.feeds.ea_register import RegisterEntry
from scrapindex.licences.matching import Match, YardFacts, YardIndex, best_match, entry_point
from scrapindex.models import City, ScrapYard, Source, User, YardLicence

AUDITED_AS = "yard_licence"
DECIDED = frozenset({"confirmed", "rejected"})
COMPARED = ("licence_type", "holder_name", "site_address", "postcode")
FACT_NAMES = (
    *COMPARED, "latitude", "longitude", "local_authority", "expires_on", "register_url",
)  # fmt: skip


class NotDecidable(Exception):
    """The entry cannot take this decision (no yard proposed, a collector, removed)."""


@dataclass(frozen=True)
class Proposal:
    register_no: str
    holder_name: str
    yard_id: int
    yard_name: str
    score: float
    reasons: list[str]
    expires_on: dt.date | None


@dataclass
class RegisterSummary:
    read: int = 0
    sites: int = 0
    collectors: int = 0
    unknown_type: int = 0
    added: int = 0
    updated: int = 0
    unchanged: int = 0
    kept_decisions: int = 0
    reopened: int = 0
    removed: int = 0
    proposals: list[Proposal] = field(default_factory=list)


def gb_yards(session: Session) -> list[YardFacts]:
    """Our real yards in Great Britain still listed by their source (England's register can
    only name yards there; Welsh and Scottish yards simply find no entry)."""
    rows = session.execute(
        select(ScrapYard.id, ScrapYard.name, ScrapYard.address, ScrapYard.latitude,
               ScrapYard.longitude)
        .join(City, City.id == ScrapYard.city_id)
        .join(Source, Source.id == ScrapYard.source_id)
        .where(
            func.lower(City.country_code) == "gb",
            ScrapYard.left_source_at.is_(None),
            Source.kind != "demo",  # a generated yard is no dealer a register can license
        )
        .order_by(ScrapYard.id)
    ).all()  # fmt: skip
    return [YardFacts(*row) for row in rows]


def apply_register(
    session: Session, register: str, entries: Sequence[RegisterEntry], today: dt.date
) -> RegisterSummary:
    """Stores a whole read of ``register`` in the caller's transaction and moves the data
    revision when anything changed."""
    summary = RegisterSummary(read=len(entries))
    index = YardIndex(gb_yards(session))
    kept = {
        row.register_no: row
        for row in session.scalars(select(YardLicence).where(YardLicence.register == register))
    }
    names = {row[0]: row[1] for row in session.execute(select(ScrapYard.id, ScrapYard.name))}
    changed = False
    seen: set[str] = set()
    for entry in entries:
        if entry.register_no in seen:
            continue  # the register lists it twice (paging moved under us): once is enough
        seen.add(entry.register_no)
        _count_type(summary, entry.licence_type)
        row = kept.get(entry.register_no)
        changed |= _store(session, summary, register, entry, row, index, today)
    for register_no, row in kept.items():
        if register_no not in seen and row.status != "removed":
            row.status, row.checked_on = "removed", today
            summary.removed += 1
            changed = True
    summary.proposals = _proposals(session, register, names)
    if changed:
        revision.bump(session.connection())
    return summary


def _count_type(summary: RegisterSummary, licence_type: str) -> None:
    if licence_type == "site":
        summary.sites += 1
    elif licence_type == "collector":
        summary.collectors += 1
    else:
        summary.unknown_type += 1


def _store(
    session: Session,
    summary: RegisterSummary,
    register: str,
    entry: RegisterEntry,
    row: YardLicence | None,
    index: YardIndex,
    today: dt.date,
) -> bool:
    facts = _facts(entry)
    if row is None:
        row = YardLicence(register=register, register_no=entry.register_no, checked_on=today)
        _set(row, facts)
        _set_match(row, best_match(entry, index))
        session.add(row)
        summary.added += 1
        return True
    row.checked_on = today
    same = all(getattr(row, name) == facts[name] for name in COMPARED)
    if same and row.status in DECIDED:
        summary.kept_decisions += 1
    before = _facts_of(row)
    _set(row, facts)
    if not same or row.status not in DECIDED:
        if row.status in DECIDED:
            summary.reopened += 1
        _set_match(row, best_match(entry, index))
    if _facts_of(row) == before:
        summary.unchanged += 1
        return False
    summary.updated += 1
    return True


def _facts(entry: RegisterEntry) -> dict[str, Any]:
    point = entry_point(entry)
    latitude, longitude = (round(point[0], 6), round(point[1], 6)) if point else (None, None)
    return {
        "licence_type": entry.licence_type,
        "holder_name": entry.holder_name[:300],
        "site_address": entry.site_address and entry.site_address[:500],
        "postcode": entry.postcode and entry.postcode[:16],
        "latitude": latitude,
        "longitude": longitude,
        "local_authority": entry.local_authority,
        "expires_on": entry.expires_on,
        "register_url": entry.register_url[:500],
    }


def _facts_of(row: YardLicence) -> dict[str, Any]:
    names = (*FACT_NAMES, "yard_id", "match_score", "match_reasons", "status")
    return {name: getattr(row, name) for name in names}


def _set(row: YardLicence, facts: dict[str, Any]) -> None:
    for name, value in facts.items():
        setattr(row, name, value)


def _set_match(row: YardLicence, match: Match | None) -> None:
    row.decided_by = row.decided_at = None
    if match is None:
        row.yard_id, row.match_score, row.match_reasons = None, None, []
        row.status = "unmatched"
        return
    row.yard_id, row.match_score, row.match_reasons = match.yard_id, match.score, match.reasons
    row.status = "proposed"


def _proposals(session: Session, register: str, names: dict[int, str]) -> list[Proposal]:
    session.flush()
    rows = session.scalars(
        select(YardLicence)
        .where(YardLicence.register == register, YardLicence.status == "proposed")
        .order_by(YardLicence.match_score.desc(), YardLicence.register_no)
    )
    return [
        Proposal(r.register_no, r.holder_name, r.yard_id, names.get(r.yard_id, "?"),
                 r.match_score or 0.0, list(r.match_reasons), r.expires_on)
        for r in rows
        if r.yard_id is not None
    ]  # fmt: skip


def decision_facts(row: YardLicence) -> dict[str, Any]:
    return {
        "register": row.register,
        "registerNo": row.register_no,
        "yardId": row.yard_id,
        "status": row.status,
        "score": row.match_score,
    }


def decide(
    session: Session, row: YardLicence, decision: str, by: User, now: dt.datetime
) -> YardLicence:
    """Confirm (the yard shows the badge) or reject a proposed match; a decision can be
    changed. Audited; moves the data revision (the yard page follows)."""
    if (
        row.yard_id is None
        or row.licence_type != "site"
        or row.status
        not in {
            "proposed",
            *DECIDED,
        }
    ):
        raise NotDecidable(
            f"Register entry {row.register_no} has no yard proposed for it ({row.status})."
        )
    status = "confirmed" if decision == "confirm" else "rejected"
    if row.status == status:
        raise NotDecidable(f"Register entry {row.register_no} is already {status}.")
    before = decision_facts(row)
    row.status, row.decided_by, row.decided_at = status, by.email, now
    record_audit(
        session, by, f"yard-licence.{decision}", AUDITED_AS, row.id, before, decision_facts(row)
    )
    revision.bump(session.connection())
    return row


def shows_badge(today: dt.date) -> ColumnElement[bool]:
    """A register entry that gives its yard the "Licensed" badge: confirmed and unexpired."""
    return and_(
        YardLicence.status == "confirmed",
        YardLicence.expires_on.is_(None) | (YardLicence.expires_on >= today),
    )


def badge_row(session: Session, yard_id: int, today: dt.date) -> YardLicence | None:
    """The confirmed, unexpired register entry of a yard (the newest to expire), if any."""
    return session.scalars(
        select(YardLicence)
        .where(YardLicence.yard_id == yard_id, shows_badge(today))
        .order_by(YardLicence.expires_on.desc(), YardLicence.id)
        .limit(1)
    ).first()

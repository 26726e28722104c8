"""Owner accounts of yards: added by a confirmed claim, or by an operator (console or command
line), suspended and reinstated by an operator. Nothing else makes one.

When an owner is added to a yard that has owners already, those owners are mailed a notice, so
that an owner nobody expected (a claim confirmed from the listing's mailbox by someone else)
does not go unnoticed. Every change is audited.
"""

import datetime as dt

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from scrapindex import revision
from scrapindex.audit import record_audit
from scrapindex.auth.deps import OWNER_SUSPENDED
from scrapindex.auth.users import find_user, normalise_email
from scrapindex.models import ScrapYard, User, YardClaim, YardOwner
from scrapindex.settings import Settings
from scrapindex.yard_owners import links, mail
from scrapindex.yard_owners.claims import AUDITED_AS as CLAIM_AUDITED_AS
from scrapindex.yard_owners.claims import claim_facts, use_link

AUDITED_AS = "yard-owner"
ADDED_BY_CLAIM = "claim"
ADDED_BY_CLI = "cli"
HOW = {
    "listing-email": "a claim confirmed from the link mailed to the listing's e-mail address",
    "operators": "a claim the operators approved",
    "added": "added by the operators",
}


class OwnerRefused(ValueError):
    """An owner that cannot be added, or a claim that cannot be confirmed (the message says
    why)."""


class OwnerSuspended(OwnerRefused):
    """The account is suspended from the yard: a claim does not lift that."""

    def __init__(self) -> None:
        super().__init__(OWNER_SUSPENDED)


def owner_row(session: Session, user_id: int, yard_id: int) -> YardOwner | None:
    return session.scalars(
        select(YardOwner).where(YardOwner.user_id == user_id, YardOwner.yard_id == yard_id)
    ).first()


def owner_facts(row: YardOwner, email: str) -> dict[str, str | int | None]:
    """An owner row as the audit log records it."""
    return {
        "userId": row.user_id,
        "email": email,
        "yardId": row.yard_id,
        "addedBy": row.added_by,
        "suspendedAt": row.suspended_at.isoformat() if row.suspended_at else None,
        "suspendedBy": row.suspended_by,
    }


def add_owner(
    session: Session,
    settings: Settings,
    user: User,
    yard: ScrapYard,
    added_by: str,
    how: str,
    now: dt.datetime,
) -> YardOwner:
    """Link ``user`` to ``yard`` (the caller audits) and tell the yard's other owners."""
    others = session.execute(
        select(User.email)
        .join(YardOwner, YardOwner.user_id == User.id)
        .where(YardOwner.yard_id == yard.id, YardOwner.suspended_at.is_(None))
        .where(User.disabled_at.is_(None))
        .order_by(User.email)
    ).scalars()
    for email in list(others):
        mail.queue_owner_added(session, settings, yard, email, user.email, how, now)
    row = YardOwner(user_id=user.id, yard_id=yard.id, added_by=added_by, added_at=now)
    session.add(row)
    session.flush()
    revision.bump(session.connection())  # the yard page says it is claimed
    return row


def confirm_claim(
    session: Session,
    settings: Settings,
    claim: YardClaim,
    nonce: str,
    user: User,
    now: dt.datetime,
) -> YardOwner:
    """The claim's link (its ``nonce``) was used by ``user`` (its account, made or logged in
    to): they own the yard, audited. Raises OwnerRefused when they are suspended from it, or
    the link was used meanwhile; in the caller's transaction."""
    yard = session.get_one(ScrapYard, claim.yard_id)
    row = owner_row(session, user.id, yard.id)
    if row is not None and row.suspended_at is not None:
        raise OwnerSuspended()
    before = claim_facts(claim)
    if not use_link(session, claim, nonce, now):
        raise OwnerRefused("This link was used meanwhile: log in with the address it was made for.")
    if row is None:
        added_by = ADDED_BY_CLAIM if claim.route != "added" else claim.decided_by or ADDED_BY_CLI
        row = add_owner(session, settings, user, yard, added_by, HOW[claim.route], now)
    after = {**claim_facts(claim), "userId": user.id, "ownerId": row.id}
    record_audit(session, user, "yard-claim.confirm", CLAIM_AUDITED_AS, claim.id, before, after)
    return row


def invite_owner(
    session: Session,
    settings: Settings,
    yard: ScrapYard,
    email: str,
    by: User | None,
    now: dt.datetime,
) -> YardOwner | YardClaim:
    """An operator (``by``; None: the command line) makes ``email`` an owner of ``yard``,
    audited. An existing owner account gets the yard at once (the row) and a mail saying so; a
    new address gets a set-password link (the claim that carries it), and its account is made
    when the link is used. Raises OwnerRefused for an operator's address or an owner already."""
    email = normalise_email(email)
    if "@" not in email or len(email) > 254:
        raise OwnerRefused(f"Not an e-mail address: {email!r}.")
    added_by = by.email if by is not None else ADDED_BY_CLI
    user = find_user(session, email)
    if user is not None and user.role != "owner":
        raise OwnerRefused(
            f"{email} is an operator's account: an owner account needs an address of its own."
        )
    if user is not None:
        return _grant(session, settings, yard, user, by, added_by, now)
    _replace_invites(session, yard, email)
    claim = YardClaim(
        yard_id=yard.id,
        route="added",
        email=email,
        name="",
        status="approved",
        client_hash="",
        created_at=now,
        decided_at=now,
        decided_by=added_by,
    )
    links.arm(claim, settings, now)
    session.add(claim)
    session.flush()
    mail.queue_invite(session, settings, yard, claim, email, "added", now)
    after = {"email": email, "yardId": yard.id, "claimId": claim.id, "linkMailed": True}
    record_audit(session, by, "yard-owner.add", AUDITED_AS, None, None, after)
    return claim


def _replace_invites(session: Session, yard: ScrapYard, email: str) -> None:
    """An earlier invite of the address to the yard stops working: only the newest link does."""
    session.execute(
        update(YardClaim)
        .where(
            YardClaim.yard_id == yard.id,
            YardClaim.route == "added",
            YardClaim.email == email,
            YardClaim.status == "approved",
        )
        .values(status="replaced", token_nonce=None)
        .execution_options(synchronize_session=False)
    )


def _grant(
    session: Session,
    settings: Settings,
    yard: ScrapYard,
    user: User,
    by: User | None,
    added_by: str,
    now: dt.datetime,
) -> YardOwner:
    if owner_row(session, user.id, yard.id) is not None:
        raise OwnerRefused(f"{user.email} is already an owner of this yard.")
    row = add_owner(session, settings, user, yard, added_by, HOW["added"], now)
    mail.queue_invite(session, settings, yard, None, user.email, "granted", now)
    record_audit(session, by, "yard-owner.add", AUDITED_AS, row.id, None,
                 owner_facts(row, user.email))  # fmt: skip
    return row


def suspend_owner(session: Session, row: YardOwner, email: str, by: User, now: dt.datetime) -> None:
    """The owner may no longer post for the yard (their other yards are not touched); audited.
    Suspending twice changes nothing and is not logged twice."""
    if row.suspended_at is not None:
        return
    before = owner_facts(row, email)
    row.suspended_at, row.suspended_by = now, by.email
    session.flush()
    revision.bump(session.connection())  # its board leaves the pages (queries.yard_prices)
    record_audit(session, by, "yard-owner.suspend", AUDITED_AS, row.id, before,
                 owner_facts(row, email))  # fmt: skip


def reinstate_owner(session: Session, row: YardOwner, email: str, by: User) -> None:
    if row.suspended_at is None:
        return
    before = owner_facts(row, email)
    row.suspended_at, row.suspended_by = None, None
    session.flush()
    revision.bump(session.connection())
    record_audit(session, by, "yard-owner.reinstate", AUDITED_AS, row.id, before,
                 owner_facts(row, email))  # fmt: skip

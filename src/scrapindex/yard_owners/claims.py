"""Claims of a yard's listing: asked for by a visitor, confirmed from the link, or decided by
the operators.

Routes:
- ``listing-email``: the link goes to the address the listing shows (whoever reads that mailbox
  speaks for the yard). A newer request for the same yard replaces an older link still waiting
  (status ``replaced``: it stops working). A yard that already has owners may still be claimed
  this way: the reader of the listing's mail may add an owner, and the yard's owners are told
  when one is added (``owners.add_owner``).
- ``operators``: the claimant gives evidence; the claim waits in the operators' queue, and an
  approval mails the claimant the same kind of link.
- ``added``: an operator (or the command line) made the claimant an owner of the yard; the link
  sets the new account's password.

Statuses: ``pending`` (waiting: for its link to be used, or in the queue), ``approved`` (link
sent to the claimant), ``confirmed``, ``refused``, ``replaced``; a waiting link past its expiry
is shown as ``expired`` (``shown_status``) without anyone having to write that down.
"""

import datetime as dt
import math
from typing import Literal

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from scrapindex.audit import VISITOR_ACTOR, record_audit
from scrapindex.auth.users import normalise_email
from scrapindex.mail.notifications import notify_operator
from scrapindex.models import ScrapYard, User, YardClaim, YardOwner
from scrapindex.schemas.yard_claims import YardClaimCreate
from scrapindex.settings import Settings
from scrapindex.write_locks import lock_key, take_write_lock
from scrapindex.yard_owners import links, mail

AUDITED_AS = "yard-claim"
ClaimStatus = Literal["pending", "approved", "confirmed", "refused", "replaced", "expired"]
WAITING = ("pending", "approved")  # statuses whose link may still work
MIN_EVIDENCE_LENGTH = 20
DAY = dt.timedelta(days=1)
# Mails one listing's address gets in a day, whoever asks: enough for an owner who lost one,
# too few to fill a yard's inbox.
LINKS_PER_YARD_PER_DAY = 3
# Claims one client may send in a day, of any yard and by either route.
CLAIMS_PER_CLIENT_PER_DAY = 10


class ClaimRefused(ValueError):
    """A claim that cannot be taken: ``field`` names what is wrong."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field


class ClaimLimited(Exception):
    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class ClaimGone(Exception):
    """A link that no longer works: expired, used, refused or replaced (the message says which)."""


class NotDecidable(Exception):
    """An operator's decision that does not apply to the claim as it is (the message says why)."""


def shown_status(claim: YardClaim, now: dt.datetime) -> ClaimStatus:
    expired = claim.expires_at is not None and claim.expires_at <= now
    if claim.status in WAITING and claim.token_nonce is not None and expired:
        return "expired"
    return claim.status  # type: ignore[return-value]


def owner_count(session: Session, yard_id: int) -> int:
    counted = select(func.count(YardOwner.id)).where(YardOwner.yard_id == yard_id)
    return session.scalar(counted) or 0


def request_claim(
    session: Session,
    settings: Settings,
    yard: ScrapYard,
    body: YardClaimCreate,
    client: str,
    now: dt.datetime,
) -> YardClaim:
    """Store the claim and queue its mail (the link, or the operators' notice), audited; in the
    caller's transaction. Raises ClaimRefused or ClaimLimited, storing nothing."""
    if body.route == "listing-email" and not yard.email:
        raise ClaimRefused(
            "route",
            "this listing shows no e-mail address to send a link to: ask the operators instead "
            '(route "operators"), with evidence that the yard is yours',
        )
    evidence = body.evidence
    if body.route == "operators" and (evidence is None or len(evidence) < MIN_EVIDENCE_LENGTH):
        raise ClaimRefused(
            "evidence",
            f"tell the operators how the yard is yours in at least {MIN_EVIDENCE_LENGTH} "
            "characters (your role there, the yard's phone number or website that names you, "
            "an invoice)",
        )
    _check_client_share(session, client, now)
    claim = YardClaim(
        yard_id=yard.id,
        route=body.route,
        email=normalise_email(str(body.email)),
        name=body.name,
        evidence=evidence,
        status="pending",
        client_hash=client,
        created_at=now,
    )
    if body.route == "listing-email":
        _send_listing_link(session, settings, yard, claim, now)
    else:
        session.add(claim)
        session.flush()
        notify_operator(session, settings, now)
    _audit_request(session, claim)
    return claim


def _check_client_share(session: Session, client: str, now: dt.datetime) -> None:
    """ClaimLimited past the client's claims in 24 hours (counted under the form's lock)."""
    sent = session.scalars(
        select(YardClaim.created_at)
        .where(YardClaim.client_hash == client, YardClaim.created_at > now - DAY)
        .order_by(YardClaim.created_at)
    ).all()
    if len(sent) >= CLAIMS_PER_CLIENT_PER_DAY:
        wait = _seconds_until(sent[-CLAIMS_PER_CLIENT_PER_DAY] + DAY, now)
        raise ClaimLimited(
            f"You have sent {CLAIMS_PER_CLIENT_PER_DAY} claims in the last 24 hours. "
            "Try again tomorrow.",
            wait,
        )


def _send_listing_link(
    session: Session, settings: Settings, yard: ScrapYard, claim: YardClaim, now: dt.datetime
) -> None:
    """Replace the yard's waiting listing link with this claim's, within the yard's daily share
    of mail (requests for one yard take turns, so the share and the replacement hold)."""
    take_write_lock(session.connection(), lock_key(f"yard-claim-link:{yard.id}"))
    sent = session.scalars(
        select(YardClaim.created_at)
        .where(
            YardClaim.yard_id == yard.id,
            YardClaim.route == "listing-email",
            YardClaim.created_at > now - DAY,
        )
        .order_by(YardClaim.created_at)
    ).all()
    if len(sent) >= LINKS_PER_YARD_PER_DAY:
        wait = _seconds_until(sent[-LINKS_PER_YARD_PER_DAY] + DAY, now)
        raise ClaimLimited(
            f"A claim link was mailed to this yard's address {LINKS_PER_YARD_PER_DAY} times in "
            "the last 24 hours: use the newest of those mails, try again tomorrow, or ask the "
            'operators instead (route "operators").',
            wait,
        )
    session.execute(
        update(YardClaim)
        .where(
            YardClaim.yard_id == yard.id,
            YardClaim.route == "listing-email",
            YardClaim.status == "pending",
        )
        .values(status="replaced", token_nonce=None)
        .execution_options(synchronize_session=False)
    )
    links.arm(claim, settings, now)
    session.add(claim)
    session.flush()
    mail.queue_claim_link(session, settings, yard, claim, owner_count(session, yard.id), now)


def _seconds_until(moment: dt.datetime, now: dt.datetime) -> int:
    return max(1, math.ceil((moment - now).total_seconds()))


def _audit_request(session: Session, claim: YardClaim) -> None:
    record_audit(
        session,
        None,
        "yard-claim.request",
        AUDITED_AS,
        claim.id,
        None,
        {**claim_facts(claim), "sender": claim.client_hash[:8]},
        actor_name=VISITOR_ACTOR,
    )


def claim_facts(claim: YardClaim) -> dict[str, str | int | None]:
    """A claim as the audit log records it."""
    return {
        "yardId": claim.yard_id,
        "route": claim.route,
        "email": claim.email,
        "status": claim.status,
    }


# Links.


def claim_of_link(session: Session, settings: Settings, token: str, now: dt.datetime) -> YardClaim:
    """The claim a link names while the link works. Raises BadToken (not ours), or ClaimGone
    saying why it no longer works."""
    linked = links.linked_claim(settings, token, now)
    claim = session.get(YardClaim, linked.id)
    if claim is None:
        raise ClaimGone("This claim no longer exists: the yard was removed from the directory.")
    if claim.token_nonce == linked.nonce and shown_status(claim, now) in WAITING:
        return claim
    raise ClaimGone(_why_gone(claim, linked.nonce, now))


def _why_gone(claim: YardClaim, nonce: str, now: dt.datetime) -> str:
    status = shown_status(claim, now)
    if status == "confirmed":
        return "This link was already used: log in with the address it was made for."
    if status == "refused":
        return "The operators refused this claim; the link no longer works."
    if status == "expired":
        return "This link has expired: ask for a new one on the yard's page."
    if status == "replaced" or claim.token_nonce != nonce:
        return "A newer link was sent for this yard: only the newest one works."
    return "This link no longer works: ask for a new one on the yard's page."


def use_link(session: Session, claim: YardClaim, nonce: str, now: dt.datetime) -> bool:
    """Mark the claim confirmed if its link is still the one given (an UPDATE that only one of
    two racing confirmations can make); whether it was."""
    used = session.execute(
        update(YardClaim)
        .where(YardClaim.id == claim.id, YardClaim.token_nonce == nonce)
        .values(status="confirmed", token_nonce=None)
        .execution_options(synchronize_session=False)
    )
    session.refresh(claim)
    return bool(used.rowcount)  # type: ignore[attr-defined]


# The operators' decisions.


def approve_claim(
    session: Session, settings: Settings, claim: YardClaim, actor: User, now: dt.datetime
) -> None:
    """Mail the claimant a set-password link, audited; in the caller's transaction. An approved
    claim whose link expired unused may be approved again: a new link goes out."""
    if claim.route != "operators":
        raise NotDecidable(
            "This claim's link went to the listing's own address: it is confirmed from that "
            "mail, not approved here."
        )
    if shown_status(claim, now) not in ("pending", "expired"):
        raise NotDecidable(f"This claim is {shown_status(claim, now)}, not waiting for a decision.")
    before = claim_facts(claim)
    claim.status = "approved"
    _decided(claim, actor, None, now)
    links.arm(claim, settings, now)
    yard = session.get_one(ScrapYard, claim.yard_id)
    mail.queue_invite(session, settings, yard, claim, claim.email, "approved", now)
    record_audit(session, actor, "yard-claim.approve", AUDITED_AS, claim.id, before,
                 claim_facts(claim))  # fmt: skip


def refuse_claim(
    session: Session,
    settings: Settings,
    claim: YardClaim,
    actor: User,
    reason: str,
    now: dt.datetime,
) -> None:
    """Refuse a waiting claim (its link stops working) and mail the claimant why, audited."""
    if shown_status(claim, now) not in WAITING:
        raise NotDecidable(f"This claim is {shown_status(claim, now)}: it cannot be refused.")
    before = claim_facts(claim)
    claim.status = "refused"
    links.disarm(claim)
    _decided(claim, actor, reason, now)
    yard = session.get_one(ScrapYard, claim.yard_id)
    mail.queue_refusal(session, settings, yard, claim, now)
    after = {**claim_facts(claim), "reason": reason}
    record_audit(session, actor, "yard-claim.refuse", AUDITED_AS, claim.id, before, after)


def _decided(claim: YardClaim, actor: User, reason: str | None, now: dt.datetime) -> None:
    claim.decided_at = now
    claim.decided_by = actor.email
    claim.reason = reason

"""The mail of yard claims and owner accounts, queued in the caller's transaction (the outbox).

What a claimant typed (their name and address) goes only into bodies, never into a header; a
yard's name, which an import wrote, goes into a subject only without control characters.
"""

import datetime as dt
from typing import Any, Literal

from sqlalchemy.orm import Session

from scrapindex.mail.outbox import FORBIDDEN_IN_HEADER, enqueue
from scrapindex.models import ScrapYard, YardClaim
from scrapindex.settings import Settings
from scrapindex.yard_owners.links import claim_url

CLAIM_LINK_KIND = "yard-claim-link"  # to the listing's own address
INVITE_KIND = "yard-owner-invite"  # to the claimant: approved, or added by an operator
REFUSED_KIND = "yard-claim-refused"
OWNER_ADDED_KIND = "yard-owner-added"  # to a yard's other owners
CONSOLE_PATH = "/admin"

# Why an account's owner gets an invite: the operators approved their claim, an operator (or
# the command line) added them; "granted": an existing owner account was given one more yard.
InviteReason = Literal["approved", "added", "granted"]


def _subject(text: str) -> str:
    return FORBIDDEN_IN_HEADER.sub(" ", text)


def _common(settings: Settings, yard: ScrapYard) -> dict[str, Any]:
    root = settings.link_root()
    return {
        "site_root": root,
        "console_url": root + CONSOLE_PATH,
        "yard_name": yard.name,
        "yard_address": yard.address,
        "yard_url": f"{root}/scrap-yard/{yard.id}",
        "valid_hours": settings.yard_claim_link_hours,
    }


def queue_claim_link(
    session: Session,
    settings: Settings,
    yard: ScrapYard,
    claim: YardClaim,
    owners: int,
    now: dt.datetime,
) -> int:
    """The claim link, to the address the listing shows; ``owners``: the yard's owners now."""
    assert yard.email is not None
    context = {
        **_common(settings, yard),
        "claimant_name": claim.name,
        "claimant_email": claim.email,
        "owners": owners,
        "link": claim_url(settings, claim, now),
    }
    subject = _subject(f"Is {yard.name} your yard? Confirm it on ScrapIndex")
    return enqueue(session, CLAIM_LINK_KIND, yard.email, subject, CLAIM_LINK_KIND, context, now=now)


def queue_invite(
    session: Session,
    settings: Settings,
    yard: ScrapYard,
    claim: YardClaim | None,
    to: str,
    reason: InviteReason,
    now: dt.datetime,
) -> int:
    """To the account's address: a set-password link (``claim``), or, for an existing owner
    account given the yard (``claim`` None), where to log in."""
    context = {
        **_common(settings, yard),
        "reason": reason,
        "email": to,
        "link": claim_url(settings, claim, now) if claim is not None else None,
    }
    subject = _subject(f"You can post {yard.name}'s prices on ScrapIndex")
    return enqueue(session, INVITE_KIND, to, subject, INVITE_KIND, context, now=now)


def queue_refusal(
    session: Session, settings: Settings, yard: ScrapYard, claim: YardClaim, now: dt.datetime
) -> int:
    context = {**_common(settings, yard), "reason": claim.reason or ""}
    subject = _subject(f"Your claim of {yard.name} on ScrapIndex")
    return enqueue(session, REFUSED_KIND, claim.email, subject, REFUSED_KIND, context, now=now)


def queue_owner_added(
    session: Session,
    settings: Settings,
    yard: ScrapYard,
    to: str,
    new_owner: str,
    how: str,
    now: dt.datetime,
) -> int:
    """To an owner of ``yard``: ``new_owner`` may now post its prices too, and ``how`` that
    came about."""
    context = {**_common(settings, yard), "new_owner": new_owner, "how": how}
    subject = _subject(f"A new owner account for {yard.name} on ScrapIndex")
    return enqueue(session, OWNER_ADDED_KIND, to, subject, OWNER_ADDED_KIND, context, now=now)

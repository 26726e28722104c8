"""The set-password link of a yard claim: signed (mail/tokens.py), expiring after
YARD_CLAIM_LINK_HOURS, and naming one claim by its id and its nonce. The nonce is cleared once
the link is used, refused or replaced by a newer one, so a link works once, and only while it is
the claim's newest."""

import datetime as dt
from typing import NamedTuple

from scrapindex.mail.tokens import BadToken, make_token, read_token, token_link
from scrapindex.models import YardClaim
from scrapindex.models.mail import new_nonce
from scrapindex.settings import Settings

PURPOSE = "yard-claim"
CLAIM_PATH = "/admin/claim"  # the console's set-password screen
# yard_claims.id is an INTEGER key: a signed id beyond it names no claim (and no query runs).
MAX_CLAIM_ID = 2**31 - 1


class LinkedClaim(NamedTuple):
    id: int
    nonce: str


def link_valid(settings: Settings) -> dt.timedelta:
    return dt.timedelta(hours=settings.yard_claim_link_hours)


def arm(claim: YardClaim, settings: Settings, now: dt.datetime) -> None:
    """Give the claim a fresh link: a new nonce (any older link stops working), and its expiry."""
    claim.token_nonce = new_nonce()
    claim.expires_at = now + link_valid(settings)


def disarm(claim: YardClaim) -> None:
    """No link of this claim works any more."""
    claim.token_nonce = None


def claim_url(settings: Settings, claim: YardClaim, now: dt.datetime) -> str:
    assert claim.token_nonce is not None, "arm the claim first"
    token = make_token(settings, PURPOSE, {"c": claim.id, "n": claim.token_nonce}, now=now)
    return token_link(settings, CLAIM_PATH, token)


def linked_claim(settings: Settings, token: str, now: dt.datetime) -> LinkedClaim:
    """The claim a genuine, unexpired token names; raises BadToken otherwise."""
    payload = read_token(settings, PURPOSE, token, link_valid(settings), now=now)
    claim_id, nonce = payload.get("c"), payload.get("n")
    if not isinstance(claim_id, int) or isinstance(claim_id, bool):
        raise BadToken("invalid")
    if not 1 <= claim_id <= MAX_CLAIM_ID or not isinstance(nonce, str) or not nonce:
        raise BadToken("invalid")
    return LinkedClaim(claim_id, nonce)

"""Claiming a yard's listing: "Is this your yard?", and the link that confirms a claim.

The link's page (the console's /admin/claim) reads the claim, then confirms it with a password:
a new owner account's, or the existing owner account's when the address has one (that password
is checked under the login's throttle, so a link cannot be used to guess it). Confirming logs
the owner in as /api/auth/login does.
"""

import datetime as dt
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path, Response, status
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from scrapindex.api.auth import TOO_MANY_AT_ONCE, attempt_facts, audit_failure, open_login
from scrapindex.api.deps import SessionDep, SettingsDep, YardDep
from scrapindex.api.submissions import FORM_ERRORS, ClientHash, enforce_rate_limit, reject_honeypot
from scrapindex.auth import hash_slots, throttle
from scrapindex.auth.hash_slots import hash_slot
from scrapindex.auth.users import AccountError, authenticate, create_user, find_user
from scrapindex.mail.tokens import MAX_TOKEN_LENGTH, BadToken
from scrapindex.models import ScrapYard, User, YardClaim
from scrapindex.schemas.auth import LoginPublic
from scrapindex.schemas.common import NOT_FOUND, WITH_A_BODY, Message
from scrapindex.schemas.yard_claims import (
    ClaimConfirm,
    ClaimYard,
    YardClaimAccepted,
    YardClaimCreate,
    YardClaimPublic,
)
from scrapindex.settings import Settings
from scrapindex.yard_owners.claims import (
    ClaimGone,
    ClaimLimited,
    ClaimRefused,
    claim_of_link,
    request_claim,
)
from scrapindex.yard_owners.owners import OwnerRefused, OwnerSuspended, confirm_claim

router = APIRouter(tags=["yard owners"])

CLAIMS_PER_MINUTE = 3
NOT_OUR_LINK = "This claim link is not valid: check that the whole link was copied."
LINK_EXPIRED = "This link has expired: ask for a new one on the yard's page."
OPERATOR_ADDRESS = (
    "This address belongs to an operator's account: a yard owner's account needs an address "
    "of its own. Ask for the claim again with another address."
)
ACCOUNT_JUST_MADE = "An account for this address was just made: open the link again."
LINK_ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": Message, "description": "Not a claim link of ours"},
    410: {"model": Message, "description": "The link expired, was used, refused or replaced"},
}
CONFIRM_ERRORS: dict[int | str, dict[str, Any]] = {
    **LINK_ERRORS,
    401: {"model": Message, "description": "Wrong password of the existing owner account"},
    403: {"model": Message, "description": "The account is suspended from this yard"},
    409: {"model": Message, "description": "The address is an operator's account"},
    422: {"model": Message, "description": "The new password is refused (the message says why)"},
    429: {"model": Message, "description": "Too many failed passwords, or too many at once"},
    **WITH_A_BODY,
}
TokenPath = Annotated[str, Path(min_length=1, max_length=MAX_TOKEN_LENGTH)]


@router.post(
    "/api/scrap-yards/{yard_id}/claims",
    status_code=status.HTTP_202_ACCEPTED,
    response_model=YardClaimAccepted,
    responses={**FORM_ERRORS, **NOT_FOUND},
    summary="Claim a yard's listing: a link to the listing's e-mail, or the operators decide",
)
def request_yard_claim(
    body: YardClaimCreate,
    yard: YardDep,
    session: SessionDep,
    settings: SettingsDep,
    client: ClientHash,
) -> YardClaimAccepted:
    reject_honeypot(body.website)
    enforce_rate_limit(
        session, client, YardClaim.client_hash, YardClaim.created_at, CLAIMS_PER_MINUTE
    )
    try:
        claim = request_claim(session, settings, yard, body, client, dt.datetime.now(dt.UTC))
    except ClaimRefused as refused:
        raise HTTPException(422, f"Invalid request: {refused}") from None
    except ClaimLimited as limited:
        retry = {"Retry-After": str(limited.retry_after)}
        raise HTTPException(429, str(limited), headers=retry) from None
    session.commit()
    return YardClaimAccepted(route=body.route, message=_accepted(claim, settings))


def _accepted(claim: YardClaim, settings: Settings) -> str:
    if claim.route == "listing-email":
        return (
            "We mailed a link to the e-mail address this yard's listing shows. Whoever reads "
            f"that mailbox can open it within {settings.yard_claim_link_hours} hours to set the "
            f"password of the account {claim.email}."
        )
    return (
        f"Thank you. The operators will check your evidence and write to {claim.email} once "
        "they have decided."
    )


@router.get(
    "/api/yard-claims/{token}",
    response_model=YardClaimPublic,
    responses=LINK_ERRORS,
    summary="What a claim link is for: the yard, and the account it makes or adds the yard to",
)
def read_yard_claim(
    token: TokenPath, session: SessionDep, settings: SettingsDep
) -> YardClaimPublic:
    claim = _linked(session, settings, token, dt.datetime.now(dt.UTC))
    yard = session.get_one(ScrapYard, claim.yard_id)
    assert claim.expires_at is not None  # a claim with a working link has its expiry
    return YardClaimPublic(
        yard=ClaimYard(id=yard.id, name=yard.name, address=yard.address),
        email=claim.email,
        expires_at=claim.expires_at,
        has_account=find_user(session, claim.email) is not None,
    )


@router.post(
    "/api/yard-claims/{token}/confirm",
    response_model=LoginPublic,
    responses=CONFIRM_ERRORS,
    summary="Confirm a claim with a password: the owner account is made (or gets the yard), "
    "and logged in",
)
def confirm_yard_claim(
    token: TokenPath,
    body: ClaimConfirm,
    response: Response,
    session: SessionDep,
    settings: SettingsDep,
    client: ClientHash,
) -> LoginPublic:
    now = dt.datetime.now(dt.UTC)
    claim = _linked(session, settings, token, now)
    nonce = claim.token_nonce
    assert nonce is not None
    existing = find_user(session, claim.email)
    facts: dict[str, str] = {}
    if existing is None:
        user = _new_account(session, claim.email, body.password)
    else:
        user, facts = _existing_account(session, settings, existing, body.password, client, now)
    try:
        confirm_claim(session, settings, claim, nonce, user, now)
    except OwnerSuspended as suspended:
        session.rollback()
        raise HTTPException(403, str(suspended)) from None
    except OwnerRefused as refused:  # the link was used meanwhile
        session.rollback()
        raise HTTPException(410, str(refused)) from None
    return open_login(session, response, settings, user, client, facts, now)


def _linked(session: Session, settings: Settings, token: str, now: dt.datetime) -> YardClaim:
    try:
        return claim_of_link(session, settings, token, now)
    except BadToken as bad:
        if bad.expired:
            raise HTTPException(410, LINK_EXPIRED) from None
        raise HTTPException(404, NOT_OUR_LINK) from None
    except ClaimGone as gone:
        raise HTTPException(410, str(gone)) from None


def _new_account(session: Session, email: str, password: str) -> User:
    """The owner account of ``email`` with ``password``. Of two confirmations of one address at
    once (two links), the second finds the address taken: the unique key says so."""
    with hash_slot() as had_slot:
        if not had_slot:
            retry = {"Retry-After": str(hash_slots.RETRY_AFTER_SECONDS)}
            raise HTTPException(429, TOO_MANY_AT_ONCE, headers=retry)
        try:
            return create_user(session, email, password, "owner")
        except AccountError as refused:
            raise HTTPException(422, str(refused)) from None
        except IntegrityError:
            session.rollback()
            raise HTTPException(409, ACCOUNT_JUST_MADE) from None


def _existing_account(
    session: Session,
    settings: Settings,
    user: User,
    password: str,
    client: str,
    now: dt.datetime,
) -> tuple[User, dict[str, str]]:
    """The existing owner account, once its password is checked as a login checks it (the
    same throttle, slots and audit of failures)."""
    if user.role != "owner":
        raise HTTPException(409, OPERATOR_ADDRESS)
    attempt = throttle.attempt_of(user.email, client, settings.client_hash_salt)
    with hash_slot() as had_slot:
        if not had_slot:
            retry = {"Retry-After": str(hash_slots.RETRY_AFTER_SECONDS)}
            raise HTTPException(429, TOO_MANY_AT_ONCE, headers=retry)
        admitted = throttle.admit(session, attempt, now)
        if isinstance(admitted, int):
            wait = {"Retry-After": str(admitted)}
            raise HTTPException(429, throttle.wait_message(admitted), headers=wait)
        checked = authenticate(session, user.email, password)
    if checked is None:
        audit_failure(session, attempt, admitted, user)
        session.commit()
        raise HTTPException(
            401,
            f"Wrong password for the owner account {user.email}: give that account's password "
            "to add this yard to it.",
        )
    throttle.succeeded(session, attempt, admitted)
    return checked, attempt_facts(attempt)

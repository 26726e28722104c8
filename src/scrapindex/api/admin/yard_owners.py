"""Operators' side of yard ownership: the claims queue (approve, refuse) and owner accounts (add,
suspend, reinstate). Every change is audited; claimants and owners are mailed what concerns
them (scrapindex.yard_owners)."""

import datetime as dt
from typing import Annotated, Any, cast

from fastapi import APIRouter, Depends, HTTPException, Query

from scrapindex.api.deps import (
    PageNumber,
    PageSize,
    RowIdPath,
    SessionDep,
    SettingsDep,
    row_or_404,
)
from scrapindex.auth.deps import AdminDep, OperatorDep, csrf_protected
from scrapindex.models import ScrapYard, YardClaim, YardOwner
from scrapindex.queries.yard_claims import QueuedClaim, claim_queue, queued_claim
from scrapindex.queries.yard_owners import ListedOwner, listed_owner, owner_list
from scrapindex.schemas.common import NOT_FOUND, WITH_A_BODY, Message, Pagination
from scrapindex.schemas.reports import SENDER_KEY_LENGTH
from scrapindex.schemas.yard_owners import (
    AdminYardClaim,
    AdminYardClaimPage,
    AdminYardOwner,
    AdminYardOwnerPage,
    ClaimedYard,
    ClaimRefuseBody,
    ClaimRouteAny,
    ClaimStatus,
    OwnedYard,
    OwnerAdd,
    OwnerAdded,
)
from scrapindex.yard_owners.claims import NotDecidable, approve_claim, refuse_claim, shown_status
from scrapindex.yard_owners.owners import (
    OwnerRefused,
    invite_owner,
    reinstate_owner,
    suspend_owner,
)

router = APIRouter(
    prefix="/api/admin/yard-owners", tags=["admin"], dependencies=[Depends(csrf_protected)]
)

DECISION_ERRORS: dict[int | str, dict[str, Any]] = {
    **NOT_FOUND,
    409: {"model": Message, "description": "The claim is not waiting for this decision"},
}
ADD_ERRORS: dict[int | str, dict[str, Any]] = {
    **NOT_FOUND,
    409: {
        "model": Message,
        "description": "Already an owner of the yard, or an operator's address",
    },
    **WITH_A_BODY,
}


def get_claim(session: SessionDep, claim_id: RowIdPath) -> YardClaim:
    return row_or_404(session, YardClaim, claim_id, "Yard claim", for_update=True)


def get_owner_row(session: SessionDep, owner_id: RowIdPath) -> YardOwner:
    return row_or_404(session, YardOwner, owner_id, "Yard owner", for_update=True)


ClaimDep = Annotated[YardClaim, Depends(get_claim)]
OwnerRowDep = Annotated[YardOwner, Depends(get_owner_row)]


def admin_claim(queued: QueuedClaim, now: dt.datetime) -> AdminYardClaim:
    claim, yard = queued.claim, queued.yard
    return AdminYardClaim(
        id=claim.id,
        yard=ClaimedYard(
            id=yard.id,
            name=yard.name,
            address=yard.address,
            email=yard.email,
            city_slug=yard.city.slug,
            city_name=yard.city.name,
            owners=queued.owners,
        ),
        route=cast(ClaimRouteAny, claim.route),
        name=claim.name,
        email=claim.email,
        evidence=claim.evidence,
        status=shown_status(claim, now),
        sender=claim.client_hash[:SENDER_KEY_LENGTH],
        created_at=claim.created_at,
        expires_at=claim.expires_at,
        decided_at=claim.decided_at,
        decided_by=claim.decided_by,
        reason=claim.reason,
    )


def admin_owner(listed: ListedOwner) -> AdminYardOwner:
    row, user, yard = listed.row, listed.user, listed.yard
    return AdminYardOwner(
        id=row.id,
        user_id=user.id,
        email=user.email,
        yard=OwnedYard(
            id=yard.id, name=yard.name, city_slug=yard.city.slug, city_name=yard.city.name
        ),
        added_by=row.added_by,
        added_at=row.added_at,
        suspended_at=row.suspended_at,
        suspended_by=row.suspended_by,
        last_login_at=user.last_login_at,
    )


def shown_claim(session: SessionDep, claim: YardClaim) -> AdminYardClaim:
    queued = queued_claim(session, claim.id)
    assert queued is not None  # it was just loaded
    return admin_claim(queued, dt.datetime.now(dt.UTC))


def shown_owner(session: SessionDep, row: YardOwner) -> AdminYardOwner:
    listed = listed_owner(session, row.id)
    assert listed is not None  # it was just loaded
    return admin_owner(listed)


@router.get(
    "/claims",
    response_model=AdminYardClaimPage,
    summary="Yard claims, oldest first (of any status and route unless asked): status=pending "
    "and route=operators are those waiting for the operators' decision",
)
def list_yard_claims(
    session: SessionDep,
    operator: OperatorDep,
    status: ClaimStatus | None = None,
    route: ClaimRouteAny | None = None,
    page: PageNumber = 1,
    limit: PageSize = 25,
) -> AdminYardClaimPage:
    now = dt.datetime.now(dt.UTC)
    claims, total = claim_queue(session, status, route, page, limit, now)
    return AdminYardClaimPage(
        data=[admin_claim(queued, now) for queued in claims],
        pagination=Pagination.of(page, limit, total),
    )


@router.post(
    "/claims/{claim_id}/approve",
    response_model=AdminYardClaim,
    responses=DECISION_ERRORS,
    summary="Approve a claim sent to the operators: the claimant is mailed a set-password link",
)
def approve_yard_claim(
    session: SessionDep, settings: SettingsDep, operator: OperatorDep, claim: ClaimDep
) -> AdminYardClaim:
    try:
        approve_claim(session, settings, claim, operator, dt.datetime.now(dt.UTC))
    except NotDecidable as refused:
        raise HTTPException(409, str(refused)) from None
    session.commit()
    return shown_claim(session, claim)


@router.post(
    "/claims/{claim_id}/refuse",
    response_model=AdminYardClaim,
    responses=DECISION_ERRORS,
    summary="Refuse a claim with a reason, mailed to the claimant; its link stops working",
)
def refuse_yard_claim(
    session: SessionDep,
    settings: SettingsDep,
    operator: OperatorDep,
    claim: ClaimDep,
    body: ClaimRefuseBody,
) -> AdminYardClaim:
    try:
        refuse_claim(session, settings, claim, operator, body.reason, dt.datetime.now(dt.UTC))
    except NotDecidable as refused:
        raise HTTPException(409, str(refused)) from None
    session.commit()
    return shown_claim(session, claim)


@router.get("", response_model=AdminYardOwnerPage, summary="Owner accounts of yards, newest first")
def list_yard_owners(
    session: SessionDep,
    operator: OperatorDep,
    yard_id: Annotated[int | None, Query(alias="yardId", ge=1, le=2**31 - 1)] = None,
    page: PageNumber = 1,
    limit: PageSize = 25,
) -> AdminYardOwnerPage:
    owners, total = owner_list(session, yard_id, page, limit)
    return AdminYardOwnerPage(
        data=[admin_owner(listed) for listed in owners],
        pagination=Pagination.of(page, limit, total),
    )


@router.post(
    "",
    response_model=OwnerAdded,
    responses=ADD_ERRORS,
    summary="Make an address an owner of a yard (admin): an owner account gets it now, a new "
    "address is mailed a set-password link",
)
def add_yard_owner(
    session: SessionDep, settings: SettingsDep, admin: AdminDep, body: OwnerAdd
) -> OwnerAdded:
    yard = row_or_404(session, ScrapYard, body.yard_id, "Scrap yard")
    try:
        added = invite_owner(
            session, settings, yard, str(body.email), admin, dt.datetime.now(dt.UTC)
        )
    except OwnerRefused as refused:
        raise HTTPException(409, str(refused)) from None
    session.commit()
    if isinstance(added, YardOwner):
        owner = shown_owner(session, added)
        message = f"{owner.email} can now post {yard.name}'s prices; they were mailed so."
        return OwnerAdded(status="added", message=message, owner=owner, claim_id=None)
    message = (
        f"{added.email} was mailed a link to set a password; the account owns {yard.name} "
        f"once they do (the link works {settings.yard_claim_link_hours} hours)."
    )
    return OwnerAdded(status="link-sent", message=message, owner=None, claim_id=added.id)


@router.post(
    "/{owner_id}/suspend",
    response_model=AdminYardOwner,
    responses=NOT_FOUND,
    summary="Suspend an owner from a yard: they can no longer post for it",
)
def suspend_yard_owner(
    session: SessionDep, operator: OperatorDep, row: OwnerRowDep
) -> AdminYardOwner:
    listed = shown_owner(session, row)
    suspend_owner(session, row, listed.email, operator, dt.datetime.now(dt.UTC))
    session.commit()
    return shown_owner(session, row)


@router.post(
    "/{owner_id}/reinstate",
    response_model=AdminYardOwner,
    responses=NOT_FOUND,
    summary="Reinstate a suspended owner of a yard",
)
def reinstate_yard_owner(
    session: SessionDep, operator: OperatorDep, row: OwnerRowDep
) -> AdminYardOwner:
    listed = shown_owner(session, row)
    reinstate_owner(session, row, listed.email, operator)
    session.commit()
    return shown_owner(session, row)

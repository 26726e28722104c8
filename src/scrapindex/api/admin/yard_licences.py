"""Operators confirm or reject how entries of a dealers' register match yards (issue 39): a
confirmed, unexpired entry gives the yard page its "Licensed" badge. Every decision is audited
and moves the data revision."""

import datetime as dt
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Query
from sqlalchemy import func, select

from scrapindex.api.deps import PageNumber, PageSize, RowIdPath, SessionDep, row_or_404
from scrapindex.auth.deps import OperatorDep, csrf_protected
from scrapindex.licences.store import NotDecidable, decide
from scrapindex.models import ScrapYard, YardLicence
from scrapindex.schemas.common import NOT_FOUND, Message, Pagination
from scrapindex.schemas.yard_licences import (
    AdminYardLicence,
    AdminYardLicencePage,
    LicencedYard,
    LicenceStatus,
)

router = APIRouter(
    prefix="/api/admin/yard-licences", tags=["admin"], dependencies=[Depends(csrf_protected)]
)

DECISION_ERRORS: dict[int | str, dict[str, Any]] = {
    **NOT_FOUND,
    409: {
        "model": Message,
        "description": "No yard is proposed for the entry, or it is so already",
    },
}


def get_licence(session: SessionDep, licence_id: RowIdPath) -> YardLicence:
    return row_or_404(session, YardLicence, licence_id, "Register entry", for_update=True)


LicenceDep = Annotated[YardLicence, Depends(get_licence)]


def admin_licence(row: YardLicence, yard: ScrapYard | None) -> AdminYardLicence:
    return AdminYardLicence(
        id=row.id,
        register_code=row.register,
        register_no=row.register_no,
        licence_type=row.licence_type if row.licence_type in {"site", "collector"} else "unknown",
        holder_name=row.holder_name,
        site_address=row.site_address,
        postcode=row.postcode,
        local_authority=row.local_authority,
        expires_on=row.expires_on,
        register_url=row.register_url,
        checked_on=row.checked_on,
        yard=None
        if yard is None
        else LicencedYard(
            id=yard.id,
            name=yard.name,
            address=yard.address,
            city_slug=yard.city.slug,
            city_name=yard.city.name,
        ),
        score=row.match_score,
        reasons=list(row.match_reasons or []),
        status=row.status,
        decided_by=row.decided_by,
        decided_at=row.decided_at,
    )


@router.get(
    "",
    response_model=AdminYardLicencePage,
    summary="Register entries and their matches, surest first: status=proposed (the default) "
    "are those waiting for an operator",
)
def list_yard_licences(
    session: SessionDep,
    operator: OperatorDep,
    status: Annotated[LicenceStatus, Query()] = "proposed",
    page: PageNumber = 1,
    limit: PageSize = 25,
) -> AdminYardLicencePage:
    chosen = select(YardLicence).where(YardLicence.status == status)
    total = session.scalar(select(func.count()).select_from(chosen.subquery())) or 0
    rows = session.execute(
        chosen.add_columns(ScrapYard)
        .outerjoin(ScrapYard, ScrapYard.id == YardLicence.yard_id)
        .order_by(YardLicence.match_score.desc().nulls_last(), YardLicence.register_no)
        .offset((page - 1) * limit)
        .limit(limit)
    ).all()
    return AdminYardLicencePage(
        data=[admin_licence(row, yard) for row, yard in rows],
        pagination=Pagination.of(page, limit, total),
    )


def _decided(
    session: SessionDep, row: YardLicence, decision: str, operator: OperatorDep
) -> AdminYardLicence:
    try:
        decide(session, row, decision, operator, dt.datetime.now(dt.UTC))
    except NotDecidable as refused:
        raise HTTPException(409, str(refused)) from None
    session.commit()
    yard = session.get(ScrapYard, row.yard_id) if row.yard_id else None
    return admin_licence(row, yard)


@router.post(
    "/{licence_id}/confirm",
    response_model=AdminYardLicence,
    responses=DECISION_ERRORS,
    summary="Confirm the proposed yard: its page shows the licence badge while the entry is "
    "unexpired",
)
def confirm_yard_licence(
    session: SessionDep, operator: OperatorDep, row: LicenceDep
) -> AdminYardLicence:
    return _decided(session, row, "confirm", operator)


@router.post(
    "/{licence_id}/reject",
    response_model=AdminYardLicence,
    responses=DECISION_ERRORS,
    summary="Reject the proposed yard: not this register entry (a later read keeps the decision "
    "unless the entry changes)",
)
def reject_yard_licence(
    session: SessionDep, operator: OperatorDep, row: LicenceDep
) -> AdminYardLicence:
    return _decided(session, row, "reject", operator)

"""Yard corrections: the queue, approve (apply to the yard) or reject, revert an applied one,
and a yard's history."""

import datetime as dt
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException

from scrapindex.api.deps import PageNumber, PageSize, RowIdPath, SessionDep, YardDep, row_or_404
from scrapindex.auth.deps import OperatorDep, csrf_protected
from scrapindex.models import YardSuggestion
from scrapindex.moderation.yard_suggestions import (
    RevertRefused,
    approve_suggestion,
    reject_suggestion,
    revert_suggestion,
)
from scrapindex.queries.yard_suggestions import (
    applied_corrections,
    queued_suggestion,
    suggestion_queue,
)
from scrapindex.schemas.common import NOT_FOUND, Message, Pagination
from scrapindex.schemas.reports import (
    AdminYardSuggestion,
    AdminYardSuggestionPage,
    ApproveBody,
    RejectBody,
    RevertBody,
    SuggestionStatus,
    YardHistoryEntry,
    admin_yard_suggestion,
)

router = APIRouter(prefix="/api/admin", tags=["admin"], dependencies=[Depends(csrf_protected)])

DECISION_ERRORS = {
    **NOT_FOUND,
    409: {"model": Message, "description": "The suggestion was already approved or rejected"},
}
REVERT_ERRORS = {
    **NOT_FOUND,
    409: {
        "model": Message,
        "description": "The suggestion is not applied, or the yard's values of its fields "
        "changed since (the message names them)",
    },
}


def get_suggestion(session: SessionDep, suggestion_id: RowIdPath) -> YardSuggestion:
    return row_or_404(session, YardSuggestion, suggestion_id, "Yard suggestion", for_update=True)


SuggestionDep = Annotated[YardSuggestion, Depends(get_suggestion)]


def shown(session: SessionDep, suggestion: YardSuggestion) -> AdminYardSuggestion:
    queued = queued_suggestion(session, suggestion.id)
    assert queued is not None  # it was just loaded
    return admin_yard_suggestion(queued)


@router.get(
    "/yard-suggestions",
    response_model=AdminYardSuggestionPage,
    summary="Yard corrections, oldest first",
)
def list_yard_suggestions(
    session: SessionDep,
    operator: OperatorDep,
    status: SuggestionStatus = "pending",
    page: PageNumber = 1,
    limit: PageSize = 25,
) -> AdminYardSuggestionPage:
    suggestions, total = suggestion_queue(session, status, page, limit)
    return AdminYardSuggestionPage(
        data=[admin_yard_suggestion(queued) for queued in suggestions],
        pagination=Pagination.of(page, limit, total),
    )


@router.post(
    "/yard-suggestions/{suggestion_id}/approve",
    response_model=AdminYardSuggestion,
    responses=DECISION_ERRORS,
    summary="Approve a correction: it is applied to the yard and kept in its history",
)
def approve_yard_suggestion(
    session: SessionDep,
    operator: OperatorDep,
    suggestion: SuggestionDep,
    body: ApproveBody | None = None,
) -> AdminYardSuggestion:
    approve_suggestion(
        session, suggestion, operator, body.reason if body else None, dt.datetime.now(dt.UTC)
    )
    session.commit()
    return shown(session, suggestion)


@router.post(
    "/yard-suggestions/{suggestion_id}/reject",
    response_model=AdminYardSuggestion,
    responses=DECISION_ERRORS,
    summary="Reject a correction with a reason: the yard stays as it is",
)
def reject_yard_suggestion(
    session: SessionDep, operator: OperatorDep, suggestion: SuggestionDep, body: RejectBody
) -> AdminYardSuggestion:
    reject_suggestion(session, suggestion, operator, body.reason, dt.datetime.now(dt.UTC))
    session.commit()
    return shown(session, suggestion)


@router.post(
    "/yard-suggestions/{suggestion_id}/revert",
    response_model=AdminYardSuggestion,
    responses=REVERT_ERRORS,
    summary="Revert an applied correction: the yard gets back the values it replaced",
)
def revert_yard_suggestion(
    session: SessionDep,
    operator: OperatorDep,
    suggestion: SuggestionDep,
    body: RevertBody | None = None,
) -> AdminYardSuggestion:
    try:
        revert_suggestion(session, suggestion, operator, body.reason if body else None)
    except RevertRefused as refused:
        raise HTTPException(409, str(refused)) from None
    session.commit()
    return shown(session, suggestion)


@router.get(
    "/scrap-yards/{yard_id}/history",
    response_model=list[YardHistoryEntry],
    responses=NOT_FOUND,
    summary="A yard's applied corrections (reverted ones too), newest first, with the values "
    "they replaced",
)
def yard_history(
    session: SessionDep, operator: OperatorDep, yard: YardDep
) -> list[YardHistoryEntry]:
    return [
        YardHistoryEntry(
            suggestion_id=applied.suggestion.id,
            applied_at=applied.suggestion.reviewed_at or applied.suggestion.created_at,
            applied_by=applied.approver_email,
            before=applied.suggestion.before or {},
            after=applied.suggestion.changes,
            reverted_at=applied.reversion.reverted_at if applied.reversion else None,
            reverted_by=applied.reversion.reverted_by if applied.reversion else None,
        )
        for applied in applied_corrections(session, yard.id)
    ]

"""The price-report queue: flagged first, then oldest; approve or reject with a reason."""

import datetime as dt
from typing import Annotated

from fastapi import APIRouter, Depends

from scrapindex.api.deps import PageNumber, PageSize, RowIdPath, SessionDep, SettingsDep, row_or_404
from scrapindex.auth.deps import OperatorDep, csrf_protected
from scrapindex.models import PriceReport
from scrapindex.moderation.price_reports import (
    approve_report,
    approve_sender_reports,
    reject_report,
)
from scrapindex.queries.price_reports import queued_reports, report_queue
from scrapindex.schemas.common import NOT_FOUND, Message, Pagination
from scrapindex.schemas.reports import (
    AdminPriceReport,
    AdminPriceReportPage,
    ApproveBody,
    RejectBody,
    ReportStatus,
    SenderApprovalPublic,
    admin_price_report,
)

router = APIRouter(
    prefix="/api/admin/price-reports", tags=["admin"], dependencies=[Depends(csrf_protected)]
)

DECISION_ERRORS = {
    **NOT_FOUND,
    409: {"model": Message, "description": "The report was already approved or rejected"},
}


def get_report(session: SessionDep, report_id: RowIdPath) -> PriceReport:
    return row_or_404(session, PriceReport, report_id, "Price report", for_update=True)


ReportDep = Annotated[PriceReport, Depends(get_report)]


def decision_time() -> dt.datetime:
    """The moment of a decision (STYLE rule 12: tests pin it with a dependency override)."""
    return dt.datetime.now(dt.UTC)


DecisionTime = Annotated[dt.datetime, Depends(decision_time)]


def shown(session: SessionDep, report: PriceReport) -> AdminPriceReport:
    (queued,) = queued_reports(session, [report.id])
    return admin_price_report(queued)


@router.get(
    "", response_model=AdminPriceReportPage, summary="Price reports: flagged first, then oldest"
)
def list_price_reports(
    session: SessionDep,
    operator: OperatorDep,
    status: ReportStatus = "pending",
    page: PageNumber = 1,
    limit: PageSize = 25,
) -> AdminPriceReportPage:
    reports, total = report_queue(session, status, page, limit)
    return AdminPriceReportPage(
        data=[admin_price_report(queued) for queued in reports],
        pagination=Pagination.of(page, limit, total),
    )


@router.post(
    "/{report_id}/approve",
    response_model=AdminPriceReport,
    responses=DECISION_ERRORS,
    summary="Approve a report: it counts in its series' aggregate and price",
)
def approve_price_report(
    session: SessionDep,
    settings: SettingsDep,
    operator: OperatorDep,
    report: ReportDep,
    now: DecisionTime,
    body: ApproveBody | None = None,
) -> AdminPriceReport:
    # A price that would break its family's order holds the report, flagged with why.
    approve_report(session, report, operator, body.reason if body else None, now, settings)
    session.commit()
    return shown(session, report)


@router.post(
    "/{report_id}/approve-sender",
    response_model=SenderApprovalPublic,
    responses=DECISION_ERRORS,
    summary="Approve every pending report of this report's sender (they count as one seller)",
)
def approve_sender_price_reports(
    session: SessionDep,
    settings: SettingsDep,
    operator: OperatorDep,
    report: ReportDep,
    now: DecisionTime,
) -> SenderApprovalPublic:
    done = approve_sender_reports(session, report, operator, now, settings)
    session.commit()
    return SenderApprovalPublic(
        approved=[shown(session, each) for each in done.approved],
        held=[shown(session, each) for each in done.held],
    )


@router.post(
    "/{report_id}/reject",
    response_model=AdminPriceReport,
    responses=DECISION_ERRORS,
    summary="Reject a report with a reason: it never counts",
)
def reject_price_report(
    session: SessionDep,
    operator: OperatorDep,
    report: ReportDep,
    body: RejectBody,
    now: DecisionTime,
) -> AdminPriceReport:
    reject_report(session, report, operator, body.reason, now)
    session.commit()
    return shown(session, report)

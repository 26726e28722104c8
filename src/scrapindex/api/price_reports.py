"""User price reports: sent by anyone, public only once approved, and then only in aggregate."""

import datetime as dt

from fastapi import APIRouter, HTTPException, status

from scrapindex.api.deps import CityInQueryDep, MaterialInQueryDep, SessionDep, SettingsDep
from scrapindex.api.submissions import FORM_ERRORS, ClientHash, enforce_rate_limit, reject_honeypot
from scrapindex.formatting import stored_unit
from scrapindex.mail.notifications import notify_operator
from scrapindex.models import PriceReport
from scrapindex.moderation.price_reports import (
    ReportLimited,
    ReportRefused,
    city_today,
    submit_report,
)
from scrapindex.queries.price_reports import WINDOW_DAYS, aggregate_reports
from scrapindex.schemas.common import NOT_FOUND
from scrapindex.schemas.reports import Accepted, PriceReportCreate, PriceReportSummary

router = APIRouter(prefix="/api/price-reports", tags=["price reports"])

REPORTS_PER_MINUTE = 5


@router.post(
    "",
    status_code=status.HTTP_202_ACCEPTED,
    response_model=Accepted,
    responses=FORM_ERRORS,
    summary="Report a price you were paid; it counts once a moderator has checked it",
)
def report_price(
    body: PriceReportCreate, session: SessionDep, settings: SettingsDep, client: ClientHash
) -> Accepted:
    reject_honeypot(body.website)
    enforce_rate_limit(
        session, client, PriceReport.client_hash, PriceReport.created_at, REPORTS_PER_MINUTE
    )
    now = dt.datetime.now(dt.UTC)
    try:
        report = submit_report(session, body, client, now)
    except ReportRefused as refused:
        raise HTTPException(422, f"Invalid request: {refused}") from None
    except ReportLimited as limited:
        retry = {"Retry-After": str(limited.retry_after)}
        raise HTTPException(429, str(limited), headers=retry) from None
    if report.flagged:
        notify_operator(session, settings, now)  # same transaction
    session.commit()
    return Accepted(message="Thank you. Your report will count once a moderator has checked it.")


@router.get(
    "",
    response_model=PriceReportSummary,
    responses=NOT_FOUND,
    summary="What approved reports of the last 14 days say about a material in a city",
)
def price_report_summary(
    session: SessionDep,
    settings: SettingsDep,
    city: CityInQueryDep,
    material: MaterialInQueryDep,
) -> PriceReportSummary:
    currency = city.country.currency
    today = city_today(city, dt.datetime.now(dt.UTC))  # the calendar reports are dated in
    minimum = settings.report_min_senders
    aggregate = aggregate_reports(session, material.id, city.id, currency, today, minimum)
    return PriceReportSummary(
        city_slug=city.slug,
        material_slug=material.slug,
        window_days=WINDOW_DAYS,
        count=aggregate.count,
        unit=stored_unit(material.sale_unit),
        median_per_kg=aggregate.median_per_kg,
        min_per_kg=aggregate.min_per_kg,
        max_per_kg=aggregate.max_per_kg,
        latest_date=aggregate.latest_date,
        currency=currency,
        publishes_price=aggregate.publishes_price,
    )

"""Price reports: taking one in, a moderator's decision, and the price a series' reports publish.

With at least three approved reports dated within the last 14 days, their median (per kg, in
the city's currency) is the series' stored price of kind ``report`` for the day of approval in
the city's own calendar (the calendar a report's paid-on day is given in, never UTC's). A
report price never replaces a feed's or a manual price of that day, and replaces an estimate or a
demo price (see ``scrapindex.price_kinds``), as the estimates do. Only pending reports can be
decided, so a rejection never takes a report out of a published median: with fewer than three
reports left in the window the stored history simply stays as it is.
"""

import datetime as dt
import math
from dataclasses import dataclass
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import select
from sqlalchemy.orm import Session

from scrapindex import revision
from scrapindex.audit import record_audit
from scrapindex.data.imports.sources import named_source_id
from scrapindex.formatting import stored_price_text, unit_refusal
from scrapindex.models import (
    City,
    Country,
    Material,
    Price,
    PriceReport,
    ScrapYard,
    Source,
    User,
)
from scrapindex.moderation import AlreadyDecided
from scrapindex.price_kinds import outranks
from scrapindex.prices.publish_checks import describe_baseline, series_baseline
from scrapindex.prices.record import (
    PriceRow,
    PriceWrite,
    PublishRefused,
    begin_price_write,
    publish,
)
from scrapindex.queries.places import find_city
from scrapindex.queries.price_reports import (
    PUBLISH_MIN_SENDERS,
    REPORT_BASELINE_DAYS,
    WINDOW_DAYS,
    aggregate_reports,
    in_currency,
    per_kg,
    usd_per_unit,
)
from scrapindex.queries.site import find_material
from scrapindex.schemas.reports import PriceReportCreate
from scrapindex.settings import Settings

REPORT_SOURCE_NAME = "User reports"
REPORT_KIND = "report"
OUTLIER_RATIO = Decimal(3)
FLAG_REASON_LENGTH = 300  # PriceReport.flag_reason
BASELINE_DAYS = REPORT_BASELINE_DAYS


# Reports one client may send of one series in a day: a sender counts once whatever they send,
# so more only fills the moderators' queue.
REPORTS_PER_SERIES_PER_DAY = 2
DAY = dt.timedelta(days=1)


class ReportLimited(Exception):
    """This client has sent its share of reports of the series today."""

    def __init__(self, material: str, city: str, retry_after: int) -> None:
        super().__init__(
            f"You have sent {REPORTS_PER_SERIES_PER_DAY} reports of {material} in {city} in the "
            "last 24 hours: each seller counts once, so more would not change the figure. "
            "Thank you; try again tomorrow."
        )
        self.retry_after = retry_after


class ReportRefused(ValueError):
    """A report that cannot be taken: ``field`` names what is wrong."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field


def submit_report(
    session: Session, body: PriceReportCreate, client: str, now: dt.datetime
) -> PriceReport:
    """A pending report, flagged when far from the series' current price; or ReportRefused."""
    material = find_material(session, body.material_slug)
    if material is None:
        raise ReportRefused("materialSlug", f"no material '{body.material_slug}'")
    city = find_city(session, body.city_slug)
    if city is None:
        raise ReportRefused("citySlug", f"no city '{body.city_slug}'")
    if body.yard_id is not None:
        _check_yard(session, body.yard_id, city)
    _check_series_share(session, material, city, client, now)
    unit_problem = unit_refusal(body.unit, material.sale_unit, material.name)
    if unit_problem is not None:
        raise ReportRefused("unit", unit_problem)
    currency = body.currency or city.country.currency
    price_per_kg = per_kg(body.price, body.unit)
    local = _in_city_currency(session, price_per_kg, currency, city.country.currency)
    report = PriceReport(
        material_id=material.id,
        city_id=city.id,
        yard_id=body.yard_id,
        price=body.price,
        unit=body.unit,
        currency=currency,
        price_per_kg=price_per_kg,
        report_date=_report_date(body.date, city, now),
        note=body.note,
        client_hash=client,
        status="pending",
        created_at=now,
    )
    report.flag_reason = _flag_reason(session, material, city, local, report.report_date)
    report.flagged = report.flag_reason is not None
    session.add(report)
    return report


def _check_series_share(
    session: Session, material: Material, city: City, client: str, now: dt.datetime
) -> None:
    """ReportLimited past the client's share of the series in 24 hours (counted under the form's
    lock, api.submissions.enforce_rate_limit, so a burst cannot pass it)."""
    sent = session.scalars(
        select(PriceReport.created_at)
        .where(
            PriceReport.client_hash == client,
            PriceReport.material_id == material.id,
            PriceReport.city_id == city.id,
            PriceReport.created_at > now - DAY,
        )
        .order_by(PriceReport.created_at)
    ).all()
    if len(sent) >= REPORTS_PER_SERIES_PER_DAY:
        wait = max(1, math.ceil((sent[-REPORTS_PER_SERIES_PER_DAY] + DAY - now).total_seconds()))
        raise ReportLimited(material.name, city.name, wait)


def _check_yard(session: Session, yard_id: int, city: City) -> None:
    yard = session.get(ScrapYard, yard_id)
    if yard is None or yard.city_id != city.id:
        raise ReportRefused("yardId", f"no yard {yard_id} in {city.name}")


def _in_city_currency(
    session: Session, price_per_kg: Decimal, currency: str, city_currency: str
) -> Decimal:
    if currency not in (city_currency, "USD"):
        raise ReportRefused("currency", f"give the price in {city_currency} or USD")
    rate = None if currency == city_currency else usd_per_unit(session, city_currency)
    local = in_currency(price_per_kg, currency, city_currency, rate)
    if local is None:
        raise ReportRefused("currency", f"give the price in {city_currency}")
    return local


def city_today(city: City, now: dt.datetime) -> dt.date:
    """The calendar day it is in ``city`` at ``now``: the day reports are dated in."""
    return now.astimezone(ZoneInfo(city.time_zone)).date()


def _report_date(day: dt.date | None, city: City, now: dt.datetime) -> dt.date:
    """The day given, or today in the city; not in the future, not more than 14 days back."""
    today = city_today(city, now)
    if day is None:
        return today
    if day > today:
        raise ReportRefused("date", "must not be in the future")
    if day < today - dt.timedelta(days=WINDOW_DAYS):
        raise ReportRefused("date", f"must be within the last {WINDOW_DAYS} days")
    return day


def _flag_reason(
    session: Session, material: Material, city: City, local: Decimal, day: dt.date
) -> str | None:
    """Why a moderator should look twice: more than 3x, or under a third of, the series'
    trusted baseline (series_baseline: never a report, so reports approved before cannot move
    the figure the next ones are measured against, as the shown price could)."""
    found = series_baseline(session.connection(), material.id, city.id, day, BASELINE_DAYS)
    if found is None or not found[1]:
        return None
    basis, baseline, baseline_day = found
    ratio = local / baseline
    if 1 / OUTLIER_RATIO <= ratio <= OUTLIER_RATIO:
        return None
    shown = f"{ratio:.1f}" if ratio > 1 else f"{ratio:.2f}"
    text = stored_price_text(baseline, city.country.currency, material.sale_unit)
    return f"{shown}x {describe_baseline(basis, text, baseline_day, BASELINE_DAYS)}"


def approve_report(
    session: Session,
    report: PriceReport,
    actor: User,
    reason: str | None,
    now: dt.datetime,
    settings: Settings,
) -> str | None:
    """Approve, audit and publish the series' price in the session's transaction (uncommitted),
    through the price-write service. When the price it would publish is refused (a family's
    grades out of order, or outside the band around the series' trusted baseline), the
    approval is undone: the report goes back to the queue, flagged with the reason, which is
    returned (None when approved)."""
    # A year back, not the usual 30 days: a stale series still has a price to be held to.
    write = begin_price_write(session.connection(), baseline_window_days=BASELINE_DAYS)
    before = _decide(report, "approved", actor, reason, now)
    session.flush()
    # A savepoint on the write's own connection: the session's begin_nested() would emit its
    # SAVEPOINT only when the session next used the connection, after the write.
    savepoint = write.connection.begin_nested()
    try:
        today = city_today(session.get_one(City, report.city_id), now)
        publish_report_price(
            write, report.material_id, report.city_id, today, now, settings.report_min_senders
        )
        publish(write, settings, now=now)
    except PublishRefused as refused:
        savepoint.rollback()
        _hold(report, before, refused.problems)
        session.flush()
        record_audit(
            session, actor, "price-report.hold", "price-report", report.id, before, _state(report)
        )
        return report.flag_reason
    savepoint.commit()
    record_audit(
        session, actor, "price-report.approve", "price-report", report.id, before, _state(report)
    )
    if not write.report.touched:
        # No price moved, but the public summary of approved reports did: caches must see it.
        revision.bump(session.connection())
    return None


@dataclass(frozen=True)
class SenderApproval:
    approved: list[PriceReport]
    held: list[PriceReport]  # back in the queue, flagged with why their price was refused


def approve_sender_reports(
    session: Session,
    report: PriceReport,
    actor: User,
    now: dt.datetime,
    settings: Settings,
) -> SenderApproval:
    """Approve every pending report of ``report``'s sender, oldest first, each as
    approve_report does (audited, published through the price-write service). They are one
    sender's: in each series' figure they count once, as their latest."""
    pending = session.scalars(
        select(PriceReport)
        .where(PriceReport.client_hash == report.client_hash, PriceReport.status == "pending")
        .order_by(PriceReport.created_at, PriceReport.id)
        .with_for_update()
    ).all()
    if report not in pending:
        raise AlreadyDecided("report", report.status)
    approved: list[PriceReport] = []
    held: list[PriceReport] = []
    for each in pending:
        reason = "Approved with the sender's other reports"
        refused = approve_report(session, each, actor, reason, now, settings)
        (approved if refused is None else held).append(each)
    return SenderApproval(approved, held)


def _hold(report: PriceReport, before: dict[str, Any], problems: list[str]) -> None:
    """Back to pending, flagged with why its price was not published."""
    report.status = "pending"
    report.review_reason = before.get("reviewReason")
    report.reviewed_by = None
    report.reviewed_at = None
    report.flagged = True
    reason = f"Not published on approval: {'; '.join(problems)}"
    report.flag_reason = reason[:FLAG_REASON_LENGTH]


def reject_report(
    session: Session, report: PriceReport, actor: User, reason: str, now: dt.datetime
) -> None:
    """Reject and audit. A pending report was in no aggregate, so nothing public changes."""
    before = _decide(report, "rejected", actor, reason, now)
    session.flush()
    record_audit(
        session, actor, "price-report.reject", "price-report", report.id, before, _state(report)
    )


def _decide(
    report: PriceReport, status: str, actor: User, reason: str | None, now: dt.datetime
) -> dict[str, Any]:
    if report.status != "pending":
        raise AlreadyDecided("report", report.status)
    before = _state(report)
    report.status = status
    report.review_reason = reason
    report.reviewed_by = actor.id
    report.reviewed_at = now
    return before


def _state(report: PriceReport) -> dict[str, Any]:
    return {
        "status": report.status,
        "reviewReason": report.review_reason,
        "pricePerKg": f"{report.price_per_kg:.4f}",
        "currency": report.currency,
        "reportDate": report.report_date.isoformat(),
        "flagged": report.flagged,
    }


def publish_report_price(
    write: PriceWrite,
    material_id: int,
    city_id: int,
    today: dt.date,
    now: dt.datetime | None = None,
    min_senders: int = PUBLISH_MIN_SENDERS,
) -> bool:
    """Write the median of the window's approved reports as ``today``'s price when it may.

    True when a price was written (the caller's price write then publishes it, or refuses it:
    outside the band around the series' trusted baseline, or out of its family's order)."""
    connection = write.connection
    currency = connection.execute(
        select(Country.currency).join(City).where(City.id == city_id)
    ).scalar_one()
    aggregate = aggregate_reports(connection, material_id, city_id, currency, today, min_senders)
    if not aggregate.publishes_price or aggregate.median_per_kg is None:
        return False
    stored = connection.execute(
        select(Price.price_per_kg, Source.kind)
        .join(Source, Source.id == Price.source_id)
        .where(
            Price.material_id == material_id, Price.city_id == city_id, Price.price_date == today
        )
    ).first()
    median = aggregate.median_per_kg
    if stored is not None and (
        outranks(stored.kind, REPORT_KIND)
        or (stored.kind == REPORT_KIND and stored.price_per_kg == median)
    ):
        return False
    source_id = named_source_id(connection, REPORT_SOURCE_NAME, REPORT_KIND)
    written_at = now or dt.datetime.now(dt.UTC)
    row = PriceRow(material_id, city_id, today, median, currency, source_id, written_at)
    write.upsert([row])
    return True

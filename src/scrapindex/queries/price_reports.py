"""User price reports: per-kg figures in the city's currency, the public aggregate, the queue.

A report is stored as given (its unit and currency). Aggregates, the outlier check and the
published price read it per kg in the city's currency: a USD report is converted with the newest
stored rate of the city's currency. A series has a handful of reports in its window, so the
median is taken in Python.
"""

import datetime as dt
import statistics
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from sqlalchemy import Connection, func, select
from sqlalchemy.orm import Session

from scrapindex.formatting import CENT, STORED_PER_UNIT, SaleUnit, Unit
from scrapindex.models import (
    City,
    Country,
    CurrentPrice,
    FxRate,
    Material,
    Price,
    PriceReport,
    ScrapYard,
    User,
)
from scrapindex.prices.publish_checks import series_baseline

WINDOW_DAYS = 14
# How far back a report's baseline is looked for: a year, as a stale series still has a price
# to be held to (its flag on arrival and its approval's band).
REPORT_BASELINE_DAYS = 366
# Distinct senders whose approved reports make the series' price (Settings.report_min_senders).
PUBLISH_MIN_SENDERS = 3
PER_KG_PLACES = Decimal("0.0001")
STATUSES = ("pending", "approved", "rejected")


def per_kg(price: Decimal, unit: Unit) -> Decimal:
    """The price as stored, to four places: of one kilogram (lb = 0.45359237 kg exactly,
    t = 1000 kg, troy ounce = 31.1034768 g), or of one piece for a material sold by the piece."""
    return (price / STORED_PER_UNIT[unit]).quantize(PER_KG_PLACES, ROUND_HALF_UP)


def window_start(today: dt.date) -> dt.date:
    """The earliest report date that still counts on ``today``."""
    return today - dt.timedelta(days=WINDOW_DAYS)


def usd_per_unit(db: Session | Connection, currency: str) -> Decimal | None:
    """The newest stored rate of ``currency`` (US dollars per unit), whatever its source."""
    if currency == "USD":
        return Decimal(1)
    return db.execute(
        select(FxRate.usd_per_unit)
        .where(FxRate.currency == currency)
        .order_by(FxRate.rate_date.desc())
        .limit(1)
    ).scalar_one_or_none()


def in_currency(
    amount: Decimal, currency: str, target: str, rate: Decimal | None
) -> Decimal | None:
    """A USD amount in ``target`` with ``rate`` (USD per unit of target); None without a rate."""
    if currency == target:
        return amount
    if currency != "USD" or rate is None:
        return None
    return (amount / rate).quantize(PER_KG_PLACES, ROUND_HALF_UP)


def current_price_per_kg(
    db: Session | Connection, material_id: int, city_id: int
) -> Decimal | None:
    """The series' current price (its newest stored one), per kg in the city's currency."""
    return db.execute(
        select(Price.price_per_kg)
        .join(CurrentPrice, CurrentPrice.price_id == Price.id)
        .where(CurrentPrice.material_id == material_id, CurrentPrice.city_id == city_id)
    ).scalar_one_or_none()


@dataclass(frozen=True)
class ReportAggregate:
    count: int  # senders, each counted once (their latest report)
    median_per_kg: Decimal | None
    min_per_kg: Decimal | None
    max_per_kg: Decimal | None
    latest_date: dt.date | None
    min_senders: int = PUBLISH_MIN_SENDERS

    @property
    def publishes_price(self) -> bool:
        return self.count >= self.min_senders


def median_to_the_cent(values: list[Decimal]) -> Decimal:
    """The median, half away from zero to the cent: what the aggregate shows and a price stores."""
    return Decimal(statistics.median(values)).quantize(CENT, ROUND_HALF_UP)


def aggregate_reports(
    db: Session | Connection,
    material_id: int,
    city_id: int,
    currency: str,
    today: dt.date,
    min_senders: int = PUBLISH_MIN_SENDERS,
) -> ReportAggregate:
    """Approved reports of the series dated within the window, per kg in ``currency``: one per
    sender (a salted hash of the client's address), their latest, so one person sending three
    reports is one seller, not three."""
    rows = db.execute(
        select(
            PriceReport.price_per_kg,
            PriceReport.currency,
            PriceReport.report_date,
            PriceReport.client_hash,
        )
        .where(
            PriceReport.material_id == material_id,
            PriceReport.city_id == city_id,
            PriceReport.status == "approved",
            PriceReport.report_date >= window_start(today),
        )
        .order_by(PriceReport.report_date, PriceReport.created_at, PriceReport.id)
    ).all()
    latest = list({row.client_hash: row for row in rows}.values())
    rate = usd_per_unit(db, currency) if any(r.currency != currency for r in latest) else None
    figures = [
        (value, row.report_date)
        for row in latest
        if (value := in_currency(row.price_per_kg, row.currency, currency, rate)) is not None
    ]
    if not figures:
        return ReportAggregate(0, None, None, None, None, min_senders)
    values = [value for value, _ in figures]
    return ReportAggregate(
        count=len(values),
        median_per_kg=median_to_the_cent(values),
        min_per_kg=min(values),
        max_per_kg=max(values),
        latest_date=max(day for _, day in figures),
        min_senders=min_senders,
    )


@dataclass(frozen=True)
class SenderRecord:
    """What one sender (a client hash) has sent: the moderator's view of who is behind a report."""

    pending: int
    approved: int


def sender_records(session: Session, senders: set[str]) -> dict[str, SenderRecord]:
    counts = session.execute(
        select(PriceReport.client_hash, PriceReport.status, func.count())
        .where(PriceReport.client_hash.in_(sorted(senders)))
        .group_by(PriceReport.client_hash, PriceReport.status)
    ).all()
    found: dict[str, dict[str, int]] = {sender: {} for sender in senders}
    for sender, status, count in counts:
        found[sender][status] = count
    return {
        sender: SenderRecord(by.get("pending", 0), by.get("approved", 0))
        for sender, by in found.items()
    }


@dataclass(frozen=True)
class QueuedReport:
    """A report with the names the console shows and the series' current price beside it."""

    report: PriceReport
    material_slug: str
    material_name: str
    city_slug: str
    city_name: str
    country_code: str
    city_time_zone: str  # the calendar its report dates are days of
    yard_name: str | None
    reviewer_email: str | None
    current_per_kg: Decimal | None  # in the report's currency
    material_sale_unit: SaleUnit = "kg"
    sender: SenderRecord | None = None
    baseline_per_kg: Decimal | None = None  # the series' baseline, in the report's currency


def report_queue(
    session: Session, status: str, page: int, limit: int
) -> tuple[list[QueuedReport], int]:
    """One page of reports with ``status``: flagged first, then oldest first; and the total."""
    condition = PriceReport.status == status
    total = session.execute(select(func.count()).where(condition)).scalar_one()
    ids = session.scalars(
        select(PriceReport.id)
        .where(condition)
        .order_by(PriceReport.flagged.desc(), PriceReport.created_at, PriceReport.id)
        .offset((page - 1) * limit)
        .limit(limit)
    ).all()
    return queued_reports(session, list(ids)), total


def queued_reports(session: Session, ids: list[int]) -> list[QueuedReport]:
    """The reports ``ids``, in that order, as the console shows them."""
    rows = session.execute(
        select(
            PriceReport,
            Material.slug,
            Material.name,
            City.slug,
            City.name,
            City.country_code,
            City.time_zone,
            Country.currency,
            ScrapYard.name,
            User.email,
            Material.sale_unit,
        )
        .join(Material, Material.id == PriceReport.material_id)
        .join(City, City.id == PriceReport.city_id)
        .join(Country, Country.code == City.country_code)
        .outerjoin(ScrapYard, ScrapYard.id == PriceReport.yard_id)
        .outerjoin(User, User.id == PriceReport.reviewed_by)
        .where(PriceReport.id.in_(ids))
    ).all()
    by_id = {row[0].id: row for row in rows}
    senders = sender_records(session, {row[0].client_hash for row in rows})
    rates: dict[str, Decimal | None] = {}
    queued = []
    for report_id in ids:
        row = by_id[report_id]
        report, m_slug, m_name, c_slug, c_name, code, zone, city_currency, yard, email = row[:10]
        current = current_price_per_kg(session, report.material_id, report.city_id)
        found = series_baseline(
            session.connection(),
            report.material_id,
            report.city_id,
            report.report_date,
            REPORT_BASELINE_DAYS,
        )
        baseline = None if found is None else found[1]
        if report.currency != city_currency:
            if city_currency not in rates:
                rates[city_currency] = usd_per_unit(session, city_currency)
            current = _in_usd(current, rates[city_currency])
            baseline = _in_usd(baseline, rates[city_currency])
        queued.append(
            QueuedReport(
                report,
                m_slug,
                m_name,
                c_slug,
                c_name,
                code,
                zone,
                yard,
                email,
                current,
                row[10],
                senders[report.client_hash],
                baseline,
            )
        )
    return queued


def _in_usd(amount: Decimal | None, rate: Decimal | None) -> Decimal | None:
    """A city-currency amount in US dollars (the currency of a USD report)."""
    return None if amount is None or rate is None else (amount * rate).quantize(PER_KG_PLACES)

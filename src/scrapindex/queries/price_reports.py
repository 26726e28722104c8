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

WINDOW_DAYS = 14
PUBLISH_MIN_REPORTS = 3
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
    count: int
    median_per_kg: Decimal | None
    min_per_kg: Decimal | None
    max_per_kg: Decimal | None
    latest_date: dt.date | None

    @property
    def publishes_price(self) -> bool:
        return self.count >= PUBLISH_MIN_REPORTS


def median_to_the_cent(values: list[Decimal]) -> Decimal:
    """The median, half away from zero to the cent: what the aggregate shows and a price stores."""
    return Decimal(statistics.median(values)).quantize(CENT, ROUND_HALF_UP)


def aggregate_reports(
    db: Session | Connection, material_id: int, city_id: int, currency: str, today: dt.date
) -> ReportAggregate:
    """Approved reports of the series dated within the window, per kg in ``currency``."""
    rows = db.execute(
        select(PriceReport.price_per_kg, PriceReport.currency, PriceReport.report_date).where(
            PriceReport.material_id == material_id,
            PriceReport.city_id == city_id,
            PriceReport.status == "approved",
            PriceReport.report_date >= window_start(today),
        )
    ).all()
    rate = usd_per_unit(db, currency) if any(r.currency != currency for r in rows) else None
    figures = [
        (value, row.report_date)
        for row in rows
        if (value := in_currency(row.price_per_kg, row.currency, currency, rate)) is not None
    ]
    if not figures:
        return ReportAggregate(0, None, None, None, None)
    values = [value for value, _ in figures]
    return ReportAggregate(
        count=len(values),
        median_per_kg=median_to_the_cent(values),
        min_per_kg=min(values),
        max_per_kg=max(values),
        latest_date=max(day for _, day in figures),
    )


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
    rates: dict[str, Decimal | None] = {}
    queued = []
    for report_id in ids:
        row = by_id[report_id]
        report, m_slug, m_name, c_slug, c_name, code, zone, city_currency, yard, email = row[:10]
        current = current_price_per_kg(session, report.material_id, report.city_id)
        if current is not None and report.currency != city_currency:
            if city_currency not in rates:
                rates[city_currency] = usd_per_unit(session, city_currency)
            rate = rates[city_currency]
            current = None if rate is None else (current * rate).quantize(PER_KG_PLACES)
        queued.append(
            QueuedReport(
                report, m_slug, m_name, c_slug, c_name, code, zone, yard, email, current, row[10]
            )
        )
    return queued

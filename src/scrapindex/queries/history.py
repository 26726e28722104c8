"""Price history at a chosen resolution, its market reference in local money, and sparklines.

Weekly and monthly points are averages computed in the database: rows are grouped by the start
of their week (Monday) or month, with an expression each dialect understands, and summed
exactly (an exact NUMERIC on PostgreSQL, integer units on SQLite); the division and the rounding
(to the cent, and to the stored four decimals per kg) happen here, in Decimal.
"""

import bisect
import csv
import datetime as dt
import io
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum
from functools import lru_cache
from pathlib import Path

from sqlalchemy import ColumnElement, Date, cast, func, select, type_coerce
from sqlalchemy.orm import InstrumentedAttribute, Session

from scrapindex.data.estimate_table import EstimateTable, load_estimate_table
from scrapindex.formatting import KG_PER_UNIT
from scrapindex.models import CurrentPrice, FxRate, MarketPrice, Material, Price, Source

CENT = Decimal("0.01")
STORED_PLACES = Decimal("0.0001")  # prices are stored to four decimals per kg
KG_PER_TONNE = KG_PER_UNIT["t"]
MAX_HISTORY_DAYS = 3660  # ten years and a little: more than any series stores
SPARKLINE_DAYS = 30


class Resolution(StrEnum):
    day = "day"
    week = "week"
    month = "month"


def default_resolution(days: int) -> Resolution:
    """Daily points up to four months, weekly up to about a year, monthly beyond."""
    if days <= 120:
        return Resolution.day
    return Resolution.week if days <= 400 else Resolution.month


def to_cents(amount: Decimal) -> Decimal:
    return amount.quantize(CENT, rounding=ROUND_HALF_UP)


def to_stored_places(amount: Decimal) -> Decimal:
    return amount.quantize(STORED_PLACES, rounding=ROUND_HALF_UP)


@dataclass(frozen=True)
class HistoryPoint:
    """A day's price, or a bucket's mean: ``price`` to the cent (rounded once, from the exact
    mean), ``price_exact`` to the stored four decimals, which a chart draws (steel moving by
    tenths of a penny a kg is a line, not steps of a whole penny)."""

    date: dt.date
    price: Decimal
    price_exact: Decimal

    @classmethod
    def of(cls, date: dt.date, amount: Decimal) -> "HistoryPoint":
        return cls(date=date, price=to_cents(amount), price_exact=to_stored_places(amount))


def bucket_start(
    session: Session, column: InstrumentedAttribute[dt.date], resolution: Resolution
) -> ColumnElement[dt.date]:
    """The first day of the week (Monday) or month holding ``column``, as a date in SQL."""
    if resolution is Resolution.day:
        return column.expression
    if session.get_bind().dialect.name == "postgresql":
        return cast(func.date_trunc(resolution.value, column), Date)
    if resolution is Resolution.week:  # next Sunday (or the day itself), back six days
        return type_coerce(func.date(column, "weekday 0", "-6 days"), Date)
    return type_coerce(func.date(column, "start of month"), Date)


def series_newest(session: Session, material_id: int, city_id: int) -> dt.date | None:
    return session.execute(
        select(func.max(Price.price_date)).where(
            Price.material_id == material_id, Price.city_id == city_id
        )
    ).scalar_one_or_none()


def price_history(
    session: Session,
    material_id: int,
    city_id: int,
    since: dt.date,
    resolution: Resolution,
) -> list[HistoryPoint]:
    """The series' prices from ``since`` on: each stored day, or week and month averages.

    A daily point is the stored price; a bucket's is the mean of the days stored in it (from
    ``since`` on), to the cent, dated by the bucket's first day.
    """
    in_series = (
        Price.material_id == material_id,
        Price.city_id == city_id,
        Price.price_date >= since,
    )
    if resolution is Resolution.day:
        rows = session.execute(
            select(Price.price_date, Price.price_per_kg)
            .where(*in_series)
            .order_by(Price.price_date)
        )
        return [HistoryPoint(date=d, price=p, price_exact=p) for d, p in rows]
    bucket = bucket_start(session, Price.price_date, resolution).label("bucket")
    grouped = session.execute(
        select(bucket, func.sum(Price.price_per_kg), func.count())
        .where(*in_series)
        .group_by(bucket)
        .order_by(bucket)
    )
    return [HistoryPoint.of(d, total / count) for d, total, count in grouped]


@dataclass(frozen=True)
class ReferenceSeries:
    name: str  # "Copper (IMF via FRED, monthly)"
    points: list[HistoryPoint]  # in the city's currency per kg


@lru_cache(maxsize=4)
def _estimate_table(content_dir: Path) -> EstimateTable:
    return load_estimate_table(content_dir)


def reference_metal(content_dir: Path, material_slug: str) -> tuple[str, str] | None:
    """The market reference a material is priced off: its metal and its name, or None."""
    table = _estimate_table(content_dir)
    grade = table.materials.get(material_slug)
    if grade is None or grade.metal is None:
        return None
    return grade.metal, table.references[grade.metal].name


def market_reference(
    session: Session,
    content_dir: Path,
    material_slug: str,
    currency: str,
    since: dt.date,
    until: dt.date,
    resolution: Resolution,
) -> ReferenceSeries | None:
    """The material's market reference over ``since``..``until`` in ``currency`` per kg.

    The newest stored reference on or before ``since`` is included, so that a monthly series
    still has a value for a range that starts after the first of the month. Each point is
    converted at the currency's rate on or before its date (the oldest stored rate when none is
    that old). None when the material has no reference or none is stored.
    """
    found = reference_metal(content_dir, material_slug)
    if found is None:
        return None
    metal, metal_name = found
    carried_in = session.execute(
        select(func.max(MarketPrice.price_date)).where(
            MarketPrice.metal == metal, MarketPrice.price_date <= since
        )
    ).scalar_one_or_none()
    start = carried_in if carried_in is not None else since
    in_range = (
        MarketPrice.metal == metal,
        MarketPrice.price_date >= start,
        MarketPrice.price_date <= until,
    )
    newest = session.execute(
        select(Source.name, MarketPrice.period)
        .join(Source, Source.id == MarketPrice.source_id)
        .where(*in_range)
        .order_by(MarketPrice.price_date.desc())
        .limit(1)
    ).one_or_none()
    if newest is None:
        return None
    bucket = bucket_start(session, MarketPrice.price_date, resolution).label("bucket")
    usd_per_tonne = session.execute(
        select(bucket, func.sum(MarketPrice.usd_per_tonne), func.count())
        .where(*in_range)
        .group_by(bucket)
        .order_by(bucket)
    ).all()
    rates = _RateTable.load(session, currency, usd_per_tonne[0][0], until)
    points = []
    for day, total, count in usd_per_tonne:
        rate = rates.on_or_before(day)
        if rate is not None:
            per_kg = total / count / KG_PER_TONNE / rate
            points.append(HistoryPoint.of(day, per_kg))
    source_name, period = newest
    return ReferenceSeries(name=f"{metal_name} ({source_name}, {period})", points=points)


@dataclass(frozen=True)
class _RateTable:
    dates: list[dt.date]
    rates: list[Decimal]

    @classmethod
    def load(cls, session: Session, currency: str, first: dt.date, last: dt.date) -> "_RateTable":
        """US dollars per unit of ``currency`` from the rate in force on ``first`` to ``last``."""
        if currency == "USD":
            return cls([dt.date.min], [Decimal(1)])
        in_force = session.execute(
            select(func.max(FxRate.rate_date)).where(
                FxRate.currency == currency, FxRate.rate_date <= first
            )
        ).scalar_one_or_none()
        rows = session.execute(
            select(FxRate.rate_date, FxRate.usd_per_unit)
            .where(
                FxRate.currency == currency,
                FxRate.rate_date >= (in_force or first),
                FxRate.rate_date <= last,
            )
            .order_by(FxRate.rate_date)
        ).all()
        if not rows:  # nothing stored up to ``last``: none to convert with
            return cls([], [])
        return cls([d for d, _ in rows], [r for _, r in rows])

    def on_or_before(self, day: dt.date) -> Decimal | None:
        if not self.rates:
            return None
        index = bisect.bisect_right(self.dates, day) - 1
        return self.rates[max(index, 0)]  # before the oldest stored rate: the oldest one


@dataclass(frozen=True)
class Sparkline:
    material_slug: str
    points: list[Decimal]


def city_sparklines(session: Session, city_id: int) -> list[Sparkline]:
    """Each material's daily prices in the city over the last 30 days, oldest first.

    One query for every material, read through current_prices and the (material, city, date)
    key; the 30 days end on the city's newest price day.
    """
    newest = session.execute(
        select(func.max(Price.price_date))
        .select_from(CurrentPrice)
        .join(Price, Price.id == CurrentPrice.price_id)
        .where(CurrentPrice.city_id == city_id)
    ).scalar_one_or_none()
    if newest is None:
        return []
    since = newest - dt.timedelta(days=SPARKLINE_DAYS - 1)
    rows = session.execute(
        select(Material.slug, Price.price_per_kg)
        .select_from(CurrentPrice)
        .join(Material, Material.id == CurrentPrice.material_id)
        .join(
            Price,
            (Price.material_id == CurrentPrice.material_id)
            & (Price.city_id == CurrentPrice.city_id)
            & (Price.price_date >= since),
        )
        .where(CurrentPrice.city_id == city_id)
        .order_by(Material.slug, Price.price_date)
    )
    lines: dict[str, list[Decimal]] = {}
    for slug, price in rows:
        lines.setdefault(slug, []).append(price)
    return [Sparkline(material_slug=slug, points=points) for slug, points in lines.items()]


def history_sources(
    session: Session,
    material_id: int,
    city_id: int,
    since: dt.date,
    resolution: Resolution,
) -> dict[dt.date, list[tuple[str, str]]]:
    """Where each point of ``price_history`` came from: its day's source, or every source of
    its week or month, as (kind, name) in name order."""
    bucket = bucket_start(session, Price.price_date, resolution).label("bucket")
    rows = session.execute(
        select(bucket, Source.kind, Source.name)
        .join(Source, Source.id == Price.source_id)
        .where(
            Price.material_id == material_id,
            Price.city_id == city_id,
            Price.price_date >= since,
        )
        .group_by(bucket, Source.kind, Source.name)
        .order_by(bucket, Source.name)
    )
    found: dict[dt.date, list[tuple[str, str]]] = {}
    for day, kind, name in rows:
        found.setdefault(day, []).append((kind, name))
    return found


CSV_HEADER = ("date", "price", "currency", "unit", "source_kind", "source_name")


def history_csv(
    points: Sequence[HistoryPoint],
    currency: str,
    unit: str,
    sources: dict[dt.date, list[tuple[str, str]]],
) -> str:
    """The points at the stored four decimals per ``unit`` (kg, or piece), each with its
    source's kind ("demo", "estimate", "feed" …) and name; a week or month of several sources
    names each, joined by " + " in the same order in both columns."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_HEADER)
    for point in points:
        found = sources.get(point.date, [])
        kinds = " + ".join(kind for kind, _ in found)
        names = " + ".join(name for _, name in found)
        writer.writerow(
            (point.date.isoformat(), f"{point.price_exact}", currency, unit, kinds, names)
        )
    return out.getvalue()

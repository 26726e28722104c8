"""`scrapindex data check`: what in the stored data is wrong or suspect, found by SQL.

Each check is a set-based query (the prices table holds about a million rows): the database
groups what is wrong by series, and only those groups come back. Errors are data the site
must not show as it is (a grade family out of order, a price without an exchange rate, a
price in the wrong currency, a yard that cannot be placed on a map); warnings are data that is
probably wrong or getting old (a stale series, an outlier, an old market reference).
"""

import datetime as dt
import itertools
import statistics
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any, Literal

from sqlalchemy import Connection, Engine, and_, exists, func, or_, select, tuple_
from sqlalchemy.orm import aliased

from scrapindex.data.estimate_table import load_estimate_table
from scrapindex.data.imports.checks import OUTLIER_FACTOR
from scrapindex.models import (
    City,
    Country,
    CurrentPrice,
    FxRate,
    MarketPrice,
    Material,
    Price,
    PriceEstimate,
    ScrapYard,
    Source,
    YardPrice,
)
from scrapindex.price_kinds import ESTIMATE_KIND
from scrapindex.queries.prices import latest_usd_rates, reference_as_of

Level = Literal["error", "warning"]

MAX_EXAMPLES = 5
FX_WINDOW_DAYS = 30  # the missing-rate check reads the newest 30 days of prices
DAILY_REFERENCE_MAX_AGE_DAYS = 7
BASE_CURRENCY = "USD"  # needs no rate: one US dollar is one US dollar
YARD_PRICE_MAX_AGE_DAYS = 7  # Settings.yard_price_max_age_days' default
MONTHLY_REFERENCE_MAX_AGE_DAYS = 62  # Settings.monthly_reference_max_age_days' default


@dataclass(frozen=True)
class DataFinding:
    level: Level
    code: str  # stable, for tests and scripts: "grade-order", "stale-series", ...
    message: str
    count: int  # how many prices, series or yards
    examples: list[str] = field(default_factory=list)  # at most MAX_EXAMPLES

    def as_dict(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "code": self.code,
            "message": self.message,
            "count": self.count,
            "examples": self.examples,
        }


@dataclass
class DataCheckReport:
    today: dt.date
    findings: list[DataFinding] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def errors(self) -> list[DataFinding]:
        return [f for f in self.findings if f.level == "error"]

    @property
    def warnings(self) -> list[DataFinding]:
        return [f for f in self.findings if f.level == "warning"]

    @property
    def ok(self) -> bool:
        return not self.errors

    def totals_line(self) -> str:
        return (
            f"{len(self.errors)} error(s), {len(self.warnings)} warning(s) "
            f"(data checked on {self.today} in {self.seconds:.1f} s)"
        )

    def summary_lines(self) -> list[str]:
        """One line per finding with its first example, then the totals: for logs and mail."""
        lines = []
        for finding in self.findings:
            example = f"; e.g. {finding.examples[0]}" if finding.examples else ""
            lines.append(
                f"{finding.level} {finding.code}: {finding.message} ({finding.count}){example}"
            )
        return [*lines, self.totals_line()]

    def as_dict(self) -> dict[str, Any]:
        return {
            "today": self.today.isoformat(),
            "ok": self.ok,
            "errors": len(self.errors),
            "warnings": len(self.warnings),
            "seconds": round(self.seconds, 3),
            "findings": [finding.as_dict() for finding in self.findings],
        }


@dataclass(frozen=True)
class _Context:
    today: dt.date
    stale_days: int
    families: dict[str, list[str]]
    yard_price_max_age_days: int = YARD_PRICE_MAX_AGE_DAYS
    # A monthly average counts from its month's end, as the estimate's own row does
    # (queries/prices.py EstimateInputs).
    monthly_reference_max_age_days: int = MONTHLY_REFERENCE_MAX_AGE_DAYS


Check = Callable[[Connection, _Context], DataFinding | None]


def check_data(
    engine: Engine,
    content_dir: Path,
    *,
    today: dt.date,
    stale_days: int,
    yard_price_max_age_days: int = YARD_PRICE_MAX_AGE_DAYS,
    monthly_reference_max_age_days: int = MONTHLY_REFERENCE_MAX_AGE_DAYS,
) -> DataCheckReport:
    """Run every check in one read-only transaction (one consistent snapshot)."""
    started = time.perf_counter()
    families = load_estimate_table(content_dir).families
    context = _Context(
        today, stale_days, families, yard_price_max_age_days, monthly_reference_max_age_days
    )
    report = DataCheckReport(today)
    with engine.connect() as connection:
        for check in CHECKS:
            finding = check(connection, context)
            if finding is not None:
                report.findings.append(finding)
    report.seconds = time.perf_counter() - started
    return report


def _finding(
    level: Level, code: str, message: str, count: int, examples: Sequence[str]
) -> DataFinding | None:
    if not count:
        return None
    return DataFinding(level, code, message, count, list(examples[:MAX_EXAMPLES]))


def _money(value: Decimal, currency: str) -> str:
    return f"{value:.2f} {currency}"


# Grade order ----------------------------------------------------------------------------------


def check_grade_order(connection: Connection, context: _Context) -> DataFinding | None:
    """A dearer grade's newest price below a cheaper grade's of its family, in one city."""
    pairs = _grade_pairs(connection, context.families)
    if not pairs:
        return None
    dearer, cheaper = aliased(CurrentPrice), aliased(CurrentPrice)
    dearer_price, cheaper_price = aliased(Price), aliased(Price)
    dearer_material, cheaper_material = aliased(Material), aliased(Material)
    rows = connection.execute(
        select(
            City.slug,
            dearer_material.slug,
            dearer_price.price_per_kg,
            dearer_price.price_date,
            cheaper_material.slug,
            cheaper_price.price_per_kg,
            cheaper_price.price_date,
            dearer_price.currency,
        )
        .select_from(dearer)
        .join(cheaper, cheaper.city_id == dearer.city_id)
        .join(dearer_price, dearer_price.id == dearer.price_id)
        .join(cheaper_price, cheaper_price.id == cheaper.price_id)
        .join(dearer_material, dearer_material.id == dearer.material_id)
        .join(cheaper_material, cheaper_material.id == cheaper.material_id)
        .join(City, City.id == dearer.city_id)
        .where(
            tuple_(dearer.material_id, cheaper.material_id).in_(pairs),
            dearer_price.currency == cheaper_price.currency,
            dearer_price.price_per_kg < cheaper_price.price_per_kg,
        )
        .order_by(City.slug, dearer_material.slug, cheaper_material.slug)
    ).all()
    examples = [
        f"{city}: {high} {_money(high_price, currency)} ({high_day}) is below "
        f"{low} {_money(low_price, currency)} ({low_day})"
        for city, high, high_price, high_day, low, low_price, low_day, currency in rows
    ]
    message = "pairs of grades where a dearer grade's newest price is below a cheaper one's"
    return _finding("error", "grade-order", message, len(rows), examples)


def _grade_pairs(connection: Connection, families: dict[str, list[str]]) -> list[tuple[int, int]]:
    """(dearer, cheaper) material ids of every two grades of a family, not only neighbours:
    a city that lacks the grade between them still has to keep the two in order."""
    slugs = {slug for grades in families.values() for slug in grades}
    rows = connection.execute(select(Material.slug, Material.id).where(Material.slug.in_(slugs)))
    ids = dict(rows.all())
    return [
        (ids[dearer], ids[cheaper])
        for grades in families.values()
        for dearer, cheaper in itertools.combinations(grades, 2)
        if dearer in ids and cheaper in ids
    ]


# Stale series ---------------------------------------------------------------------------------


def check_stale_series(connection: Connection, context: _Context) -> DataFinding | None:
    """Series whose newest price is more than ``stale_days`` days old."""
    cutoff = context.today - dt.timedelta(days=context.stale_days)
    rows = connection.execute(
        select(City.slug, Material.slug, Price.price_date)
        .select_from(CurrentPrice)
        .join(Price, Price.id == CurrentPrice.price_id)
        .join(City, City.id == CurrentPrice.city_id)
        .join(Material, Material.id == CurrentPrice.material_id)
        .where(Price.price_date < cutoff)
        .order_by(Price.price_date, City.slug, Material.slug)
    ).all()
    examples = [f"{city} {material}: last priced {day}" for city, material, day in rows]
    message = f"series not updated for more than {context.stale_days} days"
    return _finding("warning", "stale-series", message, len(rows), examples)


# Exchange rates -------------------------------------------------------------------------------


def check_missing_fx(connection: Connection, _context: _Context) -> DataFinding | None:
    """Prices of the newest 30 days whose currency has no rate on or before their day."""
    newest = connection.execute(select(func.max(Price.price_date))).scalar_one_or_none()
    if newest is None:
        return None
    since = newest - dt.timedelta(days=FX_WINDOW_DAYS - 1)
    has_rate = exists().where(
        FxRate.currency == Price.currency, FxRate.rate_date <= Price.price_date
    )
    groups = _series_groups(
        connection,
        and_(Price.price_date >= since, Price.currency != BASE_CURRENCY, ~has_rate),
    )
    message = f"prices (newest {FX_WINDOW_DAYS} days) whose currency has no earlier FX rate"
    return _group_finding("error", "missing-fx", message, groups)


@dataclass(frozen=True)
class _SeriesGroup:
    """Prices of one series (and currency) that a check found."""

    city: str
    material: str
    currency: str
    count: int
    first_day: dt.date
    last_day: dt.date

    def describe(self) -> str:
        return (
            f"{self.city} {self.material}: {self.count} price(s) in {self.currency} "
            f"from {self.first_day} to {self.last_day}"
        )


def _group_finding(
    level: Level, code: str, message: str, groups: list[_SeriesGroup]
) -> DataFinding | None:
    count = sum(group.count for group in groups)
    return _finding(level, code, message, count, [group.describe() for group in groups])


def _series_groups(connection: Connection, condition: Any) -> list[_SeriesGroup]:
    """Prices meeting ``condition``, grouped by city, material and currency."""
    rows = connection.execute(
        select(
            City.slug,
            Material.slug,
            Price.currency,
            func.count(),
            func.min(Price.price_date),
            func.max(Price.price_date),
        )
        .select_from(Price)
        .join(City, City.id == Price.city_id)
        .join(Material, Material.id == Price.material_id)
        .join(Country, Country.code == City.country_code)
        .where(condition)
        .group_by(City.slug, Material.slug, Price.currency)
        .order_by(City.slug, Material.slug, Price.currency)
    )
    return [_SeriesGroup(*row) for row in rows]


def check_wrong_currency(connection: Connection, _context: _Context) -> DataFinding | None:
    """Prices in a currency other than their city's country's."""
    groups = _series_groups(connection, Price.currency != Country.currency)
    message = "prices in a currency other than their city's country currency"
    return _group_finding("error", "wrong-currency", message, groups)


# Outliers -------------------------------------------------------------------------------------


def check_outliers(connection: Connection, _context: _Context) -> DataFinding | None:
    """Newest prices over 3x or under a third of their material's median across cities (USD).

    The newest prices are one per series (a few thousand rows), so the medians are taken here.
    """
    usd_per_unit = latest_usd_rates(connection)
    rows = connection.execute(
        select(Material.slug, City.slug, Price.price_per_kg, Price.currency, Price.price_date)
        .select_from(CurrentPrice)
        .join(Price, Price.id == CurrentPrice.price_id)
        .join(City, City.id == CurrentPrice.city_id)
        .join(Material, Material.id == CurrentPrice.material_id)
        .order_by(Material.slug, City.slug)
    ).all()
    in_usd: dict[str, list[tuple[str, Decimal, Decimal, str, dt.date]]] = defaultdict(list)
    for material, city, price, currency, day in rows:
        if currency in usd_per_unit:  # no rate: the missing-fx check's business
            usd = price * usd_per_unit[currency]
            in_usd[material].append((city, usd, price, currency, day))
    examples = []
    for material, prices in in_usd.items():
        median = statistics.median(usd for _, usd, *_ in prices)
        examples += [
            f"{city} {material}: {_money(price, currency)} ({day}) is {usd / median:.2f}x "
            f"the median across cities"
            for city, usd, price, currency, day in prices
            if usd > median * OUTLIER_FACTOR or usd * OUTLIER_FACTOR < median
        ]
    message = f"newest prices over {OUTLIER_FACTOR}x or under 1/{OUTLIER_FACTOR} of the median"
    return _finding("warning", "outlier", message, len(examples), examples)


# Yards ----------------------------------------------------------------------------------------


def check_yard_places(connection: Connection, _context: _Context) -> DataFinding | None:
    """Yards that cannot be put on a map: no city, no coordinates, 0,0 or out of range.

    The columns are NOT NULL and city_id a foreign key, so on a migrated database the
    null and missing-city cases come only from rows written around the schema; still cheap.
    """
    lat, lon = ScrapYard.latitude, ScrapYard.longitude
    misplaced = or_(
        City.id.is_(None),
        lat.is_(None),
        lon.is_(None),
        and_(lat == 0, lon == 0),
        ~lat.between(-90, 90),
        ~lon.between(-180, 180),
    )
    rows = connection.execute(
        select(ScrapYard.id, ScrapYard.name, City.slug, lat, lon)
        .select_from(ScrapYard)
        .outerjoin(City, City.id == ScrapYard.city_id)
        .where(misplaced)
        .order_by(ScrapYard.id)
    ).all()
    examples = [
        f"yard {yard_id} {name!r} in {city or 'no city'}: at {latitude}, {longitude}"
        for yard_id, name, city, latitude, longitude in rows
    ]
    message = "yards without a city or usable coordinates (missing, 0,0 or out of range)"
    return _finding("error", "yard-place", message, len(rows), examples)


def check_yard_prices(connection: Connection, context: _Context) -> DataFinding | None:
    """Yards' current posted prices (each yard's newest of a material, posted no more than
    yard_price_max_age_days before today) over 3x or under a third of their city's shown price
    in the same currency: a yard paying far below the market, or a price typed wrong."""
    since = context.today - dt.timedelta(days=context.yard_price_max_age_days)
    newest = (
        select(
            YardPrice.yard_id,
            YardPrice.material_id,
            func.max(YardPrice.price_date).label("price_date"),
        )
        .where(YardPrice.price_date >= since)
        .group_by(YardPrice.yard_id, YardPrice.material_id)
        .subquery()
    )
    rows = connection.execute(
        select(
            ScrapYard.id,
            ScrapYard.name,
            City.slug,
            Material.slug,
            YardPrice.price_per_kg,
            YardPrice.currency,
            YardPrice.price_date,
            Price.price_per_kg,
            Price.price_date,
        )
        .select_from(YardPrice)
        .join(
            newest,
            and_(
                newest.c.yard_id == YardPrice.yard_id,
                newest.c.material_id == YardPrice.material_id,
                newest.c.price_date == YardPrice.price_date,
            ),
        )
        .join(ScrapYard, ScrapYard.id == YardPrice.yard_id)
        .join(City, City.id == ScrapYard.city_id)
        .join(Material, Material.id == YardPrice.material_id)
        .join(
            CurrentPrice,
            and_(
                CurrentPrice.city_id == ScrapYard.city_id,
                CurrentPrice.material_id == YardPrice.material_id,
            ),
        )
        .join(Price, Price.id == CurrentPrice.price_id)
        .where(Price.currency == YardPrice.currency)
        .order_by(ScrapYard.id, Material.slug)
    ).all()
    examples = [
        f"yard {yard_id} {name!r} in {city}: {material} {_money(posted, currency)} ({day}) is "
        f"{posted / shown:.2f}x the city's shown price {_money(shown, currency)} ({shown_day})"
        for yard_id, name, city, material, posted, currency, day, shown, shown_day in rows
        if shown > 0 and (posted > shown * OUTLIER_FACTOR or posted * OUTLIER_FACTOR < shown)
    ]
    message = (
        f"yards' current posted prices over {OUTLIER_FACTOR}x or under 1/{OUTLIER_FACTOR} "
        "of their city's shown price"
    )
    return _finding("warning", "yard-price-band", message, len(examples), examples)


# Market references ----------------------------------------------------------------------------


def check_market_references(connection: Connection, context: _Context) -> DataFinding | None:
    """Old market reference prices, when estimated prices (made from them) exist."""
    if not _estimates_exist(connection):
        return None
    newest = (
        select(MarketPrice.metal, func.max(MarketPrice.price_date).label("price_date"))
        .group_by(MarketPrice.metal)
        .subquery()
    )
    rows = connection.execute(
        select(MarketPrice.metal, MarketPrice.price_date, MarketPrice.period)
        .join(
            newest,
            and_(
                newest.c.metal == MarketPrice.metal,
                newest.c.price_date == MarketPrice.price_date,
            ),
        )
        .order_by(MarketPrice.metal)
    ).all()
    limits = {
        "monthly": context.monthly_reference_max_age_days,
        "daily": DAILY_REFERENCE_MAX_AGE_DAYS,
    }
    old = [
        f"{metal}: newest {period} reference from {day}"
        for metal, day, period in rows
        if (context.today - reference_as_of(day, period)).days > limits.get(period, 0)
    ]
    message = (
        f"market references older than {context.monthly_reference_max_age_days} days after "
        f"their month (monthly) or {DAILY_REFERENCE_MAX_AGE_DAYS} days (daily)"
    )
    return _finding("warning", "old-market-reference", message, len(old), old)


def check_estimate_exchange_rates(connection: Connection, context: _Context) -> DataFinding | None:
    """Current estimates made with an exchange rate much older than the price's own day."""
    rows = connection.execute(
        select(City.slug, Price.currency, Price.price_date, PriceEstimate.fx_date)
        .select_from(CurrentPrice)
        .join(Price, Price.id == CurrentPrice.price_id)
        .join(PriceEstimate, PriceEstimate.price_id == Price.id)
        .join(City, City.id == Price.city_id)
        .order_by(City.slug)
    ).all()
    old: dict[tuple[str, dt.date], str] = {}
    for city, currency, day, fx_day in rows:
        if (day - fx_day).days > context.stale_days and (currency, fx_day) not in old:
            old[(currency, fx_day)] = (
                f"{city}: {currency} estimates of {day} use the rate of {fx_day}"
            )
    message = f"estimates made with an exchange rate more than {context.stale_days} days older"
    return _finding("warning", "old-fx-in-estimates", message, len(old), list(old.values()))


def _estimates_exist(connection: Connection) -> bool:
    estimate_sources = select(Source.id).where(Source.kind == ESTIMATE_KIND)
    if not connection.execute(estimate_sources.limit(1)).first():
        return False
    return bool(
        connection.execute(
            select(exists().where(Price.source_id.in_(estimate_sources)))
        ).scalar_one()
    )


CHECKS: tuple[Check, ...] = (
    check_grade_order,
    check_missing_fx,
    check_wrong_currency,
    check_yard_places,
    check_stale_series,
    check_outliers,
    check_yard_prices,
    check_market_references,
    check_estimate_exchange_rates,
)

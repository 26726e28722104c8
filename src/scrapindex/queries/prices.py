"""Latest prices, their change against the previous stored day, history, and FX conversion."""

import datetime as dt
from collections.abc import Collection
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal

from sqlalchemy import (
    Connection,
    Row,
    func,
    select,
)
from sqlalchemy.orm import Session, aliased

from scrapindex.formatting import SaleUnit, percent_change
from scrapindex.models import (
    City,
    Country,
    CurrentPrice,
    FxRate,
    Material,
    MaterialMarketFigures,
    Price,
    PriceEstimate,
    Source,
)
from scrapindex.price_kinds import measures_a_move

USD_CENT = Decimal("0.01")
RATE_PLACES = 8  # fx_rates.usd_per_unit's scale


@dataclass(frozen=True)
class MaterialInfo:
    id: int
    name: str
    slug: str
    grade: str | None
    category: str
    sale_unit: SaleUnit


@dataclass(frozen=True)
class CityInfo:
    id: int
    name: str
    slug: str
    country_code: str
    country_name: str


DEFAULT_STALE_DAYS = 7
# An estimate whose daily market reference or exchange rate is older than this, counted back
# from the price's own day, says "inputs from <month>" on its row: it restates old inputs, not
# today's market. A monthly reference has its own limit (MONTHLY_REFERENCE_MAX_AGE_DAYS), counted
# from its month's last day: a month's average appears only in the month after it.
ESTIMATE_INPUTS_MAX_AGE_DAYS = 45


def reference_as_of(day: dt.date, period: str) -> dt.date:
    """The last day a market reference speaks for: a monthly average's month end, else its day."""
    if period != "monthly":
        return day
    next_month = (day.replace(day=28) + dt.timedelta(days=4)).replace(day=1)
    return next_month - dt.timedelta(days=1)


@dataclass(frozen=True)
class EstimateInputs:
    """The formula's inputs of an estimated price (see scrapindex.data.estimates)."""

    metal: str
    reference_usd_per_tonne: Decimal
    reference_date: dt.date
    reference_source: str
    reference_period: str
    grade_factor: Decimal
    margin: Decimal
    usd_per_unit: Decimal
    fx_date: dt.date

    def reference_as_of(self) -> dt.date:
        """The last day the reference speaks for: a monthly average's month end, else its day."""
        return reference_as_of(self.reference_date, self.reference_period)

    def reference_outdated(self, price_date: dt.date, monthly_max_age_days: int) -> bool:
        """Whether the reference is older than its limit before ``price_date``: a monthly
        average ``monthly_max_age_days`` (MONTHLY_REFERENCE_MAX_AGE_DAYS) from its month's end,
        a daily price ESTIMATE_INPUTS_MAX_AGE_DAYS from its day."""
        monthly = self.reference_period == "monthly"
        limit = monthly_max_age_days if monthly else ESTIMATE_INPUTS_MAX_AGE_DAYS
        return self.reference_as_of() < price_date - dt.timedelta(days=limit)

    def outdated_inputs(self, price_date: dt.date, monthly_max_age_days: int) -> list[dt.date]:
        """The dates (reference, then exchange rate) of the inputs older than their limits
        before ``price_date`` (the rate's: ESTIMATE_INPUTS_MAX_AGE_DAYS); empty when all are
        recent."""
        oldest_fresh_rate = price_date - dt.timedelta(days=ESTIMATE_INPUTS_MAX_AGE_DAYS)
        old = (
            [self.reference_date]
            if self.reference_outdated(price_date, monthly_max_age_days)
            else []
        )
        return old + ([self.fx_date] if self.fx_date < oldest_fresh_rate else [])


def inputs_note(dates: list[dt.date]) -> str | None:
    """ "inputs from Oct 2025", or "inputs from Apr-Oct 2025" for two months (an en dash)."""
    if not dates:
        return None
    first, last = min(dates), max(dates)
    if (first.year, first.month) == (last.year, last.month):
        return f"inputs from {last:%b %Y}"
    if first.year == last.year:
        return f"inputs from {first:%b}\N{EN DASH}{last:%b %Y}"
    return f"inputs from {first:%b %Y}\N{EN DASH}{last:%b %Y}"


@dataclass(frozen=True)
class Quote:
    """The latest stored price of one material in one city, and the one before it."""

    price_id: int
    price_per_kg: Decimal
    currency: str
    price_date: dt.date
    updated_at: dt.datetime
    previous: Decimal | None
    source_name: str
    source_kind: str
    material: MaterialInfo
    city: CityInfo
    stale: bool = False  # older than the settings' price_stale_days
    estimate: EstimateInputs | None = None
    previous_kind: str | None = None  # the previous price's source kind

    @property
    def comparable(self) -> bool:
        """Whether the previous price measures a move of this one (see measures_a_move)."""
        if self.previous is None:
            return False
        return measures_a_move(self.source_kind, self.previous_kind)

    @property
    def change(self) -> Decimal | None:
        if self.previous is None or not self.comparable:
            return None
        return self.price_per_kg - self.previous

    @property
    def change_percent(self) -> float | None:
        if not self.previous or not self.comparable:
            return None
        return percent_change(self.price_per_kg, self.previous)

    @property
    def trend(self) -> Literal["up", "down", "flat"]:
        change = self.change
        if change is None or change == 0:
            return "flat"
        return "up" if change > 0 else "down"


def latest_quotes(
    session: Session,
    *,
    city_id: int | None = None,
    material_id: int | None = None,
    country_code: str | None = None,
    region_id: int | None = None,
    city_ids: Collection[int] | None = None,
    stale_days: int = DEFAULT_STALE_DAYS,
    today: dt.date | None = None,
    offset: int = 0,
    limit: int | None = None,
) -> list[Quote]:
    """The current board (or ``limit`` quotes of it from ``offset``), read through current_prices.

    Plain columns rather than ORM objects: the full board is thousands of rows, and building
    entities for each cost ten times more than the query on our 2-core machine. The series (and
    the page of them) are picked from current_prices alone before their prices are joined, so a
    page reads its own prices by key: joined first, PostgreSQL's planner would rather hash the
    whole price history than seek the rows a deep page skips.
    """
    board = select(
        CurrentPrice.city_id,
        CurrentPrice.material_id,
        CurrentPrice.price_id,
        CurrentPrice.previous_price_id,
    ).order_by(CurrentPrice.city_id, CurrentPrice.material_id)
    if city_id is not None:
        board = board.where(CurrentPrice.city_id == city_id)
    if material_id is not None:
        board = board.where(CurrentPrice.material_id == material_id)
    if city_ids is not None:
        board = board.where(CurrentPrice.city_id.in_(city_ids))
    if country_code is not None or region_id is not None:
        board = board.join(City, City.id == CurrentPrice.city_id)
    if country_code is not None:
        board = board.where(City.country_code == country_code)
    if region_id is not None:
        board = board.where(City.region_id == region_id)
    if limit is not None:
        board = board.offset(offset).limit(limit)
    series = board.subquery("series")
    previous = aliased(Price)
    previous_source = aliased(Source)
    query = (
        select(
            Price.id.label("price_id"),
            Price.price_per_kg,
            Price.currency,
            Price.price_date,
            Price.updated_at,
            previous.price_per_kg.label("previous"),
            Source.name.label("source_name"),
            Source.kind.label("source_kind"),
            previous_source.kind.label("previous_kind"),
            series.c.material_id,
            series.c.city_id,
            *ESTIMATE_COLUMNS,
        )
        .select_from(series)
        .join(Price, Price.id == series.c.price_id)
        .join(Source, Source.id == Price.source_id)
        .outerjoin(previous, previous.id == series.c.previous_price_id)
        .outerjoin(previous_source, previous_source.id == previous.source_id)
        .outerjoin(PriceEstimate, PriceEstimate.price_id == Price.id)
        .order_by(series.c.city_id, series.c.material_id)
    )
    rows = session.execute(query).all()
    materials = material_infos(session)
    whole = limit is None and city_ids is None
    cities = city_infos(session, None if whole else {row.city_id for row in rows})
    stale_before = (today or dt.datetime.now(dt.UTC).date()) - dt.timedelta(days=stale_days)
    return [
        Quote(
            price_id=row.price_id,
            price_per_kg=row.price_per_kg,
            currency=row.currency,
            price_date=row.price_date,
            updated_at=row.updated_at,
            previous=row.previous,
            source_name=row.source_name,
            source_kind=row.source_kind,
            material=materials[row.material_id],
            city=cities[row.city_id],
            stale=row.price_date < stale_before,
            estimate=_estimate_inputs(row),
            previous_kind=row.previous_kind,
        )
        for row in rows
    ]


def count_quotes(session: Session) -> int:
    """How many series the current board has (one quote each)."""
    return session.execute(select(func.count()).select_from(CurrentPrice)).scalar_one()


ESTIMATE_COLUMNS = [
    getattr(PriceEstimate, name).label(f"estimate_{name}")
    for name in EstimateInputs.__dataclass_fields__
]


def _estimate_inputs(row: Row[*tuple[Any, ...]]) -> EstimateInputs | None:
    if row.estimate_metal is None:
        return None
    return EstimateInputs(
        **{name: getattr(row, f"estimate_{name}") for name in EstimateInputs.__dataclass_fields__}
    )


def material_infos(session: Session) -> dict[int, MaterialInfo]:
    rows = session.execute(
        select(
            Material.id,
            Material.name,
            Material.slug,
            Material.grade,
            Material.category,
            Material.sale_unit,
        )
    )
    return {row.id: MaterialInfo(*row) for row in rows}


def city_infos(session: Session, ids: set[int] | None = None) -> dict[int, CityInfo]:
    """The cities (those of ``ids``, when given) as quotes name them."""
    query = select(City.id, City.name, City.slug, Country.code, Country.name).join(
        Country, Country.code == City.country_code
    )
    if ids is not None:
        query = query.where(City.id.in_(ids))
    return {row.id: CityInfo(*row) for row in session.execute(query)}


def latest_usd_rates(session: Session | Connection) -> dict[str, Decimal]:
    """US dollars per unit of each currency, from the newest stored rate of each."""
    newest = (
        select(FxRate.currency, func.max(FxRate.rate_date).label("rate_date"))
        .group_by(FxRate.currency)
        .subquery()
    )
    rows = session.execute(
        select(FxRate.currency, FxRate.usd_per_unit).join(
            newest,
            (newest.c.currency == FxRate.currency) & (newest.c.rate_date == FxRate.rate_date),
        )
    )
    rates: dict[str, Decimal] = {currency: rate for currency, rate in rows}  # noqa: C416
    rates.setdefault("USD", Decimal(1))
    return rates


def to_usd(amount: Decimal, currency: str, rates: dict[str, Decimal]) -> Decimal | None:
    exact = to_usd_exact(amount, currency, rates)
    return None if exact is None else exact.quantize(USD_CENT)


def to_usd_exact(amount: Decimal, currency: str, rates: dict[str, Decimal]) -> Decimal | None:
    """``amount`` in US dollars, unrounded (price x rate); None for a currency without a rate."""
    rate = rates.get(currency)
    return None if rate is None else amount * rate


@dataclass(frozen=True)
class MaterialFigures:
    """One material's latest prices across cities, in US dollars."""

    material_id: int
    material_slug: str
    currency: str
    average_price: Decimal
    min_price: Decimal
    max_price: Decimal
    cities_tracked: int
    countries: int


def material_figures(session: Session) -> list[MaterialFigures]:
    """Each material's current prices in US dollars: mean, lowest, highest, and their spread.

    Read from material_market_figures (see refresh_market_figures): each price converted and
    rounded to the cent first, exactly as ``to_usd`` does (half to even), so the mean is that of
    the converted prices each list shows; prices in a currency without a rate are left out.
    Materials come in the board's order: by the first city quoting each, then by id.
    """
    figures = MaterialMarketFigures
    query = (
        select(
            Material.id,
            Material.slug,
            figures.priced_cities,
            figures.total_usd_cents,
            figures.lowest_usd_cents,
            figures.highest_usd_cents,
            figures.priced_countries,
        )
        .join(figures, figures.material_id == Material.id)
        .where(figures.priced_cities > 0)
        .order_by(figures.priced_first_city_id, Material.id)
    )
    # One series per material and city (current_prices' key): the series are the cities.
    found = []
    for material_id, slug, count, total, lowest, highest, countries in session.execute(query):
        # Priced series (priced_cities > 0) always have a total, a lowest and a highest.
        assert total is not None
        assert lowest is not None
        assert highest is not None
        found.append(
            MaterialFigures(
                material_id=material_id,
                material_slug=slug,
                currency="USD",
                average_price=dollars(total) / count,
                min_price=dollars(lowest),
                max_price=dollars(highest),
                cities_tracked=count,
                countries=countries,
            )
        )
    return found


def dollars(cents: int | Decimal) -> Decimal:
    return Decimal(int(cents)).scaleb(-2)

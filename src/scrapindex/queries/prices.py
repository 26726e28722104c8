"""Latest prices, their change against the previous stored day, history, and FX conversion."""

import datetime as dt
from collections.abc import Collection
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal

from sqlalchemy import (
    BigInteger,
    ColumnElement,
    Connection,
    Label,
    Numeric,
    Row,
    Subquery,
    and_,
    case,
    cast,
    func,
    literal,
    or_,
    select,
    type_coerce,
)
from sqlalchemy.orm import Session, aliased

from scrapindex.models import (
    City,
    Country,
    CurrentPrice,
    FxRate,
    Material,
    Price,
    PriceEstimate,
    Source,
)

USD_CENT = Decimal("0.01")
RATE_PLACES = 8  # fx_rates.usd_per_unit's scale
HALF = literal(Decimal("0.5"), Numeric(2, 1))
INTEGER_CENT = 10**10  # a cent in the product of price (1e-4) and rate (1e-8) units
SPLIT = 10**5  # see _split_rounded_cents
PRICE_UNITS = literal(10**4, BigInteger)  # of a price per kg (ExactDecimal(14, 4))
BIGINT_MAX = 2**63 - 1


@dataclass(frozen=True)
class MaterialInfo:
    id: int
    name: str
    slug: str
    grade: str | None
    category: str


@dataclass(frozen=True)
class CityInfo:
    id: int
    name: str
    slug: str
    country_code: str
    country_name: str


DEFAULT_STALE_DAYS = 7


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

    @property
    def change(self) -> Decimal | None:
        return None if self.previous is None else self.price_per_kg - self.previous

    @property
    def change_percent(self) -> float | None:
        if self.previous is None or self.previous == 0:
            return None
        return round(float((self.price_per_kg - self.previous) / self.previous * 100), 1)

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
            series.c.material_id,
            series.c.city_id,
            *ESTIMATE_COLUMNS,
        )
        .select_from(series)
        .join(Price, Price.id == series.c.price_id)
        .join(Source, Source.id == Price.source_id)
        .outerjoin(previous, previous.id == series.c.previous_price_id)
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
        select(Material.id, Material.name, Material.slug, Material.grade, Material.category)
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
    rate = rates.get(currency)
    return None if rate is None else (amount * rate).quantize(USD_CENT)


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

    Aggregated by the database over current_prices. Each price is converted and rounded to the
    cent first, exactly as ``to_usd`` does (half to even), so the mean is that of the converted
    prices each list shows; prices in a currency without a rate are left out.
    """
    usd = current_usd_cents(session)
    by_country = usd_by_material_and_country(
        usd,
        func.min(usd.c.cents).label("lowest"),
        func.max(usd.c.cents).label("highest"),
        priced_only=True,
    )
    query = (
        select(
            Material.id,
            Material.slug,
            func.sum(by_country.c.series),
            func.sum(by_country.c.total),
            func.min(by_country.c.lowest),
            func.max(by_country.c.highest),
            func.count(),
        )
        .join(Material, Material.id == by_country.c.material_id)
        .group_by(Material.id, Material.slug)
        # The order the board lists them in: by the first city quoting each, then by id.
        .order_by(func.min(by_country.c.first_city), Material.id)
    )
    # One series per material and city (current_prices' key): the series are the cities.
    return [
        MaterialFigures(
            material_id=material_id,
            material_slug=slug,
            currency="USD",
            average_price=dollars(total) / int(count),
            min_price=dollars(lowest),
            max_price=dollars(highest),
            cities_tracked=int(count),
            countries=countries,
        )
        for material_id, slug, count, total, lowest, highest, countries in session.execute(query)
    ]


def usd_by_material_and_country(
    usd: Subquery, *extra: Label[Any], priced_only: bool = False
) -> Subquery:
    """``current_usd_cents`` per material and country: its series, their total in cents, its
    first city (for the board's order) and the ``extra`` aggregates, for a second grouping per
    material. Counting distinct countries over the series instead sorted each material's rows;
    grouping by country first lets the database hash them."""
    query = (
        select(
            usd.c.material_id,
            func.count().label("series"),
            func.sum(usd.c.cents).label("total"),
            func.min(usd.c.city_id).label("first_city"),
            *extra,
        )
        .join(City, City.id == usd.c.city_id)
        .group_by(usd.c.material_id, City.country_code)
    )
    if priced_only:
        query = query.where(usd.c.cents.is_not(None))
    return query.subquery("by_country")


def dollars(cents: int | Decimal) -> Decimal:
    return Decimal(int(cents)).scaleb(-2)


def current_usd_cents(session: Session) -> Subquery:
    """Every current price's series (material_id, city_id) and its value in whole US cents
    (``cents``), rounded half to even like ``to_usd``; NULL for a currency without a rate.

    In integers of the smallest units (1e-4 a kg, 1e-8 a dollar): their product counts 1e-12
    dollars, which integer arithmetic divides by 1e10 exactly. SQLite stores prices so (see
    ExactDecimal); PostgreSQL's NUMERIC prices are scaled to BIGINT, NUMERIC arithmetic being
    ten times slower. A price whose product would overflow BIGINT (over some $9 million a kg)
    is multiplied as NUMERIC on PostgreSQL, in two parts on SQLite (_split_rounded_cents).

    Each price is scaled and its rate looked up once, in a subquery the database does not merge
    into the rounding (OFFSET 0): written as one expression, PostgreSQL repeated the conversion
    at each of the rounding's ten references to it (0.1 s at ten times the demo).
    """
    rates = latest_usd_rates(session)
    scaled = {c: int(r.scaleb(RATE_PLACES)) for c, r in rates.items()}
    rate_units = case(
        {c: literal(r, BigInteger) for c, r in scaled.items()}, value=CurrentPrice.currency
    )
    price = CurrentPrice.price_per_kg.expression
    sqlite = session.get_bind().dialect.name == "sqlite"
    units = (
        select(
            CurrentPrice.material_id,
            CurrentPrice.city_id,
            CurrentPrice.price_per_kg,
            CurrentPrice.currency,
            (
                type_coerce(price, BigInteger) if sqlite else cast(price * PRICE_UNITS, BigInteger)
            ).label("price_units"),
            rate_units.label("rate_units"),
        )
        .offset(0)
        .subquery("units")
    )
    if sqlite:  # no exact decimal to fall back to
        cents = _split_rounded_cents(units.c.price_units, units.c.rate_units)
    else:
        fits = int(BIGINT_MAX // max(max(scaled.values(), default=1), 1))
        exact = {c: literal(r, Numeric(18, RATE_PLACES)) for c, r in rates.items()}
        hundredths = units.c.price_per_kg * case(exact, value=units.c.currency) * 100
        cents = case(
            (
                func.abs(units.c.price_units) <= fits,
                _rounded_cents(units.c.price_units * units.c.rate_units),
            ),
            else_=_numeric_cents(hundredths),
        )
    return (
        select(units.c.material_id, units.c.city_id, cents.label("cents")).offset(0).subquery("usd")
    )


def _rounded_cents(product: ColumnElement[int]) -> ColumnElement[int]:
    """A count of 1e-12 dollars in whole cents, half to even."""
    magnitude = type_coerce(func.abs(product), BigInteger)
    whole, rest = _divide(magnitude, INTEGER_CENT), _remainder(magnitude, INTEGER_CENT)
    rounded = _half_to_even(whole, rest)
    return case((product < 0, -rounded), else_=rounded)


def _split_rounded_cents(
    price_units: ColumnElement[int], rate_units: ColumnElement[int]
) -> ColumnElement[int]:
    """``_rounded_cents(price_units * rate_units)`` without its overflow for the biggest prices
    (their product passes 2**63 at some $9 million a kg), where SQLite would go on in floats:
    the price is split in two at SPLIT units, each part multiplied by the rate (exact for rates
    up to some $90 a unit) and the parts' cents and remainders added up."""
    magnitude = type_coerce(func.abs(price_units), BigInteger)
    high = _divide(magnitude, SPLIT) * rate_units
    low = _remainder(magnitude, SPLIT) * rate_units
    below_split = _remainder(high, SPLIT) * SPLIT + low  # 1e-12 dollars, under 2**63
    whole = _divide(high, SPLIT) + _divide(below_split, INTEGER_CENT)
    rounded = _half_to_even(whole, _remainder(below_split, INTEGER_CENT))
    return case((price_units < 0, -rounded), else_=rounded)


def _half_to_even(whole: ColumnElement[int], rest: ColumnElement[int]) -> ColumnElement[int]:
    """``whole`` cents and ``rest`` 1e-12 dollars, rounded to a whole cent, half to even."""
    up = or_(rest * 2 > INTEGER_CENT, and_(rest * 2 == INTEGER_CENT, whole % 2 == 1))
    return whole + case((up, 1), else_=0)


# Integer division and remainder on both databases (SQLAlchemy's // would floor a float); the
# dividend in parentheses, as a custom operator's own precedence puts none around it.
def _divide(dividend: ColumnElement[int], divisor: int) -> ColumnElement[int]:
    return type_coerce(dividend.self_group().op("/")(divisor), BigInteger)


def _remainder(dividend: ColumnElement[int], divisor: int) -> ColumnElement[int]:
    return type_coerce(dividend.self_group().op("%")(divisor), BigInteger)


def _numeric_cents(hundredths: ColumnElement[Decimal]) -> ColumnElement[int]:
    """An exact NUMERIC count of cents rounded to a whole one, half to even."""
    floor = func.floor(hundredths)
    fraction = hundredths - floor
    step = case((fraction > HALF, 1), (fraction == HALF, func.abs(func.mod(floor, 2))), else_=0)
    return cast(floor + step, BigInteger)

"""Each material's current prices summed up across cities in US dollars, kept in
material_market_figures so that the figures over the whole board read one row per material.

Converting every series' price to exact cents costs a pass over the board (about 20 ms at ten
times the demo's data, where the rest of an answer takes a few): it is done here when prices or
exchange rates change, not each time a figure is read.
"""

from decimal import Decimal

from sqlalchemy import (
    BigInteger,
    ColumnElement,
    Connection,
    Numeric,
    Subquery,
    and_,
    case,
    cast,
    delete,
    func,
    insert,
    literal,
    or_,
    select,
    type_coerce,
)

from scrapindex.models import City, CurrentPrice, MaterialMarketFigures
from scrapindex.queries.prices import RATE_PLACES, latest_usd_rates

HALF = literal(Decimal("0.5"), Numeric(2, 1))
INTEGER_CENT = 10**10  # a cent in the product of price (1e-4) and rate (1e-8) units
SPLIT = 10**5  # see _split_rounded_cents
PRICE_UNITS = literal(10**4, BigInteger)  # of a price per kg (ExactDecimal(14, 4))
BIGINT_MAX = 2**63 - 1

COLUMNS = (
    "material_id",
    "cities",
    "countries",
    "first_city_id",
    "priced_cities",
    "priced_countries",
    "priced_first_city_id",
    "total_usd_cents",
    "lowest_usd_cents",
    "highest_usd_cents",
    "newest_price_date",
    "series_on_newest_date",
)


def refresh_market_figures(connection: Connection) -> None:
    """Rewrite material_market_figures from current_prices and the newest exchange rates.

    Call it in the transaction that changed either: refresh_current_prices does, and so does
    every writer of exchange rates. Series are grouped by material and country first, so that
    the database hashes them instead of sorting each material's rows to count its countries.
    """
    usd = current_usd_cents(connection)
    priced = usd.c.cents.is_not(None)
    board_newest = connection.scalar(select(func.max(CurrentPrice.price_date)))
    by_country = (
        select(
            usd.c.material_id,
            func.count().label("series"),
            func.min(usd.c.city_id).label("first_city"),
            func.count(usd.c.cents).label("priced"),
            func.min(case((priced, usd.c.city_id))).label("priced_first_city"),
            func.sum(usd.c.cents).label("total"),
            func.min(usd.c.cents).label("lowest"),
            func.max(usd.c.cents).label("highest"),
            func.max(usd.c.price_date).label("newest"),
            func.count(case((usd.c.price_date == board_newest, 1))).label("on_newest"),
        )
        .join(City, City.id == usd.c.city_id)
        .group_by(usd.c.material_id, City.country_code)
        .subquery("by_country")
    )
    per_material = select(
        by_country.c.material_id,
        func.sum(by_country.c.series),
        func.count(),
        func.min(by_country.c.first_city),
        func.sum(by_country.c.priced),
        func.count(by_country.c.priced_first_city),  # the countries with a priced series
        func.min(by_country.c.priced_first_city),
        func.sum(by_country.c.total),
        func.min(by_country.c.lowest),
        func.max(by_country.c.highest),
        func.max(by_country.c.newest),
        func.sum(by_country.c.on_newest),
    ).group_by(by_country.c.material_id)
    connection.execute(delete(MaterialMarketFigures))
    connection.execute(insert(MaterialMarketFigures).from_select(COLUMNS, per_material))


def current_usd_cents(connection: Connection) -> Subquery:
    """Every current price's series (material_id, city_id), its date and its value in whole US
    cents (``cents``), rounded half to even like ``to_usd``; NULL for a currency without a rate.

    In integers of the smallest units (1e-4 a kg, 1e-8 a dollar): their product counts 1e-12
    dollars, which integer arithmetic divides by 1e10 exactly. SQLite stores prices so (see
    ExactDecimal); PostgreSQL's NUMERIC prices are scaled to BIGINT, NUMERIC arithmetic being
    ten times slower. A price whose product would overflow BIGINT (over some $9 million a kg)
    is multiplied as NUMERIC on PostgreSQL, in two parts on SQLite (_split_rounded_cents).

    Each price is scaled and its rate looked up once, in a subquery the database does not merge
    into the rounding (OFFSET 0): written as one expression, PostgreSQL repeated the conversion
    at each of the rounding's ten references to it (0.1 s at ten times the demo).
    """
    rates = latest_usd_rates(connection)
    scaled = {c: int(r.scaleb(RATE_PLACES)) for c, r in rates.items()}
    rate_units = case(
        {c: literal(r, BigInteger) for c, r in scaled.items()}, value=CurrentPrice.currency
    )
    price = CurrentPrice.price_per_kg.expression
    sqlite = connection.dialect.name == "sqlite"
    units = (
        select(
            CurrentPrice.material_id,
            CurrentPrice.city_id,
            CurrentPrice.price_date,
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
        select(units.c.material_id, units.c.city_id, units.c.price_date, cents.label("cents"))
        .offset(0)
        .subquery("usd")
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

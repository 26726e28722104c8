"""Keeping current_prices (the newest and previous price of every series) in step with prices."""

import datetime as dt
from collections.abc import Collection
from typing import Any

from sqlalchemy import (
    BigInteger,
    ColumnElement,
    Connection,
    Numeric,
    ScalarSelect,
    Subquery,
    and_,
    case,
    cast,
    delete,
    exists,
    func,
    insert,
    literal_column,
    null,
    select,
    tuple_,
    type_coerce,
)
from sqlalchemy.orm import aliased

from scrapindex.models import City, CurrentPrice, Material, Price
from scrapindex.queries.market_figures import refresh_market_figures

VALUES = ("price_per_kg", "currency", "price_date")  # copied from the current price's row
# The week's movers compare each current price with the series' last price in the week up to
# WEEK before the newest stored day (of any series); a series without one has no change.
WEEK = dt.timedelta(days=7)
LOOKBACK = dt.timedelta(days=7)
WEEK_AGO = {"week_ago_price": "price_per_kg", "week_ago_date": "price_date"}
# More touched series than this are rebuilt whole: one pass is then cheaper than the IN list.
SCOPED_SERIES_MAX = 5_000
COLUMNS = ("material_id", "city_id", "price_id", "previous_price_id", *VALUES, *WEEK_AGO)


def refresh_current_prices(
    connection: Connection, series: Collection[tuple[int, int]] | None = None
) -> None:
    """Rebuild current_prices from prices, and the figures derived from it (see
    refresh_market_figures). Only scrapindex.prices.record calls it, in the writer's
    transaction.

    With ``series`` ((material id, city id) pairs) only those rows are rebuilt, unless the
    newest stored day moved: every series' week-ago price is measured from that day, so then
    all are.

    Each value is a correlated subquery in the select list, so the database walks the small
    cities x materials product and seeks each series' newest rows through the
    (material_id, city_id, price_date) index: about a second for thousands of series. The
    newest row's value, currency and date are copied in (VALUES) the same way, and so are the
    price and date of the series' row a week before the newest day (WEEK_AGO), from which
    each series' change over the week is then computed once (change_tenths).
    """
    newest = aliased(Price)
    in_series = (newest.material_id == Material.id, newest.city_id == City.id)
    by_date = newest.price_date.desc()
    latest_id = select(newest.id).where(*in_series).order_by(by_date).limit(1)
    previous_id = select(newest.id).where(*in_series).order_by(by_date).limit(1).offset(1)
    values = [
        Material.id,
        City.id,
        latest_id.scalar_subquery(),
        previous_id.scalar_subquery(),
        *(latest_id.with_only_columns(getattr(newest, c)).scalar_subquery() for c in VALUES),
        *week_ago_values(connection),
    ]
    scoped = (
        series is not None
        and len(series) <= SCOPED_SERIES_MAX
        and _newest_day_unchanged(connection)
    )
    in_scope: list[ColumnElement[bool]] = [exists(select(newest.id).where(*in_series))]
    clear = delete(CurrentPrice)
    if scoped and series is not None:
        pairs = sorted(series)
        if not pairs:
            return
        in_scope.append(tuple_(Material.id, City.id).in_(pairs))
        clear = clear.where(tuple_(CurrentPrice.material_id, CurrentPrice.city_id).in_(pairs))
    # OFFSET 0: neither database merges this into the select around it, which would repeat a
    # week-ago subquery at each reference the change makes to it.
    series_rows = (
        select(*(value.label(name) for value, name in zip(values, COLUMNS, strict=True)))
        .select_from(City)
        .join(Material, Material.id > 0)
        .where(*in_scope)
        .offset(0)
        .subquery("series")
    )
    connection.execute(clear)
    connection.execute(
        insert(CurrentPrice).from_select(
            [*COLUMNS, "change_tenths"],
            select(*series_rows.c, change_tenths(series_rows)),
        )
    )
    refresh_market_figures(connection)


def _newest_day_unchanged(connection: Connection) -> bool:
    """Whether the newest day in prices is the one current_prices was last built from."""
    stored = connection.execute(select(func.max(Price.price_date))).scalar_one_or_none()
    shown = connection.execute(select(func.max(CurrentPrice.price_date))).scalar_one_or_none()
    return stored == shown


def week_ago_values(connection: Connection) -> list[ScalarSelect[Any]]:
    """The price and date of each series' newest row in the LOOKBACK up to WEEK before the
    newest stored day, as correlated subqueries of refresh_current_prices' select."""
    newest = connection.execute(select(func.max(Price.price_date))).scalar_one_or_none()
    if newest is None:
        return [select(null()).scalar_subquery() for _ in WEEK_AGO]
    compared_with = newest - WEEK
    before = aliased(Price)
    in_week = (
        select(before.id)
        .where(
            before.material_id == Material.id,
            before.city_id == City.id,
            before.price_date <= compared_with,
            before.price_date > compared_with - LOOKBACK,
        )
        .order_by(before.price_date.desc())
        .limit(1)
    )
    return [
        in_week.with_only_columns(getattr(before, column)).scalar_subquery()
        for column in WEEK_AGO.values()
    ]


def change_tenths(series: Subquery) -> ColumnElement[int | None]:
    """A current price's change from its week-ago price in whole tenths of a percent, for a
    nonzero week-ago price older than the current one (else NULL). On PostgreSQL a NUMERIC
    quotient rounded by the cast; on SQLite both prices are integers of 1e-4 (see
    ExactDecimal), divided truncating. The week's movers rank on it, and settle the exact
    change of the few series it keeps (see scrapindex.queries.insights)."""
    price = type_coerce(series.c.price_per_kg, Numeric)
    week_ago = type_coerce(series.c.week_ago_price, Numeric)
    change = (price - week_ago) * literal_column("1000") / week_ago
    comparable = and_(series.c.week_ago_price != 0, series.c.week_ago_date < series.c.price_date)
    return case((comparable, cast(change, BigInteger)), else_=null())

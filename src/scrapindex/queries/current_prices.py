"""Keeping current_prices (the newest and previous price of every series) in step with prices."""

import datetime as dt
from typing import Any

from sqlalchemy import Connection, ScalarSelect, delete, exists, func, insert, null, select
from sqlalchemy.orm import aliased

from scrapindex.models import City, CurrentPrice, Material, Price
from scrapindex.queries.market_figures import refresh_market_figures

VALUES = ("price_per_kg", "currency", "price_date")  # copied from the current price's row
# The week's movers compare each current price with the series' last price in the week up to
# WEEK before the newest stored day (of any series); a series without one has no change.
WEEK = dt.timedelta(days=7)
LOOKBACK = dt.timedelta(days=7)
WEEK_AGO = {"week_ago_price": "price_per_kg", "week_ago_date": "price_date"}


def refresh_current_prices(connection: Connection) -> None:
    """Rebuild current_prices from prices, and the figures derived from it (see
    refresh_market_figures). Call it inside the transaction that wrote prices.

    Each value is a correlated subquery in the select list, so the database walks the small
    cities x materials product and seeks each series' newest rows through the
    (material_id, city_id, price_date) index: about a second for thousands of series. The
    newest row's value, currency and date are copied in (VALUES) the same way, and so are the
    price and date of the series' row a week before the newest day (WEEK_AGO).
    """
    newest = aliased(Price)
    in_series = (newest.material_id == Material.id, newest.city_id == City.id)
    by_date = newest.price_date.desc()
    latest_id = select(newest.id).where(*in_series).order_by(by_date).limit(1)
    previous_id = select(newest.id).where(*in_series).order_by(by_date).limit(1).offset(1)
    rows = (
        select(
            Material.id,
            City.id,
            latest_id.scalar_subquery(),
            previous_id.scalar_subquery(),
            *(latest_id.with_only_columns(getattr(newest, c)).scalar_subquery() for c in VALUES),
            *week_ago_values(connection),
        )
        .select_from(City)
        .join(Material, Material.id > 0)
        .where(exists(select(newest.id).where(*in_series)))
    )
    connection.execute(delete(CurrentPrice))
    connection.execute(
        insert(CurrentPrice).from_select(
            ["material_id", "city_id", "price_id", "previous_price_id", *VALUES, *WEEK_AGO],
            rows,
        )
    )
    refresh_market_figures(connection)


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

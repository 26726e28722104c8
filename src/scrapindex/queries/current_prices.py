"""Keeping current_prices (the newest and previous price of every series) in step with prices."""

from sqlalchemy import Connection, delete, exists, insert, select
from sqlalchemy.orm import aliased

from scrapindex.models import City, CurrentPrice, Material, Price

VALUES = ("price_per_kg", "currency", "price_date")  # copied from the current price's row


def refresh_current_prices(connection: Connection) -> None:
    """Rebuild current_prices from prices. Call it inside the transaction that wrote prices.

    Each value is a correlated subquery in the select list, so the database walks the small
    cities x materials product and seeks each series' newest rows through the
    (material_id, city_id, price_date) index: about a second for thousands of series. The
    newest row's value, currency and date are copied in (VALUES) the same way.
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
        )
        .select_from(City)
        .join(Material, Material.id > 0)
        .where(exists(select(newest.id).where(*in_series)))
    )
    connection.execute(delete(CurrentPrice))
    connection.execute(
        insert(CurrentPrice).from_select(
            ["material_id", "city_id", "price_id", "previous_price_id", *VALUES], rows
        )
    )

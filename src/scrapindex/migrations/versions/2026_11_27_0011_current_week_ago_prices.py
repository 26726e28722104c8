"""current prices' week-ago price

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-27

The week's movers compared every series' current price with its last price in the week up to
seven days before the newest stored day, sought per series when the insights were asked for:
~25,000 index seeks, 0.6 s at ten times the demo. refresh_current_prices now writes that
price and its date with the rest; existing rows are filled here the same way.

"""

import datetime as dt
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from scrapindex.dbtypes import ExactDecimal

# revision identifiers, used by Alembic.
revision: str = "0011"
down_revision: str | Sequence[str] | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COLUMNS = {"week_ago_price": "price_per_kg", "week_ago_date": "price_date"}
WEEK = dt.timedelta(days=7)
prices = sa.table(
    "prices",
    sa.column("material_id", sa.Integer()),
    sa.column("city_id", sa.Integer()),
    sa.column("price_per_kg", ExactDecimal(14, 4)),
    sa.column("price_date", sa.Date()),
)
current_prices = sa.table(
    "current_prices",
    sa.column("material_id", sa.Integer()),
    sa.column("city_id", sa.Integer()),
    *(sa.column(column) for column in COLUMNS),
)


def upgrade() -> None:
    with op.batch_alter_table("current_prices", schema=None) as batch_op:
        batch_op.add_column(sa.Column("week_ago_price", ExactDecimal(14, 4), nullable=True))
        batch_op.add_column(sa.Column("week_ago_date", sa.Date(), nullable=True))
    newest = op.get_bind().execute(sa.select(sa.func.max(prices.c.price_date))).scalar()
    if newest is None:
        return
    compared_with = newest - WEEK
    for column, source in COLUMNS.items():
        week_ago = (
            sa.select(prices.c[source])
            .where(
                prices.c.material_id == current_prices.c.material_id,
                prices.c.city_id == current_prices.c.city_id,
                prices.c.price_date <= compared_with,
                prices.c.price_date > compared_with - WEEK,
            )
            .order_by(prices.c.price_date.desc())
            .limit(1)
            .scalar_subquery()
        )
        op.execute(current_prices.update().values({column: week_ago}))


def downgrade() -> None:
    with op.batch_alter_table("current_prices", schema=None) as batch_op:
        for column in reversed(COLUMNS):
            batch_op.drop_column(column)

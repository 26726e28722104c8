"""current price values

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-26

Whole-board figures (the price summary, the week's movers, the most-tracked materials) read
every series' current price. Read through current_prices.price_id they touched one page of
prices per series, wherever its newest row lies: ~25,000 scattered pages (0.7-0.9 s) at ten
times the demo. current_prices now carries the current price's own value, currency and date,
written by refresh_current_prices with the ids; existing rows are filled here.

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from scrapindex.dbtypes import ExactDecimal

# revision identifiers, used by Alembic.
revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COLUMNS = ("price_per_kg", "currency", "price_date")


def upgrade() -> None:
    with op.batch_alter_table("current_prices", schema=None) as batch_op:
        batch_op.add_column(sa.Column("price_per_kg", ExactDecimal(14, 4), nullable=True))
        batch_op.add_column(sa.Column("currency", sa.String(length=3), nullable=True))
        batch_op.add_column(sa.Column("price_date", sa.Date(), nullable=True))
    for column in COLUMNS:
        op.execute(
            f"UPDATE current_prices SET {column} = "
            f"(SELECT prices.{column} FROM prices WHERE prices.id = current_prices.price_id)"
        )
    with op.batch_alter_table("current_prices", schema=None) as batch_op:
        batch_op.alter_column("price_per_kg", existing_type=ExactDecimal(14, 4), nullable=False)
        batch_op.alter_column("currency", existing_type=sa.String(length=3), nullable=False)
        batch_op.alter_column("price_date", existing_type=sa.Date(), nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("current_prices", schema=None) as batch_op:
        for column in reversed(COLUMNS):
            batch_op.drop_column(column)

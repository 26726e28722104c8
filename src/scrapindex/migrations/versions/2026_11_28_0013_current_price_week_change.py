"""current prices' week change

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-28

The week's movers computed every series' change from its week-ago price (a NUMERIC division
per series, ~15 ms of the insights' 30 at ten times the demo) each time they were asked for.
refresh_current_prices now stores it, in whole tenths of a percent; existing rows are filled
here with the same expression (change_tenths: the SQL is the same on both databases, which
store the prices differently and so round differently, as the refresh does).

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0013"
down_revision: str | Sequence[str] | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("current_prices", schema=None) as batch_op:
        batch_op.add_column(sa.Column("change_tenths", sa.BigInteger(), nullable=True))
    op.execute(
        "UPDATE current_prices SET change_tenths = "
        "CAST((price_per_kg - week_ago_price) * 1000 / week_ago_price AS BIGINT) "
        "WHERE week_ago_price != 0 AND week_ago_date < price_date"
    )


def downgrade() -> None:
    with op.batch_alter_table("current_prices", schema=None) as batch_op:
        batch_op.drop_column("change_tenths")

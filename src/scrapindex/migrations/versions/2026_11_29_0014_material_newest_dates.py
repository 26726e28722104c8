"""material figures' newest dates

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-29

The site's coverage counted the series updated on the newest day, and the sitemap each
material's newest date, from current_prices on every read: a pass over every series.
refresh_market_figures now keeps each material's newest price date, and how many of its series
are of the board's newest date, in material_market_figures; existing rows are filled here with
the same definitions.

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0014"
down_revision: str | Sequence[str] | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("material_market_figures", schema=None) as batch_op:
        batch_op.add_column(sa.Column("newest_price_date", sa.Date(), nullable=True))
        batch_op.add_column(sa.Column("series_on_newest_date", sa.Integer(), nullable=True))
    op.execute(
        "UPDATE material_market_figures SET "
        "newest_price_date = (SELECT MAX(c.price_date) FROM current_prices c "
        "WHERE c.material_id = material_market_figures.material_id), "
        "series_on_newest_date = (SELECT COUNT(*) FROM current_prices c "
        "WHERE c.material_id = material_market_figures.material_id "
        "AND c.price_date = (SELECT MAX(price_date) FROM current_prices))"
    )
    # Every row has series (refresh_market_figures writes none for a material without).
    with op.batch_alter_table("material_market_figures", schema=None) as batch_op:
        batch_op.alter_column("newest_price_date", existing_type=sa.Date(), nullable=False)
        batch_op.alter_column("series_on_newest_date", existing_type=sa.Integer(), nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("material_market_figures", schema=None) as batch_op:
        batch_op.drop_column("series_on_newest_date")
        batch_op.drop_column("newest_price_date")

"""market reference prices and the inputs of estimated prices

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from scrapindex.dbtypes import ExactDecimal

# revision identifiers, used by Alembic.
revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table(
        "market_prices",
        sa.Column("metal", sa.String(length=20), nullable=False),
        sa.Column("price_date", sa.Date(), nullable=False),
        sa.Column("usd_per_tonne", ExactDecimal(14, 4), nullable=False),
        sa.Column("period", sa.String(length=10), nullable=False),
        sa.Column("source_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["source_id"], ["sources.id"], name=op.f("fk_market_prices_source_id_sources")
        ),
        sa.PrimaryKeyConstraint("metal", "price_date", name=op.f("pk_market_prices")),
    )
    op.create_table(
        "price_estimates",
        sa.Column("price_id", sa.Integer(), nullable=False),
        sa.Column("metal", sa.String(length=20), nullable=False),
        sa.Column("reference_usd_per_tonne", ExactDecimal(14, 4), nullable=False),
        sa.Column("reference_date", sa.Date(), nullable=False),
        sa.Column("reference_source", sa.String(length=120), nullable=False),
        sa.Column("reference_period", sa.String(length=10), nullable=False),
        sa.Column("grade_factor", ExactDecimal(6, 4), nullable=False),
        sa.Column("margin", ExactDecimal(6, 4), nullable=False),
        sa.Column("usd_per_unit", ExactDecimal(18, 8), nullable=False),
        sa.Column("fx_date", sa.Date(), nullable=False),
        sa.ForeignKeyConstraint(
            ["price_id"],
            ["prices.id"],
            name=op.f("fk_price_estimates_price_id_prices"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("price_id", name=op.f("pk_price_estimates")),
    )


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_table("price_estimates")
    op.drop_table("market_prices")

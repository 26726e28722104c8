"""index prices by date

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22

"""

from collections.abc import Sequence

from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_index("ix_prices_price_date", "prices", ["price_date"], unique=False)


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_index("ix_prices_price_date", table_name="prices")

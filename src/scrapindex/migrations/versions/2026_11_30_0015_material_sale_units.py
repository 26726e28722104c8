"""materials' unit of sale

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-30

A material is sold by weight ("kg"), as a precious metal by weight ("troy_oz": stored per kg,
shown per troy ounce first) or by the piece ("piece": stored per piece). Catalytic converters sell
by the piece and silver by the troy ounce (content/reference/materials.json). Their stored prices
per kg have no per-piece meaning, so a catalytic converter's prices, the figures derived from them,
its price alerts (thresholds per kg) are removed and its pending reports are closed with the
reason (approved ones stay as the record of what was decided); the next import, report or demo
seed prices it per piece. Report and alert units grow to "ozt" and
"piece".

"""

import datetime as dt
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0015"
down_revision: str | Sequence[str] | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BY_THE_PIECE = ("catalytic-converters",)
BY_THE_TROY_OUNCE = ("silver",)
REPORT_REASON = (
    "Closed when this material came to be priced per piece: the report gave a price by weight."
)


def upgrade() -> None:
    # In place, never by rebuilding the table (SQLite's batch mode would drop and recreate
    # materials, which every price references, and foreign keys are on during migrations).
    with op.batch_alter_table("materials", recreate="never") as batch_op:
        batch_op.add_column(
            sa.Column("sale_unit", sa.String(length=8), server_default="kg", nullable=False)
        )
    for table in ("price_reports", "price_alerts"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.alter_column(
                "unit", existing_type=sa.String(length=3), type_=sa.String(length=5)
            )
    connection = op.get_bind()
    set_unit = sa.text("UPDATE materials SET sale_unit = :unit WHERE slug = :slug")
    for slug in BY_THE_TROY_OUNCE:
        connection.execute(set_unit, {"unit": "troy_oz", "slug": slug})
    for slug in BY_THE_PIECE:
        connection.execute(set_unit, {"unit": "piece", "slug": slug})
        _drop_prices_by_weight(connection, slug)


def _drop_prices_by_weight(connection: sa.Connection, slug: str) -> None:
    material_id = connection.execute(
        sa.text("SELECT id FROM materials WHERE slug = :slug"), {"slug": slug}
    ).scalar_one_or_none()
    if material_id is None:
        return
    of_it = {"id": material_id}
    for statement in (
        "DELETE FROM current_prices WHERE material_id = :id",
        "DELETE FROM material_market_figures WHERE material_id = :id",
        "DELETE FROM price_estimates WHERE price_id IN "
        "(SELECT id FROM prices WHERE material_id = :id)",
        "DELETE FROM prices WHERE material_id = :id",
        "DELETE FROM price_alerts WHERE material_id = :id",
    ):
        connection.execute(sa.text(statement), of_it)
    now = sa.bindparam("now", dt.datetime.now(dt.UTC), type_=sa.DateTime(timezone=True))
    connection.execute(
        sa.text(
            "UPDATE price_reports SET status = 'rejected', review_reason = :reason, "
            "reviewed_at = :now WHERE material_id = :id AND status = 'pending'"
        ).bindparams(now),
        {**of_it, "reason": REPORT_REASON},
    )
    # Cached answers are keyed by the data revision: they held the removed prices.
    connection.execute(
        sa.text("UPDATE data_revision SET revision = revision + 1, changed_at = :now").bindparams(
            now
        )
    )


def downgrade() -> None:
    for table in ("price_reports", "price_alerts"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.alter_column(
                "unit", existing_type=sa.String(length=5), type_=sa.String(length=3)
            )
    with op.batch_alter_table("materials", recreate="never") as batch_op:
        batch_op.drop_column("sale_unit")

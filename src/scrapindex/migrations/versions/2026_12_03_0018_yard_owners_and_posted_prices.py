"""yards' owners, claims and their own posted prices

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-03

- ``yard_prices``: buying prices a yard posts itself (kind ``yard``), per yard, apart from the
  city's prices.
- ``yard_owners``: accounts (users with the ``owner`` role) that may post for a yard.
- ``yard_claims``: requests to own a listing, by a link to the listing's address or through the
  operators.
- ``scrap_yards`` gains what an owner says: accepted materials, payment methods, visit notes.

New tables and nullable columns only: code at 0017 works on this schema.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from scrapindex.dbtypes import ExactDecimal

# revision identifiers, used by Alembic.
revision: str = "0018"
down_revision: str | Sequence[str] | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Code at the revision before runs on this schema (an "expand" step of a rolling deploy).
compatible_with_previous = True


def upgrade() -> None:
    with op.batch_alter_table("scrap_yards") as batch:
        batch.add_column(sa.Column("accepted_materials", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("payment_methods", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("visit_notes", sa.Text(), nullable=True))
    op.create_table(
        "yard_prices",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("yard_id", sa.Integer(), nullable=False),
        sa.Column("material_id", sa.Integer(), nullable=False),
        sa.Column("price_date", sa.Date(), nullable=False),
        sa.Column("price_per_kg", ExactDecimal(14, 4), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("posted_by", sa.Integer(), nullable=True),
        sa.Column("posted_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["yard_id"],
            ["scrap_yards.id"],
            name=op.f("fk_yard_prices_yard_id_scrap_yards"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["material_id"], ["materials.id"], name=op.f("fk_yard_prices_material_id_materials")
        ),
        sa.ForeignKeyConstraint(
            ["posted_by"], ["users.id"], name=op.f("fk_yard_prices_posted_by_users")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_yard_prices")),
        sa.UniqueConstraint(
            "yard_id",
            "material_id",
            "price_date",
            name=op.f("uq_yard_prices_yard_id_material_id_price_date"),
        ),
    )
    op.create_index(
        "ix_yard_prices_material_id_price_date", "yard_prices", ["material_id", "price_date"]
    )
    op.create_table(
        "yard_owners",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("yard_id", sa.Integer(), nullable=False),
        sa.Column("added_by", sa.String(length=254), nullable=False),
        sa.Column("added_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("suspended_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("suspended_by", sa.String(length=254), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_yard_owners_user_id_users")
        ),
        sa.ForeignKeyConstraint(
            ["yard_id"],
            ["scrap_yards.id"],
            name=op.f("fk_yard_owners_yard_id_scrap_yards"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_yard_owners")),
        sa.UniqueConstraint("user_id", "yard_id", name=op.f("uq_yard_owners_user_id_yard_id")),
    )
    op.create_index(op.f("ix_yard_owners_user_id"), "yard_owners", ["user_id"])
    op.create_index(op.f("ix_yard_owners_yard_id"), "yard_owners", ["yard_id"])
    op.create_table(
        "yard_claims",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("yard_id", sa.Integer(), nullable=False),
        sa.Column("route", sa.String(length=20), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("evidence", sa.Text(), nullable=True),
        sa.Column("token_nonce", sa.String(length=64), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("client_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("decided_by", sa.String(length=254), nullable=True),
        sa.Column("reason", sa.String(length=500), nullable=True),
        sa.ForeignKeyConstraint(
            ["yard_id"],
            ["scrap_yards.id"],
            name=op.f("fk_yard_claims_yard_id_scrap_yards"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_yard_claims")),
        sa.UniqueConstraint("token_nonce", name=op.f("uq_yard_claims_token_nonce")),
    )
    op.create_index(op.f("ix_yard_claims_yard_id"), "yard_claims", ["yard_id"])
    op.create_index("ix_yard_claims_status_created_at", "yard_claims", ["status", "created_at"])


def downgrade() -> None:
    op.drop_table("yard_claims")
    op.drop_table("yard_owners")
    op.drop_index("ix_yard_prices_material_id_price_date", table_name="yard_prices")
    op.drop_table("yard_prices")
    with op.batch_alter_table("scrap_yards") as batch:
        batch.drop_column("visit_notes")
        batch.drop_column("payment_methods")
        batch.drop_column("accepted_materials")

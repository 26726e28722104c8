"""real yards (left their source), dealer licences from public registers, API keys

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-04

- ``scrap_yards.left_source_at``: a yard a fetch of OpenStreetMap no longer had is marked, not
  deleted.
- ``yard_licences``: entries of public registers of scrap metal dealers and their match to a
  yard (proposed, confirmed or rejected by an operator).
- ``api_keys`` and ``api_key_usage``: keys for the API's business clients (only a hash kept)
  and their requests per day.

New tables and a nullable column only: code at 0018 works on this schema.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0019"
down_revision: str | Sequence[str] | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Code at the revision before runs on this schema (an "expand" step of a rolling deploy).
compatible_with_previous = True


def upgrade() -> None:
    with op.batch_alter_table("scrap_yards") as batch:
        batch.add_column(sa.Column("left_source_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "yard_licences",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("register", sa.String(length=40), nullable=False),
        sa.Column("register_no", sa.String(length=60), nullable=False),
        sa.Column("licence_type", sa.String(length=16), nullable=False),
        sa.Column("holder_name", sa.String(length=300), nullable=False),
        sa.Column("site_address", sa.String(length=500), nullable=True),
        sa.Column("postcode", sa.String(length=16), nullable=True),
        sa.Column("latitude", sa.Float(), nullable=True),
        sa.Column("longitude", sa.Float(), nullable=True),
        sa.Column("local_authority", sa.String(length=200), nullable=True),
        sa.Column("expires_on", sa.Date(), nullable=True),
        sa.Column("register_url", sa.String(length=500), nullable=True),
        sa.Column("checked_on", sa.Date(), nullable=False),
        sa.Column("yard_id", sa.Integer(), nullable=True),
        sa.Column("match_score", sa.Float(), nullable=True),
        sa.Column("match_reasons", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("decided_by", sa.String(length=254), nullable=True),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["yard_id"],
            ["scrap_yards.id"],
            name=op.f("fk_yard_licences_yard_id_scrap_yards"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_yard_licences")),
        sa.UniqueConstraint(
            "register", "register_no", name=op.f("uq_yard_licences_register_register_no")
        ),
    )
    op.create_index(op.f("ix_yard_licences_yard_id"), "yard_licences", ["yard_id"])
    op.create_index("ix_yard_licences_status", "yard_licences", ["status"])
    op.create_table(
        "api_keys",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("contact_email", sa.String(length=254), nullable=True),
        sa.Column("prefix", sa.String(length=16), nullable=False),
        sa.Column("key_hash", sa.String(length=64), nullable=False),
        sa.Column("quota_per_day", sa.Integer(), nullable=False),
        sa.Column("quota_per_minute", sa.Integer(), nullable=False),
        sa.Column("created_by", sa.String(length=254), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("rotated_from", sa.Integer(), nullable=True),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["rotated_from"], ["api_keys.id"], name=op.f("fk_api_keys_rotated_from_api_keys")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_api_keys")),
        sa.UniqueConstraint("key_hash", name=op.f("uq_api_keys_key_hash")),
    )
    op.create_table(
        "api_key_usage",
        sa.Column("key_id", sa.Integer(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("requests", sa.Integer(), nullable=False),
        sa.Column("refused", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["key_id"],
            ["api_keys.id"],
            name=op.f("fk_api_key_usage_key_id_api_keys"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("key_id", "day", name=op.f("pk_api_key_usage")),
    )


def downgrade() -> None:
    op.drop_table("api_key_usage")
    op.drop_table("api_keys")
    op.drop_index("ix_yard_licences_status", table_name="yard_licences")
    op.drop_index(op.f("ix_yard_licences_yard_id"), table_name="yard_licences")
    op.drop_table("yard_licences")
    with op.batch_alter_table("scrap_yards") as batch:
        batch.drop_column("left_source_at")

"""job leases, import files kept in the database, schema compatibility

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-02

- ``job_leases``: one row per scheduled job; a host runs a round of a job only while it holds
  the lease, so `scrapindex schedule` can run on every host.
- ``import_run_files``: the file of a run refused only for outliers, kept for an override in
  the database instead of on the importing host's disk (files kept there before stay there).
- ``schema_compatibility``: per schema revision, the oldest code revision that works on it,
  read by the readiness check of code older than the schema.

Only new tables: code at 0016 works on this schema.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0017"
down_revision: str | Sequence[str] | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Code at the revision before runs on this schema (an "expand" step of a rolling deploy).
compatible_with_previous = True


def upgrade() -> None:
    op.create_table(
        "job_leases",
        sa.Column("job", sa.String(length=40), nullable=False),
        sa.Column("holder", sa.String(length=120), nullable=True),
        sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_round", sa.String(length=40), nullable=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("outcome", sa.String(length=20), nullable=True),
        sa.Column("error", sa.String(length=500), nullable=True),
        sa.PrimaryKeyConstraint("job", name=op.f("pk_job_leases")),
    )
    op.create_table(
        "import_run_files",
        sa.Column("run_id", sa.Integer(), nullable=False),
        sa.Column("file_name", sa.String(length=300), nullable=False),
        sa.Column("size_bytes", sa.Integer(), nullable=False),
        sa.Column("content", sa.LargeBinary(), nullable=False),
        sa.Column("stored_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["run_id"],
            ["import_runs.id"],
            name=op.f("fk_import_run_files_run_id_import_runs"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("run_id", name=op.f("pk_import_run_files")),
    )
    op.create_table(
        "schema_compatibility",
        sa.Column("revision", sa.String(length=32), nullable=False),
        sa.Column("oldest_compatible", sa.String(length=32), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("revision", name=op.f("pk_schema_compatibility")),
    )


def downgrade() -> None:
    op.drop_table("schema_compatibility")
    op.drop_table("import_run_files")
    op.drop_table("job_leases")

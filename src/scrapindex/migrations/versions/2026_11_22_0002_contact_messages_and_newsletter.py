"""contact messages and newsletter

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table(
        "contact_messages",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("category", sa.String(length=20), nullable=True),
        sa.Column("subject", sa.String(length=200), nullable=False),
        sa.Column("message", sa.Text(), nullable=False),
        sa.Column("client_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_contact_messages")),
    )
    with op.batch_alter_table("contact_messages", schema=None) as batch_op:
        batch_op.create_index(
            "ix_contact_messages_client_created", ["client_hash", "created_at"], unique=False
        )

    op.create_table(
        "newsletter_subscriptions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("client_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_newsletter_subscriptions")),
        sa.UniqueConstraint("email", name=op.f("uq_newsletter_subscriptions_email")),
    )
    with op.batch_alter_table("newsletter_subscriptions", schema=None) as batch_op:
        batch_op.create_index(
            "ix_newsletter_subscriptions_client_created",
            ["client_hash", "created_at"],
            unique=False,
        )


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("newsletter_subscriptions", schema=None) as batch_op:
        batch_op.drop_index("ix_newsletter_subscriptions_client_created")

    op.drop_table("newsletter_subscriptions")
    with op.batch_alter_table("contact_messages", schema=None) as batch_op:
        batch_op.drop_index("ix_contact_messages_client_created")

    op.drop_table("contact_messages")

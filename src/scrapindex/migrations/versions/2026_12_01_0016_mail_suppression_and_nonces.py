"""mail suppression, address keys, link nonces and sign-up attempts

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-01

- ``address_key`` on newsletter sign-ups and price alerts: the address lower-cased, without a
  ``+tag``, without the dots of a Gmail-style local part; what the caps per address count by.
  Filled here by the rule of scrapindex/mail/addresses.py as it stands at this revision (copied,
  so that this migration does what it did whatever that module becomes).
- ``nonce`` on both: a random value every link made for the row carries. Existing rows get a
  new random nonce each, so links mailed before this revision (which carry none) stop working:
  a confirmation is asked for again by signing up again, and an alert mail's manage link (it
  names the address, not the alert) still lists and removes the address's alerts. Letting old
  links through would keep what the nonce is for open: on SQLite an old link's id may name a
  later alert of someone else.
- ``mail_suppressions``: salted hashes of addresses that unsubscribed.
- ``sign_up_attempts``: every sign-up posted, which the forms' limit per client counts.

New columns are added in place, never by rebuilding a table (SQLite's batch mode would, and
foreign keys are on during migrations). SQLite adds a NOT NULL column only with a default: it
keeps DEFAULT '' there (the app always gives both values); PostgreSQL drops it after the fill.
"""

import secrets
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0016"
down_revision: str | Sequence[str] | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ("newsletter_subscriptions", "price_alerts")
DOTS_IGNORED = {"gmail.com": "gmail.com", "googlemail.com": "gmail.com"}


def address_key(email: str) -> str:
    """scrapindex.mail.addresses.address_key at this revision."""
    local, at, domain = email.strip().lower().rpartition("@")
    if not at:
        return email.strip().lower()
    domain = domain.rstrip(".")
    untagged = local.split("+", 1)[0]
    if untagged:
        local = untagged
    if domain in DOTS_IGNORED:
        local = local.replace(".", "") or local
        domain = DOTS_IGNORED[domain]
    return f"{local}@{domain}"


def upgrade() -> None:
    op.create_table(
        "mail_suppressions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("address_hash", sa.String(length=64), nullable=False),
        sa.Column("suppressed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("confirmation_sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_mail_suppressions")),
        sa.UniqueConstraint("address_hash", name=op.f("uq_mail_suppressions_address_hash")),
    )
    op.create_table(
        "sign_up_attempts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("limit_key", sa.String(length=80), nullable=False),
        sa.Column("attempted_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sign_up_attempts")),
    )
    op.create_index(
        "ix_sign_up_attempts_limit_key_attempted",
        "sign_up_attempts",
        ["limit_key", "attempted_at"],
        unique=False,
    )
    connection = op.get_bind()
    for table in TABLES:
        with op.batch_alter_table(table, recreate="never") as batch_op:
            batch_op.add_column(
                sa.Column("address_key", sa.String(length=254), server_default="", nullable=False)
            )
            batch_op.add_column(
                sa.Column("nonce", sa.String(length=32), server_default="", nullable=False)
            )
        rows = connection.execute(sa.text(f"SELECT id, email FROM {table}")).all()
        if rows:
            connection.execute(
                sa.text(f"UPDATE {table} SET address_key = :key, nonce = :nonce WHERE id = :id"),
                [
                    {"id": row_id, "key": address_key(email), "nonce": secrets.token_urlsafe(16)}
                    for row_id, email in rows
                ],
            )
        if connection.dialect.name != "sqlite":
            for column in ("address_key", "nonce"):
                op.alter_column(table, column, server_default=None)
        op.create_index(op.f(f"ix_{table}_address_key"), table, ["address_key"], unique=False)


def downgrade() -> None:
    for table in TABLES:
        op.drop_index(op.f(f"ix_{table}_address_key"), table_name=table)
        with op.batch_alter_table(table, recreate="never") as batch_op:
            batch_op.drop_column("nonce")
            batch_op.drop_column("address_key")
    op.drop_index("ix_sign_up_attempts_limit_key_attempted", table_name="sign_up_attempts")
    op.drop_table("sign_up_attempts")
    op.drop_table("mail_suppressions")

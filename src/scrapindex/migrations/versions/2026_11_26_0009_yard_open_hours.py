"""yard open hours

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-26

The directory asks "open now?" of every matching yard on every request. Parsing each yard's
weekly_hours JSON in SQL for that cost ~20 µs a yard on SQLite; this table holds the same hours
as spans of minutes of the week, read through an index. Triggers on scrap_yards rewrite a yard's
spans whenever its hours are written (any writer: seed, imports, approved corrections), and
the rows of existing yards are filled here. The spans follow scrapindex.hours.is_open_at: an
interval whose closing time is not after its opening time runs into the next day, and one that
runs past Sunday midnight is split in two.

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

WEEK = 7 * 1440


def _spans(dialect: str, yard_id: str, elements: str) -> str:
    """INSERT the spans of the hours in ``elements`` (a FROM list yielding each interval as
    ``v`` on PostgreSQL, ``value`` on SQLite) for ``yard_id``.

    Hours and minutes are read by position from "HH:MM" (as every writer stores them).
    """
    if dialect == "postgresql":
        day, opens, closes = "(v->>'day')", "(v->>'opens')", "(v->>'closes')"
        least = "LEAST"
    else:
        day, opens, closes = (
            f"json_extract(value, '$.{key}')" for key in ("day", "opens", "closes")
        )
        least = "min"

    def minutes(text: str) -> str:
        return f"CAST(substr({text}, 1, 2) AS INTEGER) * 60 + CAST(substr({text}, 4, 2) AS INTEGER)"

    intervals = (
        f"SELECT {yard_id} AS yard_id, CAST({day} AS INTEGER) AS d, "
        f"{minutes(opens)} AS o, {minutes(closes)} AS c FROM {elements}"
    )
    spans = (
        "SELECT yard_id, d * 1440 + o AS s, "
        f"d * 1440 + CASE WHEN c <= o THEN c + 1440 ELSE c END AS e FROM ({intervals}) AS i"
    )
    return (
        "INSERT INTO yard_open_hours (yard_id, opens_at, closes_at) "
        f"SELECT yard_id, s, {least}(e, {WEEK}) FROM ({spans}) AS w "
        f"UNION ALL SELECT yard_id, 0, e - {WEEK} FROM ({spans}) AS w WHERE e > {WEEK}"
    )


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table(
        "yard_open_hours",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("yard_id", sa.Integer(), nullable=False),
        sa.Column("opens_at", sa.Integer(), nullable=False),
        sa.Column("closes_at", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["yard_id"],
            ["scrap_yards.id"],
            name=op.f("fk_yard_open_hours_yard_id_scrap_yards"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_yard_open_hours")),
    )
    with op.batch_alter_table("yard_open_hours", schema=None) as batch_op:
        batch_op.create_index(
            "ix_yard_open_hours_yard_id_opens_at", ["yard_id", "opens_at"], unique=False
        )

    dialect = op.get_bind().dialect.name
    if dialect == "postgresql":
        existing = "scrap_yards AS y, json_array_elements(y.weekly_hours) AS t(v)"
        op.execute(_spans(dialect, "y.id", existing))
        op.execute(
            "CREATE FUNCTION scrap_yards_open_hours() RETURNS trigger LANGUAGE plpgsql AS $$\n"
            "BEGIN\n"
            "  IF TG_OP = 'UPDATE' THEN\n"
            "    DELETE FROM yard_open_hours WHERE yard_id = OLD.id;\n"
            "  END IF;\n"
            f"  {_spans(dialect, 'NEW.id', 'json_array_elements(NEW.weekly_hours) AS t(v)')};\n"
            "  RETURN NULL;\n"
            "END $$"
        )
        op.execute(
            "CREATE TRIGGER tr_scrap_yards_open_hours AFTER INSERT OR UPDATE OF weekly_hours "
            "ON scrap_yards FOR EACH ROW EXECUTE FUNCTION scrap_yards_open_hours()"
        )
    else:
        op.execute(_spans(dialect, "y.id", "scrap_yards AS y, json_each(y.weekly_hours)"))
        elements = "json_each(NEW.weekly_hours)"
        op.execute(
            "CREATE TRIGGER tr_scrap_yards_open_hours_insert AFTER INSERT ON scrap_yards "
            f"BEGIN {_spans(dialect, 'NEW.id', elements)}; END"
        )
        op.execute(
            "CREATE TRIGGER tr_scrap_yards_open_hours_update AFTER UPDATE OF weekly_hours "
            "ON scrap_yards BEGIN DELETE FROM yard_open_hours WHERE yard_id = OLD.id; "
            f"{_spans(dialect, 'NEW.id', elements)}; END"
        )
        # SQLite enforces ON DELETE CASCADE only with foreign_keys on: do not rely on it.
        op.execute(
            "CREATE TRIGGER tr_scrap_yards_open_hours_delete AFTER DELETE ON scrap_yards "
            "BEGIN DELETE FROM yard_open_hours WHERE yard_id = OLD.id; END"
        )


def downgrade() -> None:
    """Downgrade schema."""
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER tr_scrap_yards_open_hours ON scrap_yards")
        op.execute("DROP FUNCTION scrap_yards_open_hours()")
    else:
        for event in ("insert", "update", "delete"):
            op.execute(f"DROP TRIGGER tr_scrap_yards_open_hours_{event}")
    with op.batch_alter_table("yard_open_hours", schema=None) as batch_op:
        batch_op.drop_index("ix_yard_open_hours_yard_id_opens_at")
    op.drop_table("yard_open_hours")

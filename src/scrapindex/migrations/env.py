"""Alembic environment: the URL comes from the Config that scrapindex.migrate builds."""

from typing import Any, Literal

from alembic import context
from sqlalchemy import Connection

from scrapindex.db import create_db_engine
from scrapindex.dbtypes import ExactDecimal, UtcDateTime
from scrapindex.models import Base

config = context.config
target_metadata = Base.metadata


def render_item(kind: str, item: Any, autogen_context: Any) -> str | Literal[False]:
    """Write our own column types in migrations as stable, importable expressions."""
    if kind == "type" and isinstance(item, UtcDateTime):
        return "sa.DateTime(timezone=True)"
    if kind == "type" and isinstance(item, ExactDecimal):
        autogen_context.imports.add("from scrapindex.dbtypes import ExactDecimal")
        return f"ExactDecimal({item.precision}, {item.scale})"
    return False


def run_with_connection(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
        render_item=render_item,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        run_with_connection(connection)
        return
    engine = create_db_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.connect() as conn:
        run_with_connection(conn)
    engine.dispose()


if context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=target_metadata)
    with context.begin_transaction():
        context.run_migrations()
else:
    run_online()

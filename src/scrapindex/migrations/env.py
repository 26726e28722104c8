"""Alembic environment: the URL comes from the Config that scrapindex.migrate builds."""

from alembic import context
from sqlalchemy import Connection

from scrapindex.db import create_db_engine
from scrapindex.models import Base

config = context.config
target_metadata = Base.metadata


def run_with_connection(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
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

"""Engine and session handling for SQLite (default) and PostgreSQL."""

import logging
import math
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

from scrapindex.settings import Settings
from scrapindex.write_failures import watch_writes

log = logging.getLogger(__name__)

SQLITE_BUSY_SECONDS = 10


def upsert(
    connection: Connection,
    model: type[Any],
    rows: list[dict[str, Any]],
    key: list[str],
    values: list[str],
) -> Any:
    """INSERT … ON CONFLICT (``key``) DO UPDATE SET ``values``, on either database: a row's
    write is atomic, with no select-then-insert race."""
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    statement = dialect.insert(model).values(rows)
    excluded = statement.excluded
    return statement.on_conflict_do_update(
        index_elements=key, set_={name: excluded[name] for name in values}
    )


def create_db_engine(url: str, settings: Settings | None = None) -> Engine:
    """An engine on ``url``; on PostgreSQL its pool and driver as ``settings`` say (None: the
    settings' defaults, not the environment's: tests and benches pass only a URL).

    PostgreSQL: each process holds at most DB_POOL_SIZE + DB_MAX_OVERFLOW connections
    (`check --deploy` adds them up over the hosts and workers against max_connections); a
    request that finds them all lent waits for one (pool_timeout, 30 s) instead of opening more.
    With DATABASE_TRANSACTION_POOLER (PgBouncer in transaction mode in between) psycopg prepares
    no statement on the server: a prepared statement lives in one server session, and the pooler
    hands each transaction whichever server connection is free. Whatever keeps session state
    (session advisory locks, SET, LISTEN, temporary tables) must not be used then either.

    SQLite keeps its own pool, sized for the server's thread pool: connections to a file are
    cheap and nothing else counts them.
    """
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            url,
            # Wait this long for another writer's lock (an import), then fail: well inside the
            # request timeout, so a form post is clearly refused (503) rather than left hanging.
            connect_args={"check_same_thread": False, "timeout": SQLITE_BUSY_SECONDS},
            pool_size=20,
            max_overflow=20,
        )
        event.listen(engine, "connect", _configure_sqlite)
    else:
        pool_size, max_overflow, transaction_pooler = _pool_settings(settings)
        connect_args: dict[str, Any] = {"connect_timeout": 5}
        if transaction_pooler and parsed.get_driver_name() == "psycopg":
            connect_args["prepare_threshold"] = None  # never PREPARE on the server
        engine = create_engine(
            url,
            pool_pre_ping=True,  # a connection broken by a server restart is replaced, not lent
            pool_size=pool_size,
            max_overflow=max_overflow,
            connect_args=connect_args,
        )
    watch_writes(engine)
    return engine


def _pool_settings(settings: Settings | None) -> tuple[int, int, bool]:
    if settings is None:
        fields = Settings.model_fields
        return (
            fields["db_pool_size"].default,
            fields["db_max_overflow"].default,
            fields["database_transaction_pooler"].default,
        )
    return settings.db_pool_size, settings.db_max_overflow, settings.database_transaction_pooler


def _configure_sqlite(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_SECONDS * 1000}")
    cursor.close()
    _ensure_math_functions(dbapi_connection)


# What distance queries need (queries/yards.py): built into SQLite since 3.35 when compiled with
# SQLITE_ENABLE_MATH_FUNCTIONS, registered from Python where the bundled library lacks them.
MATH_FUNCTIONS: dict[str, Callable[..., float]] = {
    "sin": math.sin,
    "cos": math.cos,
    "asin": math.asin,
    "atan2": math.atan2,
    "sqrt": math.sqrt,
    "radians": math.radians,
}


def _ensure_math_functions(dbapi_connection: Any, force: bool = False) -> None:
    if not force:
        try:
            dbapi_connection.execute("SELECT sin(0), cos(0), asin(0), sqrt(0), radians(0)")
            return
        except sqlite3.OperationalError:
            pass
    for name, function in MATH_FUNCTIONS.items():
        arity = 2 if name == "atan2" else 1
        dbapi_connection.create_function(name, arity, _null_safe(function), deterministic=True)


def _null_safe(function: Callable[..., float]) -> Callable[..., float | None]:
    def call(*args: float | None) -> float | None:
        if any(arg is None for arg in args):
            return None
        try:
            return function(*args)
        except ValueError:  # out of the domain, as SQLite's own answer: NULL
            return None

    return call


def make_session_factory(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False, autoflush=False)


@contextmanager
def session_scope(factory: sessionmaker[Session]) -> Iterator[Session]:
    """A unit of work: commit on success, roll back on any error."""
    session = factory()
    try:
        yield session
        session.commit()
    except BaseException:
        session.rollback()
        raise
    finally:
        session.close()


@contextmanager
def engine_scope(settings: Settings) -> Iterator[Engine]:
    """An engine on the configured database for one command or one scheduled run, disposed after."""
    engine = create_db_engine(settings.effective_database_url, settings)
    try:
        yield engine
    finally:
        engine.dispose()

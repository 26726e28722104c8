"""Engine and session handling for SQLite (default) and PostgreSQL."""

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


def create_db_engine(url: str) -> Engine:
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
        return engine
    # Sized for the server's thread pool (40 threads), so a burst waits on the database, not
    # on the pool.
    return create_engine(
        url,
        pool_pre_ping=True,  # a connection broken by a server restart is replaced, not lent
        pool_size=10,
        max_overflow=30,
        connect_args={"connect_timeout": 5},
    )


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
    engine = create_db_engine(settings.effective_database_url)
    try:
        yield engine
    finally:
        engine.dispose()

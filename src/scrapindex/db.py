"""Engine and session handling for SQLite (default) and PostgreSQL."""

import datetime as dt
import logging
import math
import re
import sqlite3
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import ExceptionContext, make_url
from sqlalchemy.orm import Session, sessionmaker

from scrapindex.settings import Settings

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


# Write failures: a database that answers but refuses to store (disk full, read-only, I/O error).
#
# The outage middleware answers each such request "briefly unavailable" (503) and logs a warning,
# and the importers let the error through; on its own nothing tells the operator that the
# condition lasts. So every engine of ours records, per process, the last write its database
# refused for one of these reasons (the engine's handle_error event, which sees every failing
# statement and commit, in a request or not); /readyz answers 503 with "writes": "failing"
# while one is recent, and the first of a burst is logged at ERROR.

# How long a refused write keeps readiness failing, unless a write commits in the meantime.
WRITE_FAILURE_SECONDS = 60.0
# SQLite's primary result codes: SQLITE_READONLY, SQLITE_IOERR, SQLITE_FULL.
SQLITE_WRITE_FAILURES = frozenset({8, 10, 13})
SQLITE_BUSY = 5
# PostgreSQL: disk_full (also "could not extend file"), read_only_sql_transaction.
POSTGRES_WRITE_FAILURES = frozenset({"53100", "25006"})
WRITE_FAILURE_TEXTS = (
    "database or disk is full",
    "attempt to write a readonly database",
    "disk i/o error",
    "could not extend file",
    "no space left on device",
    "read-only transaction",
)
_WROTE = "scrapindex_wrote"  # connection info: this transaction wrote and is committing
_WRITES = re.compile(r"\s*(INSERT|UPDATE|DELETE|MERGE)\b", re.IGNORECASE)


def is_write_failure(error: BaseException) -> bool:
    """``error`` (a driver's, or SQLAlchemy's around one) says the database cannot store: disk
    full, read-only, an I/O error. Not a lock, a lost connection or a constraint."""
    cause = getattr(error, "orig", None) or error
    code = getattr(cause, "sqlite_errorcode", None)
    if isinstance(code, int) and code & 0xFF in SQLITE_WRITE_FAILURES:
        return True
    if getattr(cause, "sqlstate", None) in POSTGRES_WRITE_FAILURES:
        return True
    text = str(cause).lower()
    return any(fragment in text for fragment in WRITE_FAILURE_TEXTS)


@dataclass
class WriteFailure:
    error: str  # the driver's error, first line
    first_at: dt.datetime  # the burst's first failure
    last_at: dt.datetime
    count: int


class WriteFailures:
    """The writes one engine's database refused lately, shared by the process's threads."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._lock = threading.Lock()
        self._failure: WriteFailure | None = None
        self._last_seen = -math.inf  # clock time of the last refused write
        self._last_logged = -math.inf

    def record(self, error: BaseException) -> None:
        now = self.clock()
        wall = dt.datetime.now(dt.UTC)
        with self._lock:
            quiet = now - self._last_seen > WRITE_FAILURE_SECONDS
            if self._failure is None or quiet:
                self._failure = WriteFailure(_first_line(error), wall, wall, 0)
            failure = self._failure
            failure.error, failure.last_at = _first_line(error), wall
            failure.count += 1
            self._last_seen = now
            log_it = now - self._last_logged > WRITE_FAILURE_SECONDS
            if log_it:
                self._last_logged = now
        if log_it:  # once per burst: a failing disk fails every write, each request logs a warning
            log.error(
                "The database refuses writes (%s): form posts, logins and imports fail until "
                "it can store again (free disk space, make it writable); /readyz answers 503 "
                "meanwhile.",
                failure.error,
            )

    def cleared(self) -> None:
        """A write committed: the database stores again."""
        with self._lock:
            failure, self._failure = self._failure, None
            self._last_seen = -math.inf
        if failure is not None:
            log.warning(
                "The database stores again, after %d refused write(s) since %s.",
                failure.count,
                failure.first_at.isoformat(timespec="seconds"),
            )

    def recent(self) -> WriteFailure | None:
        """The current burst of refused writes, if the last was within WRITE_FAILURE_SECONDS."""
        with self._lock:
            if self._failure is None or self.clock() - self._last_seen > WRITE_FAILURE_SECONDS:
                return None
            return WriteFailure(**vars(self._failure))

    @property
    def failing(self) -> bool:
        return self._failure is not None


_write_failures: weakref.WeakKeyDictionary[Engine, WriteFailures] = weakref.WeakKeyDictionary()


def write_failures(engine: Engine) -> WriteFailures:
    """The refused writes recorded on ``engine`` (an empty record for an engine not made by
    create_db_engine)."""
    return _write_failures.get(engine) or WriteFailures()


def watch_writes(engine: Engine) -> WriteFailures:
    """Record the writes ``engine``'s database refuses, and clear them once a write commits."""
    failures = _write_failures[engine] = WriteFailures()

    def on_error(context: ExceptionContext) -> None:
        if context.connection is not None:
            context.connection.info.pop(_WROTE, None)
        if is_write_failure(context.original_exception):
            failures.record(context.original_exception)

    def after_execute(connection: Connection, _cursor: Any, statement: str, *_args: Any) -> None:
        # Only while writes fail: a write statement that went through marks its transaction,
        # whose commit (not the statement: a full disk may refuse only the commit) clears them.
        if failures.failing and _WRITES.match(statement):
            connection.info[_WROTE] = True

    def on_commit(connection: Connection) -> None:
        if connection.info.get(_WROTE):
            connection.info[_WROTE] = "committing"

    def on_checkin(_dbapi_connection: Any, record: Any) -> None:
        # The transaction is over: a commit that failed went through on_error first.
        if record is not None and record.info.pop(_WROTE, None) == "committing":
            failures.cleared()

    event.listen(engine, "handle_error", on_error)
    event.listen(engine, "after_cursor_execute", after_execute)
    event.listen(engine, "commit", on_commit)
    event.listen(engine.pool, "checkin", on_checkin)
    return failures


def _first_line(error: BaseException) -> str:
    cause = getattr(error, "orig", None) or error
    text = str(cause).strip()
    return f"{type(cause).__name__}: {text.splitlines()[0] if text else ''}"


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

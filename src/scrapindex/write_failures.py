"""Write failures: a database that answers but refuses to store (disk full, read-only, I/O error).

The outage middleware answers each such request "briefly unavailable" (503) and logs a warning,
and the importers let the error through; on its own nothing tells the operator that the
condition lasts. So every engine of ours records, per process, the last write its database
refused for one of these reasons (the engine's handle_error event, which sees every failing
statement and commit, in a request or not); /readyz answers 503 with "writes": "failing"
while one is recent, and the first of a burst is logged at ERROR.
"""

import datetime as dt
import logging
import math
import re
import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, event
from sqlalchemy.engine import ExceptionContext

log = logging.getLogger(__name__)

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

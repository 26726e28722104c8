"""One daily update at a time, whoever starts it (`prices update`, `schedule`, cron).

On PostgreSQL the lock is a session advisory lock, so every host sharing the database takes
turns, and a crashed run's lock goes with its connection. On SQLite (one host) it is an flock
on a file beside the database, which the system also releases when the process dies. A second
run does not wait: it raises AlreadyRunning with the time the first one started, before it
touches the inbox.
"""

import datetime as dt
import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Connection, Engine, text

# pg_try_advisory_lock's key: not the price lock's (scrapindex.prices.record), which each write
# of the update takes in turn.
UPDATE_LOCK_KEY = 0x5343524155
LOCK_FILE = ".daily-update.lock"


class AlreadyRunning(RuntimeError):
    def __init__(self, since: dt.datetime | None) -> None:
        self.since = since
        when = f" since {since:%H:%M} UTC" if since else ""
        super().__init__(
            f"the daily update is already running{when}; this run left the inbox alone"
        )


@contextmanager
def one_update_at_a_time(engine: Engine, inbox_dir: Path) -> Iterator[None]:
    if engine.dialect.name == "postgresql":
        with engine.connect() as connection, _advisory_lock(_autocommit(connection)):
            yield
    else:
        with _file_lock(inbox_dir.parent / LOCK_FILE):
            yield


def _autocommit(connection: Connection) -> Connection:
    """No transaction left open for the length of the update: the lock is the session's."""
    return connection.execution_options(isolation_level="AUTOCOMMIT")


@contextmanager
def _advisory_lock(connection: Connection) -> Iterator[None]:
    taken = connection.execute(
        text("SELECT pg_try_advisory_lock(:key)"), {"key": UPDATE_LOCK_KEY}
    ).scalar_one()
    if not taken:
        raise AlreadyRunning(_holder_since(connection))
    try:
        yield
    finally:
        connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": UPDATE_LOCK_KEY})


def _holder_since(connection: Connection) -> dt.datetime | None:
    """When the holder took the lock: its connection's last query, the lock call itself."""
    high, low = divmod(UPDATE_LOCK_KEY, 2**32)
    return connection.execute(
        text(
            "SELECT a.query_start FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
            "WHERE l.locktype = 'advisory' AND l.granted "
            "AND l.classid = :high AND l.objid = :low LIMIT 1"
        ),
        {"high": high, "low": low},
    ).scalar_one_or_none()


@contextmanager
def _file_lock(path: Path) -> Iterator[None]:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a+", encoding="utf-8") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            raise AlreadyRunning(_parse_time(handle.read().strip())) from None
        handle.seek(0)
        handle.truncate()
        handle.write(dt.datetime.now(dt.UTC).isoformat())
        handle.flush()
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _parse_time(value: str) -> dt.datetime | None:
    try:
        return dt.datetime.fromisoformat(value)
    except ValueError:
        return None

"""One daily update at a time, whoever starts it (`prices update`, `schedule`, cron).

On PostgreSQL the lock is a lease in ``job_leases`` (scrapindex/job_leases.py), so every host
sharing the database takes turns, also through a transaction-mode pooler; a crashed run's lease
lapses after job_leases.DEFAULT_TTL. On SQLite (one host) it is an flock on a file beside the
database, which the system releases when the process dies. A second run does not wait: it
raises AlreadyRunning with the time the first one started, before it touches the inbox.
"""

import datetime as dt
import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Engine

from scrapindex.job_leases import held_lease

RUN_LEASE = "daily-update-run"  # not the scheduler's daily-update rounds: any run, any trigger
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
        with held_lease(engine, RUN_LEASE, None) as skipped:
            if skipped is not None:
                raise AlreadyRunning(skipped.since)
            yield
    else:
        with _file_lock(inbox_dir.parent / LOCK_FILE):
            yield


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

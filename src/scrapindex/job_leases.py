"""Leases that make a scheduled job run once per round, however many hosts run the scheduler.

A job (the daily update, the mail sender, ...) runs a round (a day, a minute) only after it has
taken the job's row in ``job_leases``: one conditional UPDATE, atomic on both databases, that
succeeds when nobody holds the lease (or its holder stopped renewing it: that host died) and the
round has not been taken before. While the job runs, a thread renews the lease; at the end the
row records the outcome. A host that does not get the lease skips the round and says why.

No session state is kept on the connection (no session advisory lock), so this works through a
transaction-mode pooler such as PgBouncer.
"""

import datetime as dt
import logging
import os
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from sqlalchemy import Engine, or_, select, true, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import OperationalError

from scrapindex.models import JobLease

log = logging.getLogger(__name__)

DEFAULT_TTL = dt.timedelta(seconds=60)  # renewed every third of it while the job runs
ERROR_LENGTH = 500

Clock = Callable[[], dt.datetime]


def this_process() -> str:
    """Who holds a lease: host and process, as an operator would look for it."""
    return f"{socket.gethostname()}:{os.getpid()}"[:120]


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


@dataclass(frozen=True)
class Skipped:
    """Why a round was not run here."""

    job: str
    round: str | None
    holder: str | None  # who holds the lease now, if anyone
    lease_until: dt.datetime | None
    since: dt.datetime | None  # when the holder, or the round's last run, started

    def __str__(self) -> str:
        if self.holder is not None and self.lease_until is not None:
            return (
                f"{self.job}: {self.holder} is running it (lease until "
                f"{self.lease_until:%H:%M:%S} UTC)"
            )
        return f"{self.job}: round {self.round} already ran"


def try_take(
    engine: Engine,
    job: str,
    round_: str | None,
    *,
    holder: str,
    ttl: dt.timedelta = DEFAULT_TTL,
    now: dt.datetime | None = None,
) -> Skipped | None:
    """Take ``job``'s lease for ``round_`` (None: no round, only one holder at a time).
    None when taken, else why not."""
    now = now or utc_now()
    free = or_(JobLease.holder.is_(None), JobLease.lease_until < now)
    new_round = or_(JobLease.last_round.is_(None), JobLease.last_round != round_)
    with engine.begin() as connection:
        dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
        connection.execute(dialect.insert(JobLease).values(job=job).on_conflict_do_nothing())
        taken = connection.execute(
            update(JobLease)
            .where(JobLease.job == job, free, new_round if round_ is not None else true())
            .values(
                holder=holder,
                lease_until=now + ttl,
                last_round=round_,
                started_at=now,
                finished_at=None,
                outcome=None,
                error=None,
            )
        ).rowcount
        if taken:
            return None
        row = connection.execute(
            select(JobLease.holder, JobLease.lease_until, JobLease.started_at).where(
                JobLease.job == job
            )
        ).one()
    return Skipped(job, round_, row.holder, row.lease_until, row.started_at)


def renew(engine: Engine, job: str, holder: str, ttl: dt.timedelta, now: dt.datetime) -> bool:
    """Extend the lease while ``holder`` still has it; False when it was lost."""
    with engine.begin() as connection:
        renewed = connection.execute(
            update(JobLease)
            .where(JobLease.job == job, JobLease.holder == holder)
            .values(lease_until=now + ttl)
        ).rowcount
    return bool(renewed)


def release(
    engine: Engine, job: str, holder: str, now: dt.datetime, error: str | None = None
) -> None:
    """Record how the round ended and free the lease (if ``holder`` still has it)."""
    with engine.begin() as connection:
        connection.execute(
            update(JobLease)
            .where(JobLease.job == job, JobLease.holder == holder)
            .values(
                holder=None,
                lease_until=None,
                finished_at=now,
                outcome="ok" if error is None else "failed",
                error=None if error is None else error[:ERROR_LENGTH],
            )
        )


@contextmanager
def held_lease(
    engine: Engine,
    job: str,
    round_: str | None,
    *,
    holder: str | None = None,
    ttl: dt.timedelta = DEFAULT_TTL,
    clock: Clock = utc_now,
) -> Iterator[Skipped | None]:
    """Hold ``job``'s lease for ``round_`` while the block runs, renewing it; yields None when
    this process holds it, else why not (the block should then do nothing)."""
    holder = holder or this_process()
    skipped = try_take(engine, job, round_, holder=holder, ttl=ttl, now=clock())
    if skipped is not None:
        yield skipped
        return
    stop = threading.Event()
    renewer = threading.Thread(
        target=_keep_renewing,
        args=(engine, job, holder, ttl, clock, stop),
        name=f"lease-{job}",
        daemon=True,
    )
    renewer.start()
    error: str | None = None
    try:
        yield None
    except BaseException as failure:
        error = f"{type(failure).__name__}: {failure}"
        raise
    finally:
        stop.set()
        renewer.join()
        release(engine, job, holder, clock(), error)


def _keep_renewing(
    engine: Engine,
    job: str,
    holder: str,
    ttl: dt.timedelta,
    clock: Clock,
    stop: threading.Event,
) -> None:
    while not stop.wait(ttl.total_seconds() / 3):
        try:
            if not renew(engine, job, holder, ttl, clock()):
                log.warning("lost the lease of %s: another host may run it now", job)
                return
        except OperationalError:  # busy or unreachable: try again at the next beat
            log.warning("could not renew the lease of %s", job, exc_info=True)

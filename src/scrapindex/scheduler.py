"""What `scrapindex schedule` runs: the daily update every day at DAILY_UPDATE_TIME (UTC), mail
every MAIL_SEND_EVERY_SECONDS, the price alerts and digests every few minutes, the purge of
unconfirmed sign-ups (newsletter and alerts) daily.

Every run of a job takes the job's lease for its round first (scrapindex/job_leases.py): with
`scrapindex schedule` on several hosts, each round runs on one of them and the others skip it.
A job that fails is logged and recorded on its lease; the scheduler goes on. Each run opens its
own engine and closes it after.
"""

import datetime as dt
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from apscheduler.schedulers.blocking import BlockingScheduler
from sqlalchemy import Engine

from scrapindex.data.daily_update import build_scheduler
from scrapindex.db import engine_scope
from scrapindex.job_leases import held_lease
from scrapindex.mail.jobs import purge_sign_ups, queue_alert_mail, send_due_mail
from scrapindex.settings import Settings

log = logging.getLogger(__name__)

ALERTS_EVERY_MINUTES = 5  # alert catch-up evaluation and due digests
DAILY_UPDATE_JOB = "daily-update"

Job = Callable[[Engine, dt.datetime], object]
RoundOf = Callable[[dt.datetime], str]


def every(seconds: int) -> RoundOf:
    """Rounds of ``seconds`` from the epoch: two hosts' schedulers that fire at different
    moments of a minute still share the minute's round."""

    def round_of(now: dt.datetime) -> str:
        start = int(now.timestamp()) // seconds * seconds
        return dt.datetime.fromtimestamp(start, dt.UTC).strftime("%Y-%m-%dT%H:%M:%S")

    return round_of


def daily(now: dt.datetime) -> str:
    return f"{now:%Y-%m-%d}"


def catch_up_round(now: dt.datetime) -> str:
    """The start-up catch-up's round: once a day, whichever host starts first."""
    return f"catch-up {now:%Y-%m-%d}"


@dataclass(frozen=True)
class LeasedJob:
    name: str  # the lease's job and the scheduler's id
    round_of: RoundOf
    run: Job


def build_schedule(settings: Settings, daily_update: Callable[[], object]) -> BlockingScheduler:
    """Every job of `scrapindex schedule`, not started. ``daily_update`` is the caller's, so
    that it reports the update as it likes (the command prints it)."""
    update = LeasedJob(DAILY_UPDATE_JOB, daily, lambda _engine, _now: daily_update())
    scheduler = build_scheduler(leased(settings, update), settings.daily_update_time)
    interval_jobs: list[tuple[LeasedJob, dict[str, Any], str]] = [
        (
            LeasedJob(
                "mail-send",
                every(settings.mail_send_every_seconds),
                lambda engine, now: send_due_mail(engine, settings, now),
            ),
            {"seconds": settings.mail_send_every_seconds},
            "outbox sender",
        ),
        (
            LeasedJob(
                "alerts",
                every(ALERTS_EVERY_MINUTES * 60),
                lambda engine, now: queue_alert_mail(engine, settings, now),
            ),
            {"minutes": ALERTS_EVERY_MINUTES},
            "price alerts (catch-up evaluation) and digests",
        ),
        (
            LeasedJob("sign-up-purge", daily, purge_sign_ups),
            {"days": 1, "next_run_time": dt.datetime.now(dt.UTC)},  # once at start, then daily
            "purge of unconfirmed newsletter sign-ups and alerts",
        ),
    ]
    for job, timing, title in interval_jobs:
        scheduler.add_job(
            leased(settings, job),
            "interval",
            id=job.name,
            name=title,
            max_instances=1,
            coalesce=True,
            **timing,
        )
    return scheduler


def leased(settings: Settings, job: LeasedJob) -> Callable[[], None]:
    """``job`` as the scheduler calls it: one round, under the lease, never raising."""

    def run() -> None:
        run_leased(settings, job, dt.datetime.now(dt.UTC))

    return run


def run_leased(settings: Settings, job: LeasedJob, now: dt.datetime) -> bool:
    """Run ``job``'s round of ``now`` here if no other host runs or ran it; True when it ran
    (whether or not it succeeded: a failure is logged, not raised)."""
    round_ = job.round_of(now)
    lease_ttl = dt.timedelta(seconds=settings.job_lease_seconds)
    ran = False
    try:
        with (
            engine_scope(settings) as engine,
            held_lease(engine, job.name, round_, ttl=lease_ttl) as skipped,
        ):
            if skipped is not None:
                log.info("skipped here: %s", skipped)
                return False
            ran = True
            job.run(engine, now)
    except Exception:
        log.exception("%s (round %s) failed; the scheduler goes on", job.name, round_)
    return ran

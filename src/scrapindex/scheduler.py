"""What `scrapindex schedule` runs: the daily update every day at DAILY_UPDATE_TIME (UTC), mail
every minute, the price alerts and digests every few minutes, the purge of unconfirmed sign-ups
(newsletter and alerts) daily.

Each job opens its own engine for its run and closes it after."""

import datetime as dt
from collections.abc import Callable

from apscheduler.schedulers.blocking import BlockingScheduler
from sqlalchemy import Engine

from scrapindex.data.daily_update import build_scheduler
from scrapindex.db import engine_scope
from scrapindex.mail.jobs import purge_sign_ups, queue_alert_mail, send_due_mail
from scrapindex.settings import Settings

ALERTS_EVERY_MINUTES = 5  # alert catch-up evaluation and due digests

Job = Callable[[Engine, dt.datetime], object]


def build_schedule(settings: Settings, daily_update: Callable[[], object]) -> BlockingScheduler:
    """Every job of `scrapindex schedule`, not started. ``daily_update`` is the caller's, so
    that it reports the update as it likes (the command prints it)."""
    scheduler = build_scheduler(daily_update, settings.daily_update_time)
    scheduler.add_job(
        _each_run(settings, lambda engine, now: send_due_mail(engine, settings, now)),
        "interval",
        minutes=1,
        id="mail-send",
        name="outbox sender",
        max_instances=1,
        coalesce=True,
    )
    scheduler.add_job(
        _each_run(settings, lambda engine, now: queue_alert_mail(engine, settings, now)),
        "interval",
        minutes=ALERTS_EVERY_MINUTES,
        id="alerts",
        name="price alerts (catch-up evaluation) and digests",
        max_instances=1,
        coalesce=True,
    )
    scheduler.add_job(
        _each_run(settings, purge_sign_ups),
        "interval",
        days=1,
        next_run_time=dt.datetime.now(dt.UTC),  # once at start, then daily
        id="sign-up-purge",
        name="purge of unconfirmed newsletter sign-ups and alerts",
        max_instances=1,
        coalesce=True,
    )
    return scheduler


def _each_run(settings: Settings, job: Job) -> Callable[[], None]:
    def run() -> None:
        with engine_scope(settings) as engine:
            job(engine, dt.datetime.now(dt.UTC))

    return run

"""Scheduled jobs run once per round, whichever host's scheduler gets there first."""

import datetime as dt
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy import Engine, func, select

from scrapindex.data.daily_update import extend_demo_data
from scrapindex.data.run_lock import AlreadyRunning, one_update_at_a_time
from scrapindex.job_leases import held_lease, release, try_take
from scrapindex.models import FxRate, JobLease
from scrapindex.scheduler import LeasedJob, catch_up_round, every, run_leased
from scrapindex.settings import Settings
from tests.concurrency import at_once

NOW = dt.datetime(2026, 11, 29, 3, 15, tzinfo=dt.UTC)
CONTENT_DIR = Path(__file__).resolve().parents[2] / "content"


def lease_row(db: Engine, job: str) -> JobLease:
    with db.connect() as connection:
        row = connection.execute(select(JobLease).where(JobLease.job == job)).one()
    return JobLease(**row._asdict())


def test_one_holder_per_round_and_a_round_runs_once(db: Engine) -> None:
    assert try_take(db, "mail-send", "r1", holder="host-a:1", now=NOW) is None
    skipped = try_take(db, "mail-send", "r1", holder="host-b:1", now=NOW)
    assert skipped is not None
    assert skipped.holder == "host-a:1"
    assert "host-a:1 is running it" in str(skipped)
    release(db, "mail-send", "host-a:1", NOW)
    again = try_take(db, "mail-send", "r1", holder="host-b:1", now=NOW)
    assert again is not None
    assert again.holder is None
    assert str(again) == "mail-send: round r1 already ran"
    assert try_take(db, "mail-send", "r2", holder="host-b:1", now=NOW) is None
    assert lease_row(db, "mail-send").holder == "host-b:1"


def test_a_dead_holders_lease_lapses_and_its_release_changes_nothing(db: Engine) -> None:
    ttl = dt.timedelta(minutes=5)
    assert try_take(db, "alerts", "r1", holder="dead:1", ttl=ttl, now=NOW) is None
    assert try_take(db, "alerts", "r2", holder="live:1", ttl=ttl, now=NOW + ttl / 2) is not None
    assert try_take(db, "alerts", "r2", holder="live:1", ttl=ttl, now=NOW + ttl * 2) is None
    release(db, "alerts", "dead:1", NOW + ttl * 3)  # the dead host wakes: not its lease now
    assert lease_row(db, "alerts").holder == "live:1"


def test_a_long_job_keeps_its_lease_while_it_runs(db: Engine) -> None:
    ttl = dt.timedelta(seconds=0.3)
    seen: list[object] = []
    with held_lease(db, "daily-update", "d1", holder="a:1", ttl=ttl) as skipped:
        assert skipped is None
        for _ in range(4):  # 1.2 s: four times the lease, renewed every 0.1 s
            time.sleep(0.3)
            seen.append(try_take(db, "daily-update", "d2", holder="b:1", ttl=ttl))
    assert all(each is not None for each in seen)
    row = lease_row(db, "daily-update")
    assert (row.holder, row.outcome, row.last_round) == (None, "ok", "d1")


def test_a_failed_round_is_recorded_and_raised(db: Engine) -> None:
    with pytest.raises(ZeroDivisionError), held_lease(db, "sign-up-purge", "d1"):
        _ = 1 / 0
    row = lease_row(db, "sign-up-purge")
    assert (row.holder, row.outcome) == (None, "failed")
    assert row.error is not None
    assert row.error.startswith("ZeroDivisionError")


def settings_for(db: Engine) -> Settings:
    return Settings(database_url=db.url.render_as_string(hide_password=False))


def test_two_schedulers_run_a_round_once_and_a_failure_leaves_them_running(db: Engine) -> None:
    runs: list[str] = []
    entered = threading.Event()

    def slow_job(_engine: Engine, now: dt.datetime) -> None:
        entered.set()
        time.sleep(0.3)
        runs.append(now.isoformat())

    job = LeasedJob("mail-send", every(60), slow_job)
    settings = settings_for(db)
    ran = at_once(*(lambda: run_leased(settings, job, NOW) for _ in range(3)))
    assert sorted(ran) == [False, False, True]
    assert len(runs) == 1

    def failing(_engine: Engine, _now: dt.datetime) -> None:
        raise RuntimeError("SMTP relay on fire")

    broken = LeasedJob("alerts", every(300), failing)
    assert run_leased(settings, broken, NOW) is True  # ran, failed, did not raise
    assert lease_row(db, "alerts").outcome == "failed"
    assert run_leased(settings, broken, NOW + dt.timedelta(minutes=5)) is True


def test_rounds_are_shared_by_schedulers_firing_at_other_moments() -> None:
    minute = every(60)
    assert minute(NOW + dt.timedelta(seconds=7)) == minute(NOW + dt.timedelta(seconds=41))
    assert minute(NOW + dt.timedelta(seconds=61)) != minute(NOW)
    assert catch_up_round(NOW) == "catch-up 2026-11-29"


def test_the_daily_update_says_since_when_another_runs_it(db: Engine, tmp_path: Path) -> None:
    inbox = tmp_path / "inbox"
    refused = pytest.raises(AlreadyRunning, match=r"already running since \d\d:\d\d UTC")
    with one_update_at_a_time(db, inbox), refused, one_update_at_a_time(db, inbox):
        pass
    with one_update_at_a_time(db, tmp_path / "inbox"):
        pass  # free again


def test_two_demo_extensions_at_once_add_each_rate_once(db: Engine) -> None:
    with db.connect() as connection:
        newest = connection.execute(select(func.max(FxRate.rate_date))).scalar_one()
    today = newest + dt.timedelta(days=3)
    results = at_once(
        lambda: extend_demo_data(db, CONTENT_DIR, today),
        lambda: extend_demo_data(db, CONTENT_DIR, today),
    )
    assert not [each for each in results if isinstance(each, Exception)]
    with db.connect() as connection:
        counts = connection.execute(
            select(FxRate.currency, func.count())
            .where(FxRate.rate_date > newest)
            .group_by(FxRate.currency)
        ).all()
    assert counts
    assert {count for _, count in counts} == {3}

"""Liveness and readiness: /healthz always answers, /readyz only with the database at head."""

import gc
import logging
import socket
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, event, text

from scrapindex import migrate
from scrapindex.app import create_app
from scrapindex.db import create_db_engine
from scrapindex.middleware.outage import WRITE_REFUSED_MESSAGE
from scrapindex.settings import Settings
from scrapindex.write_failures import WRITE_FAILURE_SECONDS, is_write_failure, write_failures
from tests.conftest import CONTENT_DIR


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port  # nothing listens there once the probe is closed


def client_for(database_url: str) -> TestClient:
    return TestClient(create_app(Settings(database_url=database_url, content_dir=CONTENT_DIR)))


@pytest.fixture
def unreachable() -> Iterator[TestClient]:
    url = f"postgresql+psycopg://scrapindex@127.0.0.1:{closed_port()}/scrapindex"
    with client_for(url) as client:
        yield client


def test_health_and_ready(client: TestClient) -> None:
    health = client.get("/healthz")
    assert health.status_code == 200
    assert health.json() == {"status": "ok"}
    ready = client.get("/readyz")
    assert ready.status_code == 200
    assert ready.json() == {
        "status": "ready",
        "database": "ok",
        "migrations": "head",
        "writes": "ok",
    }
    for response in (health, ready):
        assert response.headers["cache-control"] == "no-store"
        assert "etag" not in response.headers
        assert response.headers["x-request-id"]


def test_health_endpoints_are_not_in_the_api_schema(client: TestClient) -> None:
    paths = client.get("/api/openapi.json").json()["paths"]
    assert "/healthz" not in paths
    assert "/readyz" not in paths


def test_not_ready_when_the_database_is_unreachable(unreachable: TestClient) -> None:
    ready = unreachable.get("/readyz")
    assert ready.status_code == 503
    assert ready.json() == {
        "status": "unavailable",
        "database": "unreachable",
        "migrations": "unknown",
    }
    assert ready.headers["retry-after"] == "5"
    assert ready.headers["cache-control"] == "no-store"
    assert "127.0.0.1" not in ready.text  # the driver's error stays in the server's log
    # Liveness does not touch the database.
    assert unreachable.get("/healthz").json() == {"status": "ok"}


def test_not_ready_until_migrations_reach_head(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'behind.sqlite3'}"
    engine = create_db_engine(url)
    migrate.upgrade(engine, "0001")
    with client_for(url) as client:
        behind = client.get("/readyz")
        assert behind.status_code == 503
        assert behind.headers["retry-after"] == "5"
        assert behind.json() == {
            "status": "unavailable",
            "database": "ok",
            "migrations": "behind",
            "revision": "0001",
            "head": migrate.head_revision(),
            "writes": "ok",
        }
        migrate.upgrade(engine)
        assert client.get("/readyz").status_code == 200  # not cached: ready at once
        with engine.begin() as connection:  # as after a newer release's migration
            connection.execute(text("UPDATE alembic_version SET version_num = '9999'"))
        newer = client.get("/readyz")
        assert newer.status_code == 503
        assert newer.json()["migrations"] == "unknown"
    engine.dispose()


def test_never_migrated_database_is_behind(tmp_path: Path) -> None:
    with client_for(f"sqlite:///{tmp_path / 'empty.sqlite3'}") as client:
        ready = client.get("/readyz")
    assert ready.status_code == 503
    assert ready.json()["migrations"] == "behind"
    assert ready.json()["revision"] is None


def test_a_served_app_freezes_what_it_holds_after_startup(database_url: str) -> None:
    """`scrapindex serve` runs served_app: its startup objects leave the collector's view. An
    app made for a test (many per process) leaves the collector alone."""
    settings = Settings(database_url=database_url, content_dir=CONTENT_DIR)
    gc.unfreeze()
    try:
        with TestClient(create_app(settings)) as client:
            assert client.get("/healthz").status_code == 200
            assert gc.get_freeze_count() == 0
        with TestClient(create_app(settings, freeze_gc_after_startup=True)) as client:
            assert gc.get_freeze_count() > 0
            assert client.get("/healthz").status_code == 200
    finally:
        gc.unfreeze()  # what the test process froze goes back to the collector


# Writes the database refuses: a full disk (SQLite's own "database or disk is full", from a
# page limit on the app's connections: PRAGMA max_page_count) and a read-only database
# (PRAGMA query_only: the SQLITE_READONLY a read-only file gives; as root chmod is no help).

FULL_DISK_MESSAGE = {
    "name": "Ada",
    "email": "ada@example.org",
    "subject": "A long one",
    "message": "x" * 5000,  # more than a page: it needs a new one
}


@pytest.fixture
def writable_site(tmp_path: Path) -> Iterator[tuple[TestClient, Engine]]:
    """A migrated SQLite database with no free page (VACUUM), and a site on it."""
    url = f"sqlite:///{tmp_path / 'site.sqlite3'}"
    engine = create_db_engine(url)
    migrate.upgrade(engine)
    with engine.connect() as connection:
        connection.exec_driver_sql("VACUUM")
    engine.dispose()
    with client_for(url) as client:
        yield client, client.app.state.engine  # type: ignore[attr-defined]


def on_every_connection(engine: Engine, pragma: str) -> Callable[..., None]:
    """Run ``pragma`` on each new connection of ``engine`` (the pool starts again empty)."""

    def run(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.execute(pragma)

    event.listen(engine, "connect", run)
    engine.dispose()
    return run


def stop_running(engine: Engine, run: Callable[..., None]) -> None:
    event.remove(engine, "connect", run)
    engine.dispose()


def test_a_full_disk_makes_readiness_fail_until_a_write_succeeds(
    writable_site: tuple[TestClient, Engine], caplog: pytest.LogCaptureFixture
) -> None:
    client, engine = writable_site
    with engine.connect() as connection:
        pages = connection.exec_driver_sql("PRAGMA page_count").scalar_one()
    limit = on_every_connection(engine, f"PRAGMA max_page_count = {pages}")
    caplog.set_level(logging.WARNING)

    for attempt in range(3):
        refused = client.post("/api/contact", json={**FULL_DISK_MESSAGE, "subject": f"#{attempt}"})
        assert refused.status_code == 503  # not stored, send it again
        assert refused.json() == {"message": WRITE_REFUSED_MESSAGE}  # not "can't reach"
    ready = client.get("/readyz")
    assert ready.status_code == 503
    assert ready.headers["retry-after"] == "5"
    checks = ready.json()
    assert checks["status"] == "unavailable"
    assert (checks["database"], checks["migrations"], checks["writes"]) == ("ok", "head", "failing")
    assert "database or disk is full" in checks["write_error"]
    assert checks["writes_failing_since"] <= checks["last_write_failure"]
    errors = [
        r
        for r in caplog.records
        if r.levelno == logging.ERROR and r.name == "scrapindex.write_failures"
    ]
    assert len(errors) == 1  # once for the burst, not once per request
    assert "database or disk is full" in errors[0].getMessage()
    assert client.get("/api/cities").status_code == 200  # reads go on

    stop_running(engine, limit)  # disk space freed
    assert client.get("/readyz").status_code == 503  # nothing has been stored since
    stored = client.post("/api/contact", json={**FULL_DISK_MESSAGE, "subject": "stored"})
    assert stored.status_code == 201
    ready = client.get("/readyz")
    assert ready.status_code == 200
    assert ready.json()["writes"] == "ok"
    assert any("stores again" in r.getMessage() for r in caplog.records)


def test_refused_writes_stop_counting_after_a_quiet_while(
    writable_site: tuple[TestClient, Engine], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, engine = writable_site
    failures = write_failures(engine)
    now = [1000.0]
    monkeypatch.setattr(failures, "clock", lambda: now[0])
    failures.record(sqlite3.OperationalError("database or disk is full"))
    assert client.get("/readyz").json()["writes"] == "failing"
    now[0] += WRITE_FAILURE_SECONDS + 1  # no write refused (nor tried) since
    assert client.get("/readyz").json()["writes"] == "ok"


def test_a_read_only_database_is_not_ready_without_any_write(
    writable_site: tuple[TestClient, Engine], caplog: pytest.LogCaptureFixture
) -> None:
    client, engine = writable_site
    read_only = on_every_connection(engine, "PRAGMA query_only = ON")
    caplog.set_level(logging.WARNING)
    for _ in range(3):
        ready = client.get("/readyz")
        assert ready.status_code == 503
        assert ready.json()["writes"] == "failing"
        assert "readonly" in ready.json()["write_error"]
    assert sum(r.levelno == logging.ERROR for r in caplog.records) == 1

    stop_running(engine, read_only)
    assert client.post("/api/contact", json=FULL_DISK_MESSAGE).status_code == 201
    assert client.get("/readyz").status_code == 200


def test_another_writer_holding_the_lock_is_not_a_write_failure(
    writable_site: tuple[TestClient, Engine],
) -> None:
    """An import holds SQLite's write lock for long: readiness does not wait for it (nor
    counts it as a failure)."""
    client, engine = writable_site
    path = engine.url.database
    assert path is not None
    writer = sqlite3.connect(path)
    try:
        writer.execute("BEGIN IMMEDIATE")
        started = time.monotonic()
        ready = client.get("/readyz")
        assert time.monotonic() - started < 2
        assert ready.status_code == 200
        assert ready.json()["writes"] == "ok"
    finally:
        writer.rollback()
        writer.close()


@pytest.mark.parametrize(
    ("error", "refused"),
    [
        (sqlite3.OperationalError("database or disk is full"), True),
        (sqlite3.OperationalError("attempt to write a readonly database"), True),
        (sqlite3.OperationalError("disk I/O error"), True),
        (sqlite3.OperationalError("database is locked"), False),
        (sqlite3.IntegrityError("UNIQUE constraint failed: users.email"), False),
        (OSError('could not extend file "base/16384/16385": No space left on device'), True),
        (OSError("cannot execute INSERT in a read-only transaction"), True),
        (OSError("connection refused"), False),
    ],
)
def test_which_errors_are_refused_writes(error: Exception, refused: bool) -> None:
    assert is_write_failure(error) is refused


def test_a_read_only_postgresql_session_is_not_ready(postgres_url: str) -> None:
    """A standby, or default_transaction_read_only: the probe sees it, no write needed."""
    options = "?options=-c%20default_transaction_read_only%3Don"
    with client_for(postgres_url + options) as client:
        ready = client.get("/readyz")
    assert ready.status_code == 503
    assert ready.json()["writes"] == "failing"
    assert "read-only" in ready.json()["write_error"]

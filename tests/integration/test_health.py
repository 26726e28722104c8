"""Liveness and readiness: /healthz always answers, /readyz only with the database at head."""

import gc
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from scrapindex import migrate
from scrapindex.app import create_app
from scrapindex.db import create_db_engine
from scrapindex.settings import Settings
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
    assert ready.json() == {"status": "ready", "database": "ok", "migrations": "head"}
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

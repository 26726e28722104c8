"""Shared fixtures: every API test runs on SQLite and on a real PostgreSQL server."""

import datetime as dt
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine

from scrapindex import migrate
from scrapindex.app import create_app
from scrapindex.data.demo import DemoConfig
from scrapindex.data.seed import seed_demo
from scrapindex.db import create_db_engine
from scrapindex.settings import PROJECT_ROOT, Settings
from tests.pg_server import find_pg_bin, temporary_postgres

CONTENT_DIR = PROJECT_ROOT / "content"
# A short, fixed history keeps the suite quick and its figures reproducible.
TEST_DEMO = DemoConfig(end_date=dt.date(2026, 3, 31), days=40)


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    bin_dir = find_pg_bin()
    if bin_dir is None:
        message = "PostgreSQL server binaries not found (apt-get install postgresql)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    with temporary_postgres(bin_dir) as url:
        yield url


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A migrated database holding the (short) demo data set."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('sqlite') / 'test.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres_url")
    engine = create_db_engine(url)
    migrate.upgrade(engine)
    seed_demo(engine, CONTENT_DIR, TEST_DEMO)
    engine.dispose()
    return url


@pytest.fixture(scope="session")
def engine(database_url: str) -> Iterator[Engine]:
    engine = create_db_engine(database_url)
    yield engine
    engine.dispose()


@pytest.fixture(scope="session")
def client(database_url: str) -> Iterator[TestClient]:
    settings = Settings(
        database_url=database_url, content_dir=CONTENT_DIR, data_dir=Path("/nonexistent")
    )
    with TestClient(create_app(settings)) as test_client:
        yield test_client

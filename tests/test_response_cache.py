"""Cached API responses follow the data: a new data revision is served within a second."""

import datetime as dt
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, update

from scrapindex import migrate, revision
from scrapindex.app import create_app
from scrapindex.data.demo import DemoConfig
from scrapindex.data.seed import seed_demo
from scrapindex.db import create_db_engine
from scrapindex.models import Material
from scrapindex.settings import Settings
from tests.conftest import CONTENT_DIR


@pytest.fixture
def small_db(tmp_path: Path) -> Iterator[tuple[Engine, TestClient]]:
    url = f"sqlite:///{tmp_path / 'cache.sqlite3'}"
    engine = create_db_engine(url)
    migrate.upgrade(engine)
    seed_demo(engine, CONTENT_DIR, DemoConfig(end_date=dt.date(2026, 3, 31), days=2))
    settings = Settings(database_url=url, content_dir=CONTENT_DIR)
    with TestClient(create_app(settings)) as client:
        yield engine, client
    engine.dispose()


def rename_copper(engine: Engine, name: str, *, bump: bool) -> None:
    with engine.begin() as connection:
        connection.execute(update(Material).where(Material.slug == "copper").values(name=name))
        if bump:
            revision.bump(connection)


def test_new_revision_replaces_cached_responses(small_db: tuple[Engine, TestClient]) -> None:
    engine, client = small_db
    first = client.get("/api/materials/copper")
    assert first.json()["name"] == "Copper"

    rename_copper(engine, "Copper (unpublished)", bump=False)
    time.sleep(1.1)
    assert client.get("/api/materials/copper").json()["name"] == "Copper"  # still cached

    rename_copper(engine, "Copper Scrap", bump=True)
    time.sleep(1.1)
    fresh = client.get("/api/materials/copper", headers={"If-None-Match": first.headers["etag"]})
    assert fresh.status_code == 200
    assert fresh.json()["name"] == "Copper Scrap"
    assert fresh.headers["etag"] != first.headers["etag"]

"""Cached API responses and pages follow the data: a new data revision is served within a
second, an expired entry is refreshed once while it is still served, and never past twice its age.
"""

import asyncio
import datetime as dt
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, update
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from scrapindex import migrate, revision
from scrapindex.api.caching import COMPUTING_LIMIT, ApiCacheMiddleware
from scrapindex.app import create_app
from scrapindex.data.demo import DemoConfig
from scrapindex.data.seed import seed_demo
from scrapindex.db import create_db_engine
from scrapindex.models import Material
from scrapindex.settings import Settings
from scrapindex.web.internal_api import api_get
from scrapindex.web.page_cache import PageCache, RenderedPage
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


def counting_app(calls: list[int]) -> Starlette:
    """An API whose answer says how many times it has been computed."""

    async def count(request: Request) -> JSONResponse:
        calls.append(1)
        return JSONResponse({"computed": len(calls)})

    return Starlette(routes=[Route("/api/count", count)])


def test_expired_answer_is_served_while_one_refresh_runs() -> None:
    calls: list[int] = []
    data_revision = [1]
    app = ApiCacheMiddleware(counting_app(calls), max_age=1, read_revision=lambda: data_revision[0])
    with TestClient(app) as client:
        assert client.get("/api/count").json() == {"computed": 1}
        assert client.get("/api/count").json() == {"computed": 1}  # fresh

        time.sleep(1.1)  # expired, but less than twice max_age: the old answer, refreshed behind
        assert client.get("/api/count").json() == {"computed": 1}
        time.sleep(0.1)
        assert client.get("/api/count").json() == {"computed": 2}
        assert len(calls) == 2

        time.sleep(2.1)  # too old to serve: computed while the request waits
        assert client.get("/api/count").json() == {"computed": 3}

        data_revision[0] = 2  # new data is never served stale (read within a second)
        time.sleep(1.05)
        assert client.get("/api/count").json() == {"computed": 4}


def page_cache(data_revision: list[int]) -> PageCache:
    return PageCache(Settings(api_cache_seconds=1), lambda: data_revision[0])


def test_concurrent_misses_of_a_page_share_one_render() -> None:
    renders: list[int] = []

    async def render() -> tuple[int, str]:
        renders.append(1)
        await asyncio.sleep(0.05)
        return 200, f"<p>render {len(renders)}</p>"

    async def ten_visitors() -> list[RenderedPage]:
        pages = page_cache([1])
        return await asyncio.gather(*(pages.page("/", render) for _ in range(10)))

    served = asyncio.run(ten_visitors())
    assert len(renders) == 1
    assert {page.body for page in served} == {b"<p>render 1</p>"}


def test_expired_page_is_served_while_one_render_replaces_it() -> None:
    data_revision = [1]
    renders: list[int] = []

    async def render() -> tuple[int, str]:
        renders.append(1)
        return 200, f"render {len(renders)}"

    async def visits() -> list[bytes]:
        pages = page_cache(data_revision)
        bodies = [(await pages.page("/", render)).body]
        await asyncio.sleep(1.1)
        bodies.append((await pages.page("/", render)).body)  # stale, re-rendered behind
        await asyncio.sleep(0.05)
        bodies.append((await pages.page("/", render)).body)
        await asyncio.sleep(2.1)
        bodies.append((await pages.page("/", render)).body)  # too old: waits for its render
        data_revision[0] = 2
        await asyncio.sleep(1.05)
        bodies.append((await pages.page("/", render)).body)  # new data: never stale
        return bodies

    assert asyncio.run(visits()) == [
        b"render 1",
        b"render 1",
        b"render 2",
        b"render 3",
        b"render 4",
    ]


def test_computations_beyond_the_limit_wait_for_a_slot() -> None:
    """More requests computing than the database pool has connections would starve each other."""
    running, peak = [0], [0]

    async def slow(request: Request) -> JSONResponse:
        running[0] += 1
        peak[0] = max(peak[0], running[0])
        await asyncio.sleep(0.02)
        running[0] -= 1
        return JSONResponse({"n": request.path_params["n"]})

    inner = Starlette(routes=[Route("/api/slow/{n}", slow)])
    app = ApiCacheMiddleware(inner, max_age=60, read_revision=lambda: 1)

    async def many_misses() -> list[int]:
        answers = await asyncio.gather(*(api_get(app, f"/api/slow/{n}") for n in range(60)))
        return [answer.status for answer in answers]

    assert asyncio.run(many_misses()) == [200] * 60
    assert peak[0] == COMPUTING_LIMIT

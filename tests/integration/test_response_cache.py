"""Cached API responses and pages follow the data: a new data revision is served within a
second, an expired entry is refreshed once while it is still served, and never past twice its age.

Time is a manual clock (tests.clock): nothing here sleeps to make an entry age.
"""

import asyncio

from fastapi.testclient import TestClient
from sqlalchemy import Engine, update
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from scrapindex import revision
from scrapindex.cache.api_responses import COMPUTING_LIMIT, ApiCacheMiddleware, ApiResponses
from scrapindex.cache.pages import PageCache, RenderedPage
from scrapindex.cache.revision import RevisionClock
from scrapindex.models import Material
from scrapindex.web.internal_api import api_get
from tests.clock import ManualClock
from tests.conftest import SmallSite


def rename_copper(engine: Engine, name: str, *, bump: bool) -> None:
    with engine.begin() as connection:
        connection.execute(update(Material).where(Material.slug == "copper").values(name=name))
        if bump:
            revision.bump(connection)


def test_new_revision_replaces_cached_responses(
    small_db: SmallSite,
) -> None:
    engine, client, clock = small_db
    first = client.get("/api/materials/copper")
    assert first.json()["name"] == "Copper"

    rename_copper(engine, "Copper (unpublished)", bump=False)
    clock.past_revision_check()
    assert client.get("/api/materials/copper").json()["name"] == "Copper"  # still cached

    rename_copper(engine, "Copper Scrap", bump=True)
    assert client.get("/api/materials/copper").json()["name"] == "Copper"  # not read yet
    clock.past_revision_check()
    fresh = client.get("/api/materials/copper", headers={"If-None-Match": first.headers["etag"]})
    assert fresh.status_code == 200
    assert fresh.json()["name"] == "Copper Scrap"
    assert fresh.headers["etag"] != first.headers["etag"]


def test_pages_follow_a_new_revision_too(small_db: SmallSite) -> None:
    engine, client, clock = small_db
    first = client.get("/material/copper")
    assert (
        client.get("/material/copper", headers={"If-None-Match": first.headers["etag"]}).status_code
        == 304
    )

    rename_copper(engine, "Copper Scrap", bump=True)
    clock.past_revision_check()
    fresh = client.get("/material/copper", headers={"If-None-Match": first.headers["etag"]})
    assert fresh.status_code == 200
    assert "Copper Scrap" in fresh.text


def counting_app(calls: list[int]) -> Starlette:
    """An API whose answer says how many times it has been computed."""

    async def count(request: Request) -> JSONResponse:
        calls.append(1)
        return JSONResponse({"computed": len(calls)})

    return Starlette(routes=[Route("/api/count", count)])


def test_expired_answer_is_served_while_one_refresh_runs() -> None:
    calls: list[int] = []
    data_revision = [1]
    clock = ManualClock()
    app = ApiCacheMiddleware(
        counting_app(calls),
        ApiResponses(
            max_age=10,
            revisions=RevisionClock(lambda: data_revision[0], now=clock),
            query_names=lambda path: (),
        ),
    )

    async def computed() -> object:
        return (await api_get(app, "/api/count")).json()["computed"]

    async def visits() -> list[object]:
        seen = [await computed(), await computed()]  # fresh
        clock.advance(11)  # expired, but less than twice max_age: the old answer, refreshed behind
        seen.append(await computed())
        await asyncio.gather(*app.responses.store.refreshes)
        seen.append(await computed())
        clock.advance(21)  # too old to serve: computed while the request waits
        seen.append(await computed())
        data_revision[0] = 2  # new data is never served stale, once the clock reads it
        seen.append(await computed())
        clock.past_revision_check()
        seen.append(await computed())
        return seen

    assert asyncio.run(visits()) == [1, 1, 1, 2, 3, 3, 4]
    assert len(calls) == 4


def test_head_is_the_cached_gets_answer_without_its_body() -> None:
    """Whichever comes first, HEAD and GET share one entry: the same status and headers (its
    Cache-Control lifetime is drawn once per entry) and one computation."""
    calls: list[int] = []
    app = ApiCacheMiddleware(
        counting_app(calls),
        ApiResponses(
            max_age=60,
            revisions=RevisionClock(lambda: 1, now=ManualClock()),
            query_names=lambda path: (),
        ),
    )
    with TestClient(app) as client:
        head_first = client.head("/api/count")
        got = client.get("/api/count")
        head_after = client.head("/api/count")
    assert got.json() == {"computed": 1}
    assert len(calls) == 1
    for head in (head_first, head_after):
        assert head.status_code == 200
        assert head.content == b""
        assert head.headers == got.headers
    assert got.headers["cache-control"].startswith("public, max-age=")


def page_cache(data_revision: list[int], clock: ManualClock) -> PageCache:
    return PageCache(10, RevisionClock(lambda: data_revision[0], now=clock))


def test_concurrent_misses_of_a_page_share_one_render() -> None:
    renders: list[int] = []
    release = asyncio.Event()

    async def render() -> tuple[int, str]:
        renders.append(1)
        await release.wait()
        return 200, f"<p>render {len(renders)}</p>"

    async def ten_visitors() -> list[RenderedPage]:
        pages = page_cache([1], ManualClock())
        visits = [asyncio.create_task(pages.page("/", render)) for _ in range(10)]
        await asyncio.sleep(0)  # every visitor is waiting now
        release.set()
        return await asyncio.gather(*visits)

    served = asyncio.run(ten_visitors())
    assert len(renders) == 1
    assert {page.representation.body for page in served} == {b"<p>render 1</p>"}


def test_expired_page_is_served_while_one_render_replaces_it() -> None:
    data_revision = [1]
    clock = ManualClock()
    renders: list[int] = []

    async def render() -> tuple[int, str]:
        renders.append(1)
        return 200, f"render {len(renders)}"

    async def visits() -> list[bytes]:
        pages = page_cache(data_revision, clock)

        async def body() -> bytes:
            return (await pages.page("/", render)).representation.body

        bodies = [await body()]
        clock.advance(11)
        bodies.append(await body())  # stale, re-rendered behind
        await asyncio.gather(*pages.store.refreshes)
        bodies.append(await body())
        clock.advance(21)
        bodies.append(await body())  # too old: waits for its render
        data_revision[0] = 2
        clock.past_revision_check()
        bodies.append(await body())  # new data: never stale
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
        await asyncio.sleep(0.01)
        running[0] -= 1
        return JSONResponse({"n": request.path_params["n"]})

    inner = Starlette(routes=[Route("/api/slow/{n}", slow)])
    app = ApiCacheMiddleware(
        inner,
        ApiResponses(max_age=60, revisions=RevisionClock(lambda: 1), query_names=lambda _: ()),
    )

    async def many_misses() -> list[int]:
        answers = await asyncio.gather(*(api_get(app, f"/api/slow/{n}") for n in range(60)))
        return [answer.status for answer in answers]

    assert asyncio.run(many_misses()) == [200] * 60
    assert peak[0] == COMPUTING_LIMIT

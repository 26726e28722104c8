"""Cached answers served from memory (middleware/fast_path.py): the same answer as the long way,
headers and all, and the long way whenever a layer it skips would have said something else."""

import io
import json
import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx2 as httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import Engine
from starlette.types import ASGIApp, Receive, Scope, Send

from scrapindex import revision
from scrapindex.app import create_app
from scrapindex.cache.api_responses import ApiCacheMiddleware
from scrapindex.cache.pages import page_cache_control
from scrapindex.logs import JsonFormatter
from scrapindex.middleware.fast_path import FastPathMiddleware
from scrapindex.middleware.limits import ConcurrencyLimitMiddleware, RateLimitMiddleware
from scrapindex.settings import Settings
from tests.clock import ManualClock
from tests.conftest import CONTENT_DIR
from tests.integration.test_web_pages import TEMPLATE
from tests.stack import middleware_of

pytestmark = pytest.mark.http_only  # SQLite alone: see tests/conftest.py

CACHED = [
    "/api/cities",
    "/api/cities/johannesburg/prices",
    "/za/johannesburg",
    "/blog?category=guides",
]
CODINGS = [{}, {"Accept-Encoding": "gzip"}, {"Accept-Encoding": "gzip;q=0, identity"}]
# Headers of one response alone.
OWN = {"x-request-id", "date"}


class LongWay:
    """Counts the requests that get past the fast path."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.paths: list[str] = []

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            self.paths.append(scope["path"])
        await self.app(scope, receive, send)


@dataclass
class Site:
    app: FastAPI
    client: TestClient
    clock: ManualClock
    fast: FastPathMiddleware
    long_way: LongWay


@pytest.fixture
def site(database_url: str, tmp_path: Path) -> Iterator[Site]:
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text(TEMPLATE)
    settings = Settings(
        database_url=database_url,
        content_dir=CONTENT_DIR,
        frontend_dist=dist,
        data_dir=Path("/nonexistent"),
        page_rate_limit_per_minute=0,
    )
    clock = ManualClock()
    app = create_app(settings, clock=clock)
    with TestClient(app) as client:
        client.get("/healthz")  # builds the stack
        fast = middleware_of(app, FastPathMiddleware)
        long_way = LongWay(fast.app)
        fast.app = long_way
        yield Site(app, client, clock, fast, long_way)


def comparable(response: httpx.Response) -> tuple[int, dict[str, str], bytes]:
    headers = {name: value for name, value in response.headers.items() if name not in OWN}
    return response.status_code, headers, response.content


def the_long_way(site: Site, method: str, path: str, headers: dict[str, str]) -> httpx.Response:
    site.fast.enabled = False
    try:
        return site.client.request(method, path, headers=headers)
    finally:
        site.fast.enabled = True


@pytest.mark.parametrize("path", CACHED)
@pytest.mark.parametrize("headers", CODINGS)
@pytest.mark.parametrize("method", ["GET", "HEAD"])
def test_an_answer_from_memory_is_the_answer_of_the_long_way(
    site: Site, path: str, headers: dict[str, str], method: str
) -> None:
    site.client.get(path)  # the long way fills the cache
    expected = the_long_way(site, method, path, headers)
    site.long_way.paths.clear()
    answer = site.client.request(method, path, headers=headers)
    assert site.long_way.paths == [], "answered from memory"
    assert comparable(answer) == comparable(expected)
    assert answer.headers["x-content-type-options"] == "nosniff"  # the security headers
    assert len(answer.headers["x-request-id"]) == 32
    assert answer.headers["x-request-id"] != expected.headers["x-request-id"]
    if method == "HEAD":
        assert answer.content == b""
        assert int(answer.headers["content-length"]) > 0  # the GET's length


@pytest.mark.parametrize("path", CACHED)
def test_if_none_match_is_answered_from_memory(site: Site, path: str) -> None:
    etag = site.client.get(path, headers={"Accept-Encoding": "gzip"}).headers["etag"]
    site.long_way.paths.clear()
    answer = site.client.get(path, headers={"Accept-Encoding": "gzip", "If-None-Match": etag})
    assert answer.status_code == 304
    assert answer.content == b""
    assert answer.headers["etag"] == etag
    assert answer.headers["content-security-policy"]
    assert site.long_way.paths == []
    plain = site.client.get(path, headers={"Accept-Encoding": "identity", "If-None-Match": etag})
    assert plain.status_code == 200  # another coding, another tag


def test_a_sent_request_id_is_kept_and_every_answer_is_logged(site: Site) -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("scrapindex.access")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        site.client.get("/api/cities")
        site.long_way.paths.clear()
        kept = site.client.get("/api/cities", headers={"X-Request-ID": "from-the-proxy.1"})
        made = site.client.get("/api/cities", headers={"X-Request-ID": "not valid!"})
    finally:
        logger.removeHandler(handler)
        logger.setLevel(logging.NOTSET)
    assert site.long_way.paths == []
    assert kept.headers["x-request-id"] == "from-the-proxy.1"
    assert len(made.headers["x-request-id"]) == 32
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    by_id = {line["request_id"]: line for line in lines}
    for answer in (kept, made):
        line = by_id[answer.headers["x-request-id"]]
        assert line["message"] == "GET /api/cities 200"
        assert (line["path"], line["status"], line["client"]) == ("/api/cities", 200, "testclient")
        assert isinstance(line["duration_ms"], float)


@pytest.mark.parametrize(
    ("target", "status"),
    [
        ("/api/cities?x=%00", 400),  # a NUL, even in a parameter the key leaves out
        ("/api/cities?x=" + "a" * 3000, 414),
        ("/za/johannesburg?x=%00", 400),
        ("/za/johannesburg/", 301),  # never the cached page's URL: the redirect's
    ],
)
def test_what_a_skipped_layer_refuses_goes_the_long_way(
    site: Site, target: str, status: int
) -> None:
    path = target.split("?")[0].rstrip("/")
    site.client.get(path)
    site.long_way.paths.clear()
    answer = site.client.get(target, follow_redirects=False)
    assert answer.status_code == status
    assert site.long_way.paths == [target.split("?")[0]]


def test_stale_and_unread_revisions_go_the_long_way(site: Site) -> None:
    site.client.get("/api/cities")
    site.long_way.paths.clear()
    site.clock.past_revision_check()  # the revision must be read again: not here
    site.client.get("/api/cities")
    site.client.get("/api/cities")  # read again by the long way: from memory now
    assert site.long_way.paths == ["/api/cities"]
    site.clock.advance(61)  # past API_CACHE_SECONDS: stale, refreshed by the long way
    site.long_way.paths.clear()
    site.client.get("/api/cities")
    assert site.long_way.paths == ["/api/cities"]


def test_a_visitors_position_is_never_answered_from_memory(site: Site) -> None:
    near = "/api/scrap-yards?near=-26.2,28.04"
    assert site.client.get(near).headers["cache-control"] == "private, no-store"
    site.long_way.paths.clear()
    assert site.client.get(near).headers["cache-control"] == "private, no-store"
    assert site.long_way.paths == ["/api/scrap-yards"]


SHARED_PAGE = re.compile(r"public, max-age=0, s-maxage=(\d+), stale-while-revalidate=60")


def test_pages_say_who_may_keep_them(site: Site) -> None:
    page = [site.client.get("/za/johannesburg").headers["cache-control"] for _ in range(2)]
    assert page[0] == page[1]  # the long way, then from memory: the same entry
    kept = SHARED_PAGE.fullmatch(page[0])
    assert kept, page[0]
    assert 48 <= int(kept[1]) <= 60  # API_CACHE_SECONDS less up to a fifth (cache.lifetimes)
    for path in ("/admin", "/za/atlantis"):  # the operator console (noindex), a 404
        for _ in range(2):
            assert site.client.get(path).headers["cache-control"] == "no-cache", path
    assert page_cache_control(0, shared=True) == "no-cache"  # API_CACHE_SECONDS=0: none kept


def test_a_page_tag_names_the_data_revision(site: Site, engine: Engine) -> None:
    answer = site.client.get("/za/johannesburg", headers={"Accept-Encoding": "identity"})
    assert answer.headers["etag"].startswith(f'"r{revision.read(engine)}-')


def test_the_fast_path_asks_the_very_limits_and_cache_of_the_long_way(site: Site) -> None:
    """Handed its collaborators by the app, the fast path counts and caches in the same objects
    as the layers it skips: a limit or a kept answer has one state, whichever way asks."""
    fast = site.fast
    assert fast.concurrency is middleware_of(site.app, ConcurrencyLimitMiddleware).limits
    assert fast.rates is middleware_of(site.app, RateLimitMiddleware).limits
    assert fast.api is middleware_of(site.app, ApiCacheMiddleware).responses

"""Map tiles from our own origin (web/tiles.py), against a real tile server on a loopback port.

The app runs on an SQLite file that was never migrated: a tile never reads the database.
"""

import email.utils
import socket
import struct
import threading
import time
import tracemalloc
import zlib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError

from scrapindex.app import create_app
from scrapindex.settings import PROJECT_ROOT, Settings
from scrapindex.web import tiles
from scrapindex.web.tiles import PLACEHOLDER_FILE, TileMemory, made_tile
from tests.clock import ManualClock
from tests.conftest import CONTENT_DIR
from tests.deploy_stack import find_nginx, production_stack
from tests.needs import unavailable

pytestmark = pytest.mark.http_only  # SQLite alone: see tests/conftest.py

PUBLIC = PROJECT_ROOT / "frontend" / "public"
PLACEHOLDER = (PUBLIC / PLACEHOLDER_FILE).read_bytes()
WEEK = 7 * 24 * 3600


def png(width: int = 1, height: int = 1) -> bytes:
    """A real PNG of grey pixels."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    idat = chunk(b"IDAT", zlib.compress(rows))
    return b"".join([b"\x89PNG\r\n\x1a\n", chunk(b"IHDR", header), idat, chunk(b"IEND", b"")])


TILE = png(2, 2)


@dataclass
class Upstream:
    """A tile server: what it answers, and the requests it got."""

    status: int = 200
    content_type: str = "image/png"
    headers: dict[str, str] = field(default_factory=lambda: {"ETag": '"osm-1"'})
    delay: float = 0.0
    slow_paths: dict[str, float] = field(default_factory=dict)  # a delay of their own
    requests: list[tuple[str, dict[str, str]]] = field(default_factory=list)
    port: int = 0

    @property
    def template(self) -> str:
        return f"http://127.0.0.1:{self.port}/{{z}}/{{x}}/{{y}}.png"

    @property
    def paths(self) -> list[str]:
        return [path for path, _ in self.requests]


@pytest.fixture
def upstream() -> Iterator[Upstream]:
    state = Upstream()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            state.requests.append((self.path, dict(self.headers.items())))
            time.sleep(state.slow_paths.get(self.path, state.delay))
            if state.status == 200 and self.headers.get("If-None-Match") == state.headers.get(
                "ETag"
            ):
                self.send_response(304)
                self.end_headers()
                return
            body = TILE if state.status == 200 else b"<html>no</html>"
            self.send_response(state.status)
            self.send_header("Content-Type", state.content_type)
            self.send_header("Content-Length", str(len(body)))
            for name, value in state.headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    state.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield state
    server.shutdown()
    server.server_close()


@pytest.fixture
def no_tables(tmp_path: Path) -> str:
    """An SQLite file with no tables at all: a tile must not need one."""
    return f"sqlite:///{tmp_path / 'never-migrated.sqlite3'}"


def site(database_url: str, clock: ManualClock | None = None, **settings: Any) -> TestClient:
    app = create_app(
        Settings(database_url=database_url, content_dir=CONTENT_DIR, **settings),
        clock=clock or ManualClock(),
    )
    return TestClient(app)


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def assert_placeholder(response: Any) -> None:
    assert response.status_code == 200
    assert response.headers["x-tile"] == "placeholder"
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert response.headers["cache-control"] == "public, max-age=300"
    assert response.content == PLACEHOLDER


def test_a_tile_is_fetched_once_then_kept(no_tables: str, upstream: Upstream) -> None:
    with site(no_tables, map_tile_upstream=upstream.template) as client:
        first = client.get("/tiles/3/2/1.png")
        again = client.get("/tiles/3/2/1.png")
        revalidated = client.get("/tiles/3/2/1.png", headers={"If-None-Match": '"osm-1"'})
    assert first.status_code == 200
    assert first.content == TILE
    assert first.headers["content-type"] == "image/png"
    assert first.headers["x-tile"] == "fetched"
    assert first.headers["cache-control"] == f"public, max-age={WEEK}"
    assert first.headers["etag"] == '"osm-1"'
    assert again.content == TILE
    assert again.headers["x-tile"] == "cached"
    assert revalidated.status_code == 304
    assert revalidated.content == b""
    assert upstream.paths == ["/3/2/1.png"]  # the second and third never reached it
    user_agent = upstream.requests[0][1]["User-Agent"]
    assert user_agent.startswith("ScrapIndex/")
    assert "http://127.0.0.1:8000" in user_agent  # the site, for the tile server's operators
    assert "Python-urllib" not in user_agent


def test_head_and_the_methods_of_a_tile(no_tables: str, upstream: Upstream) -> None:
    with site(no_tables, map_tile_upstream=upstream.template) as client:
        head = client.head("/tiles/0/0/0.png")
        get = client.get("/tiles/0/0/0.png")
        options = client.options("/tiles/0/0/0.png")
        post = client.post("/tiles/0/0/0.png")
        elsewhere = client.options("/tiles/0/0")
    assert head.status_code == 200
    assert head.content == b""
    assert head.headers["content-length"] == str(len(TILE))
    assert head.headers["content-type"] == get.headers["content-type"] == "image/png"
    assert options.status_code == 204
    assert options.headers["allow"] == "GET, HEAD, OPTIONS"
    assert post.status_code == 405
    assert elsewhere.status_code == 404


@pytest.mark.parametrize(
    ("path", "status", "message"),
    [
        ("/tiles/20/0/0.png", 422, "z: Input should be less than or equal to 19"),
        ("/tiles/-1/0/0.png", 422, "z: Input should be greater than or equal to 0"),
        ("/tiles/a/0/0.png", 422, "z: Input should be a valid integer"),
        ("/tiles/2/0/-3.png", 422, "y: Input should be greater than or equal to 0"),
        ("/tiles/2/4/0.png", 404, "No such tile: at zoom 2, x and y run from 0 to 3"),
        ("/tiles/2/0/4.png", 404, "No such tile: at zoom 2, x and y run from 0 to 3"),
        ("/tiles/0/0/99999999999999999999999.png", 404, "No such tile: at zoom 0"),
    ],
)
def test_a_tile_that_cannot_exist(
    no_tables: str, upstream: Upstream, path: str, status: int, message: str
) -> None:
    with site(no_tables, map_tile_upstream=upstream.template) as client:
        response = client.get(path)
    assert response.status_code == status
    assert message in response.json()["message"]
    assert upstream.requests == []


@pytest.mark.parametrize("path", ["/tiles/0/0/0.jpg", "/tiles/0/0/0.png/x", "/tiles/0/0.png"])
def test_other_paths_under_tiles_are_not_found(
    database_url: str, upstream: Upstream, path: str
) -> None:
    with site(database_url, map_tile_upstream=upstream.template) as client:
        assert client.get(path).status_code == 404  # the site's page for a path it lacks
        assert client.options(path).status_code == 404
    assert upstream.requests == []


@pytest.mark.parametrize(
    "template",
    [
        f"http://127.0.0.1:{closed_port()}/{{z}}/{{x}}/{{y}}.png",  # refused
        "http://tiles.invalid/{z}/{x}/{y}.png",  # no such host (RFC 6761): DNS says no
        "",  # no upstream at all
    ],
    ids=["refused", "no-such-host", "none"],  # the port differs in each worker (pytest-xdist)
)
def test_no_upstream_gives_the_placeholder_at_once(
    no_tables: str, template: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "At once": not at the fetch's deadline, made long here so that a slow resolver or a busy
    # machine cannot blur the two (a refused or unknown host fails in milliseconds).
    monkeypatch.setattr(tiles, "UPSTREAM_TIMEOUT_SECONDS", 30.0)
    with site(no_tables, map_tile_upstream=template) as client:
        started = time.perf_counter()
        response = client.get("/tiles/5/3/4.png")
        took = time.perf_counter() - started
        head = client.head("/tiles/5/3/5.png")
    assert_placeholder(response)
    assert took < 10, f"took {took:.2f} s"
    assert head.status_code == 200
    assert head.headers["x-tile"] == "placeholder"


def test_a_slow_upstream_gives_the_placeholder_at_the_deadline_without_blocking(
    no_tables: str, upstream: Upstream, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Wide margins, so that a busy machine cannot fail it: /healthz is answered while the tile
    # still waits for its 2 s deadline, and the tile comes at that deadline, not after the 6 s
    # the upstream would take.
    monkeypatch.setattr(tiles, "UPSTREAM_TIMEOUT_SECONDS", 2.0)
    upstream.delay = 6.0
    with (
        site(no_tables, map_tile_upstream=upstream.template) as client,
        ThreadPoolExecutor(2) as pool,
    ):
        started = time.perf_counter()
        tile = pool.submit(client.get, "/tiles/1/1/1.png")
        time.sleep(0.1)
        health = client.get("/healthz")  # the event loop is free while the fetch waits
        tile_waiting = not tile.done()
        response = tile.result()
        took = time.perf_counter() - started
    assert health.status_code == 200
    assert tile_waiting, "/healthz waited for the tile's fetch"
    assert_placeholder(response)
    assert took < 5.0, f"took {took:.2f} s"


def test_after_failures_in_a_row_the_upstream_is_left_alone_a_while(
    no_tables: str, upstream: Upstream
) -> None:
    upstream.status = 503
    clock = ManualClock()
    failures = tiles.BACKOFF_AFTER_FAILURES
    with site(no_tables, clock, map_tile_upstream=upstream.template) as client:
        for y in range(failures + 1):  # the last is not asked: the upstream just failed again
            assert_placeholder(client.get(f"/tiles/4/1/{y}.png"))
        assert len(upstream.requests) == failures
        clock.advance(tiles.BACKOFF_SECONDS)
        assert_placeholder(client.get("/tiles/4/2/0.png"))  # asked once: still failing
        assert_placeholder(client.get("/tiles/4/2/1.png"))  # so left alone again at once
        assert len(upstream.requests) == failures + 1
        upstream.status = 200
        clock.advance(tiles.BACKOFF_SECONDS)
        response = client.get("/tiles/4/2/1.png")
    assert response.headers["x-tile"] == "fetched"
    assert upstream.paths[-1] == "/4/2/1.png"


def test_one_slow_tile_does_not_blank_the_map_for_everyone(
    no_tables: str, upstream: Upstream, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tiles, "UPSTREAM_TIMEOUT_SECONDS", 0.5)
    upstream.slow_paths = {"/9/1/1.png": 1.5}  # one tile the upstream takes too long to render
    with site(no_tables, map_tile_upstream=upstream.template) as client:
        assert_placeholder(client.get("/tiles/9/1/1.png"))  # its deadline passed
        after = client.get("/tiles/9/1/2.png")
    assert after.headers["x-tile"] == "fetched"
    assert after.content == TILE


@pytest.mark.parametrize(("status", "content_type"), [(404, "image/png"), (200, "text/html")])
def test_no_image_from_the_upstream_gives_the_placeholder(
    no_tables: str, upstream: Upstream, status: int, content_type: str
) -> None:
    upstream.status, upstream.content_type = status, content_type
    asked = tiles.BACKOFF_AFTER_FAILURES + 1
    with site(no_tables, map_tile_upstream=upstream.template) as client:
        for x in range(asked):
            assert_placeholder(client.get(f"/tiles/5/{x}/1.png"))
    # A 404 is the upstream's answer, not a fault: every tile is still asked for.
    assert len(upstream.requests) == (asked if status == 404 else tiles.BACKOFF_AFTER_FAILURES)


def test_one_client_spends_only_its_share_of_the_upstream(
    no_tables: str, upstream: Upstream, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client past its share of the process's fetches gets placeholders; the others tiles."""
    monkeypatch.setattr(tiles, "FETCHES_PER_MINUTE", 20)
    share = int(20 * tiles.CLIENT_FETCH_SHARE)
    greedy = {"X-Forwarded-For": "203.0.113.7"}
    other = {"X-Forwarded-For": "198.51.100.9"}
    clock = ManualClock()
    settings: dict[str, Any] = {"map_tile_upstream": upstream.template, "trust_proxy_headers": True}
    with site(no_tables, clock, **settings) as client:
        bulk = [client.get(f"/tiles/12/{x}/0.png", headers=greedy) for x in range(20)]
        others = [client.get(f"/tiles/12/{x}/1.png", headers=other) for x in range(share)]
        kept = client.get("/tiles/12/0/0.png", headers=greedy)  # a kept tile costs no fetch
        theirs = client.get("/tiles/12/0/1.png", headers=greedy)  # nor one the other fetched
        clock.advance(60)
        later = client.get("/tiles/12/19/0.png", headers=greedy)  # its share came back
    assert 0 < share < 20
    expected = ["fetched"] * share + ["over-share"] * (20 - share)
    assert [r.headers["x-tile"] for r in bulk] == expected
    refused = bulk[-1]
    assert (refused.status_code, refused.content) == (200, PLACEHOLDER)
    # Kept by this browser a minute, never by nginx for the others (deploy/nginx keeps public).
    assert refused.headers["cache-control"] == "private, max-age=60"
    assert [r.headers["x-tile"] for r in others] == ["fetched"] * share
    assert (kept.headers["x-tile"], theirs.headers["x-tile"]) == ("cached", "cached")
    assert later.headers["x-tile"] == "fetched"
    assert len(upstream.requests) == 2 * share + 1


def test_past_the_process_allowance_the_placeholder_is_for_that_browser_alone(
    no_tables: str, upstream: Upstream, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Clients that together spend the process's fetches get a placeholder nginx keeps for
    nobody else: kept publicly, it would blank those tiles for everyone for 5 minutes."""
    monkeypatch.setattr(tiles, "FETCHES_PER_MINUTE", 8)
    share = int(8 * tiles.CLIENT_FETCH_SHARE)
    clients = [{"X-Forwarded-For": f"198.51.100.{n}"} for n in range(8 // share + 1)]
    settings: dict[str, Any] = {"map_tile_upstream": upstream.template, "trust_proxy_headers": True}
    with site(no_tables, **settings) as client:
        answers = [
            client.get(f"/tiles/13/{n}/{y}.png", headers=headers)
            for n, headers in enumerate(clients)
            for y in range(share)
        ]
    assert [r.headers["x-tile"] for r in answers] == ["fetched"] * 8 + ["busy"] * share
    assert answers[-1].content == PLACEHOLDER
    assert answers[-1].headers["cache-control"] == "private, max-age=60"
    assert len(upstream.requests) == 8


def test_the_hosts_allowance_is_shared_by_its_workers(
    no_tables: str, upstream: Upstream, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each of WEB_CONCURRENCY workers spends its part of the host's fetches a minute, so a
    host asks the upstream for no more than FETCHES_PER_MINUTE whatever its workers."""
    monkeypatch.setattr(tiles, "FETCHES_PER_MINUTE", 16)
    clients = [{"X-Forwarded-For": f"198.51.100.{n}"} for n in range(8)]
    settings: dict[str, Any] = {
        "map_tile_upstream": upstream.template,
        "trust_proxy_headers": True,
        "web_concurrency": 2,
    }
    with site(no_tables, **settings) as client:
        answers = [
            client.get(f"/tiles/13/{n}/{y}.png", headers=headers)
            for n, headers in enumerate(clients)
            for y in range(2)
        ]
    assert [r.headers["x-tile"] for r in answers] == ["fetched"] * 8 + ["busy"] * 8
    assert len(upstream.requests) == 8


def test_a_forged_forwarded_for_makes_no_new_client(
    no_tables: str, upstream: Upstream, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Clients are told apart as the limits tell them: without TRUST_PROXY_HEADERS, by the
    connection alone."""
    monkeypatch.setattr(tiles, "FETCHES_PER_MINUTE", 20)
    share = int(20 * tiles.CLIENT_FETCH_SHARE)
    with site(no_tables, map_tile_upstream=upstream.template) as client:
        answers = [
            client.get(f"/tiles/12/{x}/2.png", headers={"X-Forwarded-For": f"192.0.2.{x}"})
            for x in range(share + 1)
        ]
    assert [r.headers["x-tile"] for r in answers] == ["fetched"] * share + ["over-share"]


def test_an_expired_tile_is_revalidated_and_kept_while_the_upstream_is_away(
    no_tables: str, upstream: Upstream
) -> None:
    upstream.headers = {"ETag": '"osm-1"', "Cache-Control": f"max-age={2 * WEEK}"}
    clock = ManualClock()
    with site(no_tables, clock, map_tile_upstream=upstream.template) as client:
        client.get("/tiles/6/10/20.png")
        clock.advance(WEEK + 1)
        assert client.get("/tiles/6/10/20.png").headers["x-tile"] == "cached"  # 2 weeks, said
        clock.advance(WEEK)
        revalidated = client.get("/tiles/6/10/20.png")
        upstream.status = 503
        clock.advance(2 * WEEK)
        stale = client.get("/tiles/6/10/20.png")
    assert revalidated.headers["x-tile"] == "fetched"
    assert revalidated.content == TILE
    assert upstream.requests[1][1]["If-None-Match"] == '"osm-1"'  # answered 304
    assert stale.status_code == 200
    assert stale.content == TILE
    assert stale.headers["x-tile"] == "stale"
    assert stale.headers["cache-control"] == "public, max-age=300"
    assert len(upstream.requests) == 3


def test_one_fetch_per_tile_however_many_ask(no_tables: str, upstream: Upstream) -> None:
    upstream.delay = 0.3
    with (
        site(no_tables, map_tile_upstream=upstream.template) as client,
        ThreadPoolExecutor(6) as pool,
    ):
        answers = list(pool.map(lambda _: client.get("/tiles/8/5/5.png"), range(6)))
    assert [a.content for a in answers] == [TILE] * 6
    assert upstream.paths == ["/8/5/5.png"]


def test_a_map_spends_no_page_budget_and_no_connection_share(
    no_tables: str, upstream: Upstream
) -> None:
    upstream.delay = 0.2
    settings: dict[str, Any] = {
        "map_tile_upstream": upstream.template,
        "page_rate_limit_per_minute": 2,
        "max_concurrent_requests_per_client": 1,
    }
    with site(no_tables, **settings) as client, ThreadPoolExecutor(8) as pool:
        paths = [f"/tiles/10/{x}/{y}.png" for x in range(4) for y in range(6)]  # 24 at once
        answers = list(pool.map(client.get, paths))
    assert [a.status_code for a in answers] == [200] * len(paths)
    assert {a.headers["x-tile"] for a in answers} == {"fetched"}


def sea_tile(number: int) -> tiles.Tile:
    """A small tile as fetch_tile makes one: OSM's open sea is 103 bytes; headers of its own."""
    headers = {
        "content-type": "".join(("image/", "png")),
        "etag": f'"{number:032x}"',
        "last-modified": email.utils.formatdate(1_790_000_000 + number, usegmt=True),
    }
    return made_tile(tiles.Fetched(200, number.to_bytes(4, "big") + bytes(99), headers), 0)


def test_the_memory_keeps_the_most_recent_tiles_within_its_bytes() -> None:
    tile = made_tile(tiles.Fetched(200, b"x" * 10, {"content-type": "image/png"}), 0)
    cost = tiles.entry_bytes((1, 0, 0), tile)
    memory = TileMemory(max_bytes=2 * cost + cost // 2)
    memory.put((1, 0, 0), tile)
    memory.put((1, 0, 1), tile)
    assert memory.get((1, 0, 0)) is not None  # now the most recent
    memory.put((1, 1, 0), tile)
    assert set(memory.tiles) == {(1, 0, 0), (1, 1, 0)}
    assert memory.size == 2 * cost
    big = made_tile(tiles.Fetched(200, b"y" * memory.max_bytes, {}), 0)
    memory.put((2, 0, 0), big)  # too big to keep
    assert set(memory.tiles) == {(1, 0, 0), (1, 1, 0)}
    assert memory.size == 2 * cost


def test_a_small_tile_costs_more_than_its_body() -> None:
    tile = sea_tile(1)
    assert tiles.entry_bytes((16, 1, 0), tile) > 3 * len(tile.body)  # 103 bytes of body
    big = made_tile(tiles.Fetched(200, bytes(50_000), {"content-type": "image/png"}), 0)
    assert 50_000 < tiles.entry_bytes((16, 1, 0), big) < 51_000


def test_the_memory_bound_holds_for_memory_not_only_for_bodies() -> None:
    """Filled with OSM's smallest tiles, the LRU's accounted bytes bound what it really holds.

    tracemalloc counts the bytes Python asked for (the LRU's table and nodes, keys, tiles,
    bodies, strings): accounted is at least that, and at most 1.5 times it
    (bench/tile_cache_memory.py prints the figures).
    """
    limit = 2 * 1024 * 1024
    memory = TileMemory(limit)
    offered = 30_000  # 3 MB of bodies alone: more than the limit holds
    tracemalloc.start()
    try:
        at_start = tracemalloc.get_traced_memory()[0]
        for number in range(offered):
            memory.put((16, number, 0), sea_tile(number))
        held = tracemalloc.get_traced_memory()[0] - at_start
    finally:
        tracemalloc.stop()
    assert len(memory.tiles) < offered  # it dropped the oldest
    assert memory.size <= limit
    assert held <= memory.size, f"holds {held:,} bytes, accounted {memory.size:,}"
    assert memory.size <= 1.5 * held, f"accounted {memory.size:,}, holds {held:,} bytes"


def test_the_browser_asks_us_and_falls_back_on_the_same_file() -> None:
    """One placeholder file for both sides, and the front end's tiles from our own route."""
    source = (PROJECT_ROOT / "frontend/src/components/map/leaflet-map.ts").read_text("utf-8")
    settings = (PROJECT_ROOT / "frontend/src/config/read-env.ts").read_text("utf-8")
    assert 'DEFAULT_TILE_URL = "/tiles/{z}/{x}/{y}.png"' in settings  # unless a build names one
    assert "TILE_URL = env.mapTileUrl" in source
    assert f'TILE_UNAVAILABLE_URL = "/{PLACEHOLDER_FILE}"' in source
    assert PLACEHOLDER.startswith(b"<svg ")


def test_pages_load_images_from_our_origin_alone(no_tables: str) -> None:
    with site(no_tables) as client:
        policy = client.get("/robots.txt").headers["content-security-policy"]
    assert "img-src 'self' data:;" in policy
    assert "openstreetmap" not in policy


@pytest.mark.parametrize(
    "template",
    [
        "ftp://tiles.example/{z}/{x}/{y}.png",
        "https://tiles.example/{z}/{x}.png",
        "https://tiles.example/{z}/{x}/{y}/{s}.png",
        "https://tiles.example/{z}/{x}/{y}.png{",
    ],
)
def test_a_tile_upstream_that_is_no_template_is_refused(template: str) -> None:
    with pytest.raises(ValidationError):
        Settings(map_tile_upstream=template)


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_nginx_keeps_tiles(database_url: str, upstream: Upstream, tmp_path: Path) -> None:
    """deploy/nginx/scrapindex.conf's /tiles/: one fetch per tile for the whole host, however
    many ask at once and however many workers there are; the second view never reaches the app;
    the app's placeholder when the upstream fails, kept its 5 minutes."""
    if find_nginx() is None:
        unavailable("nginx not found (apt-get install nginx-light)")
    upstream.delay = 0.5  # so the requests below overlap: each worker alone would fetch
    env = {"MAP_TILE_UPSTREAM": upstream.template}
    with (
        production_stack(database_url, tmp_path, 2, extra_env=env) as stack,
        httpx.Client(base_url=stack.url) as client,
        ThreadPoolExecutor(12) as pool,
    ):
        burst = list(pool.map(lambda _: client.get("/tiles/7/40/50.png"), range(12)))
        second = client.get("/tiles/7/40/50.png")
        busted = client.get("/tiles/7/40/50.png?v=2")  # a query string is the same tile
        upstream.status = 503
        failed = [client.get("/tiles/7/41/50.png") for _ in range(2)]
    assert [a.status_code for a in burst] == [200] * 12
    assert {a.content for a in burst} == {TILE}
    assert second.status_code == 200
    assert second.content == TILE
    assert second.headers["x-cache-status"] == "HIT"
    assert busted.headers["x-cache-status"] == "HIT"
    assert [a.headers["x-tile"] for a in failed] == ["placeholder"] * 2
    assert failed[0].content == PLACEHOLDER
    assert failed[1].headers["x-cache-status"] == "HIT"  # public for 5 minutes: kept
    assert upstream.paths == ["/7/40/50.png", "/7/41/50.png"]

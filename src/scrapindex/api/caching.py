"""Caching of the API's GET responses: in-process, HTTP validators, and compression.

The published data changes only when a writer moves the data revision forward (see
scrapindex.revision), so a response can be reused until that number moves or until
``max_age`` passes (open/closed states follow the clock). Each process keeps the newest
responses in a bounded LRU map, stores a gzip copy next to the plain one, and answers a
matching If-None-Match with 304. The revision is read at most once a second per process.
Concurrent misses of one URL wait for a single computation instead of each running it.

An entry that outlived ``max_age`` by less than ``max_age`` again (same revision) is still
served while one background computation replaces it, so requests never queue behind the
refresh of every entry stored in the same minute. A new data revision is never served stale.

At most ``COMPUTING_LIMIT`` computations run at once per process; the rest wait here, holding
nothing. A request takes its database connection in one worker thread (a dependency) and may
wait for another thread (the endpoint) before giving it back, so with more requests computing
than the pool has connections, threads and connections can each wait for the other until the
pool's timeout. Keeping the limit under the pool's size (db.py) makes that impossible.
"""

import asyncio
import gzip
import hashlib
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from scrapindex.api.request_context import INTERNAL_REQUEST

log = logging.getLogger(__name__)
MAX_ENTRIES = 2048
MAX_BODY_BYTES = 4 * 1024 * 1024
MIN_GZIP_BYTES = 512
REVISION_CHECK_SECONDS = 1.0
COMPUTING_LIMIT = 24  # under the PostgreSQL pool's 40 connections and the thread pool's 40
BACKGROUND_REFRESH_LIMIT = 4  # more stale entries wait for a later request to refresh them


class Stamped(Protocol):
    @property
    def revision(self) -> int: ...
    @property
    def stored_at(self) -> float: ...


Freshness = Literal["fresh", "stale", "unusable"]


def freshness(entry: Stamped | None, revision: int, max_age: float) -> Freshness:
    """The rule of both caches (this one and web/page_cache.py): an entry of the current data
    revision is fresh for ``max_age`` seconds, then stale (served while it is replaced) for as
    long again; one of an older revision is never served."""
    if entry is None or entry.revision != revision:
        return "unusable"
    age = time.monotonic() - entry.stored_at
    if age < max_age:
        return "fresh"
    return "stale" if age < 2 * max_age else "unusable"


@dataclass(frozen=True)
class CachedResponse:
    revision: int
    stored_at: float
    headers: list[tuple[bytes, bytes]]
    body: bytes
    gzip_body: bytes | None
    etag: str


class ApiCacheMiddleware:
    def __init__(self, app: ASGIApp, max_age: int, read_revision: Callable[[], int]) -> None:
        self.app = app
        self.max_age = max_age
        self.cache_control = f"public, max-age={max_age}".encode() if max_age else b"no-cache"
        self.read_revision = read_revision
        self.entries: OrderedDict[bytes, CachedResponse] = OrderedDict()
        self.revision = -1
        self.revision_read_at = 0.0
        self.revision_lock = asyncio.Lock()
        self.in_flight: dict[bytes, asyncio.Future[CachedResponse | None]] = {}
        self.refreshes: set[asyncio.Task[None]] = set()  # held so they are not collected
        self.computing: tuple[asyncio.AbstractEventLoop, asyncio.Semaphore] | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope["method"] != "GET"
            or not scope["path"].startswith("/api/")
        ):
            await self.app(scope, receive, send)
            return
        request_headers = Headers(scope=scope)
        revision = await self.current_revision()
        key = scope["path"].encode() + b"?" + scope["query_string"]
        entry = self.entries.get(key)
        state = freshness(entry, revision, self.max_age)
        if entry is not None and state == "fresh":
            self.entries.move_to_end(key)
        elif entry is not None and state == "stale":
            self.refresh_in_background(key, scope, revision)
        else:
            entry = await self.produce_once(key, scope, receive, send, revision)
            if entry is None:
                return  # not cacheable: already sent as it came
        await self.reply(entry, request_headers, send)

    async def produce_once(
        self, key: bytes, scope: Scope, receive: Receive, send: Send, revision: int
    ) -> CachedResponse | None:
        pending = self.in_flight.get(key)
        if pending is not None:
            shared = await asyncio.shield(pending)
            if shared is not None and shared.revision == revision:
                return shared
            return await self.produce(scope, receive, send, revision)
        future: asyncio.Future[CachedResponse | None] = asyncio.get_running_loop().create_future()
        self.in_flight[key] = future
        try:
            entry = await self.produce(scope, receive, send, revision)
            if entry is not None:
                self.store(key, entry)
            future.set_result(entry)
            return entry
        except BaseException:
            future.set_result(None)
            raise
        finally:
            del self.in_flight[key]

    def refresh_in_background(self, key: bytes, scope: Scope, revision: int) -> None:
        if key in self.in_flight or len(self.refreshes) >= BACKGROUND_REFRESH_LIMIT:
            return
        # A copy of the request's scope, marked as ours: not logged, limited or timed on its own.
        background_scope = {**scope, "state": dict(scope.get("state", {})), INTERNAL_REQUEST: True}

        async def no_body() -> Message:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def discard(message: Message) -> None:
            pass

        async def refresh() -> None:
            try:
                await self.produce_once(key, background_scope, no_body, discard, revision)
            except Exception:  # the stale entry stays; the next request past 2x max_age retries
                log.warning("background refresh of %s failed", key.decode(), exc_info=True)

        task = asyncio.create_task(refresh())
        self.refreshes.add(task)
        task.add_done_callback(self.refreshes.discard)

    async def current_revision(self) -> int:
        if time.monotonic() - self.revision_read_at < REVISION_CHECK_SECONDS:
            return self.revision
        async with self.revision_lock:
            if time.monotonic() - self.revision_read_at >= REVISION_CHECK_SECONDS:
                self.revision = await run_in_threadpool(self.read_revision)
                self.revision_read_at = time.monotonic()
        return self.revision

    def computing_slot(self) -> asyncio.Semaphore:
        """The limit of the running event loop (a test's client may start several loops)."""
        loop = asyncio.get_running_loop()
        if self.computing is None or self.computing[0] is not loop:
            self.computing = (loop, asyncio.Semaphore(COMPUTING_LIMIT))
        return self.computing[1]

    async def produce(
        self, scope: Scope, receive: Receive, send: Send, revision: int
    ) -> CachedResponse | None:
        """Run the app; keep a 200 in memory, pass anything else straight through."""
        start: Message | None = None
        chunks: list[bytes] = []
        passed_through = False

        async def capture(message: Message) -> None:
            nonlocal start, passed_through
            if message["type"] == "http.response.start":
                start = message
                if message["status"] != 200:
                    passed_through = True
                    await send(message)
            elif passed_through:
                await send(message)
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        async with self.computing_slot():
            await self.app(scope, receive, capture)
        if passed_through or start is None:
            return None
        body = b"".join(chunks)
        if len(body) > MAX_BODY_BYTES:
            await send(start)
            await send({"type": "http.response.body", "body": body})
            return None
        headers = [
            (name, value)
            for name, value in start.get("headers", [])
            if name.lower() not in (b"content-length", b"etag", b"cache-control")
        ]
        return CachedResponse(
            revision=revision,
            stored_at=time.monotonic(),
            headers=headers,
            body=body,
            gzip_body=gzip.compress(body, compresslevel=6, mtime=0)
            if len(body) >= MIN_GZIP_BYTES
            else None,
            etag='"' + hashlib.blake2b(body, digest_size=16).hexdigest() + '"',
        )

    def store(self, key: bytes, entry: CachedResponse) -> None:
        self.entries[key] = entry
        self.entries.move_to_end(key)
        while len(self.entries) > MAX_ENTRIES:
            self.entries.popitem(last=False)

    async def reply(self, entry: CachedResponse, request_headers: Headers, send: Send) -> None:
        use_gzip = entry.gzip_body is not None and "gzip" in request_headers.get(
            "accept-encoding", ""
        )
        etag = entry.etag[:-1] + '-gzip"' if use_gzip else entry.etag
        headers = [
            *entry.headers,
            (b"etag", etag.encode()),
            (b"cache-control", self.cache_control),
            (b"vary", b"Accept-Encoding"),
        ]
        if_none_match = request_headers.get("if-none-match")
        if if_none_match and etag in _tags(if_none_match):
            headers = [(n, v) for n, v in headers if n.lower() != b"content-type"]
            await send({"type": "http.response.start", "status": 304, "headers": headers})
            await send({"type": "http.response.body", "body": b""})
            return
        body = entry.gzip_body if use_gzip and entry.gzip_body is not None else entry.body
        if use_gzip:
            headers.append((b"content-encoding", b"gzip"))
        headers.append((b"content-length", str(len(body)).encode()))
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def _tags(if_none_match: str) -> set[str]:
    return {tag.strip().removeprefix("W/") for tag in if_none_match.split(",")}

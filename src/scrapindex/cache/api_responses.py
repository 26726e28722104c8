"""The API's GET answers, kept in memory per data revision (see cache.store for the rule); a HEAD
gets its GET's answer without the body.

Each process keeps the newest answers in a bounded LRU with a gzip copy and validators
(cache.representation). A new data revision is never served stale; open/closed states follow
the clock, so entries also age out after ``max_age``.

At most ``COMPUTING_LIMIT`` computations run at once per process; the rest wait here, holding
nothing. A request takes its database connection in one worker thread (a dependency) and may
wait for another thread (the endpoint) before giving it back, so with more requests computing
than the pool has connections, threads and connections can each wait for the other until the
pool's timeout. Keeping the limit under the pool's size (db.py) makes that impossible.
"""

import asyncio
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from urllib.parse import parse_qs

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from scrapindex.cache.keys import declared_query
from scrapindex.cache.lifetimes import shared_lifetime
from scrapindex.cache.representation import Reply, Representation, represent, select
from scrapindex.cache.revision import RevisionClock
from scrapindex.cache.store import CacheStore
from scrapindex.middleware.request_context import INTERNAL_REQUEST

MAX_ENTRIES = 2048
MAX_BODY_BYTES = 4 * 1024 * 1024
COMPUTING_LIMIT = 24  # under the PostgreSQL pool's 40 connections and the thread pool's 40
DROPPED_HEADERS = (b"content-length", b"etag", b"cache-control", b"vary")
# A visitor's position (``/api/scrap-yards?near=lat,lng``) is never kept: not in this cache, where
# each point would be an entry of its own (pushing out the shared answers) and would hold the
# position in memory, nor in a browser's or proxy's cache.
PRIVATE_PARAMETERS = frozenset({"near"})
# The console's answers (operators' and yard owners') depend on who asks, and a claim link's
# answer holds its claimant and changes once used: never kept here or by anyone else. The bulk
# answers are for keyed clients only: kept, one could be served to a request without a key.
PRIVATE_PREFIXES = (
    "/api/auth/",
    "/api/admin/",
    "/api/owner/",
    "/api/yard-claims/",
    "/api/bulk/",
)
NO_STORE = b"private, no-store"


@dataclass(frozen=True)
class CachedResponse:
    headers: list[tuple[bytes, bytes]]
    representation: Representation
    cache_control: bytes  # each entry its own lifetime (new_cache_control)


class ApiResponses:
    """The kept answers and the rule for reading them: shared by ApiCacheMiddleware, which fills
    and serves them, and the fast path (middleware/fast_path.py), which serves them sooner."""

    def __init__(
        self,
        max_age: int,
        revisions: RevisionClock,
        query_names: Callable[[str], Collection[str]],
    ) -> None:
        self.query_names = query_names  # what an operation reads: the rest is not in the key
        self.max_age = max_age
        self.revisions = revisions
        self.store: CacheStore[bytes, CachedResponse] = CacheStore(
            max_entries=MAX_ENTRIES, max_age=max_age, now=revisions.now
        )

    def reply(self, entry: CachedResponse, request_headers: Mapping[str, str]) -> Reply:
        headers = [*entry.headers, (b"cache-control", entry.cache_control)]
        return select(entry.representation, request_headers, headers)

    def fresh(self, path: str, query_string: bytes) -> CachedResponse | None:
        """The GET answer for this URL if it is in memory, fresh, for the revision known now.

        Never waits (for the fast path): a private path, a visitor's position, an unknown
        revision or anything not fresh is None, and goes the long way."""
        if not path.startswith("/api/") or path.startswith(PRIVATE_PREFIXES):
            return None
        if not self.revisions.is_current():
            return None
        names = self.query_names(path)
        query = declared_query(query_string.decode("latin-1"), names) if query_string else ""
        if query and PRIVATE_PARAMETERS.intersection(names):
            return None
        return self.store.fresh(f"{path}?{query}".encode(), self.revisions.value)

    def new_cache_control(self) -> bytes:
        """A new entry's Cache-Control: its own lifetime, so entries stored together do not
        expire together in every proxy (cache.lifetimes)."""
        if not self.max_age:
            return b"no-cache"
        return f"public, max-age={shared_lifetime(self.max_age)}".encode()


class ApiCacheMiddleware:
    def __init__(self, app: ASGIApp, responses: ApiResponses) -> None:
        self.app = app
        self.responses = responses
        self.computing: tuple[asyncio.AbstractEventLoop, asyncio.Semaphore] | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope["path"] if scope["type"] == "http" else ""
        if path.startswith(PRIVATE_PREFIXES):
            await self.app(scope, receive, self.not_stored(send))
            return
        if not path.startswith("/api/") or scope["method"] not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        if scope["method"] == "HEAD":
            # The GET's answer without its body, from the same entry: computed on its own, it
            # would carry another lifetime (cache.lifetimes) than the GET's.
            scope, send = {**scope, "method": "GET"}, without_body(send)
        names = self.responses.query_names(path)
        query = declared_query(scope["query_string"].decode("latin-1"), names)
        if any(parse_qs(query).get(name, [""])[-1] for name in PRIVATE_PARAMETERS & set(names)):
            await self.app(scope, receive, self.not_stored(send))
            return
        revision = await self.responses.revisions.current_async()
        entry = await self.responses.store.get(
            f"{path}?{query}".encode(),
            revision,
            lambda: self.produce(scope, receive, send),
            background=lambda: self.produce_unseen(scope),
        )
        if entry is None:
            return  # not cacheable: already sent as it came
        reply = self.responses.reply(entry, Headers(scope=scope))
        await send(
            {"type": "http.response.start", "status": reply.status, "headers": reply.headers}
        )
        await send({"type": "http.response.body", "body": reply.body})

    @staticmethod
    def not_stored(send: Send) -> Send:
        async def send_not_stored(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(n, v) for n, v in message.get("headers", []) if n != b"cache-control"]
                message = {**message, "headers": [*headers, (b"cache-control", NO_STORE)]}
            await send(message)

        return send_not_stored

    async def produce_unseen(self, scope: Scope) -> CachedResponse | None:
        """A stale entry's replacement, computed after its request was answered."""
        # A copy of the request's scope, marked as ours: not logged, limited or timed on its own.
        background_scope = {**scope, "state": dict(scope.get("state", {})), INTERNAL_REQUEST: True}

        async def no_body() -> Message:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def discard(message: Message) -> None:
            pass

        return await self.produce(background_scope, no_body, discard)

    def computing_slot(self) -> asyncio.Semaphore:
        """The limit of the running event loop (a test's client may start several loops)."""
        loop = asyncio.get_running_loop()
        if self.computing is None or self.computing[0] is not loop:
            self.computing = (loop, asyncio.Semaphore(COMPUTING_LIMIT))
        return self.computing[1]

    async def produce(self, scope: Scope, receive: Receive, send: Send) -> CachedResponse | None:
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
        headers = [(n, v) for n, v in start.get("headers", []) if n.lower() not in DROPPED_HEADERS]
        cache_control = self.responses.new_cache_control()
        return CachedResponse(headers, represent(body, lazy=True), cache_control)


def without_body(send: Send) -> Send:
    """``send`` for a HEAD answered as its GET: the same status and headers, an empty body."""

    async def send_head(message: Message) -> None:
        if message["type"] == "http.response.body":
            message = {**message, "body": b""}
        await send(message)

    return send_head

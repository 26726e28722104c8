"""Limits on a request: URL length, body size, request rate, time taken, how many at once.

Each refusal is a small JSON ``{"message": ...}`` answered before the request reaches a route.
Our own in-process API calls (see request_context.INTERNAL_REQUEST) pass through untouched.

The rate and concurrency limits keep their counts in objects of their own (RateLimits,
ConcurrencyLimits) that the app makes once and hands to their middleware and to the fast path
(middleware/fast_path.py): each limit is decided here, by one method, whichever layer asks.
"""

import asyncio
import logging
import math
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from scrapindex.middleware.bearer import bearer_key
from scrapindex.middleware.request_context import QUIET_PATHS, ClientOf, is_external_http
from scrapindex.web.tiles import TILE_PREFIX

log = logging.getLogger(__name__)

MAX_URI_BYTES = 2048
MAX_API_BODY_BYTES = 64 * 1024
RETRY_AFTER_TIMEOUT_SECONDS = 5
RETRY_AFTER_BUSY_SECONDS = 2
MAX_RATE_LIMITED_CLIENTS = 100_000
MINUTE = 60.0
BODILESS_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


async def refuse(
    scope: Scope,
    receive: Receive,
    send: Send,
    status: int,
    message: str,
    headers: dict[str, str] | None = None,
) -> None:
    response = JSONResponse(
        {"message": message},
        status_code=status,
        headers={"Cache-Control": "no-store", **(headers or {})},
    )
    await response(scope, receive, send)


def uri_too_long(scope: Scope, max_bytes: int = MAX_URI_BYTES) -> bool:
    """Whether path and query, as sent (percent-encoded), are over ``max_bytes``."""
    path: bytes = scope.get("raw_path") or scope["path"].encode()
    query: bytes = scope["query_string"]
    return len(path) + (len(query) + 1 if query else 0) > max_bytes


class UriLengthLimitMiddleware:
    """Path and query over MAX_URI_BYTES answer 414."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if is_external_http(scope) and uri_too_long(scope):
            await refuse(scope, receive, send, 414, "URI too long")
            return
        await self.app(scope, receive, send)


class BodySizeLimitMiddleware:
    """Reads an API request's body before the app does, and answers 413 past ``max_bytes``.

    The bytes are counted as they arrive, chunked bodies included; a Content-Length over the
    limit is refused before anything is read. A body within the limit is handed on whole.
    """

    def __init__(self, app: ASGIApp, max_bytes: int = MAX_API_BODY_BYTES) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            not is_external_http(scope)
            or scope["method"] in BODILESS_METHODS
            or not scope["path"].startswith("/api/")
        ):
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length", "")
        if declared.isdigit() and int(declared) > self.max_bytes:
            await self.too_large(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        more_body = True
        while more_body:
            message = await receive()
            if message["type"] == "http.disconnect":
                return  # the client left: nobody to answer
            chunk: bytes = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self.too_large(scope, receive, send)
                return
            chunks.append(chunk)
            more_body = message.get("more_body", False)
        body = b"".join(chunks)
        body_sent = False

        async def receive_buffered() -> Message:
            nonlocal body_sent
            if body_sent:
                return await receive()  # what follows the body: the disconnect
            body_sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, receive_buffered, send)

    @staticmethod
    async def too_large(scope: Scope, receive: Receive, send: Send) -> None:
        # The rest of the body is never read, so the connection cannot carry another request.
        await refuse(
            scope, receive, send, 413, "Request body too large", headers={"Connection": "close"}
        )


@dataclass(frozen=True)
class Budget:
    capacity: float
    per_second: float


@dataclass
class Bucket:
    tokens: float
    updated_at: float


def budget_of(path: str) -> str | None:
    """Which rate budget a request spends: the API's, the HTML pages', or none (files, probes)."""
    if path.startswith("/api/"):
        return "api"
    if path.startswith(("/assets/", TILE_PREFIX)) or path in QUIET_PATHS:
        return None  # built files, map tiles (dozens per map) and the health probes
    if "." in path.rsplit("/", 1)[-1]:
        return None  # robots.txt, sitemap.xml, sw.js
    return "page"


class RateLimits:
    """A token bucket per client address and budget: ``per_minute`` requests, refilled evenly.

    Two budgets: the API's, and the HTML pages' (each a server render on a miss), with a rate a
    person browsing never meets. A page's own API calls are internal and not counted. In-process,
    so each worker process counts on its own. A bucket left alone for a minute is full again and
    is dropped; past ``max_clients`` the longest-idle buckets go first.
    """

    def __init__(
        self, per_minute: dict[str, int], max_clients: int = MAX_RATE_LIMITED_CLIENTS
    ) -> None:
        self.budgets = {
            name: Budget(float(rate), rate / MINUTE) for name, rate in per_minute.items() if rate
        }
        self.max_clients = max_clients
        self.buckets: OrderedDict[tuple[str, str], Bucket] = OrderedDict()  # least recent first

    def wait(self, path: str, client: str) -> float:
        """Spend a token of the budget ``path`` spends, if any: 0, or seconds until one comes."""
        name = budget_of(path)
        budget = self.budgets.get(name) if name else None
        if name is None or budget is None:
            return 0.0
        return self.take((name, client), budget, time.monotonic())

    def take(self, client: tuple[str, str], budget: Budget, now: float) -> float:
        """Spend one of the client's tokens: 0 if there was one, else seconds until there is."""
        self.forget_idle(now)
        bucket = self.buckets.get(client)
        if bucket is None:
            bucket = self.buckets[client] = Bucket(budget.capacity, now)
        else:
            elapsed = now - bucket.updated_at
            bucket.tokens = min(budget.capacity, bucket.tokens + elapsed * budget.per_second)
            bucket.updated_at = now
            self.buckets.move_to_end(client)
        if bucket.tokens >= 1:
            bucket.tokens -= 1
            return 0.0
        return (1 - bucket.tokens) / budget.per_second

    def forget_idle(self, now: float) -> None:
        while self.buckets:
            bucket = next(iter(self.buckets.values()))
            idle = now - bucket.updated_at >= MINUTE  # an empty bucket refills in a minute
            if not idle and len(self.buckets) < self.max_clients:
                return
            self.buckets.popitem(last=False)


class RateLimitMiddleware:
    """429 with ``Retry-After`` for a client past its budget (RateLimits)."""

    def __init__(self, app: ASGIApp, limits: RateLimits, client_of: ClientOf) -> None:
        self.app = app
        self.limits = limits
        self.client_of = client_of

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        # A request with an API key spends the key's quotas instead (middleware/api_keys.py).
        if is_external_http(scope) and budget_of(scope["path"]) and bearer_key(scope) is None:
            wait = self.limits.wait(scope["path"], self.client_of(scope))
            if wait:
                retry_after = str(max(1, math.ceil(wait)))
                message = "Too many requests from your connection. Please slow down."
                await refuse(scope, receive, send, 429, message, {"Retry-After": retry_after})
                return
        await self.app(scope, receive, send)


class RequestTimeoutMiddleware:
    """Answers 503 when the app has not started its response within ``seconds``.

    The app runs in a task of its own. At the deadline the client gets the 503 at once; work
    already in a worker thread cannot be stopped, so the task is left to finish (its session
    closes normally) and whatever it sends is dropped. A response that has started is never cut.
    """

    def __init__(self, app: ASGIApp, seconds: float) -> None:
        self.app = app
        self.seconds = seconds
        self.abandoned: set[asyncio.Task[None]] = set()  # referenced until they finish

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not self.seconds or not is_external_http(scope):
            await self.app(scope, receive, send)
            return
        response_started = False
        abandoned = False

        async def send_until_abandoned(message: Message) -> None:
            nonlocal response_started
            if abandoned:
                return
            if message["type"] == "http.response.start":
                response_started = True
            await send(message)

        async def run_app() -> None:
            await self.app(scope, receive, send_until_abandoned)

        task = asyncio.create_task(run_app())
        try:
            done, _ = await asyncio.wait({task}, timeout=self.seconds)
        except BaseException:
            task.cancel()  # we were cancelled: so is the request's work, as without us
            raise
        if done or response_started:
            await task
            return
        abandoned = True
        self.abandoned.add(task)
        task.add_done_callback(self.finished)
        log.warning(
            "%s %s took over %s s; answered 503, its work goes on in the background",
            scope["method"],
            scope["path"],
            self.seconds,
        )
        await refuse(
            scope,
            receive,
            send,
            503,
            "The request took too long",
            {"Retry-After": str(RETRY_AFTER_TIMEOUT_SECONDS)},
        )

    def finished(self, task: asyncio.Task[None]) -> None:
        self.abandoned.discard(task)
        if not task.cancelled() and (error := task.exception()) is not None:
            log.error("A request that had timed out failed", exc_info=error)


@dataclass(frozen=True)
class Refusal:
    status: int
    message: str
    retry_after: str


class ConcurrencyLimits:
    """How many requests a process works on at once: ``limit`` in all, ``per_client`` each.

    Without it, a burst queues in memory without end while every queued client waits; with it,
    the excess is told to come back (``Retry-After``) at once. The per-client share keeps one
    client's burst of expensive misses from taking the CPU that everyone else's cached answers
    need (bench/burst.py); a browser opens far fewer connections than that.
    """

    def __init__(self, limit: int, per_client: int) -> None:
        self.limit = limit
        self.per_client = per_client
        self.in_flight = 0
        self.by_client: dict[str, int] = {}

    def share(self, path: str, client: str) -> str:
        """Whose share a request counts in: the client's, or nobody's ("")."""
        if not self.per_client or path.startswith(TILE_PREFIX):
            return ""  # a map's dozens of tiles: not a share (web/tiles.py bounds its fetches)
        return client

    def refusal(self, share: str) -> Refusal | None:
        if self.limit and self.in_flight >= self.limit:
            return Refusal(503, "The server is busy. Please retry.", str(RETRY_AFTER_BUSY_SECONDS))
        if share and self.by_client.get(share, 0) >= self.per_client:
            message = "Too many requests at once from your connection. Please retry."
            return Refusal(429, message, "1")
        return None

    @contextmanager
    def counted(self, share: str) -> Iterator[None]:
        """Counts a request while it runs."""
        self.in_flight += 1
        if share:
            self.by_client[share] = self.by_client.get(share, 0) + 1
        try:
            yield
        finally:
            self.in_flight -= 1
            if share:
                self.by_client[share] -= 1
                if not self.by_client[share]:
                    del self.by_client[share]


class ConcurrencyLimitMiddleware:
    """503 when the process is busy, 429 past a client's share (ConcurrencyLimits)."""

    def __init__(self, app: ASGIApp, limits: ConcurrencyLimits, client_of: ClientOf) -> None:
        self.app = app
        self.limits = limits
        self.client_of = client_of

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not is_external_http(scope):
            await self.app(scope, receive, send)
            return
        share = self.limits.share(scope["path"], self.client_of(scope))
        refusal = self.limits.refusal(share)
        if refusal is not None:
            headers = {"Retry-After": refusal.retry_after}
            await refuse(scope, receive, send, refusal.status, refusal.message, headers)
            return
        with self.limits.counted(share):
            await self.app(scope, receive, send)

"""Limits on what one request may ask: URL length, body size, API request rate, time taken.

Each refusal is a small JSON ``{"message": ...}`` answered before the request reaches a route.
Our own in-process API calls (see request_context.INTERNAL_REQUEST) pass through untouched.
"""

import asyncio
import logging
import math
import time
from collections import OrderedDict
from dataclasses import dataclass

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from scrapindex.middleware.request_context import client_address, is_external_http

log = logging.getLogger(__name__)

MAX_URI_BYTES = 2048
MAX_API_BODY_BYTES = 64 * 1024
RETRY_AFTER_TIMEOUT_SECONDS = 5
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


class UriLengthLimitMiddleware:
    """Path and query over ``max_bytes`` (as sent, percent-encoded) answer 414."""

    def __init__(self, app: ASGIApp, max_bytes: int = MAX_URI_BYTES) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if is_external_http(scope):
            path: bytes = scope.get("raw_path") or scope["path"].encode()
            query: bytes = scope["query_string"]
            if len(path) + (len(query) + 1 if query else 0) > self.max_bytes:
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


@dataclass
class Bucket:
    tokens: float
    updated_at: float


class ApiRateLimitMiddleware:
    """A token bucket per client address for /api/: ``per_minute`` requests, refilled evenly.

    In-process, so each worker process counts on its own. A bucket left alone for a minute is
    full again and is dropped; past ``max_clients`` the longest-idle buckets go first.
    """

    def __init__(
        self,
        app: ASGIApp,
        per_minute: int,
        trust_proxy_headers: bool,
        max_clients: int = MAX_RATE_LIMITED_CLIENTS,
    ) -> None:
        self.app = app
        self.capacity = float(per_minute)
        self.per_second = per_minute / MINUTE
        self.trust_proxy_headers = trust_proxy_headers
        self.max_clients = max_clients
        self.buckets: OrderedDict[str, Bucket] = OrderedDict()  # least recently used first

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.capacity and is_external_http(scope) and scope["path"].startswith("/api/"):
            client = client_address(scope, self.trust_proxy_headers)
            wait = self.take(client, time.monotonic())
            if wait:
                retry_after = str(max(1, math.ceil(wait)))
                message = "Too many requests from your connection. Please slow down."
                await refuse(scope, receive, send, 429, message, {"Retry-After": retry_after})
                return
        await self.app(scope, receive, send)

    def take(self, client: str, now: float) -> float:
        """Spend one of the client's tokens: 0 if there was one, else seconds until there is."""
        self.forget_idle(now)
        bucket = self.buckets.get(client)
        if bucket is None:
            bucket = self.buckets[client] = Bucket(self.capacity, now)
        else:
            elapsed = now - bucket.updated_at
            bucket.tokens = min(self.capacity, bucket.tokens + elapsed * self.per_second)
            bucket.updated_at = now
            self.buckets.move_to_end(client)
        if bucket.tokens >= 1:
            bucket.tokens -= 1
            return 0.0
        return (1 - bucket.tokens) / self.per_second

    def forget_idle(self, now: float) -> None:
        while self.buckets:
            bucket = next(iter(self.buckets.values()))
            idle = now - bucket.updated_at >= MINUTE  # an empty bucket refills in a minute
            if not idle and len(self.buckets) < self.max_clients:
                return
            self.buckets.popitem(last=False)


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

"""The fast path: a cached API answer or page sent straight from memory.

A GET or HEAD of a URL whose answer is in the API's response cache (cache/api_responses.py) or
the page cache (cache/pages.py), fresh and for the data revision read in the last second, is
answered here, before Starlette's layers, our limits, the redirects and the router run for it.
Those layers cost more than the answer: the router alone walks every API route before the
pages' catch-all. Everything they would have done for such a request is done here, with their
own code and state, so no answer changes:

- the security headers: this layer sits right inside SecurityHeadersMiddleware, which adds them;
- the URL length (414), a NUL (400) or a control character (404): such a request goes the long
  way, to be refused there;
- the concurrency cap and the per-client rate limit: the same layers' counters, read and spent
  here; a request they would refuse goes the long way, to be refused there;
- the request id (``X-Request-ID``) and the request's log line (middleware/request_context.py);
- HEAD answered as the GET without its body; If-None-Match (304) and Accept-Encoding (gzip) by
  the caches' own rule (cache/representation.py ``select``).

Anything else goes the long way: a miss, a stale entry (refreshed there), a revision not read in
the last second, a private path, an internal request, another method.
"""

import re
import time
import uuid
from collections.abc import Callable, Collection, Iterator
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

from scrapindex import logs
from scrapindex.cache.api_responses import ApiCacheMiddleware
from scrapindex.cache.pages import PageCache, page_reply, page_url
from scrapindex.cache.representation import Reply
from scrapindex.middleware.guards import CONTROL_CHARACTER
from scrapindex.middleware.limits import (
    MAX_URI_BYTES,
    ConcurrencyLimitMiddleware,
    RateLimitMiddleware,
    UriLengthLimitMiddleware,
    budget_of,
)
from scrapindex.middleware.request_context import (
    INTERNAL_REQUEST,
    REQUEST_ID_HEADER,
    RequestContextMiddleware,
    accepted_request_id,
    client_address,
)

# The request headers an answer from memory depends on (names as ASGI gives them: lower case).
READ_HEADERS = frozenset({b"accept-encoding", b"if-none-match", REQUEST_ID_HEADER.lower().encode()})
REQUEST_ID = REQUEST_ID_HEADER.lower().encode()
# Characters Starlette escapes when it makes a request's URL (the page route's key comes from
# it): a path with one goes the long way rather than risk another key.
ESCAPED_IN_URLS = re.compile(r"[?#\\]")
MAX_LAYERS = 64


def layers(app: ASGIApp) -> Iterator[Any]:
    """The middleware stack from ``app`` inwards, each layer's ``app`` in turn."""
    layer: Any = app
    for _ in range(MAX_LAYERS):
        if layer is None:
            return
        yield layer
        layer = getattr(layer, "app", None)


def first(kind: type[Any], app: ASGIApp) -> Any:
    return next((layer for layer in layers(app) if isinstance(layer, kind)), None)


class FastPathMiddleware:
    def __init__(
        self,
        app: ASGIApp,
        pages: PageCache | None = None,
        page_query_names: Callable[[str], Collection[str]] = lambda _: (),
    ) -> None:
        self.app = app
        self.pages = pages
        self.page_query_names = page_query_names  # what the page at a path reads of its query
        self.api: ApiCacheMiddleware | None = first(ApiCacheMiddleware, app)
        self.context: RequestContextMiddleware | None = first(RequestContextMiddleware, app)
        self.concurrency: ConcurrencyLimitMiddleware | None = first(ConcurrencyLimitMiddleware, app)
        self.rate: RateLimitMiddleware | None = first(RateLimitMiddleware, app)
        uri: UriLengthLimitMiddleware | None = first(UriLengthLimitMiddleware, app)
        self.max_uri_bytes = uri.max_bytes if uri is not None else MAX_URI_BYTES
        trusts = {
            layer.trust_proxy_headers
            for layer in (self.context, self.concurrency, self.rate)
            if layer is not None
        }
        # Without the request context there is no id or log line to give; the limits must agree
        # on who the client is. Otherwise everything goes the long way.
        self.enabled = self.context is not None and len(trusts) == 1
        self.trust_proxy_headers = trusts.pop() if self.enabled else False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            not self.enabled
            or scope["type"] != "http"
            or scope["method"] not in ("GET", "HEAD")
            or scope.get(INTERNAL_REQUEST)
        ):
            await self.app(scope, receive, send)
            return
        started_at = time.perf_counter()
        request_headers: dict[str, str] = {}
        for name, value in scope["headers"]:
            if name in READ_HEADERS:  # the first of each, as Starlette's Headers.get reads
                request_headers.setdefault(name.decode(), value.decode("latin-1"))
        reply = self.cached(scope, request_headers)
        if reply is None:
            await self.app(scope, receive, send)
            return
        client = client_address(scope, self.trust_proxy_headers)
        if not self.within_limits(scope["path"], client):
            await self.app(scope, receive, send)  # to be refused there, as it always was
            return
        request_id = accepted_request_id(request_headers.get(REQUEST_ID_HEADER.lower()))
        await self.answer(scope, send, reply, request_id, client, started_at)

    def cached(self, scope: Scope, request_headers: dict[str, str]) -> Reply | None:
        """The answer from memory, or None when the request must go the long way."""
        path: str = scope["path"]
        query: bytes = scope["query_string"]
        raw_path: bytes = scope.get("raw_path") or path.encode()
        if len(raw_path) + (len(query) + 1 if query else 0) > self.max_uri_bytes:
            return None
        if b"%00" in query or CONTROL_CHARACTER.search(path):
            return None
        if path.startswith("/api/"):
            entry = self.api.fresh(path, query) if self.api is not None else None
            return self.api.reply(entry, request_headers) if self.api and entry else None
        if self.pages is None or ESCAPED_IN_URLS.search(path):
            return None
        if query and (not query.isascii() or b"#" in query):
            return None  # the page route reads the query as Starlette decodes it: not here
        names = self.page_query_names(path) if query else ()
        page = self.pages.fresh(page_url(path, query.decode("ascii"), names))
        return page_reply(page, request_headers) if page is not None else None

    def within_limits(self, path: str, client: str) -> bool:
        """Spends a token of the client's rate budget; False (nothing spent) if refused."""
        cap = self.concurrency
        if cap is not None:
            if cap.limit and cap.in_flight >= cap.limit:
                return False
            if cap.per_client and cap.by_client.get(client, 0) >= cap.per_client:
                return False
        rate = self.rate
        name = budget_of(path)
        budget = rate.budgets.get(name) if rate is not None and name else None
        if rate is None or name is None or budget is None:
            return True
        return rate.take((name, client), budget, time.monotonic()) == 0

    async def answer(
        self,
        scope: Scope,
        send: Send,
        reply: Reply,
        request_id: str | None,
        client: str,
        started_at: float,
    ) -> None:
        assert self.context is not None
        request_id = request_id or uuid.uuid4().hex
        token = logs.request_id.set(request_id)
        cap = self.concurrency
        share = client if cap is not None and cap.per_client else ""  # counted as it counts
        if cap is not None:  # counted while it is sent, as the long way counts it
            cap.in_flight += 1
            if share:
                cap.by_client[share] = cap.by_client.get(share, 0) + 1
        status: int | None = None
        try:
            headers = [*reply.headers, (REQUEST_ID, request_id.encode())]
            await send({"type": "http.response.start", "status": reply.status, "headers": headers})
            status = reply.status
            body = b"" if scope["method"] == "HEAD" else reply.body
            await send({"type": "http.response.body", "body": body, "more_body": False})
        finally:
            if cap is not None:
                cap.in_flight -= 1
                if share:
                    cap.by_client[share] -= 1
                    if not cap.by_client[share]:
                        del cap.by_client[share]
            self.context.log_request(scope, status, time.perf_counter() - started_at)
            logs.request_id.reset(token)

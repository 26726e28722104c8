"""The fast path: a cached API answer or page sent straight from memory.

A GET or HEAD of a URL whose answer is in the API's response cache (cache/api_responses.py) or
the page cache (cache/pages.py), fresh and for the data revision read in the last second, is
answered here, before Starlette's layers, our limits, the redirects and the router run for it.
Those layers cost more than the answer: the router alone walks every API route before the
pages' catch-all. Everything they would have done for such a request is done here, with the
same objects and rules they use, handed to it by the app (app.py's middleware list), so no
answer changes:

- the security headers: this layer sits right inside SecurityHeadersMiddleware, which adds them;
- the URL length (414), a NUL (400) or a control character (404): such a request goes the long
  way, to be refused there;
- the concurrency cap and the per-client rate limit: the same ConcurrencyLimits and RateLimits,
  asked and spent here; a request they would refuse goes the long way, to be refused there;
- a request with an API key always goes the long way, to be counted against its key
  (middleware/api_keys.py);
- the request id (``X-Request-ID``) and the request's log line (middleware/request_context.py);
- HEAD answered as the GET without its body; If-None-Match (304) and Accept-Encoding (gzip) by
  the caches' own rule (cache/representation.py ``select``).

Anything else goes the long way: a miss, a stale entry (refreshed there), a revision not read in
the last second, a private path, an internal request, another method.
"""

import re
import time
import uuid
from collections.abc import Callable, Collection

from starlette.types import ASGIApp, Receive, Scope, Send

from scrapindex import logs
from scrapindex.cache.api_responses import ApiResponses
from scrapindex.cache.pages import PageCache, page_reply, page_url
from scrapindex.cache.representation import Reply
from scrapindex.middleware.bearer import bearer_key
from scrapindex.middleware.guards import control_character_refusal
from scrapindex.middleware.limits import ConcurrencyLimits, RateLimits, uri_too_long
from scrapindex.middleware.request_context import (
    INTERNAL_REQUEST,
    REQUEST_ID_HEADER,
    ClientOf,
    accepted_request_id,
    log_request,
)

# The request headers an answer from memory depends on (names as ASGI gives them: lower case).
READ_HEADERS = frozenset({b"accept-encoding", b"if-none-match", REQUEST_ID_HEADER.lower().encode()})
REQUEST_ID = REQUEST_ID_HEADER.lower().encode()
# Characters Starlette escapes when it makes a request's URL (the page route's key comes from
# it): a path with one goes the long way rather than risk another key.
ESCAPED_IN_URLS = re.compile(r"[?#\\]")


class FastPathMiddleware:
    def __init__(
        self,
        app: ASGIApp,
        *,
        api: ApiResponses,
        pages: PageCache,
        page_query_names: Callable[[str], Collection[str]],
        concurrency: ConcurrencyLimits,
        rates: RateLimits,
        client_of: ClientOf,
    ) -> None:
        self.app = app
        self.api = api
        self.pages = pages
        self.page_query_names = page_query_names  # what the page at a path reads of its query
        self.concurrency = concurrency
        self.rates = rates
        self.client_of = client_of
        self.enabled = True  # tests turn it off to compare with the long way

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            not self.enabled
            or scope["type"] != "http"
            or scope["method"] not in ("GET", "HEAD")
            or scope.get(INTERNAL_REQUEST)
            or bearer_key(scope) is not None  # counted against its key's quotas the long way
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
        client = self.client_of(scope)
        share = self.concurrency.share(scope["path"], client)
        if self.concurrency.refusal(share) or self.rates.wait(scope["path"], client):
            await self.app(scope, receive, send)  # to be refused there, as it always was
            return
        request_id = accepted_request_id(request_headers.get(REQUEST_ID_HEADER.lower()))
        with self.concurrency.counted(share):  # while it is sent, as the long way counts it
            await self.answer(scope, send, reply, request_id, client, started_at)

    def cached(self, scope: Scope, request_headers: dict[str, str]) -> Reply | None:
        """The answer from memory, or None when the request must go the long way."""
        path: str = scope["path"]
        query: bytes = scope["query_string"]
        if uri_too_long(scope) or control_character_refusal(path, query):
            return None
        if path.startswith("/api/"):
            entry = self.api.fresh(path, query)
            return self.api.reply(entry, request_headers) if entry is not None else None
        if ESCAPED_IN_URLS.search(path):
            return None
        if query and (not query.isascii() or b"#" in query):
            return None  # the page route reads the query as Starlette decodes it: not here
        names = self.page_query_names(path) if query else ()
        page = self.pages.fresh(page_url(path, query.decode("ascii"), names))
        return page_reply(page, request_headers) if page is not None else None

    async def answer(
        self,
        scope: Scope,
        send: Send,
        reply: Reply,
        request_id: str | None,
        client: str,
        started_at: float,
    ) -> None:
        request_id = request_id or uuid.uuid4().hex
        token = logs.request_id.set(request_id)
        status: int | None = None
        try:
            headers = [*reply.headers, (REQUEST_ID, request_id.encode())]
            await send({"type": "http.response.start", "status": reply.status, "headers": headers})
            status = reply.status
            body = b"" if scope["method"] == "HEAD" else reply.body
            await send({"type": "http.response.body", "body": body, "more_body": False})
        finally:
            log_request(scope, status, time.perf_counter() - started_at, client)
            logs.request_id.reset(token)

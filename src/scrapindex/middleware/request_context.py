"""Each request's id, client address and log line; unhandled errors answered without detail.

Around every limit (inside only the security headers and the fast path, which writes the same id
and log line for what it answers): every response, the limits' refusals included, carries the
``X-Request-ID`` header, and every log record written while a request is handled carries its id.
"""

import logging
import re
import time
import uuid
from collections.abc import Callable

from starlette.datastructures import Headers, MutableHeaders
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from scrapindex import logs
from scrapindex.middleware.proxies import ProxyRule

log = logging.getLogger(__name__)
access_log = logging.getLogger("scrapindex.access")

REQUEST_ID_HEADER = "X-Request-ID"
VALID_REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
# Successful probes are logged at DEBUG, so a load balancer's checks do not fill the log.
QUIET_PATHS = frozenset({"/healthz", "/readyz"})
# A scope key our own in-process API calls (web/internal_api.py) carry: they belong to the page
# request that makes them, so they keep its id and are not logged, limited or timed on their own.
INTERNAL_REQUEST = "scrapindex.internal"
# Who a request is from, decided once for every layer that counts or logs clients.
ClientOf = Callable[[Scope], str]


def is_external_http(scope: Scope) -> bool:
    return scope["type"] == "http" and not scope.get(INTERNAL_REQUEST)


def client_of(proxies: ProxyRule) -> ClientOf:
    """The client rule of the app: every limit and the log line use this one (the connection's
    address, or as the trusted proxies in front report it: middleware/proxies.py)."""
    return proxies.client


def incoming_request_id(scope: Scope) -> str | None:
    return accepted_request_id(Headers(scope=scope).get(REQUEST_ID_HEADER))


def accepted_request_id(value: str | None) -> str | None:
    """The id a client or proxy sent, if it is one we keep (our log lines are JSON, but not
    every reader of them is careful)."""
    return value if value is not None and VALID_REQUEST_ID.fullmatch(value) else None


class RequestContextMiddleware:
    def __init__(self, app: ASGIApp, client_of: ClientOf) -> None:
        self.app = app
        self.client_of = client_of

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not is_external_http(scope):
            await self.app(scope, receive, send)
            return
        request_id = incoming_request_id(scope) or uuid.uuid4().hex
        scope.setdefault("state", {})["request_id"] = request_id
        token = logs.request_id.set(request_id)
        started_at = time.perf_counter()
        status: int | None = None

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                MutableHeaders(scope=message)[REQUEST_ID_HEADER] = request_id
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except Exception:
            log.exception("Unhandled error on %s %s", scope["method"], scope["path"])
            if status is not None:
                raise  # the response is under way: the server can only drop the connection
            response = JSONResponse({"message": "Internal server error"}, status_code=500)
            await response(scope, receive, send_with_id)
        finally:
            seconds = time.perf_counter() - started_at
            log_request(scope, status, seconds, self.client_of(scope))
            logs.request_id.reset(token)


def log_request(scope: Scope, status: int | None, seconds: float, client: str) -> None:
    """The request's access log line (the fast path writes the same for its answers)."""
    if status is None or status >= 500:  # None: no answer (cancelled, or the client left)
        level = logging.WARNING
    elif scope["path"] in QUIET_PATHS and status < 400:
        level = logging.DEBUG
    else:
        level = logging.INFO
    method, path = scope["method"], scope["path"]
    access_log.log(
        level,
        "%s %s %s",
        method,
        path,
        status if status is not None else "-",
        extra={
            "method": method,
            "path": path,
            "status": status,
            "duration_ms": round(seconds * 1000, 1),
            "client": client,
        },
    )

"""Keyed API requests: ``Authorization: Bearer <key>`` on /api/*.

A valid key's request spends the key's own quotas (api_keys/usage.py) instead of the anonymous
per-client budget (RateLimitMiddleware passes every request that sends a bearer key on to here,
and the fast path sends them the long way), and its answer carries the RateLimit fields. Past a
quota: 429 with Retry-After, counted as refused. An unknown or revoked key: 401, never a silent
fall back to the anonymous limits; such a request spends the anonymous budget of its client, so
guessing keys is rate-limited like anything else.

Placed inside DatabaseOutageMiddleware (the count is a database write: an outage is a 503).
"""

import datetime as dt
import math
import time

import anyio.to_thread
from sqlalchemy import Engine
from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from scrapindex.api_keys.usage import KeyCheck, KeyChecker
from scrapindex.middleware.bearer import bearer_key
from scrapindex.middleware.limits import RateLimits, refuse
from scrapindex.middleware.request_context import ClientOf, is_external_http

# Where the key's id is put in the scope for the routes (api/key_auth.py) once it is valid.
API_KEY_SCOPE = "scrapindex.api_key"
UNKNOWN_KEY = "Unknown API key. Check the key you send in 'Authorization: Bearer <key>'."
REVOKED_KEY = "This API key was revoked. Ask the ScrapIndex team for a new one."
PER_MINUTE = "Your API key's requests per minute are used up. Please slow down."
PER_DAY = "Your API key's requests for today (UTC) are used up."
WWW_AUTHENTICATE = 'Bearer realm="ScrapIndex API"'


class ApiKeyMiddleware:
    def __init__(
        self, app: ASGIApp, engine: Engine, rates: RateLimits, client_of: ClientOf
    ) -> None:
        self.app = app
        self.engine = engine
        self.rates = rates
        self.client_of = client_of
        self.checker = KeyChecker()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        secret = bearer_key(scope) if is_external_http(scope) else None
        if secret is None:
            await self.app(scope, receive, send)
            return
        checked = await anyio.to_thread.run_sync(self.check, secret)
        if checked.outcome in ("unknown", "revoked"):
            await self.refuse_key(scope, receive, send, checked)
            return
        headers = checked.headers()
        if checked.outcome != "ok":
            message = PER_MINUTE if checked.outcome == "minute" else PER_DAY
            headers["Retry-After"] = str(checked.retry_after)
            await refuse(scope, receive, send, 429, message, headers)
            return
        scope[API_KEY_SCOPE] = checked.key_id

        async def send_with_fields(message: Message) -> None:
            if message["type"] == "http.response.start":
                fields = MutableHeaders(scope=message)
                for name, value in headers.items():
                    fields[name] = value
            await send(message)

        await self.app(scope, receive, send_with_fields)

    def check(self, secret: str) -> KeyCheck:
        with self.engine.begin() as connection:
            return self.checker.check(connection, secret, dt.datetime.now(dt.UTC), time.monotonic())

    async def refuse_key(
        self, scope: Scope, receive: Receive, send: Send, checked: KeyCheck
    ) -> None:
        wait = self.rates.wait(scope["path"], self.client_of(scope))
        if wait:
            message = "Too many requests from your connection. Please slow down."
            retry_after = {"Retry-After": str(max(1, math.ceil(wait)))}
            await refuse(scope, receive, send, 429, message, retry_after)
            return
        message = REVOKED_KEY if checked.outcome == "revoked" else UNKNOWN_KEY
        await refuse(scope, receive, send, 401, message, {"WWW-Authenticate": WWW_AUTHENTICATE})

"""ETag and Cache-Control for the API's GET responses, as a small ASGI middleware.

The body is hashed after it is produced, so a client holding the same data gets a 304 with no
body; whenever the data changes (a price update, a new yard) the tag changes with it.
"""

import hashlib

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class ApiCacheMiddleware:
    def __init__(self, app: ASGIApp, max_age: int) -> None:
        self.app = app
        self.cache_control = f"public, max-age={max_age}" if max_age else "no-cache"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope["method"] not in ("GET", "HEAD")
            or not scope["path"].startswith("/api/")
        ):
            await self.app(scope, receive, send)
            return
        if_none_match = Headers(scope=scope).get("if-none-match")
        start: Message | None = None
        chunks: list[bytes] = []

        async def buffer(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                start = message
                return
            if message["type"] != "http.response.body" or start is None:
                await send(message)
                return
            chunks.append(message.get("body", b""))
            if message.get("more_body", False):
                return
            await self._finish(start, b"".join(chunks), if_none_match, send)

        await self.app(scope, receive, buffer)

    async def _finish(
        self, start: Message, body: bytes, if_none_match: str | None, send: Send
    ) -> None:
        headers = MutableHeaders(scope=start)
        if start["status"] != 200 or "etag" in headers:
            await send(start)
            await send({"type": "http.response.body", "body": body})
            return
        etag = '"' + hashlib.blake2b(body, digest_size=16).hexdigest() + '"'
        headers["ETag"] = etag
        headers.setdefault("Cache-Control", self.cache_control)
        if if_none_match and etag in {
            tag.strip().removeprefix("W/") for tag in if_none_match.split(",")
        }:
            start["status"] = 304
            del headers["content-length"]
            del headers["content-type"]
            await send(start)
            await send({"type": "http.response.body", "body": b""})
            return
        await send(start)
        await send({"type": "http.response.body", "body": body})


def _tags(if_none_match: str) -> set[str]:
    return {tag.strip().removeprefix("W/") for tag in if_none_match.split(",")}

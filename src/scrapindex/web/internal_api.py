"""Asking our own API from inside the app, through the same middleware and response cache.

A page's HTML embeds the API answers its first render needs. Going through the ASGI app (not the
route functions) means the HTML and a later fetch by the browser get the same cached bytes.
"""

import json
from dataclasses import dataclass
from typing import Any

from starlette.types import ASGIApp, Message

from scrapindex.middleware.request_context import INTERNAL_REQUEST


@dataclass(frozen=True)
class ApiAnswer:
    status: int
    body: bytes

    @property
    def ok(self) -> bool:
        return self.status == 200

    def json(self) -> Any:
        return json.loads(self.body)


async def api_get(app: ASGIApp, path: str, query: str = "") -> ApiAnswer:
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": query.encode(),
        "root_path": "",
        "headers": [(b"host", b"internal"), (b"accept", b"application/json")],
        "client": ("127.0.0.1", 0),
        "server": ("internal", 80),
        "state": {},
        INTERNAL_REQUEST: True,  # part of the page request: not logged, limited or timed apart
    }
    status = 500
    chunks: list[bytes] = []

    async def receive() -> Message:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Message) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    await app(scope, receive, send)
    return ApiAnswer(status=status, body=b"".join(chunks))

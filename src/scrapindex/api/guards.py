"""Refuse requests no endpoint can mean before they reach the database."""

import json

from starlette.types import ASGIApp, Receive, Scope, Send


class RejectNulBytesMiddleware:
    """A NUL character in a path or query is never a real slug or search.

    PostgreSQL cannot store or compare text containing NUL, so such a value would otherwise
    surface as a database error; it gets a plain 400 instead.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and ("\x00" in scope["path"] or b"%00" in scope["query_string"]):
            body = json.dumps({"message": "The request contains a NUL character"}).encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": 400,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())],
                }
            )  # fmt: skip
            await send({"type": "http.response.body", "body": body})
            return
        await self.app(scope, receive, send)

"""Refuse requests no endpoint can mean before they reach the database."""

import json
import re
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI
from starlette.types import ASGIApp, Receive, Scope, Send

# What RejectNulBytesMiddleware lets through, as an OpenAPI pattern: any text without NUL.
NO_NUL_PATTERN = "^[^\\x00]*$"
# C0 controls and DEL, decoded from a path's %09, %0a...: no page or API path has one.
CONTROL_CHARACTER = re.compile(r"[\x00-\x1f\x7f]")


async def answer(send: Send, status: int, message: str) -> None:
    body = json.dumps({"message": message}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"),
                        (b"content-length", str(len(body)).encode())],
        }
    )  # fmt: skip
    await send({"type": "http.response.body", "body": body})


class RejectControlCharactersMiddleware:
    """A NUL character in a path or query is never a real slug or search: 400.

    PostgreSQL cannot store or compare text containing NUL, so such a value would otherwise
    surface as a database error. Any other control character in a path names nothing: 404,
    before a lenient lookup could serve a page under a second, broken URL.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            refused = control_character_refusal(scope["path"], scope["query_string"])
            if refused is not None:
                await answer(send, *refused)
                return
        await self.app(scope, receive, send)


def control_character_refusal(path: str, query: bytes) -> tuple[int, str] | None:
    """The status and message a request with a NUL or control character gets, or None."""
    if "\x00" in path or b"%00" in query:
        return 400, "The request contains a NUL character"
    if CONTROL_CHARACTER.search(path):
        return 404, "Not found"
    return None


def document_nul_rule(app: FastAPI) -> None:
    """Say in the OpenAPI schema what the middleware enforces for every operation at once.

    Each free-text path and query parameter gets NO_NUL_PATTERN, so that API clients (and the
    fuzzer) know a value with NUL is refused, with the 400 every operation documents.
    """
    build: Callable[[], dict[str, Any]] = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = build()
            for operations in schema["paths"].values():
                for operation in operations.values():
                    for parameter in operation.get("parameters", []):
                        for text in free_text_schemas(parameter["schema"]):
                            text["pattern"] = NO_NUL_PATTERN
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def free_text_schemas(schema: dict[str, Any]) -> list[dict[str, Any]]:
    branches = schema.get("anyOf", [schema])
    return [
        branch
        for branch in branches
        if branch.get("type") == "string" and not {"enum", "pattern", "format"} & branch.keys()
    ]

"""Refuse requests no endpoint can mean before they reach the database."""

import json
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI
from starlette.types import ASGIApp, Receive, Scope, Send

# What RejectNulBytesMiddleware lets through, as an OpenAPI pattern: any text without NUL.
NO_NUL_PATTERN = "^[^\\x00]*$"


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

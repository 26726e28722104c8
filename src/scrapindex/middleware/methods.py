"""Which methods each path answers, decided once for the whole app (RFC 9110 §9).

- HEAD is answered as the GET it stands for, with the same status and headers and no body, so
  uptime monitors and link checkers see what a browser would.
- OPTIONS answers 204 with ``Allow`` (no CORS headers: the site allows no other origins).
- A method the path does not serve answers 405 with ``Allow``; a path nothing serves answers
  404 whatever the method (a GET goes on to the routes, which answer their own 404 page).
"""

import re
from collections.abc import Callable, Iterable
from functools import cache

from fastapi import APIRouter, FastAPI
from fastapi.routing import APIRoute
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from scrapindex.api_paths import api_paths

# The methods a path serves, or None when nothing serves it.
AllowedMethods = Callable[[str], frozenset[str] | None]

READ_ONLY = frozenset({"GET", "HEAD", "OPTIONS"})


def allow_header(methods: frozenset[str]) -> str:
    return ", ".join(sorted(methods))


def with_implied(methods: Iterable[str]) -> frozenset[str]:
    """A route's methods with the two every path answers: HEAD (for GET) and OPTIONS."""
    found = set(methods) | {"OPTIONS"}
    if "GET" in found:
        found.add("HEAD")
    return frozenset(found)


def app_methods(app: FastAPI, pages: AllowedMethods) -> AllowedMethods:
    """The methods of the API's operations (its OpenAPI document) and docs; ``pages`` for the rest.

    Read when first needed, once the app's routes are all in place.
    """

    paths = api_paths(app)

    @cache
    def own_routes() -> list[tuple[re.Pattern[str], frozenset[str]]]:
        return [  # the docs and the OpenAPI document
            (route.path_regex, frozenset(route.methods or ()))
            for route in app.routes
            if isinstance(route, Route)
        ]

    def allowed(path: str) -> frozenset[str] | None:
        if path != "/api" and not path.startswith("/api/"):
            return pages(path)
        matching = [p.methods for p in paths() if p.regex.match(path)]
        matching += [found for regex, found in own_routes() if regex.match(path)]
        methods = {method for found in matching for method in found}
        return with_implied(methods) if methods else None

    return allowed


def with_routes_of(pages: AllowedMethods, *routers: APIRouter) -> AllowedMethods:
    """``pages`` with the fixed paths of ``routers`` (pages outside the route table, such as the
    mail links' pages), each answering what its routes' decorators declare."""
    declared: dict[str, set[str]] = {}
    for router in routers:
        for route in router.routes:
            if isinstance(route, APIRoute):
                declared.setdefault(route.path, set()).update(route.methods or ())
    fixed = {path: with_implied(methods) for path, methods in declared.items()}

    def methods(path: str) -> frozenset[str] | None:
        return fixed.get(path) or pages(path)

    return methods


class MethodsMiddleware:
    def __init__(self, app: ASGIApp, allowed: AllowedMethods) -> None:
        self.app = app
        self.allowed = allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        method: str = scope["method"]
        allowed = self.allowed(scope["path"])
        if method in ("GET", "HEAD") and (allowed is None or "GET" in allowed):
            if method == "HEAD":
                await self.app({**scope, "method": "GET"}, receive, without_body(send))
            else:
                await self.app(scope, receive, send)
            return
        if allowed is None:
            response: Response = JSONResponse({"message": "Not found"}, status_code=404)
        elif method == "OPTIONS":
            response = Response(status_code=204, headers={"Allow": allow_header(allowed)})
        elif method not in allowed:
            response = JSONResponse(
                {"message": "Method not allowed"},
                status_code=405,
                headers={"Allow": allow_header(allowed)},
            )
        else:
            await self.app(scope, receive, send)
            return
        await response(scope, receive, send)


def without_body(send: Send) -> Send:
    """Passes the response start (Content-Length included) and drops every byte of the body."""

    async def send_head(message: Message) -> None:
        if message["type"] == "http.response.body":
            if not message.get("more_body", False):
                await send({"type": "http.response.body", "body": b"", "more_body": False})
            return
        await send(message)

    return send_head

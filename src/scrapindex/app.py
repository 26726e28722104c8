"""The application factory: API routers, error shapes, caching headers."""

import copy
import gc
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware import Middleware

from scrapindex import revision
from scrapindex.api import (
    alerts,
    api_access,
    auth,
    blog,
    bulk,
    calculator,
    cities,
    contact,
    countries,
    insights,
    materials,
    newsletter,
    owner,
    price_reports,
    prices,
    search,
    stats,
    yard_claims,
    yard_clusters,
    yard_suggestions,
    yards,
)
from scrapindex.api.admin import (
    api_keys,
    audit_log,
    contact_messages,
    data_check,
    import_runs,
    summary,
    users,
    yard_licences,
)
from scrapindex.api.admin import newsletter as newsletter_subscribers
from scrapindex.api.admin import price_reports as price_report_queue
from scrapindex.api.admin import yard_owners as yard_owner_admin
from scrapindex.api.admin import yard_suggestions as yard_suggestion_queue
from scrapindex.auth.deps import CONSOLE_ERRORS
from scrapindex.cache.api_responses import ApiCacheMiddleware, ApiResponses
from scrapindex.cache.keys import api_query_names
from scrapindex.cache.pages import PageCache
from scrapindex.cache.revision import Clock, RevisionClock
from scrapindex.db import create_db_engine, make_session_factory
from scrapindex.middleware.api_keys import ApiKeyMiddleware
from scrapindex.middleware.fast_path import FastPathMiddleware
from scrapindex.middleware.guards import RejectControlCharactersMiddleware, document_nul_rule
from scrapindex.middleware.limits import (
    BodySizeLimitMiddleware,
    ConcurrencyLimitMiddleware,
    ConcurrencyLimits,
    RateLimitMiddleware,
    RateLimits,
    RequestTimeoutMiddleware,
    UriLengthLimitMiddleware,
)
from scrapindex.middleware.methods import MethodsMiddleware, app_methods, with_routes_of
from scrapindex.middleware.outage import DatabaseOutageMiddleware
from scrapindex.middleware.proxies import ProxyRule
from scrapindex.middleware.request_context import RequestContextMiddleware
from scrapindex.middleware.request_context import client_of as request_client
from scrapindex.middleware.security import SecurityHeadersMiddleware
from scrapindex.moderation import AlreadyDecided
from scrapindex.schemas.common import EVERY_OPERATION
from scrapindex.settings import Settings, get_settings
from scrapindex.web.alert_pages import router as alert_pages_router
from scrapindex.web.api_docs import DOCS_PATH, add_api_docs
from scrapindex.web.health import router as health_router
from scrapindex.web.newsletter_pages import router as newsletter_pages_router
from scrapindex.web.redirects import RedirectMiddleware
from scrapindex.web.route_table import find_route
from scrapindex.web.sitemap import sitemap_router
from scrapindex.web.spa import page_methods, spa_router
from scrapindex.web.tiles import tiles_router

log = logging.getLogger("scrapindex")

ROUTERS = (
    cities.router,
    materials.router,
    prices.router,
    yard_clusters.router,  # before yards.router, whose /{yard_id} would take /clusters
    yards.router,
    yard_suggestions.router,
    price_reports.router,
    insights.router,
    search.router,
    countries.router,
    blog.router,
    stats.router,
    contact.router,
    newsletter.router,
    alerts.router,
    auth.router,
    calculator.router,
    yard_claims.router,
    api_access.router,
    bulk.router,
)
# The operator console's API: every operation needs a login (auth/deps.py), so each may say 401
# or 403 before it runs.
CONSOLE_ROUTERS = (
    price_report_queue.router,
    yard_suggestion_queue.router,
    users.router,
    audit_log.router,
    summary.router,
    contact_messages.router,
    newsletter_subscribers.router,
    import_runs.router,
    data_check.router,
    yard_owner_admin.router,
    owner.router,
    api_keys.router,
    yard_licences.router,
)


def operation_id(route: APIRoute) -> str:
    """Stable operation ids (the function name) keep the generated TypeScript client readable."""
    return route.name


def served_app() -> FastAPI:
    """The app as `scrapindex serve` runs it, in each worker process."""
    return create_app(freeze_gc_after_startup=True)


def create_app(
    settings: Settings | None = None,
    clock: Clock = time.monotonic,
    *,
    freeze_gc_after_startup: bool = False,
) -> FastAPI:
    """The app; ``clock`` is what its caches measure age with (tests move a fake one).

    ``freeze_gc_after_startup``: once started, the objects it holds for good (modules, routes,
    schemas: some 200,000) leave the garbage collector's view, which otherwise walked them all
    in every full collection, in the middle of a request: a cold answer at ten times the data
    took up to twice its median (bench/RESULTS.md). Only for a process that runs one app.
    """
    settings = (settings or get_settings()).as_served()
    engine = create_db_engine(settings.effective_database_url, settings)
    revisions = RevisionClock(lambda: revision.read(engine), now=clock)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # The methods and cache-key tables read the OpenAPI document: have it (made once per
        # process, share_openapi_document) before the first request instead of during it.
        app.openapi()
        if freeze_gc_after_startup:
            gc.collect()
            gc.freeze()
        yield
        engine.dispose()

    app = FastAPI(
        title="ScrapIndex API",
        version="1",
        summary="Scrap metal prices by city and material, and a directory of scrap yards.",
        openapi_url="/api/openapi.json",
        docs_url=None,  # web/api_docs.py: Swagger UI served from here, not a CDN
        redoc_url=None,
        generate_unique_id_function=operation_id,
        lifespan=lifespan,
        # FastAPI's own OpenTelemetry hooks ask on every request whether a provider is set up;
        # none is (our request log is middleware/request_context.py).
        telemetry={"tracing": False, "metrics": False, "logs": False},
    )
    app.state.settings = settings
    app.state.engine = engine
    app.state.session_factory = make_session_factory(engine)
    for router in ROUTERS:
        app.include_router(router, responses=EVERY_OPERATION)
    for router in CONSOLE_ROUTERS:
        app.include_router(router, responses={**EVERY_OPERATION, **CONSOLE_ERRORS})
    add_api_docs(app)
    document_nul_rule(app)
    share_openapi_document(app)
    pages = PageCache(settings.api_cache_seconds, revisions)
    # Starlette runs app.user_middleware outermost first; this list is the whole envelope.
    app.user_middleware = middleware(app, settings, revisions, pages)
    add_error_handlers(app)
    app.include_router(health_router)
    app.include_router(newsletter_pages_router)
    app.include_router(alert_pages_router)
    app.include_router(sitemap_router(settings, app.state.session_factory, revisions))
    app.include_router(tiles_router(settings, clock))  # /tiles/: before the pages' catch-all
    app.include_router(spa_router(settings, pages))
    return app


def middleware(
    app: FastAPI, settings: Settings, revisions: RevisionClock, pages: PageCache
) -> list[Middleware]:
    """Every layer a request passes before the routes, outermost first.

    Outside these are only Starlette's and FastAPI's own outer layers (ServerErrorMiddleware
    and two that pass everything through here); inside them, Starlette's ExceptionMiddleware,
    which turns HTTPExceptions into the answers of add_error_handlers. The limits' counts and
    the API's kept answers are objects made here, shared by their layer and the fast path.
    """
    client_of = request_client(ProxyRule.of(settings))  # TRUSTED_PROXIES, TRUST_PROXY_HEADERS
    api = ApiResponses(settings.api_cache_seconds, revisions, api_query_names(app))
    concurrency = ConcurrencyLimits(
        settings.max_concurrent_requests, settings.max_concurrent_requests_per_client
    )
    rates = RateLimits(
        {"api": settings.api_rate_limit_per_minute, "page": settings.page_rate_limit_per_minute}
    )

    @lru_cache(maxsize=4096)
    def page_query_names(path: str) -> tuple[str, ...]:
        return find_route(settings.content_dir, path)[0].search

    page_methods_of = with_routes_of(
        page_methods(settings), newsletter_pages_router, alert_pages_router
    )
    return [
        # Security headers on every answer, every refusal below and the 500s included.
        Middleware(SecurityHeadersMiddleware, settings=settings, docs_path=DOCS_PATH),
        # A fresh cached API answer or page straight from memory, asking the same limits.
        Middleware(
            FastPathMiddleware,
            api=api,
            pages=pages,
            page_query_names=page_query_names,
            concurrency=concurrency,
            rates=rates,
            client_of=client_of,
        ),
        # X-Request-ID, the access log line, and a 500 without detail for unhandled errors.
        Middleware(RequestContextMiddleware, client_of=client_of),
        # 503 when the process is busy, 429 past one client's share of it.
        Middleware(ConcurrencyLimitMiddleware, limits=concurrency, client_of=client_of),
        Middleware(UriLengthLimitMiddleware),  # 414 past MAX_URI_BYTES
        Middleware(RateLimitMiddleware, limits=rates, client_of=client_of),  # 429 per minute
        # 503 for a request whose answer has not started in time.
        Middleware(RequestTimeoutMiddleware, seconds=settings.request_timeout_seconds),
        Middleware(BodySizeLimitMiddleware),  # 413 for an API body past MAX_API_BODY_BYTES
        # 503 with Retry-After when the database is away: around everything that reads it.
        Middleware(DatabaseOutageMiddleware),
        # A request with an API key: its quotas (per minute, per day across hosts), 401 or 429.
        Middleware(ApiKeyMiddleware, engine=app.state.engine, rates=rates, client_of=client_of),
        Middleware(RejectControlCharactersMiddleware),  # 400 for a NUL, 404 for a control char
        # HEAD, OPTIONS, 405 and 404 by method, for every path: outside the caches and redirects.
        Middleware(
            MethodsMiddleware,
            allowed=lru_cache(maxsize=4096)(app_methods(app, page_methods_of)),
        ),
        # Old and moved URLs: 301 to where they live now.
        Middleware(
            RedirectMiddleware,
            content_dir=settings.content_dir,
            session_factory=app.state.session_factory,
            revisions=revisions,
        ),
        Middleware(ApiCacheMiddleware, responses=api),  # the API's GET answers, kept in memory
    ]


# Each set of API routes' OpenAPI document, made once per process: its generation takes half a
# second or more, which every app made in the process (each test's) would otherwise repeat.
OPENAPI_DOCUMENTS: dict[tuple[object, ...], dict[str, Any]] = {}


def share_openapi_document(app: FastAPI) -> None:
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            routes = tuple(
                (route.path, frozenset(route.methods or ()), route.endpoint)
                for route in app.routes
                if isinstance(route, APIRoute) and route.include_in_schema
            )
            if routes not in OPENAPI_DOCUMENTS:
                OPENAPI_DOCUMENTS[routes] = build()
            # A copy of its own: what one app's users do to it stays with that app.
            app.openapi_schema = copy.deepcopy(OPENAPI_DOCUMENTS[routes])
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def add_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, error: StarletteHTTPException) -> JSONResponse:
        message = error.detail if isinstance(error.detail, str) else "Request failed"
        if error.status_code == 404 and message == "Not Found":
            message = "Not found"
        return JSONResponse(
            {"message": message}, status_code=error.status_code, headers=error.headers
        )

    @app.exception_handler(AlreadyDecided)
    async def already_decided(_: Request, error: AlreadyDecided) -> JSONResponse:
        # Two moderators on one item: the second learns what the first decided.
        return JSONResponse({"message": str(error)}, status_code=409)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_: Request, error: RequestValidationError) -> JSONResponse:
        problems = [
            f"{'.'.join(str(part) for part in e['loc'][1:]) or 'request'}: {e['msg']}"
            for e in error.errors()
        ]
        return JSONResponse(
            {"message": "Invalid request: " + "; ".join(problems), "errors": problems},
            status_code=422,
        )

    @app.exception_handler(Exception)
    async def unexpected_error(request: Request, error: Exception) -> JSONResponse:
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        return JSONResponse({"message": "Internal server error"}, status_code=500)

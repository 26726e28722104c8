"""The application factory: API routers, error shapes, caching headers."""

import gc
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import lru_cache

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp

from scrapindex import revision
from scrapindex.api import (
    alerts,
    auth,
    blog,
    cities,
    contact,
    countries,
    insights,
    materials,
    newsletter,
    price_reports,
    prices,
    search,
    stats,
    yard_clusters,
    yard_suggestions,
    yards,
)
from scrapindex.api.admin import (
    audit_log,
    contact_messages,
    data_check,
    import_runs,
    summary,
    users,
)
from scrapindex.api.admin import newsletter as newsletter_subscribers
from scrapindex.api.admin import price_reports as price_report_queue
from scrapindex.api.admin import yard_suggestions as yard_suggestion_queue
from scrapindex.auth.deps import CONSOLE_ERRORS
from scrapindex.cache.api_responses import ApiCacheMiddleware
from scrapindex.cache.keys import api_query_names
from scrapindex.cache.pages import PageCache
from scrapindex.cache.revision import Clock, RevisionClock
from scrapindex.db import create_db_engine, make_session_factory
from scrapindex.middleware.fast_path import FastPathMiddleware
from scrapindex.middleware.guards import RejectControlCharactersMiddleware, document_nul_rule
from scrapindex.middleware.limits import (
    BodySizeLimitMiddleware,
    ConcurrencyLimitMiddleware,
    RateLimitMiddleware,
    RequestTimeoutMiddleware,
    UriLengthLimitMiddleware,
)
from scrapindex.middleware.methods import MethodsMiddleware, app_methods
from scrapindex.middleware.outage import DatabaseOutageMiddleware
from scrapindex.middleware.request_context import RequestContextMiddleware
from scrapindex.middleware.security import add_security_headers
from scrapindex.moderation import AlreadyDecided
from scrapindex.schemas.common import EVERY_OPERATION
from scrapindex.settings import Settings, get_settings
from scrapindex.web.alert_pages import router as alert_pages_router
from scrapindex.web.alert_pages import with_alert_pages
from scrapindex.web.api_docs import add_api_docs
from scrapindex.web.health import router as health_router
from scrapindex.web.newsletter_pages import router as newsletter_pages_router
from scrapindex.web.newsletter_pages import with_newsletter_pages
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
    settings = settings or get_settings()
    engine = create_db_engine(settings.effective_database_url)
    revisions = RevisionClock(lambda: revision.read(engine), now=clock)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # The methods and cache-key tables read the OpenAPI document: build it (half a second
        # of schema generation) before the first request instead of during it.
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
    app.add_middleware(
        ApiCacheMiddleware,
        max_age=settings.api_cache_seconds,
        revisions=revisions,
        query_names=api_query_names(app),
    )
    app.add_middleware(
        RedirectMiddleware,
        content_dir=settings.content_dir,
        session_factory=app.state.session_factory,
        revisions=revisions,
    )
    # HEAD, OPTIONS, 405 and 404 by method, for every path: outside the caches and redirects.
    allowed = app_methods(app, with_alert_pages(with_newsletter_pages(page_methods(settings))))
    app.add_middleware(MethodsMiddleware, allowed=lru_cache(maxsize=4096)(allowed))
    app.add_middleware(RejectControlCharactersMiddleware)
    document_nul_rule(app)
    app.add_middleware(DatabaseOutageMiddleware)  # around everything that reads the database
    # Limits (middleware/limits.py), then the request id and log line around everything of ours.
    app.add_middleware(BodySizeLimitMiddleware)
    app.add_middleware(RequestTimeoutMiddleware, seconds=settings.request_timeout_seconds)
    app.add_middleware(
        RateLimitMiddleware,
        per_minute={
            "api": settings.api_rate_limit_per_minute,
            "page": settings.page_rate_limit_per_minute,
        },
        trust_proxy_headers=settings.trust_proxy_headers,
    )
    app.add_middleware(UriLengthLimitMiddleware)
    app.add_middleware(
        ConcurrencyLimitMiddleware,
        limit=settings.max_concurrent_requests,
        per_client=settings.max_concurrent_requests_per_client,
        trust_proxy_headers=settings.trust_proxy_headers,
    )
    app.add_middleware(RequestContextMiddleware, trust_proxy_headers=settings.trust_proxy_headers)
    pages = PageCache(settings.api_cache_seconds, revisions)
    add_fast_path(app, settings, pages)  # cached answers from memory, past all of the above
    add_security_headers(app, settings)  # outermost, around Starlette's own layers too
    add_error_handlers(app)
    app.include_router(health_router)
    app.include_router(newsletter_pages_router)
    app.include_router(alert_pages_router)
    app.include_router(sitemap_router(settings, app.state.session_factory, revisions))
    app.include_router(tiles_router(settings, clock))  # /tiles/: before the pages' catch-all
    app.include_router(spa_router(settings, pages))
    return app


def add_fast_path(app: FastAPI, settings: Settings, pages: PageCache) -> None:
    """Put FastPathMiddleware around the stack Starlette builds (see middleware/fast_path.py).

    Called before add_security_headers, so the security headers go around it too."""
    build_stack = app.build_middleware_stack

    @lru_cache(maxsize=4096)
    def page_query_names(path: str) -> tuple[str, ...]:
        return find_route(settings.content_dir, path)[0].search

    def build_stack_with_fast_path() -> ASGIApp:
        return FastPathMiddleware(build_stack(), pages, page_query_names)

    app.build_middleware_stack = build_stack_with_fast_path  # type: ignore[method-assign]


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

"""When the database is away: 503 with Retry-After and a friendly answer, never a traceback.

Nothing here keeps state: each request tries the database afresh (PostgreSQL's pool pings a
connection before lending it), so the site recovers by itself as soon as the database is back.
A write that fails this way was never committed, so the 503 means "not stored, send it again".
"""

import logging
from html import escape

from sqlalchemy import exc
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from scrapindex.write_failures import is_write_failure

log = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 10
API_MESSAGE = "The service is briefly unavailable. Please try again in a moment."
PAGE_TITLE = "ScrapIndex is briefly unavailable"
PAGE_TEXT = (
    "We can't reach our price database right now. Nothing is wrong on your side: "
    "please try again in a minute."
)
# The database answers but refuses to store (a full disk, read-only): reads go on, so say so.
WRITE_REFUSED_MESSAGE = (
    "We can't save anything right now, so what you sent was not stored. Nothing is wrong on "
    "your side: please try again later."
)

# Connection refused or lost, server shutting down, SQLite file locked, pool exhausted.
OUTAGE_ERRORS = (exc.OperationalError, exc.InterfaceError, exc.DisconnectionError, exc.TimeoutError)


class ServiceUnavailable(Exception):
    """Raised by code that learns of an outage second-hand (a page's own API call got a 503)."""


def outage_page(text: str = PAGE_TEXT) -> str:
    title = escape(PAGE_TITLE)
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta name="robots" content="noindex"><title>{title}</title>'
        "<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;"
        "padding:0 1rem;line-height:1.5;color:#1f2937}a{color:#1d4ed8}</style></head>"
        f"<body><main><h1>{title}</h1><p>{escape(text)}</p>"
        '<p><a href="">Try again</a></p></main></body></html>'
    )


def outage_response(scope: Scope, error: BaseException | None = None) -> Response:
    headers = {"Retry-After": str(RETRY_AFTER_SECONDS), "Cache-Control": "no-store"}
    refused = error is not None and is_write_failure(error)
    if scope["path"].startswith("/api/"):
        message = WRITE_REFUSED_MESSAGE if refused else API_MESSAGE
        return JSONResponse({"message": message}, status_code=503, headers=headers)
    page = outage_page(WRITE_REFUSED_MESSAGE if refused else PAGE_TEXT)
    return HTMLResponse(page, status_code=503, headers=headers)


class DatabaseOutageMiddleware:
    """Turns a database that cannot be reached into a 503, for the API and the pages alike."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        response_started = False

        async def tracking_send(message: Message) -> None:
            nonlocal response_started
            if message["type"] == "http.response.start":
                response_started = True
            await send(message)

        try:
            await self.app(scope, receive, tracking_send)
        except (*OUTAGE_ERRORS, ServiceUnavailable) as error:
            if response_started:
                raise
            log.warning(
                "%s %s: database unavailable, answered 503 (%s)",
                scope["method"],
                scope["path"],
                summary(error),
                exc_info=not isinstance(error, ServiceUnavailable),
            )
            await outage_response(scope, error)(scope, receive, send)


def summary(error: BaseException) -> str:
    cause = error.orig if isinstance(error, exc.DBAPIError) and error.orig else error
    first_line = str(cause).strip().splitlines()[0] if str(cause).strip() else ""
    return f"{type(cause).__name__}: {first_line}"

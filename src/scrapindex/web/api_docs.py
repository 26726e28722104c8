"""The API's documentation page, with Swagger UI served from here rather than from a CDN.

The script, styles and icon are the files bundled in the pinned ``fastapi-offline`` package
(Swagger UI 5), read once and kept in memory with a gzip copy; the page works offline, and its
Content-Security-Policy names no other host (middleware/security.py).
"""

from importlib.resources import files

from fastapi import FastAPI, HTTPException, Request
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, Response

from scrapindex.cache.representation import Representation, represent, respond
from scrapindex.settings import Settings

DOCS_PATH = "/api/docs"
STATIC_PATH = f"{DOCS_PATH}/static"
FILES = {
    "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
    "swagger-ui.css": "text/css; charset=utf-8",
    "favicon.png": "image/png",
}
CACHE_CONTROL = "public, max-age=86400"  # the names carry no version: revalidated daily


GETTING_STARTED = "api/getting-started.md"  # under the content directory


def getting_started(settings: Settings) -> str:
    """The docs page's opening text (the OpenAPI document's description): keys and curl."""
    text = (settings.content_dir / GETTING_STARTED).read_text(encoding="utf-8")
    return text.replace("{site}", settings.site_root or "https://scrapindex.example").replace(
        "{anonymous_per_minute}", str(settings.api_rate_limit_per_minute)
    )


def add_api_docs(app: FastAPI) -> None:
    """GET /api/docs and its files, as routes of the app itself (so they answer HEAD, OPTIONS);
    the document's description is the "Getting started" text."""
    app.description = getting_started(app.state.settings)
    bundled = files("fastapi_offline") / "static"
    loaded: dict[str, Representation] = {}

    def docs_page() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=app.openapi_url or "",
            title=f"{app.title} - documentation",
            swagger_js_url=f"{STATIC_PATH}/swagger-ui-bundle.js",
            swagger_css_url=f"{STATIC_PATH}/swagger-ui.css",
            swagger_favicon_url=f"{STATIC_PATH}/favicon.png",
        )

    def docs_file(request: Request, name: str) -> Response:
        if name not in FILES:
            raise HTTPException(404, "Not found")
        if name not in loaded:
            body = (bundled / name).read_bytes()
            loaded[name] = represent(body, compress=name != "favicon.png", level=9)
        return respond(
            loaded[name], request.headers, media_type=FILES[name], cache_control=CACHE_CONTROL
        )

    app.add_api_route(DOCS_PATH, docs_page, include_in_schema=False)
    app.add_api_route(STATIC_PATH + "/{name}", docs_file, include_in_schema=False)

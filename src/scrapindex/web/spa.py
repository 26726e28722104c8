"""Serving the built React app: hashed assets cached for a year, and each route's HTML.

Files are read once and kept in memory with a gzip copy, so a phone on a slow line gets
compressed bytes without the server compressing the same file on every request. A route's HTML
is index.html with the page's head, embedded first data and fallback content filled in (see
web/pages.py), kept per URL until the data revision moves or a minute passes (cache/pages.py),
which also says what proxies and CDNs may keep. A page found there is usually answered before it
gets here (middleware/fast_path.py); this is the long way, and the one that fills the cache.
"""

import json
import mimetypes
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from scrapindex.cache.pages import (
    REVALIDATE,
    PageCache,
    PageHtml,
    RenderedPage,
    page_reply,
    page_url,
)
from scrapindex.cache.representation import Representation, as_response, represent, respond
from scrapindex.middleware.methods import READ_ONLY
from scrapindex.settings import Settings
from scrapindex.templating import compact_json, render
from scrapindex.web.head import render_head
from scrapindex.web.pages import PageContext, PageRender, render_page
from scrapindex.web.route_table import find_route
from scrapindex.web.tiles import TILE_PATH, TILE_PREFIX
from scrapindex.web.vite_manifest import entry_files, module_preloads

ONE_YEAR = "public, max-age=31536000, immutable"
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "image/svg+xml")

FALLBACK_PAGE = (
    "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>ScrapIndex</title>"
    "</head><body><main id='main-content'><h1>ScrapIndex</h1><p>The website has not been "
    "built yet: run <code>make run</code>. The JSON API is live: "
    "<a href='/api/docs'>API documentation</a>.</p></main></body></html>"
)


@dataclass(frozen=True)
class StaticFile:
    representation: Representation
    media_type: str


class BuiltApp:
    def __init__(self, dist: Path) -> None:
        self.dist = dist.resolve()
        self.files: dict[str, StaticFile] = {}
        self.worker: Representation | None = None

    def service_worker(self) -> Representation | None:
        """sw.js of this build, made on first request."""
        if self.worker is None:
            self.worker = service_worker_script(self)
        return self.worker

    @property
    def built(self) -> bool:
        return (self.dist / "index.html").is_file()

    def file(self, relative: str) -> StaticFile | None:
        """A file the build made for browsers: never a hidden one (.vite/manifest.json)."""
        if relative in self.files:
            return self.files[relative]
        if any(part.startswith(".") for part in relative.split("/")):
            return None  # dot segments and hidden files: only built files are served
        path = (self.dist / relative).resolve()
        try:
            if not path.is_relative_to(self.dist) or not path.is_file():
                return None
        except OSError:  # a name the file system refuses (too long, say): no such file
            return None
        body = path.read_bytes()
        media_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        if media_type.startswith("text/") or media_type == "application/javascript":
            media_type += "; charset=utf-8"
        compress = media_type.startswith(COMPRESSIBLE)
        entry = StaticFile(represent(body, compress=compress, level=9), media_type)
        self.files[relative] = entry
        return entry


def file_response(request: Request, entry: StaticFile, cache_control: str) -> Response:
    return respond(
        entry.representation,
        request.headers,
        media_type=entry.media_type,
        cache_control=cache_control,
    )


HEAD_START, HEAD_END = "<!--app-head-->", "<!--/app-head-->"
ROOT_MARK, DATA_MARK = "<!--app-root-->", "<!--app-data-->"


def page_html(template: str, page: PageRender, site_root: str, preloads: list[str]) -> str:
    start, end = template.index(HEAD_START), template.index(HEAD_END) + len(HEAD_END)
    head = render_head(page.head, site_root, preloads)
    data = render("initial-data.html", initial=initial_data(page))
    html = template[:start] + head + template[end:]
    return html.replace(ROOT_MARK, page.fallback_html, 1).replace(DATA_MARK, data, 1)


def initial_data(page: PageRender) -> str:
    """The page's API answers for the app's first render, as JSON: each body as the API wrote
    it, not decoded and written again (6 ms of the directory's answer at ten times the demo's
    cities, whose list it embeds)."""
    data = ",".join(f"[{compact_json(key)},{body.decode()}]" for key, body in page.data)
    return f'{{"data":[{data}],"errors":{compact_json(page.errors)}}}'


def page_response(request: Request, page: RenderedPage) -> Response:
    return as_response(page_reply(page, request.headers))


def service_worker_script(app_files: BuiltApp) -> Representation | None:
    """sw.js with this build's version: a new deployment makes a new worker, and it takes over."""
    index = app_files.file("index.html")
    script = app_files.file("sw.js")
    if index is None or script is None:
        return None
    precache = json.dumps(["/", *entry_files(app_files.dist)])
    body = (
        script.representation.body.decode()
        .replace("__BUILD_VERSION__", index.representation.etag.strip('"'))
        .replace("__PRECACHE__", precache)
    )
    return represent(body.encode())


def page_methods(settings: Settings) -> Callable[[str], frozenset[str] | None]:
    """The methods of a path the catch-all page route serves, or None when it names nothing.

    A path names something when the route table has a page (or a redirect) for it, or when it
    is a file at the root of the built app. An unknown path is then 404 for every method, as
    its GET is; under /api/ only the API's own routes exist (middleware/methods.py).
    """
    dist = settings.frontend_dist

    def methods(path: str) -> frozenset[str] | None:
        if path == "/api" or path.startswith("/api/"):
            return None
        if path.startswith(TILE_PREFIX):  # web/tiles.py
            return READ_ONLY if TILE_PATH.fullmatch(path) else None
        route, _ = find_route(settings.content_dir, path)
        return READ_ONLY if route.path != "*" or is_root_file(path.removeprefix("/")) else None

    def is_root_file(name: str) -> bool:
        try:
            return bool(name) and "/" not in name and (dist / name).is_file()
        except (OSError, ValueError):  # a name the file system refuses: no such file
            return False

    return methods


def spa_router(settings: Settings, pages: PageCache) -> APIRouter:
    dist = settings.frontend_dist
    app_files = BuiltApp(dist)
    site_root = settings.site_root
    router = APIRouter(include_in_schema=False)

    async def route_page(request: Request, template: str) -> Response:
        path = request.url.path
        route, _ = find_route(settings.content_dir, path)
        url = page_url(path, request.url.query, route.search)  # what the page reads, alone

        async def make() -> PageHtml:  # only on a miss: a hit is served from memory
            pairs = parse_qsl(url.partition("?")[2], keep_blank_values=True)
            context = PageContext(
                app=request.app,
                content_dir=settings.content_dir,
                site_root=site_root,
                path=path,
                query=dict(pairs),
                pairs=pairs,
            )
            page = await render_page(context)
            preloads = module_preloads(app_files.dist, page.chunk)
            html = page_html(template, page, site_root, preloads)
            return PageHtml(page.status, html, shared=not page.head.texts.noindex)

        return page_response(request, await pages.page(url, make))

    @router.get("/assets/{asset_path:path}")
    def asset(request: Request, asset_path: str) -> Response:
        entry = app_files.file(f"assets/{asset_path}")
        if entry is None:
            raise HTTPException(404, "Not found")
        return file_response(request, entry, ONE_YEAR)

    @router.get("/{page_path:path}")
    async def page(request: Request, page_path: str) -> Response:
        if page_path == "api" or page_path.startswith("api/"):
            raise HTTPException(404, "Not found")  # a method the API serves is let through
        if page_path == "sw.js" and app_files.built:
            script = app_files.service_worker()
            if script is None:
                raise HTTPException(404, "Not found")
            return respond(
                script,
                request.headers,
                media_type="text/javascript; charset=utf-8",
                cache_control=REVALIDATE,
                extra={"Service-Worker-Allowed": "/"},
            )
        bare = app_files.file("index.html") if page_path == "index.html" else None
        if bare is not None:  # the bare shell, no page filled in
            return file_response(request, bare, REVALIDATE)
        if page_path and "/" not in page_path and page_path != "index.html":
            entry = app_files.file(page_path)  # favicon.svg and other files at the root
            if entry is not None:
                return file_response(request, entry, "public, max-age=86400")
        index = app_files.file("index.html")
        if index is None:
            return HTMLResponse(FALLBACK_PAGE, headers={"Cache-Control": REVALIDATE})
        template = index.representation.body.decode()
        if HEAD_START not in template:  # an older build without the markers: the bare shell
            return file_response(request, index, REVALIDATE)
        return await route_page(request, template)

    return router

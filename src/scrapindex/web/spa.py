"""Serving the built React app: hashed assets cached for a year, index.html for every route.

Files are read once and kept in memory with a gzip copy, so a phone on a slow line gets
compressed bytes without the server compressing the same file on every request.
"""

import gzip
import hashlib
import mimetypes
from dataclasses import dataclass
from pathlib import Path

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

ONE_YEAR = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "image/svg+xml")

FALLBACK_PAGE = (
    "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>ScrapIndex</title>"
    "</head><body><main id='main-content'><h1>ScrapIndex</h1><p>The website has not been "
    "built yet: run <code>make run</code>. The JSON API is live: "
    "<a href='/api/docs'>API documentation</a>.</p></main></body></html>"
)


@dataclass(frozen=True)
class StaticFile:
    body: bytes
    gzip_body: bytes | None
    media_type: str
    etag: str


class BuiltApp:
    def __init__(self, dist: Path) -> None:
        self.dist = dist.resolve()
        self.files: dict[str, StaticFile] = {}

    @property
    def built(self) -> bool:
        return (self.dist / "index.html").is_file()

    def file(self, relative: str) -> StaticFile | None:
        if relative in self.files:
            return self.files[relative]
        path = (self.dist / relative).resolve()
        if not path.is_relative_to(self.dist) or not path.is_file():
            return None
        body = path.read_bytes()
        media_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        if media_type.startswith("text/") or media_type == "application/javascript":
            media_type += "; charset=utf-8"
        compress = media_type.startswith(COMPRESSIBLE) and len(body) > 512
        entry = StaticFile(
            body=body,
            gzip_body=gzip.compress(body, compresslevel=9, mtime=0) if compress else None,
            media_type=media_type,
            etag='"' + hashlib.blake2b(body, digest_size=12).hexdigest() + '"',
        )
        self.files[relative] = entry
        return entry


def file_response(request: Request, entry: StaticFile, cache_control: str) -> Response:
    headers = {"Cache-Control": cache_control, "ETag": entry.etag, "Vary": "Accept-Encoding"}
    if request.headers.get("if-none-match") == entry.etag:
        return Response(status_code=304, headers=headers)
    body = entry.body
    if entry.gzip_body is not None and "gzip" in request.headers.get("accept-encoding", ""):
        body = entry.gzip_body
        headers["Content-Encoding"] = "gzip"
    return Response(body, media_type=entry.media_type, headers=headers)


def spa_router(dist: Path) -> APIRouter:
    app_files = BuiltApp(dist)
    router = APIRouter(include_in_schema=False)

    @router.get("/assets/{asset_path:path}")
    def asset(request: Request, asset_path: str) -> Response:
        entry = app_files.file(f"assets/{asset_path}")
        if entry is None:
            raise HTTPException(404, "Not found")
        return file_response(request, entry, ONE_YEAR)

    @router.get("/{page_path:path}")
    def page(request: Request, page_path: str) -> Response:
        if page_path == "api" or page_path.startswith("api/"):
            raise HTTPException(404, "Not found")
        if page_path and "/" not in page_path and page_path != "index.html":
            entry = app_files.file(page_path)  # favicon.svg and other files at the root
            if entry is not None:
                return file_response(request, entry, "public, max-age=86400")
        index = app_files.file("index.html")
        if index is None:
            return HTMLResponse(FALLBACK_PAGE, headers={"Cache-Control": REVALIDATE})
        return file_response(request, index, REVALIDATE)

    return router

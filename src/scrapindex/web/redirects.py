"""The spec's permanent redirects (SPEC §2), answered by the server as HTTP 301s.

A middleware rather than routes: a path that looks like an old URL but names no known city
or state must carry on to the page routes (and their 404) untouched. Fixed redirects come
from the code and the blog's front matter; the rest read a small per-revision map of places.
"""

import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl, quote, urlencode

from fastapi.responses import RedirectResponse
from sqlalchemy.orm import Session, sessionmaker
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Receive, Scope, Send

from scrapindex.blog import load_posts
from scrapindex.cache.per_revision import PerRevision
from scrapindex.cache.revision import RevisionClock
from scrapindex.paths import place_path
from scrapindex.queries.places import all_cities
from scrapindex.web.route_table import country_homes, find_route, moved_paths, written_page

CACHE_CONTROL = "public, max-age=86400"

PER_POUND = re.compile(r"/scrap-metal-prices-per-pound-in-([^/]+)(?:/([^/]+))?", re.IGNORECASE)
COUNTRY_FIRST = re.compile(r"^/[A-Za-z]{2}(?=/|$)")  # /GB/london is /gb/london
CITY_YARD_LIST = re.compile(r"/scrap-yards/([^/]+)")
PATH_SAFE = "/:@!$&'()*+,;=-._~"  # RFC 3986 path characters that need no escape


def canonical_path(path: str) -> str:
    """One spelling per page: no doubled or trailing slashes, and a lower-case country code."""
    path = "/" + "/".join(part for part in path.split("/") if part)
    return COUNTRY_FIRST.sub(lambda code: code.group(0).lower(), path)


def has_bad_page(query: str) -> bool:
    """A ``page`` that is not a whole number from 1: the URL means the first page."""
    return any(
        written_page(value) is None
        for name, value in parse_qsl(query, keep_blank_values=True)
        if name == "page"
    )


def without_page(query: str) -> str:
    kept = [(n, v) for n, v in parse_qsl(query, keep_blank_values=True) if n != "page"]
    return urlencode(kept)


def slugify(text: str) -> str:
    """Lower-case words joined by hyphens: "Los Angeles" and "los_angeles" give "los-angeles"."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


@dataclass(frozen=True)
class PlaceIndex:
    city_paths: dict[str, str]  # city slug -> /{country}/{slug}
    us_regions: dict[str, dict[str, str]]  # US region slug -> {city slug or name slug: city slug}


def place_index(session: Session) -> PlaceIndex:
    city_paths: dict[str, str] = {}
    us_regions: dict[str, dict[str, str]] = {}
    for city in all_cities(session):
        city_paths[city.slug] = place_path(city.country_code, city.slug)
        if city.country_code == "US" and city.region is not None:
            names = us_regions.setdefault(city.region.slug, {})
            names[slugify(city.name)] = city.slug
            names[city.slug] = city.slug
    return PlaceIndex(city_paths, us_regions)


class RedirectMiddleware:
    def __init__(
        self,
        app: ASGIApp,
        content_dir: Path,
        session_factory: sessionmaker[Session],
        revisions: RevisionClock,
    ) -> None:
        self.app = app
        self.content_dir = content_dir
        posts = load_posts(content_dir / "blog")
        old_blog_paths = {old: f"/blog/{post.slug}" for post in posts for old in post.old_paths}
        # Fixed moves, from the route table and the blog's front matter.
        self.moved = moved_paths(content_dir) | old_blog_paths
        self.country_homes = country_homes(content_dir)
        self.session_factory = session_factory
        self.places = PerRevision(self.read_places, revisions)

    def read_places(self) -> PlaceIndex:
        with self.session_factory() as session:
            return place_index(session)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in ("GET", "HEAD"):
            query = scope["query_string"].decode("latin-1")
            target = await self.target(scope)
            if target is None and self.is_paginated(scope["path"]) and has_bad_page(query):
                target = quote(scope["path"], safe=PATH_SAFE)
                query = without_page(query)
            if target is not None:
                url = f"{target}?{query}" if query else target
                response = RedirectResponse(
                    url, status_code=301, headers={"Cache-Control": CACHE_CONTROL}
                )
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)

    async def target(self, scope: Scope) -> str | None:
        """Where the request's path moved to, or None to serve it as it is."""
        path: str = scope["path"]
        if path.startswith("/api/"):
            return None
        canonical = canonical_path(path)
        if canonical.startswith("/\\"):
            return None  # would read as another host in a Location header
        moved = self.fixed_target(canonical) or await self.place_target(canonical)
        if moved is not None:
            return moved
        if canonical != path:
            return quote(canonical, safe=PATH_SAFE)
        return None

    def is_paginated(self, path: str) -> bool:
        return not path.startswith("/api/") and find_route(self.content_dir, path)[0].paginated

    def fixed_target(self, path: str) -> str | None:
        return self.moved.get(path) or self.country_homes.get(path[1:].lower())

    async def place_target(self, path: str) -> str | None:
        if per_pound := PER_POUND.fullmatch(path):
            places = await run_in_threadpool(self.places.get)
            state = per_pound.group(1).lower()
            cities = places.us_regions.get(state)
            if cities is None:
                return None  # not a state we know: the page routes answer
            city_slug = cities.get(slugify(per_pound.group(2) or ""))
            return places.city_paths[city_slug] if city_slug else f"/us/{state}"
        if city_yards := CITY_YARD_LIST.fullmatch(path):
            places = await run_in_threadpool(self.places.get)
            city_path = places.city_paths.get(city_yards.group(1).lower())
            return f"{city_path}/scrap-yards" if city_path else None
        return None

"""The sitemaps (every public page, dated by its data) and robots.txt, which points at them.

/sitemap.xml is an index of one file per kind of page (/sitemap-pages-1.xml, -places-, -materials-,
-yards-, -blog-), each kind split into files of at most MAX_URLS_PER_FILE addresses, so no file
grows with the data past a few hundred kB (sitemaps.org allows 50,000 URLs and 50 MB; search
engines fetch an index's files one by one, and a file whose lastmod did not move is skipped).

Each kind's addresses are read, and each file written, when first asked for after a data change,
then kept for the data revision: a crawler asking for one file does not wait for the others
(building every file at once cost each cold answer ~40 ms at ten times the demo's data).
"""

import datetime as dt
import re
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import NamedTuple
from urllib.parse import quote
from xml.sax.saxutils import escape

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response
from sqlalchemy.orm import Session, sessionmaker

from scrapindex.blog import load_posts
from scrapindex.cache.per_revision import PerRevision
from scrapindex.cache.representation import Representation, represent, respond
from scrapindex.cache.revision import RevisionClock
from scrapindex.paths import city_yards_path, place_path
from scrapindex.queries.site import (
    all_materials,
    all_regions,
    all_yard_ids,
    city_addresses,
    city_newest_price_dates,
    data_changed_at,
    material_newest_price_dates,
)
from scrapindex.settings import Settings
from scrapindex.web.redirects import PATH_SAFE

MAX_URLS_PER_FILE = 5_000
SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
XML_TYPE = "application/xml; charset=utf-8"
CACHE_CONTROL = "public, max-age=3600"
INDEX_NAME = "sitemap.xml"

PRICE_DATED_PAGES = ("/", "/cities", "/scrap-metal-prices", "/insights")
YARD_DATED_PAGES = ("/scrap-yards",)
UNDATED_PAGES = (
    "/calculator",
    "/blog",
    "/about",
    "/contact",
    "/privacy-policy",
    "/terms-of-service",
    "/content-disclaimer",
)


class SitemapEntry(NamedTuple):  # a tuple: the yards' file makes thousands of them
    path: str
    lastmod: dt.date | None = None


def _yards_date(session: Session) -> dt.date | None:
    """Yards carry no dates of their own: their pages changed at the latest data change."""
    changed_at = data_changed_at(session)
    return changed_at.date() if changed_at else None


def page_entries(session: Session, blog_dir: Path) -> list[SitemapEntry]:
    newest_price = max(material_newest_price_dates(session).values(), default=None)
    yards_date = _yards_date(session)
    entries = [SitemapEntry(path, newest_price) for path in PRICE_DATED_PAGES]
    entries += [SitemapEntry(path, yards_date) for path in YARD_DATED_PAGES]
    entries += [SitemapEntry(path) for path in UNDATED_PAGES]
    return entries


def place_entries(session: Session, blog_dir: Path) -> list[SitemapEntry]:
    """Each city's prices and yards, then each region not shadowed by a city of its name."""
    city_dates = city_newest_price_dates(session)
    yards_date = _yards_date(session)
    cities = city_addresses(session)
    entries: list[SitemapEntry] = []
    for city in cities:
        entries.append(
            SitemapEntry(place_path(city.country_code, city.slug), city_dates.get(city.id))
        )
        entries.append(SitemapEntry(city_yards_path(city.country_code, city.slug), yards_date))

    # /{country}/{slug} shows the city when both a city and a region have that slug.
    city_paths = {(city.country_code, city.slug) for city in cities}
    region_dates: dict[int, list[dt.date]] = {}
    for city in cities:
        if city.region_id is not None and city.id in city_dates:
            region_dates.setdefault(city.region_id, []).append(city_dates[city.id])
    for region in all_regions(session):
        if (region.country_code, region.slug) not in city_paths:
            path = place_path(region.country_code, region.slug)
            entries.append(SitemapEntry(path, max(region_dates.get(region.id, []), default=None)))
    return entries


def material_entries(session: Session, blog_dir: Path) -> list[SitemapEntry]:
    dates = material_newest_price_dates(session)
    return [SitemapEntry(f"/material/{m.slug}", dates.get(m.id)) for m in all_materials(session)]


def yard_entries(session: Session, blog_dir: Path) -> list[SitemapEntry]:
    yards_date = _yards_date(session)
    return [SitemapEntry(f"/scrap-yard/{id_}", yards_date) for id_ in all_yard_ids(session)]


def blog_entries(session: Session, blog_dir: Path) -> list[SitemapEntry]:
    return [SitemapEntry(f"/blog/{p.slug}", p.publish_date) for p in load_posts(blog_dir)]


# The kinds of page, each in sitemap files of its own, in the index's order, with their readers.
KINDS: dict[str, Callable[[Session, Path], list[SitemapEntry]]] = {
    "pages": page_entries,
    "places": place_entries,
    "materials": material_entries,
    "yards": yard_entries,
    "blog": blog_entries,
}


def split(entries: Sequence[SitemapEntry], limit: int) -> list[Sequence[SitemapEntry]]:
    """A kind's entries in files of at most ``limit``; no file at all for a kind without any."""
    return [entries[start : start + limit] for start in range(0, len(entries), limit)]


def part_name(kind: str, number: int) -> str:
    return f"sitemap-{kind}-{number}.xml"


def render_index(
    by_kind: Mapping[str, Sequence[SitemapEntry]], site_root: str, limit: int = MAX_URLS_PER_FILE
) -> bytes:
    """The sitemap index: every kind's files in order, each dated by its newest entry."""
    files = [
        _location("sitemap", f"{site_root}/{part_name(kind, number)}", _newest(part))
        for kind, entries in by_kind.items()
        for number, part in enumerate(split(entries, limit), start=1)
    ]
    return _document("sitemapindex", files)


def render_file(entries: Sequence[SitemapEntry], site_root: str) -> bytes:
    root = escape(site_root)
    closings: dict[dt.date | None, str] = {}  # one per date: most entries of a file share it
    urls = []
    for path, lastmod in entries:
        closing = closings.get(lastmod)
        if closing is None:
            closing = closings[lastmod] = f"</loc>{_lastmod(lastmod)}</url>"
        urls.append(f"<url><loc>{root}{_escaped_path(path)}{closing}")
    return _document("urlset", urls)


# Written as text: ElementTree took 40 ms for the 7,000 addresses of ten times the demo's data.
def _document(tag: str, children: list[str]) -> bytes:
    head = f'<?xml version="1.0" encoding="UTF-8"?>\n<{tag} xmlns="{SITEMAP_NS}">'
    return "".join((head, *children, f"</{tag}>")).encode()


def _location(tag: str, loc: str, lastmod: dt.date | None) -> str:
    return f"<{tag}><loc>{escape(loc)}</loc>{_lastmod(lastmod)}</{tag}>"


def _lastmod(date: dt.date | None) -> str:
    return f"<lastmod>{date.isoformat()}</lastmod>" if date is not None else ""


# Most paths (/scrap-yard/123) need neither percent- nor XML-escaping, and checking is quicker
# than quoting: quote() was 4 of the 11 ms a file of 5,000 yards took to write.
_PLAIN_PATH = re.compile(r"[A-Za-z0-9/._~-]*")


def _escaped_path(path: str) -> str:
    if _PLAIN_PATH.fullmatch(path):
        return path
    return escape(quote(path, safe=PATH_SAFE))


def _newest(entries: Sequence[SitemapEntry]) -> dt.date | None:
    return max((e.lastmod for e in entries if e.lastmod is not None), default=None)


class Sitemaps:
    """The current data revision's sitemap files, each read and written when first asked for."""

    def __init__(
        self,
        settings: Settings,
        session_factory: sessionmaker[Session],
        revisions: RevisionClock,
    ) -> None:
        self.site_root = settings.site_root
        self.blog_dir = settings.content_dir / "blog"
        self.session_factory = session_factory
        self.limit = MAX_URLS_PER_FILE  # read when the app is made: a test may set a lower one
        self.entries = {kind: PerRevision(partial(self.read, kind), revisions) for kind in KINDS}
        # Filled as files are asked for; a new revision starts an empty one.
        self.files: PerRevision[dict[str, Representation]] = PerRevision(dict, revisions)

    def read(self, kind: str) -> list[SitemapEntry]:
        with self.session_factory() as session:
            return KINDS[kind](session, self.blog_dir)

    def index(self) -> Representation:
        """Blocking (it may read the database), as is ``part``: call them from a worker thread."""
        return self.kept(
            INDEX_NAME,
            lambda: render_index(
                {kind: entries.get() for kind, entries in self.entries.items()},
                self.site_root,
                self.limit,
            ),
        )

    def part(self, kind: str, number: int) -> Representation | None:
        """File ``number`` (from 1) of a kind, or None when there is no such file."""
        if kind not in self.entries or number < 1:
            return None
        entries = self.entries[kind].get()
        start = (number - 1) * self.limit
        if start >= len(entries):
            return None
        return self.kept(
            part_name(kind, number),
            lambda: render_file(entries[start : start + self.limit], self.site_root),
        )

    def kept(self, name: str, write: Callable[[], bytes]) -> Representation:
        files = self.files.get()
        file = files.get(name)
        if file is None:  # two threads may both write it: the same bytes, the last one kept
            file = files[name] = represent(write(), lazy=True)
        return file


def robots_txt(site_root: str) -> str:
    return f"User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: {site_root}/sitemap.xml\n"


def _xml_response(request: Request, file: Representation) -> Response:
    return respond(file, request.headers, media_type=XML_TYPE, cache_control=CACHE_CONTROL)


def sitemap_router(
    settings: Settings, session_factory: sessionmaker[Session], revisions: RevisionClock
) -> APIRouter:
    router = APIRouter(include_in_schema=False)
    robots = represent(robots_txt(settings.site_root).encode())
    sitemaps = Sitemaps(settings, session_factory, revisions)

    @router.get("/sitemap.xml")
    def sitemap(request: Request) -> Response:
        return _xml_response(request, sitemaps.index())

    @router.get("/sitemap-{kind}-{number:int}.xml")
    def sitemap_part(request: Request, kind: str, number: int) -> Response:
        file = sitemaps.part(kind, number)
        if file is None:
            raise HTTPException(404, "Not found")
        return _xml_response(request, file)

    @router.get("/robots.txt")
    def robots_file(request: Request) -> Response:
        return respond(
            robots,
            request.headers,
            media_type="text/plain; charset=utf-8",
            cache_control="public, max-age=86400",
        )

    return router

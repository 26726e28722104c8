"""The sitemaps (every public page, dated by its data) and robots.txt, which points at them.

/sitemap.xml is an index of one file per kind of page (/sitemap-pages-1.xml, -places-, -materials-,
-yards-, -blog-), each kind split into files of at most MAX_URLS_PER_FILE addresses, so no file
grows with the data past a few hundred kB (sitemaps.org allows 50,000 URLs and 50 MB; search
engines fetch an index's files one by one, and a file whose lastmod did not move is skipped).
All of them are built once per data revision and kept in memory with a gzip copy and validators.
"""

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote
from xml.sax.saxutils import escape

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response
from sqlalchemy.orm import Session, sessionmaker

from scrapindex.blog import load_posts
from scrapindex.cache.per_revision import PerRevision
from scrapindex.cache.representation import Representation, represent, respond
from scrapindex.cache.revision import RevisionClock
from scrapindex.queries.site import (
    all_materials,
    all_regions,
    all_yard_ids,
    city_addresses,
    data_changed_at,
    newest_price_dates,
)
from scrapindex.settings import Settings
from scrapindex.web.redirects import PATH_SAFE

MAX_URLS_PER_FILE = 5_000
SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
XML_TYPE = "application/xml; charset=utf-8"
CACHE_CONTROL = "public, max-age=3600"

PRICE_DATED_PAGES = ("/", "/cities", "/scrap-metal-prices", "/insights")
YARD_DATED_PAGES = ("/scrap-yards",)
UNDATED_PAGES = (
    "/blog",
    "/about",
    "/contact",
    "/privacy-policy",
    "/terms-of-service",
    "/content-disclaimer",
)


# The kinds of page, each in sitemap files of its own, in the index's order.
KINDS = ("pages", "places", "materials", "yards", "blog")


@dataclass(frozen=True)
class SitemapEntry:
    path: str
    lastmod: dt.date | None = None
    kind: str = "pages"  # one of KINDS


def sitemap_entries(session: Session, blog_dir: Path) -> list[SitemapEntry]:
    """Every public page with the date its content last changed, where the data says."""
    price_dates = newest_price_dates(session)
    city_dates, material_dates = price_dates.by_city, price_dates.by_material
    changed_at = data_changed_at(session)
    yards_date = changed_at.date() if changed_at else None
    newest_price = max(city_dates.values(), default=None)

    entries = [SitemapEntry(path, newest_price) for path in PRICE_DATED_PAGES]
    entries += [SitemapEntry(path, yards_date) for path in YARD_DATED_PAGES]
    entries += [SitemapEntry(path) for path in UNDATED_PAGES]

    cities = city_addresses(session)
    for city in cities:
        base = f"/{city.country_code.lower()}/{city.slug}"
        entries.append(SitemapEntry(base, city_dates.get(city.id), "places"))
        entries.append(SitemapEntry(f"{base}/scrap-yards", yards_date, "places"))

    # /{country}/{slug} shows the city when both a city and a region have that slug.
    city_paths = {(city.country_code, city.slug) for city in cities}
    region_dates: dict[int, list[dt.date]] = {}
    for city in cities:
        if city.region_id is not None and city.id in city_dates:
            region_dates.setdefault(city.region_id, []).append(city_dates[city.id])
    for region in all_regions(session):
        if (region.country_code, region.slug) not in city_paths:
            path = f"/{region.country_code.lower()}/{region.slug}"
            newest = max(region_dates.get(region.id, []), default=None)
            entries.append(SitemapEntry(path, newest, "places"))

    entries += [
        SitemapEntry(f"/material/{m.slug}", material_dates.get(m.id), "materials")
        for m in all_materials(session)
    ]
    entries += [
        SitemapEntry(f"/scrap-yard/{id_}", yards_date, "yards") for id_ in all_yard_ids(session)
    ]
    entries += [
        SitemapEntry(f"/blog/{p.slug}", p.publish_date, "blog") for p in load_posts(blog_dir)
    ]
    return entries


def render_sitemaps(
    entries: Sequence[SitemapEntry], site_root: str, limit: int = MAX_URLS_PER_FILE
) -> dict[str, bytes]:
    """The sitemap files by name: the index "sitemap.xml" and "sitemap-{kind}-{n}.xml" files."""
    root = site_root.rstrip("/")
    files: dict[str, bytes] = {}
    index: list[str] = []
    for kind in KINDS:
        of_kind = [entry for entry in entries if entry.kind == kind]
        for number, start in enumerate(range(0, len(of_kind), limit), start=1):
            part = of_kind[start : start + limit]
            name = part_name(kind, number)
            files[name] = _document(
                "urlset", [_location("url", root + _path(e), e.lastmod) for e in part]
            )
            index.append(_location("sitemap", f"{root}/{name}", _newest(part)))
    files["sitemap.xml"] = _document("sitemapindex", index)
    return files


def part_name(kind: str, number: int) -> str:
    return f"sitemap-{kind}-{number}.xml"


# Written as text: ElementTree took 40 ms for the 7,000 addresses of ten times the demo's data.
def _document(tag: str, children: list[str]) -> bytes:
    head = f'<?xml version="1.0" encoding="UTF-8"?>\n<{tag} xmlns="{SITEMAP_NS}">'
    return "".join((head, *children, f"</{tag}>")).encode()


def _location(tag: str, loc: str, lastmod: dt.date | None) -> str:
    dated = f"<lastmod>{lastmod.isoformat()}</lastmod>" if lastmod is not None else ""
    return f"<{tag}><loc>{escape(loc)}</loc>{dated}</{tag}>"


def _path(entry: SitemapEntry) -> str:
    return quote(entry.path, safe=PATH_SAFE)


def _newest(entries: Sequence[SitemapEntry]) -> dt.date | None:
    return max((e.lastmod for e in entries if e.lastmod is not None), default=None)


def robots_txt(site_root: str) -> str:
    return (
        "User-agent: *\n"
        "Allow: /\n"
        "Disallow: /api/\n"
        "\n"
        f"Sitemap: {site_root.rstrip('/')}/sitemap.xml\n"
    )


def _xml_response(request: Request, file: Representation) -> Response:
    return respond(file, request.headers, media_type=XML_TYPE, cache_control=CACHE_CONTROL)


def sitemap_router(
    settings: Settings, session_factory: sessionmaker[Session], revisions: RevisionClock
) -> APIRouter:
    router = APIRouter(include_in_schema=False)
    robots = represent(robots_txt(settings.site_root).encode())

    def build() -> dict[str, Representation]:
        with session_factory() as session:
            entries = sitemap_entries(session, settings.content_dir / "blog")
        return {
            name: represent(body)
            for name, body in render_sitemaps(entries, settings.site_root).items()
        }

    files = PerRevision(build, revisions)

    @router.get("/sitemap.xml")
    def sitemap(request: Request) -> Response:
        return _xml_response(request, files.get()["sitemap.xml"])

    @router.get("/sitemap-{kind}-{number:int}.xml")
    def sitemap_part(request: Request, kind: str, number: int) -> Response:
        file = files.get().get(part_name(kind, number))
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

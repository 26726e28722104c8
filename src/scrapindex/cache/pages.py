"""Rendered HTML per URL, valid for one data revision and at most ``max_age`` seconds.

The API's rule (cache.store): concurrent misses of one URL share a single render, and a stale
page is served while one background render replaces it. A new data revision is never served
stale.

What others may keep, said here once: a page is the same for every visitor (nothing in it comes
from a cookie or a login), so a proxy or CDN may keep it about as long as we do ourselves
(``s-maxage``, less a random part: cache.lifetimes), serve it a while longer while it asks us
again (``stale-while-revalidate``), and revalidate it with its ETag, which names the data
revision it was made from. Browsers
revalidate every time (``max-age=0``): a 304 costs a few bytes. Not shared: error pages, and
pages that ask not to be indexed (the operator console's shell), which say ``no-cache``.
"""

from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import NamedTuple

from scrapindex.cache.keys import declared_query
from scrapindex.cache.lifetimes import shared_lifetime
from scrapindex.cache.representation import Reply, Representation, represent, select
from scrapindex.cache.revision import RevisionClock
from scrapindex.cache.store import CacheStore

MAX_PAGES = 1024
HTML_TYPE = b"text/html; charset=utf-8"
REVALIDATE = "no-cache"


class PageHtml(NamedTuple):
    status: int
    html: str
    shared: bool = True  # whether a proxy or CDN may keep it (see above)


@dataclass(frozen=True)
class RenderedPage:
    status: int
    representation: Representation
    cache_control: bytes = REVALIDATE.encode()


# Makes a URL's page for the current revision: (status, html), or a PageHtml.
Render = Callable[[], Awaitable[tuple[int, str] | PageHtml]]


def page_cache_control(max_age: int, shared: bool) -> str:
    """Shared caches keep the page ``max_age`` less a random part (cache.lifetimes)."""
    if not max_age or not shared:
        return REVALIDATE
    lifetime = shared_lifetime(max_age)
    return f"public, max-age=0, s-maxage={lifetime}, stale-while-revalidate={max_age}"


def page_url(path: str, query: str, names: Iterable[str]) -> str:
    """A page's cache key: its path and the query parameters it reads (``names``), alone."""
    kept = declared_query(query, frozenset(names)) if query else ""
    return path + ("?" + kept if kept else "")


def page_reply(page: RenderedPage, request_headers: Mapping[str, str]) -> Reply:
    """What a request for ``page`` gets: the page, or 304, in the coding it accepts."""
    headers = [(b"content-type", HTML_TYPE), (b"cache-control", page.cache_control)]
    return select(page.representation, request_headers, headers, page.status)


class PageCache:
    def __init__(self, max_age: float, revisions: RevisionClock) -> None:
        self.revisions = revisions
        self.max_age = int(max_age)
        self.store: CacheStore[str, RenderedPage] = CacheStore(
            max_entries=MAX_PAGES, max_age=max(max_age, 1), now=revisions.now
        )

    async def page(self, url: str, render: Render) -> RenderedPage:
        """The URL's page: from memory when fresh enough, else rendered (once at a time)."""
        revision = await self.revisions.current_async()

        async def make() -> RenderedPage:
            status, html, shared = PageHtml(*await render())
            return RenderedPage(
                status,
                represent(html.encode(), version=f"r{revision}"),
                page_cache_control(self.max_age, shared and status == 200).encode(),
            )

        page = await self.store.get(url, revision, make)
        assert page is not None  # make() always returns a page
        return page

    def fresh(self, url: str) -> RenderedPage | None:
        """The URL's page if it is in memory, fresh, for the revision known now; never waits."""
        if not self.revisions.is_current():
            return None
        return self.store.fresh(url, self.revisions.value)

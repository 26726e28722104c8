"""Rendered HTML per URL, valid for one data revision and at most ``max_age`` seconds.

The API's rule (cache.store): concurrent misses of one URL share a single render, and a stale
page is served while one background render replaces it. A new data revision is never served
stale.
"""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from scrapindex.cache.representation import Representation, represent
from scrapindex.cache.revision import RevisionClock
from scrapindex.cache.store import CacheStore

MAX_PAGES = 1024


@dataclass(frozen=True)
class RenderedPage:
    status: int
    representation: Representation


# Makes a URL's page for the current revision: (status, html).
Render = Callable[[], Awaitable[tuple[int, str]]]


class PageCache:
    def __init__(self, max_age: float, revisions: RevisionClock) -> None:
        self.revisions = revisions
        self.store: CacheStore[str, RenderedPage] = CacheStore(
            max_entries=MAX_PAGES, max_age=max(max_age, 1), now=revisions.now
        )

    async def page(self, url: str, render: Render) -> RenderedPage:
        """The URL's page: from memory when fresh enough, else rendered (once at a time)."""

        async def make() -> RenderedPage:
            status, html = await render()
            return RenderedPage(status, represent(html.encode()))

        page = await self.store.get(url, await self.revisions.current_async(), make)
        assert page is not None  # make() always returns a page
        return page

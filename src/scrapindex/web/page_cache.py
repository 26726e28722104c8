"""Rendered HTML per URL, valid for one data revision and at most ``max_age`` seconds.

Like the API's response cache (api/caching.py), with its freshness rule: concurrent misses of
one URL share a single render, and a stale page is served while one background render replaces
it. Without that, every page stored in the same minute expires in the
same second and requests queue behind all their renders at once. A new data revision is never
served stale.
"""

import asyncio
import gzip
import hashlib
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from starlette.concurrency import run_in_threadpool

from scrapindex.api.caching import freshness
from scrapindex.settings import Settings

log = logging.getLogger(__name__)

MAX_PAGES = 1024
BACKGROUND_RENDER_LIMIT = 4  # with more renders under way, a stale page waits for a later visit
REVISION_CHECK_SECONDS = 1.0


@dataclass(frozen=True)
class RenderedPage:
    revision: int
    stored_at: float
    status: int
    body: bytes
    gzip_body: bytes
    etag: str


def rendered_page(status: int, html: str, revision: int) -> RenderedPage:
    body = html.encode()
    return RenderedPage(
        revision=revision,
        stored_at=time.monotonic(),
        status=status,
        body=body,
        gzip_body=gzip.compress(body, compresslevel=6, mtime=0),
        etag='"' + hashlib.blake2b(body, digest_size=12).hexdigest() + '"',
    )


# Makes a URL's page for a revision: (status, html).
Render = Callable[[], Awaitable[tuple[int, str]]]


class PageCache:
    def __init__(self, settings: Settings, read_revision: Callable[[], int]) -> None:
        self.max_age = max(settings.api_cache_seconds, 1)
        self.read_revision = read_revision
        self.entries: OrderedDict[str, RenderedPage] = OrderedDict()
        self.in_flight: dict[tuple[str, int], asyncio.Task[RenderedPage]] = {}
        self.revision = -1
        self.revision_read_at = 0.0

    async def current_revision(self) -> int:
        if time.monotonic() - self.revision_read_at >= REVISION_CHECK_SECONDS:
            self.revision = await run_in_threadpool(self.read_revision)
            self.revision_read_at = time.monotonic()
        return self.revision

    async def page(self, url: str, render: Render) -> RenderedPage:
        """The URL's page: from memory when fresh enough, else rendered (once at a time)."""
        revision = await self.current_revision()
        entry = self.entries.get(url)
        state = freshness(entry, revision, self.max_age)
        if entry is not None and state == "fresh":
            self.entries.move_to_end(url)
            return entry
        if entry is not None and state == "stale":
            key = (url, revision)
            if key not in self.in_flight and len(self.in_flight) < BACKGROUND_RENDER_LIMIT:
                self.render_once(url, revision, render).add_done_callback(log_failure)
            return entry
        # Shielded: a visitor who leaves does not cancel the render others are waiting for.
        return await asyncio.shield(self.render_once(url, revision, render))

    def render_once(self, url: str, revision: int, render: Render) -> asyncio.Task[RenderedPage]:
        key = (url, revision)
        task = self.in_flight.get(key)
        if task is not None:
            return task

        async def render_and_store() -> RenderedPage:
            status, html = await render()
            entry = rendered_page(status, html, revision)
            stored = self.entries.get(url)
            if stored is not None and stored.revision > revision:
                return entry  # a render for newer data finished first: keep that one
            self.entries[url] = entry
            self.entries.move_to_end(url)
            while len(self.entries) > MAX_PAGES:
                self.entries.popitem(last=False)
            return entry

        task = asyncio.create_task(render_and_store())
        self.in_flight[key] = task
        task.add_done_callback(lambda _: self.in_flight.pop(key, None))
        return task


def log_failure(task: asyncio.Task[RenderedPage]) -> None:
    """A background render's error has nobody to go to: log it (the stale page stays)."""
    if not task.cancelled() and task.exception() is not None:
        log.warning("background page render failed", exc_info=task.exception())

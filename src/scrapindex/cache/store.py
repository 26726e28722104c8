"""An LRU of values tied to one data revision, computed once however many ask at a time.

The rule, for the API's responses and the rendered pages alike: an entry of the current data
revision is fresh for ``max_age`` seconds, then stale for as long again, served while one
background computation replaces it, so requests never queue behind the refresh of every entry
stored in the same minute; an entry of an older revision is never served. Concurrent misses of
one key wait for a single computation.
"""

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

from scrapindex.cache.revision import Clock

log = logging.getLogger(__name__)

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
Freshness = Literal["fresh", "stale", "unusable"]
# Computes a key's value; None means "not cacheable" (already answered as it came).
Produce = Callable[[], Awaitable[V | None]]


@dataclass(frozen=True)
class Entry(Generic[V]):
    value: V
    revision: int
    stored_at: float


class CacheStore(Generic[K, V]):
    def __init__(
        self, *, max_entries: int, max_age: float, now: Clock, background_limit: int = 4
    ) -> None:
        self.max_entries = max_entries
        self.max_age = max_age
        self.now = now
        self.background_limit = background_limit  # more stale entries wait for a later request
        self.entries: OrderedDict[K, Entry[V]] = OrderedDict()
        self.in_flight: dict[tuple[K, int], asyncio.Future[V | None]] = {}
        self.refreshes: set[asyncio.Task[None]] = set()  # held so they are not collected

    def freshness(self, entry: Entry[V] | None, revision: int) -> Freshness:
        if entry is None or entry.revision != revision:
            return "unusable"
        age = self.now() - entry.stored_at
        if age < self.max_age:
            return "fresh"
        return "stale" if age < 2 * self.max_age else "unusable"

    async def get(
        self, key: K, revision: int, produce: Produce[V], background: Produce[V] | None = None
    ) -> V | None:
        """The key's value for ``revision``: stored, or produced (once at a time).

        ``background`` computes a stale entry's replacement after the request has its answer
        (default: ``produce``)."""
        entry = self.entries.get(key)
        state = self.freshness(entry, revision)
        if entry is not None and state == "fresh":
            self.entries.move_to_end(key)
            return entry.value
        if entry is not None and state == "stale":
            self.refresh_in_background(key, revision, background or produce)
            return entry.value
        return await self.produce_once(key, revision, produce)

    def fresh(self, key: K, revision: int) -> V | None:
        """The key's value if stored for ``revision`` and still fresh, else None; never waits.

        For the fast path (middleware/fast_path.py): anything else goes the long way, ``get``."""
        entry = self.entries.get(key)
        if entry is None or self.freshness(entry, revision) != "fresh":
            return None
        self.entries.move_to_end(key)
        return entry.value

    async def produce_once(self, key: K, revision: int, produce: Produce[V]) -> V | None:
        pending = self.in_flight.get((key, revision))
        if pending is not None:
            shared = await asyncio.shield(pending)
            # The first caller's answer could not be kept (an error, not cacheable): try ourselves.
            return shared if shared is not None else await produce()
        future: asyncio.Future[V | None] = asyncio.get_running_loop().create_future()
        self.in_flight[(key, revision)] = future
        try:
            value = await produce()
            if value is not None:
                self.store(key, revision, value)
            future.set_result(value)
            return value
        except BaseException:
            future.set_result(None)
            raise
        finally:
            del self.in_flight[(key, revision)]

    def refresh_in_background(self, key: K, revision: int, produce: Produce[V]) -> None:
        if (key, revision) in self.in_flight or len(self.refreshes) >= self.background_limit:
            return

        async def refresh() -> None:
            try:
                await self.produce_once(key, revision, produce)
            except Exception:  # the stale entry stays; the next request past 2x max_age retries
                log.warning("background refresh of %r failed", key, exc_info=True)

        task = asyncio.create_task(refresh())
        self.refreshes.add(task)
        task.add_done_callback(self.refreshes.discard)

    def store(self, key: K, revision: int, value: V) -> None:
        stored = self.entries.get(key)
        if stored is not None and stored.revision > revision:
            return  # a computation for newer data finished first: keep that one
        self.entries[key] = Entry(value, revision, self.now())
        self.entries.move_to_end(key)
        while len(self.entries) > self.max_entries:
            self.entries.popitem(last=False)

"""A value built from the published data and rebuilt only when the data revision moves.

The sitemap and the redirect lookups are small, change only when a writer bumps the revision,
and are read by many requests; each process builds them once per revision.
"""

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from scrapindex.cache.revision import RevisionClock

T = TypeVar("T")


class PerRevision(Generic[T]):
    def __init__(self, build: Callable[[], T], revisions: RevisionClock) -> None:
        self.build = build
        self.revisions = revisions
        self.lock = threading.Lock()
        self.value: T | None = None
        self.revision = -1

    def get(self) -> T:
        """The current value; blocking, so call it from a worker thread."""
        current = self.revisions.current()
        with self.lock:  # one build at a time: concurrent callers wait for it and share it
            if self.value is None or current != self.revision:
                self.value = self.build()
                self.revision = current
            return self.value

"""A value built from the published data and rebuilt only when the data revision moves.

The sitemap and the redirect lookups are small, change only when a writer bumps the revision
(see scrapindex.revision), and are read by many requests; each process builds them once per
revision. The revision itself is read at most once every ``check_seconds``.
"""

import threading
import time
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")

REVISION_CHECK_SECONDS = 2.0


class PerRevision(Generic[T]):
    def __init__(
        self,
        build: Callable[[], T],
        read_revision: Callable[[], int],
        check_seconds: float = REVISION_CHECK_SECONDS,
    ) -> None:
        self.build = build
        self.read_revision = read_revision
        self.check_seconds = check_seconds
        self.lock = threading.Lock()
        self.value: T | None = None
        self.revision = -1
        self.checked_at = 0.0

    def get(self) -> T:
        """The current value; blocking, so call it from a worker thread."""
        with self.lock:  # one build at a time: concurrent callers wait for it and share it
            now = time.monotonic()
            if self.value is None or now - self.checked_at >= self.check_seconds:
                current = self.read_revision()
                self.checked_at = now
                if self.value is None or current != self.revision:
                    self.value = self.build()
                    self.revision = current
            return self.value

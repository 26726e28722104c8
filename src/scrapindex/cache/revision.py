"""The data revision as the caches see it: read from the database at most once a second.

Every writer moves the revision forward (scrapindex.revision). Reading it costs a database round
trip, so each app keeps one clock that all of its caches share; the time source is injected so
tests move it instead of sleeping.
"""

import threading
import time
from collections.abc import Callable

from starlette.concurrency import run_in_threadpool

Clock = Callable[[], float]  # seconds, monotonic
CHECK_SECONDS = 1.0


class RevisionClock:
    def __init__(
        self,
        read: Callable[[], int],
        *,
        now: Clock = time.monotonic,
        check_seconds: float = CHECK_SECONDS,
    ) -> None:
        self.read = read
        self.now = now
        self.check_seconds = check_seconds
        self.lock = threading.Lock()
        self.value = -1
        self.read_at = 0.0

    def is_current(self) -> bool:
        return self.value >= 0 and self.now() - self.read_at < self.check_seconds

    def current(self) -> int:
        """The revision; blocking, so call it from a worker thread (or use ``current_async``)."""
        with self.lock:  # one read at a time: concurrent callers share it
            if not self.is_current():
                self.value = self.read()
                self.read_at = self.now()
            return self.value

    async def current_async(self) -> int:
        if self.is_current():
            return self.value
        return await run_in_threadpool(self.current)

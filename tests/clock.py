"""A clock the tests move by hand, for code that takes its time source (STYLE rule 12)."""

from scrapindex.cache.revision import CHECK_SECONDS


class ManualClock:
    def __init__(self, start: float = 1_000.0) -> None:
        self.time = start

    def __call__(self) -> float:
        return self.time

    def advance(self, seconds: float) -> None:
        self.time += seconds

    def past_revision_check(self) -> None:
        """Far enough that the caches read the data revision again."""
        self.advance(CHECK_SECONDS)

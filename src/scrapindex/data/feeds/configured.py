"""The market feeds the daily update fetches: MARKET_FEEDS names them (ecb, fred, worldbank, or
a licensed provider of MARKET_FEEDS_FILE). A feed that fails is reported and changes nothing;
the others still run, and the estimate then uses the newest inputs that are stored."""

import datetime as dt
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine

from scrapindex.data.feeds import FeedError
from scrapindex.data.feeds.ecb import fetch_ecb_rates
from scrapindex.data.feeds.market import fetch_market_prices
from scrapindex.data.imports.report import ImportReport, Progress
from scrapindex.settings import Settings

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class FeedOutcome:
    name: str
    report: ImportReport | None  # None when the feed could not be read at all
    problem: str | None = None

    @property
    def ok(self) -> bool:
        return self.report is not None and self.report.ok


FeedFetcher = Callable[[Engine, dt.date], list[FeedOutcome]]


def configured_feeds(settings: Settings) -> FeedFetcher | None:
    """A fetcher for the feeds the settings name, or None when they name none."""
    if not settings.market_feeds:
        return None

    def fetch_all(engine: Engine, today: dt.date) -> list[FeedOutcome]:
        return [_fetch_one(engine, settings, name, today) for name in settings.market_feeds]

    return fetch_all


def _fetch_one(engine: Engine, settings: Settings, name: str, today: dt.date) -> FeedOutcome:
    try:
        report = fetch_feed(engine, settings, name, today=today)
    except FeedError as error:
        log.warning("feed %s: %s", name, error)
        return FeedOutcome(name, None, str(error))
    return FeedOutcome(name, report)


def fetch_feed(
    engine: Engine,
    settings: Settings,
    name: str,
    *,
    today: dt.date | None = None,
    file: Path | None = None,
    history: bool = False,
    series: Sequence[str] | None = None,
    allow_outliers: bool = False,
    progress: Progress | None = None,
) -> ImportReport:
    """Fetch one feed by name with the settings' addresses and timeout; raises FeedError."""
    if name == "ecb":
        return fetch_ecb_rates(
            engine,
            file=file,
            history=history,
            today=today,
            base_url=settings.ecb_base_url,
            timeout_seconds=settings.feed_timeout_seconds,
            allow_outliers=allow_outliers,
            progress=progress,
        )
    return fetch_market_prices(
        engine,
        settings.content_dir,
        source=name,
        series=series,
        file=file,
        today=today,
        fred_base_url=settings.fred_base_url,
        world_bank_url=settings.world_bank_url,
        feeds_file=settings.market_feeds_file,
        timeout_seconds=settings.feed_timeout_seconds,
        allow_outliers=allow_outliers,
        progress=progress,
    )

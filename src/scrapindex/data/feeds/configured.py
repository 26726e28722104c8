"""The market feeds the daily update fetches: MARKET_FEEDS names them (ecb, fred, or a licensed
provider of MARKET_FEEDS_FILE). A feed that fails is reported and changes nothing; the others
still run, and the estimate then uses the newest inputs that are stored."""

import datetime as dt
import logging
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import Engine

from scrapindex.data.feeds import FeedError
from scrapindex.data.feeds.ecb import fetch_ecb_rates
from scrapindex.data.feeds.market import fetch_market_prices
from scrapindex.data.imports.report import ImportReport
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
    timeout = settings.feed_timeout_seconds
    try:
        if name == "ecb":
            report = fetch_ecb_rates(
                engine, today=today, base_url=settings.ecb_base_url, timeout_seconds=timeout
            )
        else:
            report = fetch_market_prices(
                engine,
                settings.content_dir,
                source=name,
                today=today,
                fred_base_url=settings.fred_base_url,
                feeds_file=settings.market_feeds_file,
                timeout_seconds=timeout,
            )
    except FeedError as error:
        log.warning("feed %s: %s", name, error)
        return FeedOutcome(name, None, str(error))
    return FeedOutcome(name, report)

"""Fetchers for the market reference feeds: ECB exchange rates, FRED metal prices and licensed
daily providers.

A fetcher downloads (or reads) the feed, parses it into rows, writes them as a normalized CSV
in an import format and imports that file: every fetched value passes the same validation,
outlier guard and single transaction as a file imported by hand. A fetch or parse that fails
raises FeedUnavailableError or FeedFormatError, whose text is one line, before anything is
written.
"""

from decimal import Decimal

from scrapindex.data.imports.values import finite_decimal


class FeedError(Exception):
    """A feed that could not be used; ``str()`` is one line for the command to print."""


class FeedUnavailableError(FeedError):
    """The feed could not be downloaded."""


class FeedFormatError(FeedError):
    """The feed's content is not what its format promises."""


def feed_decimal(text: str, where: str) -> Decimal:
    """A feed's number as an exact, finite decimal; FeedFormatError ("{where} ...") if not."""
    try:
        return finite_decimal(text, where)
    except ValueError as error:
        raise FeedFormatError(str(error)) from None

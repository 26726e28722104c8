"""Downloading a feed with the standard library: retries with backoff, one-line errors."""

import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping

from scrapindex.data.feeds import FeedUnavailableError

USER_AGENT = "ScrapIndex/0.1 (scrap metal price reference feeds)"
RETRIED_STATUSES = frozenset({429, 500, 502, 503, 504})
MAX_FEED_BYTES = 64 * 1024 * 1024  # the ECB history ZIP is about 0.6 MB
MAX_SHOWN_QUERY = 100  # characters of a query string an error line repeats

Fetch = Callable[..., bytes]


class _Retry(Exception):
    """A failure worth another attempt; its text says why, for the final error."""


class _Fatal(Exception):
    """A failure that another attempt would repeat (404, 401, an oversized answer)."""


def fetch_bytes(
    url: str,
    *,
    timeout_seconds: float,
    attempts: int = 3,
    backoff_seconds: float = 1.0,
    sleep: Callable[[float], None] = time.sleep,
    what: str = "feed",
    headers: Mapping[str, str] | None = None,
) -> bytes:
    """The body of ``url``; connection errors, timeouts, 5xx and 429 are tried again after
    ``backoff_seconds``, doubling each time. A 4xx other than 429 fails at once."""
    reason = "no attempt made"
    for attempt in range(1, attempts + 1):
        try:
            return _get(url, timeout_seconds, headers or {})
        except _Retry as retry:
            reason = str(retry)
        except _Fatal as fatal:
            raise _unavailable(what, url, str(fatal), attempt) from None
        if attempt < attempts:
            sleep(backoff_seconds * 2 ** (attempt - 1))
    raise _unavailable(what, url, reason, attempts)


def _get(url: str, timeout_seconds: float, headers: Mapping[str, str]) -> bytes:
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, **headers})
    try:
        with urllib.request.urlopen(request, timeout=timeout_seconds) as response:
            body: bytes = response.read(MAX_FEED_BYTES + 1)
    except urllib.error.HTTPError as error:
        error.close()
        if error.code in RETRIED_STATUSES:
            raise _Retry(f"HTTP {error.code} {error.reason}") from None
        raise _Fatal(f"HTTP {error.code} {error.reason}") from None
    except TimeoutError:
        raise _Retry("timed out") from None
    except urllib.error.URLError as error:
        raise _Retry(_reason_text(error.reason)) from None
    except (ConnectionError, OSError) as error:
        raise _Retry(_reason_text(error)) from None
    if len(body) > MAX_FEED_BYTES:
        raise _Fatal(f"the response is larger than {MAX_FEED_BYTES // 1024 // 1024} MB")
    return body


def _reason_text(reason: object) -> str:
    if isinstance(reason, TimeoutError):
        return "timed out"
    if isinstance(reason, OSError) and reason.strerror:
        return reason.strerror.lower()
    return " ".join(str(reason).split()) or type(reason).__name__


def _unavailable(what: str, url: str, reason: str, attempts: int) -> FeedUnavailableError:
    tries = "1 attempt" if attempts == 1 else f"{attempts} attempts"
    return FeedUnavailableError(
        f"{what}: could not reach {_shown(url)} after {tries} ({reason}); nothing was changed"
    )


def _shown(url: str) -> str:
    """The URL as an error line names it: a long query (a whole Overpass query) left out, so
    the line stays one readable line."""
    address, _, query = url.partition("?")
    return url if len(query) <= MAX_SHOWN_QUERY else f"{address}?…"

"""Signed, expiring tokens for the links in mail (confirm, unsubscribe, manage alerts).

A token is the JSON payload, a timestamp and an HMAC over both (itsdangerous), URL-safe, so it
can sit in a query string and in a header without escaping. The purpose is part of the salt:
a token made for one purpose ("newsletter-confirm") never reads as another ("alert-confirm").
Time is injected (``now``) so tests move it instead of sleeping. Here too: the link a token
rides in, and the List-Unsubscribe headers of a mail whose unsubscribe link is one.
"""

import datetime as dt
from email.utils import parseaddr
from typing import Any, Literal
from urllib.parse import quote, urlencode

from itsdangerous import BadSignature, TimestampSigner, URLSafeTimedSerializer

from scrapindex.settings import Settings

MAX_TOKEN_LENGTH = 2000  # longer is not one of ours: refuse before any work

# How long a link works. A confirmation is asked for now; the links every mail carries
# (unsubscribe, manage) work as long as an old mail may reasonably be opened.
CONFIRM_LINK_VALID = dt.timedelta(days=7)
LINK_IN_EVERY_MAIL_VALID = dt.timedelta(days=400)
# A token stamped later than now was not made by us now: it would never expire. Only the clocks
# of two of our hosts (the one that wrote the mail, the one that reads the link) may differ.
CLOCK_DIFFERENCE_ALLOWED = dt.timedelta(minutes=1)


class BadToken(Exception):
    """A token that is expired (``reason == "expired"``) or not ours (``"invalid"``)."""

    def __init__(self, reason: Literal["expired", "invalid"]) -> None:
        super().__init__("the link has expired" if reason == "expired" else "the link is not valid")
        self.reason = reason

    @property
    def expired(self) -> bool:
        return self.reason == "expired"


class _ClockSigner(TimestampSigner):
    """A TimestampSigner that stamps the injected time rather than reading the clock."""

    def __init__(self, *args: Any, now: dt.datetime | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.now = now

    def get_timestamp(self) -> int:
        return int((self.now or dt.datetime.now(dt.UTC)).timestamp())


def _serializer(
    settings: Settings, purpose: str, now: dt.datetime | None
) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(
        settings.token_secret.get_secret_value(),
        salt=f"scrapindex.{purpose}",
        signer=_ClockSigner,
        signer_kwargs={"now": now},
    )


def make_token(
    settings: Settings, purpose: str, payload: dict[str, Any], *, now: dt.datetime | None = None
) -> str:
    """A URL-safe token carrying ``payload`` (JSON-able), signed for ``purpose``."""
    token = _serializer(settings, purpose, now).dumps(payload)
    assert isinstance(token, str)
    return token


def read_token(
    settings: Settings,
    purpose: str,
    token: str,
    max_age: dt.timedelta,
    *,
    now: dt.datetime | None = None,
) -> dict[str, Any]:
    """The payload of a token made for ``purpose`` at most ``max_age`` before ``now``.

    Raises BadToken("invalid") for anything forged, altered, made for another purpose or with
    another secret, or stamped in the future, and BadToken("expired") for a genuine token that
    is too old."""
    if not token or len(token) > MAX_TOKEN_LENGTH:
        raise BadToken("invalid")
    try:
        payload, signed_at = _serializer(settings, purpose, now).loads(token, return_timestamp=True)
    except BadSignature as error:
        raise BadToken("invalid") from error
    if not isinstance(payload, dict):
        raise BadToken("invalid")
    age = (now or dt.datetime.now(dt.UTC)) - signed_at
    if age < -CLOCK_DIFFERENCE_ALLOWED:
        raise BadToken("invalid")
    if age > max_age:
        raise BadToken("expired")
    return payload


def token_link(settings: Settings, path: str, token: str) -> str:
    """The site's address of ``path`` with ``token`` in its query string."""
    return f"{settings.link_root()}{path}?{urlencode({'token': token})}"


def list_unsubscribe_headers(settings: Settings, unsubscribe_url: str) -> dict[str, str]:
    """List-Unsubscribe (https and mailto) and RFC 8058's List-Unsubscribe-Post."""
    links = [f"<{unsubscribe_url}>"]
    mailbox = parseaddr(settings.mail_from)[1]
    if mailbox:
        links.append(f"<mailto:{quote(mailbox, safe='@')}?subject=unsubscribe>")
    return {
        "List-Unsubscribe": ", ".join(links),
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    }

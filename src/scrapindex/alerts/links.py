"""The signed links and headers of alert mail: confirm, one-click unsubscribe, manage.

Tokens come from ``scrapindex.mail.tokens``; each purpose has its own salt, so a link made for
one never works as another. Confirm and unsubscribe name one alert: its id and its nonce, since
SQLite gives a deleted alert's id to the next one, and a link must act only on the alert it was
made for. Manage names the address, and lists every alert of it. Header values hold only the
site root, a URL-safe token and the sender's mailbox: nothing a visitor typed.
"""

import datetime as dt
from typing import Any, NamedTuple

from scrapindex.mail.tokens import (
    CONFIRM_LINK_VALID,
    LINK_IN_EVERY_MAIL_VALID,
    BadToken,
    list_unsubscribe_headers,
    make_token,
    read_token,
    token_link,
)
from scrapindex.settings import Settings

CONFIRM_PURPOSE = "alert-confirm"
UNSUBSCRIBE_PURPOSE = "alert-unsubscribe"
MANAGE_PURPOSE = "alert-manage"
CONFIRM_VALID = CONFIRM_LINK_VALID
UNSUBSCRIBE_VALID = MANAGE_VALID = LINK_IN_EVERY_MAIL_VALID

# price_alerts.id is an INTEGER key (as api/deps.RowIdPath says): a signed id beyond it names no
# alert, and the database would refuse the query rather than find nothing.
MAX_ALERT_ID = 2**31 - 1

CONFIRM_PATH = "/alerts/confirm"
UNSUBSCRIBE_PATH = "/alerts/unsubscribe"
MANAGE_PATH = "/alerts/manage"


class LinkedAlert(NamedTuple):
    """What an alert link names: the alert's id and the nonce it was made with."""

    id: int
    nonce: str


def confirm_url(settings: Settings, alert_id: int, nonce: str, now: dt.datetime) -> str:
    token = make_token(settings, CONFIRM_PURPOSE, {"a": alert_id, "n": nonce}, now=now)
    return token_link(settings, CONFIRM_PATH, token)


def unsubscribe_token(settings: Settings, alert_id: int, nonce: str, now: dt.datetime) -> str:
    return make_token(settings, UNSUBSCRIBE_PURPOSE, {"a": alert_id, "n": nonce}, now=now)


def unsubscribe_url(settings: Settings, alert_id: int, nonce: str, now: dt.datetime) -> str:
    token = unsubscribe_token(settings, alert_id, nonce, now)
    return token_link(settings, UNSUBSCRIBE_PATH, token)


def manage_url(settings: Settings, email: str, now: dt.datetime) -> str:
    return token_link(
        settings, MANAGE_PATH, make_token(settings, MANAGE_PURPOSE, {"e": email}, now=now)
    )


def unsubscribe_headers(
    settings: Settings, alert_id: int, nonce: str, now: dt.datetime
) -> dict[str, str]:
    """List-Unsubscribe (https and mailto) and RFC 8058's List-Unsubscribe-Post for one alert."""
    return list_unsubscribe_headers(settings, unsubscribe_url(settings, alert_id, nonce, now))


def alert_of(
    settings: Settings, purpose: str, token: str, max_age: dt.timedelta, now: dt.datetime
) -> LinkedAlert:
    """The alert a genuine, unexpired token names; raises BadToken otherwise (also for a link
    made before links carried a nonce)."""
    payload = read_token(settings, purpose, token, max_age, now=now)
    value, nonce = _field(payload, "a"), _field(payload, "n")
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_ALERT_ID:
        raise BadToken("invalid")
    if not isinstance(nonce, str) or not nonce:
        raise BadToken("invalid")
    return LinkedAlert(value, nonce)


def email_of(settings: Settings, token: str, now: dt.datetime) -> str:
    """The address a genuine, unexpired manage token names; raises BadToken otherwise."""
    value = _field(read_token(settings, MANAGE_PURPOSE, token, MANAGE_VALID, now=now), "e")
    if not isinstance(value, str) or not value:
        raise BadToken("invalid")
    return value


def _field(payload: dict[str, Any], name: str) -> Any:
    return payload.get(name)


def mail_links(
    settings: Settings, alert_id: int, nonce: str, email: str, now: dt.datetime
) -> dict[str, str]:
    """The links every alert mail carries: remove this alert, manage all of the address's."""
    return {
        "site_root": settings.link_root(),
        "unsubscribe_url": unsubscribe_url(settings, alert_id, nonce, now),
        "manage_url": manage_url(settings, email, now),
    }

"""The pages reached from alert mail: /alerts/confirm, /alerts/unsubscribe, /alerts/manage,
server-rendered (templates/alerts/page.html), never cached, not indexed.

As for the newsletter (web/newsletter_pages.py): unsubscribing is a POST, never a GET, since
link scanners open every link in a mail; the GET shows a one-button form, and the POST is
also RFC 8058's one-click unsubscribe (the signed token in the URL is the authority, so it needs
no CSRF token). The manage page lists every alert of the address, each with a delete button
posting to its own unsubscribe link.
"""

import datetime as dt
from collections.abc import Sequence
from urllib.parse import urlencode

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from scrapindex.alerts import links
from scrapindex.alerts.subscriptions import (
    ListedAlert,
    alerts_of,
    confirm_alert,
    remove_alert,
)
from scrapindex.api.deps import SessionDep, SettingsDep
from scrapindex.mail.tokens import BadToken
from scrapindex.settings import Settings
from scrapindex.web.mail_link_pages import TokenQuery, mail_link_page

router = APIRouter(include_in_schema=False)


def page(
    settings: Settings,
    status: int,
    heading: str,
    *paragraphs: str,
    unsubscribe_action: str | None = None,
    alerts: Sequence[ListedAlert] | None = None,
) -> HTMLResponse:
    return mail_link_page(
        settings,
        "alerts/page.html",
        status,
        heading,
        paragraphs,
        unsubscribe_action=unsubscribe_action,
        alerts=alerts,
        unsubscribe_path=links.UNSUBSCRIBE_PATH,
    )


def bad_link(settings: Settings, error: BadToken, what: str) -> HTMLResponse:
    """410 for a genuine link that is too old, 404 for one that is not ours (or mangled)."""
    if error.expired:
        return page(settings, 410, "This link has expired", f"The {what} link is too old to use.")
    return page(
        settings,
        404,
        "This link is not valid",
        f"The {what} link is incomplete or was changed: open it straight from the mail.",
    )


def gone(settings: Settings) -> HTMLResponse:
    return page(settings, 404, "This alert no longer exists", "It was removed since the mail.")


@router.get(links.CONFIRM_PATH)
def confirm_page(
    session: SessionDep, settings: SettingsDep, token: TokenQuery = ""
) -> HTMLResponse:
    now = dt.datetime.now(dt.UTC)
    try:
        link = links.alert_of(settings, links.CONFIRM_PURPOSE, token, links.CONFIRM_VALID, now)
    except BadToken as error:
        return bad_link(settings, error, "confirmation")
    alert = confirm_alert(session, settings, link, now)
    if alert is None:
        return gone(settings)
    session.commit()
    return page(
        settings,
        200,
        "Your alert is set up",
        f"Mail about it will come to {alert.email}.",
        "Every alert mail has a link to stop that alert and one to see all your alerts.",
    )


@router.get(links.UNSUBSCRIBE_PATH)
def unsubscribe_page(settings: SettingsDep, token: TokenQuery = "") -> HTMLResponse:
    now = dt.datetime.now(dt.UTC)
    try:
        links.alert_of(settings, links.UNSUBSCRIBE_PURPOSE, token, links.UNSUBSCRIBE_VALID, now)
    except BadToken as error:
        return bad_link(settings, error, "unsubscribe")
    return page(
        settings,
        200,
        "Stop this alert",
        "Press the button to stop this price alert.",
        unsubscribe_action=f"{links.UNSUBSCRIBE_PATH}?{urlencode({'token': token})}",
    )


@router.post(links.UNSUBSCRIBE_PATH)
def unsubscribe_now(
    session: SessionDep, settings: SettingsDep, token: TokenQuery = ""
) -> HTMLResponse:
    now = dt.datetime.now(dt.UTC)
    try:
        link = links.alert_of(
            settings, links.UNSUBSCRIBE_PURPOSE, token, links.UNSUBSCRIBE_VALID, now
        )
    except BadToken as error:
        return bad_link(settings, error, "unsubscribe")
    remove_alert(session, settings, link, now)  # the alert is stopped, now or before
    session.commit()
    return page(settings, 200, "The alert is stopped", "You will get no more mail about it.")


@router.get(links.MANAGE_PATH)
def manage_page(session: SessionDep, settings: SettingsDep, token: TokenQuery = "") -> HTMLResponse:
    now = dt.datetime.now(dt.UTC)
    try:
        email = links.email_of(settings, token, now)
    except BadToken as error:
        return bad_link(settings, error, "manage")
    return page(
        settings,
        200,
        "Your price alerts",
        f"The alerts of {email}:",
        alerts=alerts_of(session, settings, email, now),
    )

"""The pages a reader lands on from newsletter mail: /newsletter/confirm and
/newsletter/unsubscribe, server-rendered (templates/newsletter/page.html), never cached, not
indexed.

Unsubscribing is a POST, never a GET: link scanners and mail previews open every link in a mail,
and must not unsubscribe anyone. The GET shows a one-button form; the POST is also RFC 8058's
one-click unsubscribe, which mail clients send with the body ``List-Unsubscribe=One-Click`` to
the List-Unsubscribe address. That POST carries no CSRF token and needs none: the signed token
in the URL is the authority (it names the address and only the site can make one), so a forged
cross-site POST can only do what the token's holder may do anyway. The body is not read.
"""

import datetime as dt
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from scrapindex.api.deps import SessionDep, SettingsDep
from scrapindex.mail.newsletter import (
    CONFIRM_PATH,
    CONFIRM_PURPOSE,
    CONFIRM_VALID,
    UNSUBSCRIBE_PATH,
    UNSUBSCRIBE_PURPOSE,
    UNSUBSCRIBE_VALID,
    confirm,
    sign_up_of,
    unsubscribe,
)
from scrapindex.mail.tokens import BadToken
from scrapindex.settings import Settings
from scrapindex.web.mail_link_pages import TokenQuery, mail_link_page

router = APIRouter(include_in_schema=False)


def page(
    settings: Settings, status: int, heading: str, *paragraphs: str, **extra: Any
) -> HTMLResponse:
    return mail_link_page(
        settings,
        "newsletter/page.html",
        status,
        heading,
        paragraphs,
        unsubscribe_action=extra.get("unsubscribe_action"),
        sign_up_again=extra.get("sign_up_again", False),
    )


def bad_link(settings: Settings, error: BadToken, what: str) -> HTMLResponse:
    """410 for a genuine link that is too old, 404 for one that is not ours (or mangled)."""
    if error.expired:
        return page(
            settings,
            410,
            "This link has expired",
            f"The {what} link is too old to use.",
            "Sign up again and we will send you a new confirmation mail.",
            sign_up_again=True,
        )
    return page(
        settings,
        404,
        "This link is not valid",
        f"The {what} link is incomplete or was changed: open it straight from the mail, or copy "
        "all of it into the address bar.",
        sign_up_again=True,
    )


@router.get(CONFIRM_PATH)
def confirm_page(
    session: SessionDep, settings: SettingsDep, token: TokenQuery = ""
) -> HTMLResponse:
    now = dt.datetime.now(dt.UTC)
    try:
        link = sign_up_of(settings, CONFIRM_PURPOSE, token, CONFIRM_VALID, now)
    except BadToken as error:
        return bad_link(settings, error, "confirmation")
    email = link.email
    if not confirm(session, settings, link, now):
        return page(
            settings,
            404,
            "This sign-up is no longer waiting",
            "The address was unsubscribed or removed since this mail was sent: if it signed up "
            "again, the link in the newest mail confirms it.",
            sign_up_again=True,
        )
    session.commit()
    return page(
        settings,
        200,
        "Your subscription is confirmed",
        f"Thank you: {email} is on the ScrapIndex newsletter list.",
        "No newsletter is being sent yet. If one starts, it will come to this address, and "
        "every issue will have a link to unsubscribe in one click.",
    )


@router.get(UNSUBSCRIBE_PATH)
def unsubscribe_page(settings: SettingsDep, token: TokenQuery = "") -> HTMLResponse:
    now = dt.datetime.now(dt.UTC)
    try:
        email = sign_up_of(settings, UNSUBSCRIBE_PURPOSE, token, UNSUBSCRIBE_VALID, now).email
    except BadToken as error:
        return bad_link(settings, error, "unsubscribe")
    return page(
        settings,
        200,
        "Unsubscribe from the newsletter",
        f"Press the button to stop the ScrapIndex newsletter to {email}.",
        unsubscribe_action=f"{UNSUBSCRIBE_PATH}?{urlencode({'token': token})}",
    )


@router.post(UNSUBSCRIBE_PATH)
def unsubscribe_now(
    session: SessionDep, settings: SettingsDep, token: TokenQuery = ""
) -> HTMLResponse:
    now = dt.datetime.now(dt.UTC)
    try:
        link = sign_up_of(settings, UNSUBSCRIBE_PURPOSE, token, UNSUBSCRIBE_VALID, now)
    except BadToken as error:
        return bad_link(settings, error, "unsubscribe")
    email = link.email
    left_none = unsubscribe(session, settings, link, now)
    session.commit()
    if not left_none:
        return page(
            settings,
            404,
            "This link is for an earlier sign-up",
            f"{email} signed up again after this mail was sent: the link in the newest mail "
            "unsubscribes it.",
        )
    return page(
        settings,
        200,
        "You're unsubscribed",
        f"{email} will get no more ScrapIndex newsletters.",
        "Changed your mind? You can sign up again at any time.",
        sign_up_again=True,
    )

"""The operator console's login: log in, log out, and who is logged in.

The login itself carries no CSRF token (there is no session yet to hold one). What stops another
site from logging a browser in, or trying passwords through it: the body must be JSON sent as
``application/json`` (FastAPI refuses other content types with a 422), which a cross-site form
cannot send and a cross-site ``fetch`` can only send after a CORS preflight, which this site
never grants. The session cookie is ``SameSite=Lax``, so no other site's request carries it.
"""

import datetime as dt
from typing import Any

from fastapi import APIRouter, Depends, HTTPException, Response, status

from scrapindex.api.deps import SessionDep, SettingsDep
from scrapindex.api.submissions import ClientHash
from scrapindex.auth import throttle
from scrapindex.auth.deps import (
    CONSOLE_ERRORS,
    NEEDS_LOGIN,
    LoginDep,
    csrf_protected,
    session_limits,
)
from scrapindex.auth.sessions import SESSION_COOKIE, revoke, start_session
from scrapindex.auth.users import authenticate
from scrapindex.schemas.auth import LoginPublic, LoginRequest
from scrapindex.schemas.common import WITH_A_BODY, Message
from scrapindex.settings import Settings

router = APIRouter(prefix="/api/auth", tags=["auth"])

# One answer for an unknown address, a wrong password and a disabled account.
WRONG_CREDENTIALS = "Wrong e-mail or password."
LOGIN_ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"model": Message, "description": "Wrong e-mail or password (or a disabled account)"},
    429: {"model": Message, "description": "Too many failed logins; see Retry-After"},
    **WITH_A_BODY,
}


@router.post(
    "/login", response_model=LoginPublic, responses=LOGIN_ERRORS, summary="Log in to the console"
)
def log_in(
    body: LoginRequest,
    response: Response,
    session: SessionDep,
    settings: SettingsDep,
    client: ClientHash,
) -> LoginPublic:
    now = dt.datetime.now(dt.UTC)
    attempt = throttle.attempt_of(body.email, client, settings.client_hash_salt)
    if (wait := throttle.seconds_to_wait(session, attempt, now)) is not None:
        raise HTTPException(429, throttle.wait_message(wait), headers={"Retry-After": str(wait)})
    user = authenticate(session, body.email, body.password)
    if user is None:
        throttle.record_failure(session, attempt, now)
        session.commit()
        raise HTTPException(401, WRONG_CREDENTIALS)
    throttle.clear_failures(session, attempt)
    user.last_login_at = now
    token, login = start_session(session, user, client, session_limits(settings), now)
    session.commit()
    set_session_cookie(response, token, settings)
    return LoginPublic.of(login)


@router.post(
    "/logout",
    status_code=status.HTTP_204_NO_CONTENT,
    dependencies=[Depends(csrf_protected)],
    responses=CONSOLE_ERRORS,
    summary="Log out: the session ends",
)
def log_out(
    login: LoginDep, response: Response, session: SessionDep, settings: SettingsDep
) -> None:
    revoke(login, dt.datetime.now(dt.UTC))
    session.commit()
    response.delete_cookie(SESSION_COOKIE, **cookie_attributes(settings))


@router.get("/me", response_model=LoginPublic, responses=NEEDS_LOGIN, summary="Who is logged in")
def who_am_i(login: LoginDep) -> LoginPublic:
    return LoginPublic.of(login)


def set_session_cookie(response: Response, token: str, settings: Settings) -> None:
    # The browser may keep it as long as the session can live; the server decides before that.
    max_age = int(session_limits(settings).absolute.total_seconds())
    response.set_cookie(SESSION_COOKIE, token, max_age=max_age, **cookie_attributes(settings))


def cookie_attributes(settings: Settings) -> dict[str, Any]:
    return {"path": "/", "secure": settings.secure_cookies, "httponly": True, "samesite": "lax"}

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
from sqlalchemy.orm import Session

from scrapindex.api.deps import SessionDep, SettingsDep
from scrapindex.api.submissions import ClientHash
from scrapindex.audit import VISITOR_ACTOR, record_audit
from scrapindex.auth import hash_slots, throttle
from scrapindex.auth.deps import (
    CONSOLE_ERRORS,
    NEEDS_LOGIN,
    LoginDep,
    csrf_protected,
    session_limits,
)
from scrapindex.auth.hash_slots import hash_slot
from scrapindex.auth.sessions import SESSION_COOKIE, revoke, revoke_all, start_session
from scrapindex.auth.users import authenticate, find_user
from scrapindex.models import User
from scrapindex.schemas.auth import LoginPublic, LoginRequest
from scrapindex.schemas.common import WITH_A_BODY, Message
from scrapindex.settings import Settings

router = APIRouter(prefix="/api/auth", tags=["auth"])

# One answer for an unknown address, a wrong password and a disabled account.
WRONG_CREDENTIALS = "Wrong e-mail or password."
TOO_MANY_AT_ONCE = "Too many logins at once. Try again in a second."
LOGIN_ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"model": Message, "description": "Wrong e-mail or password (or a disabled account)"},
    429: {
        "model": Message,
        "description": "Too many failed logins, or too many at once; see Retry-After",
    },
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
    with hash_slot() as had_slot:
        if not had_slot:
            retry = str(hash_slots.RETRY_AFTER_SECONDS)
            raise HTTPException(429, TOO_MANY_AT_ONCE, headers={"Retry-After": retry})
        admitted = throttle.admit(session, attempt, now)
        if isinstance(admitted, int):
            wait = str(admitted)
            raise HTTPException(429, throttle.wait_message(admitted), headers={"Retry-After": wait})
        user = authenticate(session, body.email, body.password)
    if user is None:
        audit_failure(session, attempt, admitted, find_user(session, body.email))
        session.commit()
        raise HTTPException(401, WRONG_CREDENTIALS)
    throttle.succeeded(session, attempt, admitted)
    return open_login(session, response, settings, user, client, attempt_facts(attempt), now)


def open_login(
    session: Session,
    response: Response,
    settings: Settings,
    user: User,
    client: str,
    facts: dict[str, str],
    now: dt.datetime,
) -> LoginPublic:
    """Log ``user`` in (their password was just checked or set): a new session, audited and
    committed with whatever else the caller's transaction holds, its cookie, and the answer
    with the CSRF token."""
    user.last_login_at = now
    token, login = start_session(session, user, client, session_limits(settings), now)
    record_audit(session, user, "auth.login", "user", user.id, None, facts)
    session.commit()
    set_session_cookie(response, token, settings)
    return LoginPublic.of(login)


def attempt_facts(attempt: throttle.Attempt) -> dict[str, str]:
    """Short forms of the salted hashes: enough to tie attempts together, not to reverse."""
    return {"account": attempt.email_hash[:12], "client": attempt.client_hash[:12]}


def audit_failure(
    session: Session, attempt: throttle.Attempt, admitted: throttle.Admission, user: User | None
) -> None:
    """A failed login, and a lockout when it filled one of the client's limits. A known
    account is named by its id; the address tried is never stored."""
    kind, target = ("user", user.id) if user is not None else ("login", None)
    facts = attempt_facts(attempt)
    record_audit(
        session, None, "auth.login-failed", kind, target, after=facts, actor_name=VISITOR_ACTOR
    )
    if admitted.limit_reached:
        minutes = int(throttle.WINDOW.total_seconds() // 60)
        locked = {**facts, "minutes": str(minutes)}
        record_audit(
            session, None, "auth.lockout", kind, target, after=locked, actor_name=VISITOR_ACTOR
        )


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


@router.post(
    "/logout-everywhere",
    status_code=status.HTTP_204_NO_CONTENT,
    dependencies=[Depends(csrf_protected)],
    responses=CONSOLE_ERRORS,
    summary="Log out everywhere: every session of this account ends",
)
def log_out_everywhere(
    login: LoginDep, response: Response, session: SessionDep, settings: SettingsDep
) -> None:
    now = dt.datetime.now(dt.UTC)
    ended = revoke_all(session, login.user, now)
    record_audit(session, login.user, "auth.logout-everywhere", "user", login.user_id, None,
                 {"sessionsEnded": ended})  # fmt: skip
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

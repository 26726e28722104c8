"""Request dependencies of the operator console: who is logged in, with which role, and CSRF.

Every operation under /api/admin/ depends on ``OperatorDep`` (any role) or ``AdminDep``; the
admin routers add ``csrf_protected`` so that every state-changing call must send the session's
CSRF token in ``X-CSRF-Token`` (a form on another site cannot read it, so cannot send it).
"""

import datetime as dt
from typing import Annotated, Any

from fastapi import Depends, HTTPException, Request, Security
from fastapi.security import APIKeyCookie, APIKeyHeader
from sqlalchemy import select

from scrapindex.api.deps import RowIdPath, SessionDep, SettingsDep, row_or_404
from scrapindex.auth.sessions import (
    CSRF_HEADER,
    SESSION_COOKIE,
    SessionLimits,
    csrf_matches,
    find_live_session,
)
from scrapindex.auth.users import OPERATOR_ROLES
from scrapindex.models import ScrapYard, User, UserSession, YardOwner
from scrapindex.schemas.common import Message
from scrapindex.settings import Settings

LOG_IN_FIRST = "Log in to continue."
NOT_ALLOWED = "Your account may not do this."
NOT_YOURS = "This yard is not yours."
OWNER_SUSPENDED = "This yard's owner account is suspended."
BAD_CSRF = "Missing or wrong CSRF token. Reload the page and try again."
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# What every console operation may answer before it runs (app.py adds them to each).
NEEDS_LOGIN: dict[int | str, dict[str, Any]] = {
    401: {"model": Message, "description": "Not logged in, or the session has ended"},
}
CONSOLE_ERRORS: dict[int | str, dict[str, Any]] = {
    **NEEDS_LOGIN,
    403: {"model": Message, "description": "The role may not do this, or a wrong CSRF token"},
}

# Declared as security schemes, so that the OpenAPI document marks every console operation as
# needing the session (and the CSRF header), and API clients and fuzzers know how to send them.
session_cookie = APIKeyCookie(name=SESSION_COOKIE, auto_error=False, description="Login session")
csrf_header = APIKeyHeader(
    name=CSRF_HEADER, auto_error=False, description="The csrfToken of /api/auth/me"
)


def session_limits(settings: Settings) -> SessionLimits:
    return SessionLimits(
        idle=dt.timedelta(minutes=settings.session_idle_minutes),
        absolute=dt.timedelta(hours=settings.session_absolute_hours),
    )


def get_login(
    session: SessionDep,
    settings: SettingsDep,
    token: Annotated[str | None, Security(session_cookie)],
) -> UserSession:
    """The caller's live session, or 401."""
    now = dt.datetime.now(dt.UTC)
    row = find_live_session(session, token, session_limits(settings), now) if token else None
    if row is None:
        raise HTTPException(401, LOG_IN_FIRST)
    return row


LoginDep = Annotated[UserSession, Depends(get_login)]


def get_operator(login: LoginDep) -> User:
    """Moderators and admins; a yard owner's login may not work the console's queues."""
    if login.user.role not in OPERATOR_ROLES:
        raise HTTPException(403, NOT_ALLOWED)
    return login.user


def get_admin(login: LoginDep) -> User:
    if login.user.role != "admin":
        raise HTTPException(403, NOT_ALLOWED)
    return login.user


OperatorDep = Annotated[User, Depends(get_operator)]
AdminDep = Annotated[User, Depends(get_admin)]


def csrf_protected(
    request: Request, login: LoginDep, sent: Annotated[str | None, Security(csrf_header)]
) -> None:
    """A state-changing call must carry the session's CSRF token."""
    if request.method not in SAFE_METHODS and not csrf_matches(login, sent):
        raise HTTPException(403, BAD_CSRF)


def get_owner(login: LoginDep) -> User:
    """A yard owner's login (operators post for a yard through the console's own screens)."""
    if login.user.role != "owner":
        raise HTTPException(403, NOT_ALLOWED)
    return login.user


OwnerDep = Annotated[User, Depends(get_owner)]


def owned_yard(session: SessionDep, owner: OwnerDep, yard_id: RowIdPath) -> ScrapYard:
    """The path's yard when the logged-in owner owns it and is not suspended from it."""
    yard = row_or_404(session, ScrapYard, yard_id, "Scrap yard")
    link = session.scalar(
        select(YardOwner).where(YardOwner.user_id == owner.id, YardOwner.yard_id == yard.id)
    )
    if link is None:
        raise HTTPException(403, NOT_YOURS)
    if link.suspended_at is not None:
        raise HTTPException(403, OWNER_SUSPENDED)
    return yard


OwnedYardDep = Annotated[ScrapYard, Depends(owned_yard)]

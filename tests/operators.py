"""Operator accounts for tests: made in the database, logged in through the real API.

The session-wide ``client`` is shared by every test, so a login never stays in its cookie jar:
``log_in`` hands back the headers (session cookie and CSRF token) a test sends explicitly.
"""

import datetime as dt
import secrets
from dataclasses import dataclass

from fastapi.testclient import TestClient
from sqlalchemy import Engine
from sqlalchemy.orm import Session

from scrapindex.auth.sessions import CSRF_HEADER, SESSION_COOKIE
from scrapindex.auth.users import create_user
from scrapindex.models import YardOwner


@dataclass(frozen=True)
class Operator:
    id: int
    email: str
    password: str
    role: str


def add_operator(engine: Engine, role: str = "moderator") -> Operator:
    email = f"{role}-{secrets.token_hex(4)}@example.com"
    password = secrets.token_urlsafe(16)
    with Session(engine) as session:
        user = create_user(session, email, password, role)
        session.commit()
        return Operator(user.id, email, password, role)


def log_in(client: TestClient, operator: Operator) -> dict[str, str]:
    """Logs in; the headers that carry the session and its CSRF token on later calls."""
    response = client.post(
        "/api/auth/login", json={"email": operator.email, "password": operator.password}
    )
    assert response.status_code == 200, response.text
    token = response.cookies[SESSION_COOKIE]
    client.cookies.clear()
    return {"Cookie": f"{SESSION_COOKIE}={token}", CSRF_HEADER: response.json()["csrfToken"]}


def add_owner(engine: Engine, *yard_ids: int) -> Operator:
    """A yard owner's account (role ``owner``) owning ``yard_ids``, as a confirmed claim makes."""

    owner = add_operator(engine, "owner")
    with Session(engine) as session:
        for yard_id in yard_ids:
            session.add(
                YardOwner(
                    user_id=owner.id,
                    yard_id=yard_id,
                    added_by="test",
                    added_at=dt.datetime.now(dt.UTC),
                )
            )
        session.commit()
    return owner

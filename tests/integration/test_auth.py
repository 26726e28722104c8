"""The console's login through the real app, on both databases: sessions, roles, CSRF, throttling.

The session-wide ``client`` never keeps a login (tests/operators.py). Failed logins count against
the client's address, so the tests that fail logins use a ``visitor`` with an address of its
own: its failures never throttle another test's logins.
"""

import datetime as dt
import itertools
from collections.abc import Iterator
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher
from sqlalchemy import Engine, select, update
from sqlalchemy.orm import Session

from scrapindex.app import create_app
from scrapindex.auth import passwords, throttle
from scrapindex.auth.sessions import CSRF_HEADER, SESSION_COOKIE, token_hash
from scrapindex.deploy_check import settings_findings
from scrapindex.models import AuditEntry, LoginAttempt, User, UserSession
from scrapindex.settings import Settings
from tests.conftest import CONTENT_DIR
from tests.operators import add_operator, log_in

WRONG = {"message": "Wrong e-mail or password."}
LOG_IN_FIRST = {"message": "Log in to continue."}
PRIVATE = "private, no-store"
VISITOR_NUMBERS = itertools.count(1)
PRODUCTION_HASHER = passwords.hasher
# Argon2id doing the least work: these tests check the rules, not the hash's cost (one does).
QUICK_HASHER = PasswordHash((Argon2Hasher(time_cost=1, memory_cost=1024, parallelism=1),))


@pytest.fixture(autouse=True, scope="module")
def quick_password_hashes() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(passwords, "hasher", lambda: QUICK_HASHER)
        yield


@pytest.fixture
def visitor(client: TestClient) -> Iterator[TestClient]:
    """A client with an address of its own, on the shared app (without a lifespan of its own)."""
    with TestClient(client.app, client=(f"auth-visitor-{next(VISITOR_NUMBERS)}", 50000)) as own:
        yield own


def log_in_as(client: TestClient, email: str, password: str) -> Any:
    response = client.post("/api/auth/login", json={"email": email, "password": password})
    client.cookies.clear()
    return response


def session_token(headers: dict[str, str]) -> str:
    cookie = SimpleCookie(headers["Cookie"])
    return cookie[SESSION_COOKIE].value


def set_session(engine: Engine, headers: dict[str, str], **values: Any) -> None:
    with engine.begin() as connection:
        connection.execute(
            update(UserSession)
            .where(UserSession.token_hash == token_hash(session_token(headers)))
            .values(**values)
        )


def stored_user(engine: Engine, user_id: int) -> User:
    with Session(engine) as session:
        user = session.get(User, user_id)
        assert user is not None
        return user


def audit_entries(engine: Engine, action: str, entity_id: int) -> list[AuditEntry]:
    with Session(engine) as session:
        query = select(AuditEntry).where(
            AuditEntry.action == action, AuditEntry.entity_id == str(entity_id)
        )
        return list(session.scalars(query.order_by(AuditEntry.id)))


# Logging in and out


def test_login_answers_who_is_logged_in_and_sets_the_session_cookie(
    client: TestClient, engine: Engine
) -> None:
    admin = add_operator(engine, "admin")
    before = dt.datetime.now(dt.UTC)
    response = client.post(
        "/api/auth/login", json={"email": f"  {admin.email.upper()} ", "password": admin.password}
    )
    client.cookies.clear()
    assert response.status_code == 200
    body = response.json()
    assert body["user"] == {"id": admin.id, "email": admin.email, "role": "admin"}
    assert len(body["csrfToken"]) >= 32
    assert response.headers["cache-control"] == PRIVATE
    cookie = SimpleCookie(response.headers["set-cookie"])[SESSION_COOKIE]
    assert len(cookie.value) >= 32
    assert cookie["httponly"] is True
    assert cookie["samesite"] == "lax"
    assert cookie["path"] == "/"
    assert cookie["max-age"] == str(12 * 3600)  # the session's absolute lifetime
    assert not cookie["secure"]  # SITE_ROOT is http here
    user = stored_user(engine, admin.id)
    assert user.last_login_at is not None
    assert user.last_login_at >= before
    assert user.password_hash.startswith("$argon2id$")
    assert admin.password not in user.password_hash
    with Session(engine) as session:
        row = session.scalars(
            select(UserSession).where(UserSession.token_hash == token_hash(cookie.value))
        ).one()
    assert row.csrf_token == body["csrfToken"]  # the token itself is never stored


def test_the_cookie_is_secure_when_the_site_is_served_over_https(
    database_url: str, engine: Engine
) -> None:
    operator = add_operator(engine)
    settings = Settings(
        database_url=database_url,
        content_dir=CONTENT_DIR,
        data_dir=Path("/nonexistent"),
        site_root="https://scrapindex.example",
    )
    with TestClient(create_app(settings), base_url="https://testserver") as secure:
        response = log_in_as(secure, operator.email, operator.password)
    assert response.status_code == 200
    cookie = SimpleCookie(response.headers["set-cookie"])[SESSION_COOKIE]
    assert cookie["secure"] is True
    assert cookie["httponly"] is True
    assert cookie["samesite"] == "lax"


def test_unknown_wrong_and_disabled_logins_get_the_same_answer(
    visitor: TestClient, engine: Engine
) -> None:
    known = add_operator(engine)
    disabled = add_operator(engine)
    with engine.begin() as connection:
        connection.execute(
            update(User).where(User.id == disabled.id).values(disabled_at=dt.datetime.now(dt.UTC))
        )
    answers = [
        log_in_as(visitor, "nobody-here@example.com", "whatever-password"),
        log_in_as(visitor, known.email, known.password + "x"),
        log_in_as(visitor, disabled.email, disabled.password),  # the right password
    ]
    for answer in answers:
        assert (answer.status_code, answer.json()) == (401, WRONG)
        assert "set-cookie" not in answer.headers
        assert answer.headers["cache-control"] == PRIVATE
    assert stored_user(engine, disabled.id).last_login_at is None


@pytest.mark.parametrize(
    "body",
    [
        {"email": "a@example.com"},
        {"password": "a long password"},
        {"email": "a" * 243 + "@example.com", "password": "a long password"},  # 255 long
        {"email": "a@example.com", "password": "p" * 257},
        {"email": "a@example.com", "password": ""},
        {"email": "a\x00@example.com", "password": "a long password"},
        {"email": ["a@example.com"], "password": "a long password"},
    ],
)
def test_a_login_of_the_wrong_shape_is_422(visitor: TestClient, body: dict[str, Any]) -> None:
    response = visitor.post("/api/auth/login", json=body)
    assert response.status_code == 422
    assert response.json()["message"].startswith("Invalid request")


def test_a_login_sent_as_a_form_would_send_it_is_refused(
    visitor: TestClient, engine: Engine
) -> None:
    """A form on another site can send text/plain, never application/json (no CORS here)."""
    operator = add_operator(engine)
    body = f'{{"email": "{operator.email}", "password": "{operator.password}"}}'
    for content_type in ("text/plain", "application/x-www-form-urlencoded"):
        response = visitor.post(
            "/api/auth/login", content=body, headers={"Content-Type": content_type}
        )
        assert response.status_code == 422
        assert "set-cookie" not in response.headers


def test_me_answers_with_a_session_and_401_without(client: TestClient, engine: Engine) -> None:
    moderator = add_operator(engine, "moderator")
    headers = log_in(client, moderator)
    me = client.get("/api/auth/me", headers=headers)
    assert me.status_code == 200
    assert me.json() == {
        "user": {"id": moderator.id, "email": moderator.email, "role": "moderator"},
        "csrfToken": headers[CSRF_HEADER],
    }
    assert me.headers["cache-control"] == PRIVATE
    anonymous = client.get("/api/auth/me")
    assert (anonymous.status_code, anonymous.json()) == (401, LOG_IN_FIRST)
    assert anonymous.headers["cache-control"] == PRIVATE
    forged = client.get("/api/auth/me", headers={"Cookie": f"{SESSION_COOKIE}=made-up"})
    assert forged.status_code == 401


def test_logout_ends_the_session_and_clears_the_cookie(client: TestClient, engine: Engine) -> None:
    operator = add_operator(engine)
    headers = log_in(client, operator)
    response = client.post("/api/auth/logout", headers=headers)
    client.cookies.clear()
    assert response.status_code == 204
    assert response.headers["cache-control"] == PRIVATE
    cleared = SimpleCookie(response.headers["set-cookie"])[SESSION_COOKIE]
    assert cleared.value == ""
    assert cleared["max-age"] == "0"
    assert client.get("/api/auth/me", headers=headers).status_code == 401
    assert client.post("/api/auth/logout", headers=headers).status_code == 401
    with Session(engine) as session:
        row = session.scalars(
            select(UserSession).where(UserSession.token_hash == token_hash(session_token(headers)))
        ).one()
    assert row.revoked_at is not None


@pytest.mark.parametrize("csrf", [None, "", "wrong-token"])
def test_logout_needs_the_csrf_token(client: TestClient, engine: Engine, csrf: str | None) -> None:
    operator = add_operator(engine)
    headers = log_in(client, operator)
    sent = {"Cookie": headers["Cookie"]} | ({CSRF_HEADER: csrf} if csrf is not None else {})
    response = client.post("/api/auth/logout", headers=sent)
    assert response.status_code == 403
    assert client.get("/api/auth/me", headers=headers).status_code == 200  # still logged in


def test_a_password_hashed_with_old_parameters_is_hashed_again(
    client: TestClient, engine: Engine
) -> None:
    operator = add_operator(engine)
    old = Argon2Hasher(time_cost=2, memory_cost=2048, parallelism=1).hash(operator.password)
    with engine.begin() as connection:
        connection.execute(update(User).where(User.id == operator.id).values(password_hash=old))
    log_in(client, operator)
    renewed = stored_user(engine, operator.id).password_hash
    assert renewed.startswith("$argon2id$v=19$m=1024,t=1,p=1$")  # the hasher's own parameters
    log_in(client, operator)  # the new hash holds the same password


def test_passwords_are_hashed_with_argon2id_and_its_recommended_parameters(
    client: TestClient, engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(passwords, "hasher", PRODUCTION_HASHER)
    operator = add_operator(engine)
    stored = stored_user(engine, operator.id).password_hash
    assert stored.startswith("$argon2id$v=19$m=65536,t=3,p=4$")  # pwdlib's recommendation
    log_in(client, operator)
    assert stored_user(engine, operator.id).password_hash == stored  # nothing to renew


def test_check_deploy_says_the_login_cookie_is_not_secure_without_https() -> None:
    findings = settings_findings(Settings(site_root="http://scrapindex.example"))
    [finding] = [finding for finding in findings if finding.code == "site-root-https"]
    assert "login cookie is not Secure" in finding.message


# Sessions ending


def test_a_session_unused_for_the_idle_limit_ends(client: TestClient, engine: Engine) -> None:
    headers = log_in(client, add_operator(engine))
    now = dt.datetime.now(dt.UTC)
    set_session(engine, headers, last_seen_at=now - dt.timedelta(minutes=59))
    assert client.get("/api/auth/me", headers=headers).status_code == 200  # and noted as used
    set_session(engine, headers, last_seen_at=now - dt.timedelta(minutes=61))
    assert client.get("/api/auth/me", headers=headers).status_code == 401


def test_a_used_session_ends_at_its_absolute_expiry(client: TestClient, engine: Engine) -> None:
    headers = log_in(client, add_operator(engine))
    now = dt.datetime.now(dt.UTC)
    set_session(engine, headers, expires_at=now + dt.timedelta(seconds=30))
    assert client.get("/api/auth/me", headers=headers).status_code == 200
    set_session(engine, headers, expires_at=now - dt.timedelta(seconds=1))
    assert client.get("/api/auth/me", headers=headers).status_code == 401


def test_a_revoked_session_ends(client: TestClient, engine: Engine) -> None:
    headers = log_in(client, add_operator(engine))
    set_session(engine, headers, revoked_at=dt.datetime.now(dt.UTC))
    assert client.get("/api/auth/me", headers=headers).status_code == 401


def test_a_disabled_account_s_sessions_end(client: TestClient, engine: Engine) -> None:
    admin = add_operator(engine, "admin")
    moderator = add_operator(engine)
    moderator_headers = log_in(client, moderator)
    second_headers = log_in(client, moderator)
    response = client.post(
        f"/api/admin/users/{moderator.id}/disable", headers=log_in(client, admin)
    )
    assert response.status_code == 200
    assert response.json()["disabledAt"] is not None
    for headers in (moderator_headers, second_headers):
        assert client.get("/api/auth/me", headers=headers).status_code == 401
    assert log_in_as(client, moderator.email, moderator.password).status_code == 401


# Throttling


def test_failed_logins_are_throttled_per_account_whether_or_not_it_exists(
    visitor: TestClient, engine: Engine
) -> None:
    operator = add_operator(engine)
    unknown = f"unknown-{operator.email}"
    for _ in range(throttle.FAILURES_PER_ACCOUNT_CLIENT):
        assert log_in_as(visitor, operator.email, "not the password").status_code == 401
        assert log_in_as(visitor, unknown, "not the password").status_code == 401
    known_answer = log_in_as(visitor, operator.email, operator.password)  # right, but too late
    unknown_answer = log_in_as(visitor, unknown, "not the password")
    for answer in (known_answer, unknown_answer):
        assert answer.status_code == 429
        assert answer.json() == {"message": "Too many failed logins. Try again in 15 minutes."}
        assert 14 * 60 < int(answer.headers["retry-after"]) <= 15 * 60
        assert answer.headers["cache-control"] == PRIVATE
        assert "set-cookie" not in answer.headers


def age_failures(engine: Engine, email: str, by: dt.timedelta) -> None:
    email_hash = throttle.attempt_of(email, "", "scrapindex").email_hash  # the default salt
    with Session(engine) as session:
        for attempt in session.scalars(
            select(LoginAttempt).where(LoginAttempt.email_hash == email_hash)
        ):
            attempt.created_at -= by
        session.commit()


def test_the_wait_lasts_until_the_oldest_counted_failure_leaves_the_window(
    visitor: TestClient, engine: Engine
) -> None:
    operator = add_operator(engine)
    for _ in range(throttle.FAILURES_PER_ACCOUNT_CLIENT):
        log_in_as(visitor, operator.email, "not the password")
    age_failures(engine, operator.email, dt.timedelta(minutes=12))
    answer = log_in_as(visitor, operator.email, operator.password)
    assert answer.status_code == 429
    assert 120 < int(answer.headers["retry-after"]) <= 180
    assert answer.json()["message"] == "Too many failed logins. Try again in 3 minutes."
    age_failures(engine, operator.email, dt.timedelta(minutes=3))  # the window has passed
    assert log_in_as(visitor, operator.email, operator.password).status_code == 200


def test_a_successful_login_clears_the_account_s_failures(
    visitor: TestClient, engine: Engine
) -> None:
    operator = add_operator(engine)
    for _ in range(2):
        for _ in range(throttle.FAILURES_PER_ACCOUNT_CLIENT - 1):
            assert log_in_as(visitor, operator.email, "not the password").status_code == 401
        assert log_in_as(visitor, operator.email, operator.password).status_code == 200


def test_failed_logins_are_throttled_per_client(visitor: TestClient, engine: Engine) -> None:
    operator = add_operator(engine)
    assert log_in_as(visitor, "first-guess@example.com", "guess").status_code == 401
    with Session(engine) as session:  # the rest of the guesses, on other addresses
        first = session.scalars(select(LoginAttempt).order_by(LoginAttempt.id.desc())).first()
        assert first is not None
        for n in range(throttle.FAILURES_PER_CLIENT - 2):
            session.add(
                LoginAttempt(
                    email_hash=f"{n:064}",
                    client_hash=first.client_hash,
                    created_at=first.created_at,
                )
            )
        session.commit()
    assert log_in_as(visitor, "last-guess@example.com", "guess").status_code == 401
    answer = log_in_as(visitor, operator.email, operator.password)
    assert answer.status_code == 429
    assert 14 * 60 < int(answer.headers["retry-after"]) <= 15 * 60
    # Another client is not held back by this one's guesses.
    with TestClient(visitor.app, client=("auth-elsewhere", 50000)) as elsewhere:
        assert log_in_as(elsewhere, operator.email, operator.password).status_code == 200


# The console's API


def filled(path: str) -> str:
    parts = [("1" if part.startswith("{") else part) for part in path.split("/")]
    return "/".join(parts)


def test_every_console_operation_needs_a_session(client: TestClient) -> None:
    paths = client.get("/api/openapi.json").json()["paths"]
    operations = [
        (method.upper(), filled(path))
        for path, methods in paths.items()
        if path.startswith("/api/admin/")
        for method in methods
    ]
    assert ("GET", "/api/admin/users") in operations
    assert ("GET", "/api/admin/audit-log") in operations
    for method, path in operations:
        response = client.request(method, path, json={})
        assert (response.status_code, response.json()) == (401, LOG_IN_FIRST), (method, path)
        assert response.headers["cache-control"] == PRIVATE


def test_every_console_operation_is_documented_as_needing_the_session(
    client: TestClient,
) -> None:
    schema = client.get("/api/openapi.json").json()
    schemes = schema["components"]["securitySchemes"]
    assert {"in": "cookie", "name": SESSION_COOKIE} in [
        {"in": s["in"], "name": s["name"]} for s in schemes.values() if s["type"] == "apiKey"
    ]
    for path, methods in schema["paths"].items():
        if path.startswith("/api/admin/") or path in ("/api/auth/me", "/api/auth/logout"):
            for method, operation in methods.items():
                assert operation.get("security"), (method, path)
                assert "401" in operation["responses"], (method, path)


def test_console_answers_are_private_and_never_cached(client: TestClient, engine: Engine) -> None:
    headers = log_in(client, add_operator(engine, "admin"))
    for path in ("/api/admin/users", "/api/admin/audit-log", "/api/auth/me"):
        first = client.get(path, headers=headers)
        assert first.status_code == 200
        assert first.headers["cache-control"] == PRIVATE
        assert "etag" not in first.headers
        # Not from a cache: the next caller without the session is not given the answer.
        assert client.get(path).status_code == 401


def test_a_state_change_without_the_right_csrf_token_is_403(
    client: TestClient, engine: Engine
) -> None:
    admin_headers = log_in(client, add_operator(engine, "admin"))
    target = add_operator(engine)
    cookie_only = {"Cookie": admin_headers["Cookie"]}
    for headers in (cookie_only, {**cookie_only, CSRF_HEADER: "not-the-token"}):
        response = client.post(f"/api/admin/users/{target.id}/disable", headers=headers)
        assert response.status_code == 403
        assert response.json() == {
            "message": "Missing or wrong CSRF token. Reload the page and try again."
        }
    # Another session's token is no better.
    other = log_in(client, add_operator(engine, "admin"))
    crossed = {**cookie_only, CSRF_HEADER: other[CSRF_HEADER]}
    assert client.post(f"/api/admin/users/{target.id}/disable", headers=crossed).status_code == 403
    assert stored_user(engine, target.id).disabled_at is None
    assert audit_entries(engine, "user.disable", target.id) == []
    # A read needs no token.
    assert client.get("/api/admin/users", headers=cookie_only).status_code == 200


def test_a_moderator_cannot_reach_admin_only_calls(client: TestClient, engine: Engine) -> None:
    moderator = add_operator(engine, "moderator")
    headers = log_in(client, moderator)
    target = add_operator(engine)
    forbidden = {"message": "Your account may not do this."}
    listed = client.get("/api/admin/users", headers=headers)
    assert (listed.status_code, listed.json()) == (403, forbidden)
    disabled = client.post(f"/api/admin/users/{target.id}/disable", headers=headers)
    assert (disabled.status_code, disabled.json()) == (403, forbidden)
    unknown = client.post("/api/admin/users/2147483647/disable", headers=headers)
    assert unknown.status_code == 403  # not 404: a moderator learns nothing of accounts
    assert stored_user(engine, target.id).disabled_at is None
    assert client.get("/api/admin/audit-log", headers=headers).status_code == 200


def test_an_admin_lists_and_disables_accounts_and_each_change_is_audited(
    client: TestClient, engine: Engine
) -> None:
    admin = add_operator(engine, "admin")
    headers = log_in(client, admin)
    target = add_operator(engine)
    accounts = client.get("/api/admin/users", headers=headers).json()
    listed = next(account for account in accounts if account["id"] == target.id)
    assert listed == {
        "id": target.id,
        "email": target.email,
        "role": "moderator",
        "createdAt": listed["createdAt"],
        "lastLoginAt": None,
        "disabledAt": None,
    }

    response = client.post(f"/api/admin/users/{target.id}/disable", headers=headers)
    assert response.status_code == 200
    assert response.json()["disabledAt"] is not None
    again = client.post(f"/api/admin/users/{target.id}/disable", headers=headers)
    assert again.json() == response.json()  # nothing more to change

    [entry] = audit_entries(engine, "user.disable", target.id)
    assert (entry.actor, entry.user_id, entry.entity_type) == (admin.email, admin.id, "user")
    assert entry.before == {"email": target.email, "role": "moderator", "disabledAt": None}
    assert entry.after is not None
    assert entry.after["disabledAt"] is not None

    log = client.get("/api/admin/audit-log", params={"limit": 100}, headers=headers).json()
    shown = next(item for item in log["data"] if item["id"] == entry.id)
    assert shown["actor"] == admin.email
    assert (shown["action"], shown["entityType"], shown["entityId"]) == (
        "user.disable",
        "user",
        str(target.id),
    )
    assert shown["before"] == entry.before
    stamps = [item["createdAt"] for item in log["data"]]
    assert stamps == sorted(stamps, reverse=True)  # newest first
    assert log["pagination"]["limit"] == 100


def test_an_admin_cannot_disable_their_own_account_or_a_missing_one(
    client: TestClient, engine: Engine
) -> None:
    admin = add_operator(engine, "admin")
    headers = log_in(client, admin)
    own = client.post(f"/api/admin/users/{admin.id}/disable", headers=headers)
    assert (own.status_code, own.json()) == (
        409,
        {"message": "You cannot disable your own account."},
    )
    missing = client.post("/api/admin/users/2147483647/disable", headers=headers)
    assert missing.status_code == 404
    assert stored_user(engine, admin.id).disabled_at is None
    assert client.get("/api/auth/me", headers=headers).status_code == 200


def test_the_audit_log_pages(client: TestClient, engine: Engine) -> None:
    headers = log_in(client, add_operator(engine))
    first = client.get("/api/admin/audit-log", params={"limit": 1}, headers=headers).json()
    assert len(first["data"]) <= 1
    for params in ({"page": 0}, {"limit": 0}, {"limit": 101}, {"page": "x"}):
        assert client.get("/api/admin/audit-log", params=params, headers=headers).status_code == 422

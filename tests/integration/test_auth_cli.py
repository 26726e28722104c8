"""`scrapindex users create|list|disable`: accounts made, listed and disabled from the shell."""

import datetime as dt
from collections.abc import Iterator

import pytest
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session
from typer.testing import CliRunner, Result

from scrapindex.auth import passwords
from scrapindex.auth.sessions import SessionLimits, start_session
from scrapindex.auth.users import find_user
from scrapindex.cli import app as cli
from scrapindex.models import AuditEntry, User, UserSession
from scrapindex.settings import get_settings
from tests.conftest import FreshDatabase
from tests.databases import IMPORT_DEMO
from tests.integration.test_auth import QUICK_HASHER

PASSWORD = "correct horse battery staple"
COMMON = "This password is among the 10,000 most common: choose another."
NO_ADDRESS = "The password must not be built on the account's e-mail address"
LIMITS = SessionLimits(idle=dt.timedelta(hours=1), absolute=dt.timedelta(hours=12))


@pytest.fixture(autouse=True, scope="module")
def quick_password_hashes() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(passwords, "hasher", lambda: QUICK_HASHER)
        yield


@pytest.fixture
def db(fresh_database: FreshDatabase, monkeypatch: pytest.MonkeyPatch) -> Iterator[Engine]:
    db = fresh_database(IMPORT_DEMO)
    monkeypatch.setenv("DATABASE_URL", db.url.render_as_string(hide_password=False))
    monkeypatch.setenv("SITE_ROOT", "https://scrapindex.example")
    get_settings.cache_clear()
    yield db
    get_settings.cache_clear()


def users(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(cli, ["users", *args], input=input)


def account(db: Engine, email: str) -> User | None:
    with Session(db) as session:
        return find_user(session, email)


def audit_actions(db: Engine) -> list[tuple[str | None, str, str, int | None]]:
    with Session(db) as session:
        return [
            (entry.entity_id, entry.actor, entry.action, entry.user_id)
            for entry in session.scalars(select(AuditEntry).order_by(AuditEntry.id))
        ]


def test_create_reads_the_password_from_stdin(db: Engine) -> None:
    result = users(
        "create", "--email", "Ops@Example.com", "--role", "admin", "--password-stdin",
        input=PASSWORD + "\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "ops@example.com (admin) can log in at https://scrapindex.example/admin" in (
        " ".join(result.output.split())
    )
    user = account(db, "ops@example.com")
    assert user is not None
    assert user.role == "admin"
    assert user.password_hash.startswith("$argon2id$")
    assert passwords.verify_password(PASSWORD, user.password_hash)[0]
    assert audit_actions(db) == [(str(user.id), "cli", "user.create", None)]


def test_create_asks_for_the_password_twice_without_echoing_it(db: Engine) -> None:
    result = users(
        "create", "--email", "mod@example.com", "--role", "moderator",
        input=f"{PASSWORD}\n{PASSWORD}\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Password:" in result.output
    assert "Repeat for confirmation:" in result.output
    assert PASSWORD not in result.output
    user = account(db, "mod@example.com")
    assert user is not None
    assert user.role == "moderator"


@pytest.mark.parametrize(
    ("args", "password", "message"),
    [
        (["--role", "owner"], PASSWORD, "scrapindex yards add-owner --yard ID --email E"),
        (["--role", "janitor"], PASSWORD, "Unknown role 'janitor': use one of admin, moderator"),
        (["--role", "admin"], "short", "The password must be at least 12 characters long."),
        (["--role", "admin"], "", "The password must be at least 12 characters long."),
        (["--role", "admin"], "password1234", COMMON),
        (["--role", "admin"], "QWERTY123456", COMMON),  # the list is compared in lower case
        (["--role", "admin"], "aaaaaaaaaaaa", "at least 5 different characters"),
        (["--role", "admin"], "X@Example.com 2026!", NO_ADDRESS),
    ],
)
def test_a_refused_account_is_a_clear_error(
    db: Engine, args: list[str], password: str, message: str
) -> None:
    result = users("create", "--email", "x@example.com", *args, "--password-stdin", input=password)
    assert result.exit_code == 1
    assert message in " ".join(result.output.split())
    assert "Traceback" not in result.output
    assert account(db, "x@example.com") is None
    assert audit_actions(db) == []


def test_a_password_may_not_hold_the_name_before_the_at(db: Engine) -> None:
    args = ["create", "--email", "Jane.Doe@example.com", "--role", "admin", "--password-stdin"]
    refused = users(*args, input="JANE-DOE-2026!")
    assert refused.exit_code == 1
    assert NO_ADDRESS in " ".join(refused.output.split())
    assert account(db, "jane.doe@example.com") is None
    assert users(*args, input=PASSWORD).exit_code == 0


def test_an_address_has_one_account(db: Engine) -> None:
    args = ["create", "--email", "ops@example.com", "--role", "admin", "--password-stdin"]
    assert users(*args, input=PASSWORD).exit_code == 0
    again = users(*args[:2], "OPS@example.com", *args[3:], input=PASSWORD)
    assert again.exit_code == 1
    assert "An account for ops@example.com already exists." in again.output
    assert "Traceback" not in again.output


def test_list_shows_the_accounts(db: Engine) -> None:
    assert "No operator accounts" in users("list").output
    for email, role in (("b@example.com", "moderator"), ("a@example.com", "admin")):
        assert (
            users(
                "create", "--email", email, "--role", role, "--password-stdin", input=PASSWORD
            ).exit_code
            == 0
        )
    result = users("list")
    assert result.exit_code == 0
    lines = [line for line in result.output.splitlines() if "@example.com" in line]
    assert ["a@example.com" in lines[0], "b@example.com" in lines[1]] == [True, True]
    assert "admin" in lines[0]
    assert "never" in lines[0]


def test_disable_ends_the_account_s_sessions_and_is_audited(db: Engine) -> None:
    assert users(
        "create", "--email", "mod@example.com", "--role", "moderator", "--password-stdin",
        input=PASSWORD,
    ).exit_code == 0  # fmt: skip
    with Session(db) as session:
        user = find_user(session, "mod@example.com")
        assert user is not None
        start_session(session, user, "client", LIMITS, dt.datetime.now(dt.UTC))
        session.commit()
    result = users("disable", "--email", " MOD@example.com")
    assert result.exit_code == 0, result.output
    assert "mod@example.com is disabled; its sessions have ended." in result.output
    with Session(db) as session:
        disabled = find_user(session, "mod@example.com")
        assert disabled is not None
        assert disabled.disabled_at is not None
        open_sessions = session.scalars(
            select(UserSession).where(UserSession.revoked_at.is_(None))
        ).all()
        assert open_sessions == []
        [entry] = session.scalars(select(AuditEntry).where(AuditEntry.action == "user.disable"))
        assert (entry.actor, entry.user_id, entry.entity_id) == ("cli", None, str(disabled.id))
        assert entry.before == {"email": "mod@example.com", "role": "moderator", "disabledAt": None}
    again = users("disable", "--email", "mod@example.com")
    assert again.exit_code == 0
    assert "was already disabled" in again.output


def test_disabling_an_unknown_account_is_a_clear_error(db: Engine) -> None:
    result = users("disable", "--email", "nobody@example.com")
    assert result.exit_code == 1
    assert "No account for nobody@example.com." in result.output
    assert "Traceback" not in result.output

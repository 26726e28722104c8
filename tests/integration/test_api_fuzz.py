"""Property-based fuzzing of every API operation against our own OpenAPI schema (schemathesis).

Each operation gets schemathesis's default checks: no server error, documented status codes,
content types and bodies that match the schema, invalid data rejected, and unsupported methods
answered 405 with Allow. It runs on both databases, through the whole app in process.

The operator console's operations run twice: without a session, where every one must answer
401, and logged in as an admin (session cookie and CSRF token on every call), on a database of
their own so that what the fuzzer approves, rejects or removes touches no other test's data.
"""

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis import AuthContext, Case, Response
from schemathesis.specs.openapi.checks import positive_data_acceptance
from starlette.types import Receive, Scope, Send

from scrapindex.app import create_app
from scrapindex.auth.sessions import CSRF_HEADER, SESSION_COOKIE
from scrapindex.db import create_db_engine
from scrapindex.settings import Settings
from tests.conftest import CONTENT_DIR
from tests.databases import IMPORT_DEMO, PostgresTemplates, SqliteTemplates
from tests.operators import add_operator, add_owner, log_in


class AppUnderTest:
    """The ASGI app schemathesis calls: forwards to the app of the database being fuzzed.

    The schema has to be known when pytest collects the tests (one test per operation), before
    any database exists; schemathesis's own lazy fixture loader does not work with pytest 9.
    """

    app: FastAPI | None = None  # set by each test: the anonymous app or the logged-in one

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        assert self.app is not None, "the fuzzed_app fixture sets the app"
        await self.app(scope, receive, send)


APP_UNDER_TEST = AppUnderTest()
CONFIG = schemathesis.Config.from_dict(
    {
        "checks": {
            # Schemathesis's list of ways to refuse invalid data, plus our URL and body limits.
            "negative_data_rejection": {
                "expected-statuses": [
                    *("400", "401", "403", "404", "405", "406", "409", "413", "414", "415"),
                    *("422", "428", "429", "5xx"),
                ]
            }
        },
    }
)
# "format: email" allows reserved domains such as .test and .invalid, which the forms refuse on
# purpose (email-validator's rule: no mail is ever delivered there). Valid emails are generated on
# real top-level domains; invalid ones are still generated from the rest of the schema.
schemathesis.openapi.format("email", st.emails())
# The schema does not depend on the data, so a database that is never opened will do.
SCHEMA_ONLY = Settings(database_url="sqlite:////nonexistent/schema-only.sqlite3")
schema = schemathesis.openapi.from_dict(create_app(SCHEMA_ONLY).openapi(), config=CONFIG)
schema.app = APP_UNDER_TEST
ADMIN = "^/api/admin/"
OWNER = "^/api/owner/"  # a yard owner's operations: behind a login as the console's are
CONSOLE = f"{ADMIN}|{OWNER}"
# Logged in: the console, and who is logged in. Not the logout, which would end the session the
# rest of the run uses, nor the login (fuzzed anonymously, where it belongs).
LOGGED_IN = re.compile(f"{ADMIN}|^/api/auth/me$")
# What the layers in front of the app refuse before any login is looked at (a NUL, a control
# character in the path, a URI or body too long): a possible answer to data outside the schema.
REFUSED_IN_FRONT = (400, 404, 413, 414)


def fuzzing_settings(database_url: str) -> Settings:
    return Settings(
        database_url=database_url,
        content_dir=CONTENT_DIR,
        data_dir=Path("/nonexistent"),
        api_rate_limit_per_minute=0,  # thousands of requests from one client in seconds
        page_rate_limit_per_minute=0,
        # The failed logins the fuzzer makes count against its own client hash, not against the
        # address every test client shares: no other test's login is throttled by them.
        client_hash_salt="fuzzing",
    )


@pytest.fixture(scope="session")
def fuzzed_app(database_url: str) -> Iterator[FastAPI]:
    app = create_app(fuzzing_settings(database_url))
    with TestClient(app):  # runs the app's lifespan
        yield app
    APP_UNDER_TEST.app = None


@dataclass(frozen=True)
class Login:
    app: FastAPI
    cookie: str
    csrf_token: str


@dataclass
class CurrentLogin:
    login: Login | None = None


ADMIN_LOGIN = CurrentLogin()  # read by the auth provider, which no fixture can reach


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def console_database(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """A database of the logged-in run's own."""
    if request.param == "sqlite":
        sqlite: SqliteTemplates = request.getfixturevalue("sqlite_templates")
        yield sqlite.clone(IMPORT_DEMO, tmp_path_factory.mktemp("console") / "console.sqlite3")
        return
    postgres: PostgresTemplates = request.getfixturevalue("postgres_templates")
    url = postgres.clone(IMPORT_DEMO)
    yield url
    postgres.drop(url)


@pytest.fixture(scope="module")
def admin_login(console_database: str) -> Iterator[Login]:
    """An admin's session, on an app whose queues hold something to decide."""
    app = create_app(fuzzing_settings(console_database))
    engine = create_db_engine(console_database)
    try:
        with TestClient(app) as client:
            fill_the_queues(client)
            headers = log_in(client, add_operator(engine, "admin"))
            token = headers["Cookie"].removeprefix(f"{SESSION_COOKIE}=")
            ADMIN_LOGIN.login = Login(app, token, headers[CSRF_HEADER])
            yield ADMIN_LOGIN.login
    finally:
        engine.dispose()
        APP_UNDER_TEST.app = None
        ADMIN_LOGIN.login = None


def fill_the_queues(client: TestClient) -> None:
    """What visitors send, so that ids 1 and 2 name a report, a suggestion, a message."""
    report = {"materialSlug": "copper", "citySlug": "johannesburg", "price": 150, "unit": "kg"}
    suggestion = {"changes": {"phone": "+27 11 555 0100"}, "email": "visitor@example.com"}
    contact = {"name": "A", "email": "a@example.com", "subject": "S", "message": "Hello there"}
    for _ in range(2):
        client.post("/api/price-reports", json=report)
        client.post("/api/scrap-yards/1/suggestions", json=suggestion)
        client.post("/api/contact", json=contact)
    client.post("/api/newsletter", json={"email": "reader@example.com"})


@schema.exclude(path_regex=CONSOLE).parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_operation_keeps_its_contract(case: Case[Any], fuzzed_app: FastAPI) -> None:
    APP_UNDER_TEST.app = fuzzed_app
    wrongly_positive = refers_to_data(case) or not_an_object(case)
    case.call_and_validate(excluded_checks=[positive_data_acceptance] if wrongly_positive else [])


def not_an_object(case: Case[Any]) -> bool:
    """Schemathesis's coverage phase sometimes takes a bare number for a valid body of the yard
    suggestion (an object holding another object): no object schema accepts it, and the 422 that
    refuses it is right. Every other check still runs on such a case."""
    return case.operation.method.upper() == "POST" and not isinstance(case.body, dict | None)


def refers_to_data(case: Case[Any]) -> bool:
    """A price report (or an alert) names a city, a material, a yard of that city, a day of the
    last two weeks and the city's currency; a calculator's item names a material and a unit
    that material is sold in, and the calculator needs a city or a point: values the schema
    cannot list or require. A well-formed one about data that does not exist is refused with 422
    and a message: no broken contract."""
    operation = (case.operation.method.upper(), case.operation.path)
    return operation in {
        ("POST", "/api/price-reports"),
        ("POST", "/api/alerts"),
        ("GET", "/api/calculator"),
    }


@schema.include(path_regex=CONSOLE).parametrize()
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
def test_console_operation_without_a_session_is_401(case: Case[Any], fuzzed_app: FastAPI) -> None:
    APP_UNDER_TEST.app = fuzzed_app
    response = case.call_and_validate()
    if case.method.upper() != case.operation.method.upper():
        # The coverage phase tries the methods the path does not serve.
        assert response.status_code == {"OPTIONS": 204, "HEAD": 401}.get(case.method.upper(), 405)
    elif not (is_negative(case) and refused_before_login(response)):
        assert response.status_code == 401, response.text


def is_negative(case: Case[Any]) -> bool:
    return case.meta is not None and case.meta.generation.mode.is_negative


def refused_before_login(response: Response) -> bool:
    """Refused in front of the app, or a body that is not JSON at all: FastAPI parses the body
    before it runs any dependency, the login's included. Neither says anything about the data."""
    if response.status_code in REFUSED_IN_FRONT:
        return True
    return response.status_code == 422 and "JSON decode error" in response.text


class AdminSession:
    """Schemathesis's auth provider for the logged-in run: the admin_login fixture's session.

    Given as auth, not as data, so that schemathesis's own check can take it away and see 401.
    """

    def get(self, case: Case[Any], context: AuthContext) -> Login | None:
        return ADMIN_LOGIN.login

    def set(self, case: Case[Any], data: Login, context: AuthContext) -> None:
        case.cookies[SESSION_COOKIE] = data.cookie
        case.headers[CSRF_HEADER] = data.csrf_token


@schema.auth.apply(AdminSession, refresh_interval=None)
@schema.include(path_regex=LOGGED_IN.pattern).parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_console_operation_logged_in_keeps_its_contract(
    case: Case[Any], admin_login: Login
) -> None:
    APP_UNDER_TEST.app = admin_login.app
    response = case.call_and_validate()
    # Some cases try the operation with the credentials taken away or broken, on purpose.
    sent_session = case.cookies.get(SESSION_COOKIE) == admin_login.cookie
    sent_token = case.headers.get(CSRF_HEADER) == admin_login.csrf_token
    if sent_session and sent_token and case.method.upper() == case.operation.method.upper():
        assert response.status_code not in (401, 403), response.text  # the session held


OWNER_LOGIN = CurrentLogin()
OWNED_YARD = 1


@pytest.fixture(scope="module")
def owner_login(console_database: str) -> Iterator[Login]:
    """The session of the owner of OWNED_YARD."""
    app = create_app(fuzzing_settings(console_database))
    engine = create_db_engine(console_database)
    try:
        with TestClient(app) as client:
            headers = log_in(client, add_owner(engine, OWNED_YARD))
            token = headers["Cookie"].removeprefix(f"{SESSION_COOKIE}=")
            OWNER_LOGIN.login = Login(app, token, headers[CSRF_HEADER])
            yield OWNER_LOGIN.login
    finally:
        engine.dispose()
        APP_UNDER_TEST.app = None
        OWNER_LOGIN.login = None


class OwnerSession(AdminSession):
    def get(self, case: Case[Any], context: AuthContext) -> Login | None:
        return OWNER_LOGIN.login


@schema.auth.apply(OwnerSession, refresh_interval=None)
@schema.include(path_regex=OWNER).parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_owner_operation_logged_in_keeps_its_contract(case: Case[Any], owner_login: Login) -> None:
    """A good case is asked about the owner's own yard (any other is refused, 403)."""
    APP_UNDER_TEST.app = owner_login.app
    positive = not is_negative(case)
    if positive and "yard_id" in (case.path_parameters or {}):
        case.path_parameters = {**(case.path_parameters or {}), "yard_id": OWNED_YARD}
    # A good post names materials and prices the schema cannot list: a 422 may refuse it.
    refusable = case.method.upper() == "PUT"
    response = case.call_and_validate(
        excluded_checks=[positive_data_acceptance] if refusable else []
    )
    sent_session = case.cookies.get(SESSION_COOKIE) == owner_login.cookie
    sent_token = case.headers.get(CSRF_HEADER) == owner_login.csrf_token
    if positive and sent_session and sent_token and case.method.upper() == "GET":
        assert response.status_code not in (401, 403), response.text  # the session held


def test_api_workflows_keep_their_contract(fuzzed_app: FastAPI) -> None:
    """Sequences of calls, following the links schemathesis finds between operations."""
    APP_UNDER_TEST.app = fuzzed_app
    workflow = schema.exclude(path_regex=CONSOLE).as_state_machine()
    workflow.run(
        settings=settings(
            max_examples=25,
            stateful_step_count=6,
            deadline=None,
            suppress_health_check=list(HealthCheck),
        )
    )

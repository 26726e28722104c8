"""Property-based fuzzing of every API operation against our own OpenAPI schema (schemathesis).

Each operation gets schemathesis's default checks: no server error, documented status codes,
content types and bodies that match the schema, invalid data rejected, and unsupported methods
answered 405 with Allow. It runs on both databases, through the whole app in process.
"""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis import Case
from starlette.types import Receive, Scope, Send

from scrapindex.app import create_app
from scrapindex.settings import Settings
from tests.conftest import CONTENT_DIR


class AppUnderTest:
    """The ASGI app schemathesis calls: forwards to the app of the database being fuzzed.

    The schema has to be known when pytest collects the tests (one test per operation), before
    any database exists; schemathesis's own lazy fixture loader does not work with pytest 9.
    """

    app: FastAPI | None = None

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
        }
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


def fuzzing_settings(database_url: str) -> Settings:
    return Settings(
        database_url=database_url,
        content_dir=CONTENT_DIR,
        data_dir=Path("/nonexistent"),
        api_rate_limit_per_minute=0,  # thousands of requests from one client in seconds
        page_rate_limit_per_minute=0,
    )


@pytest.fixture(scope="session")
def fuzzed_app(database_url: str) -> Iterator[FastAPI]:
    app = create_app(fuzzing_settings(database_url))
    with TestClient(app):  # runs the app's lifespan
        APP_UNDER_TEST.app = app
        yield app
    APP_UNDER_TEST.app = None


@schema.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_operation_keeps_its_contract(case: Case[Any], fuzzed_app: FastAPI) -> None:
    case.call_and_validate()


def test_api_workflows_keep_their_contract(fuzzed_app: FastAPI) -> None:
    """Sequences of calls, following the links schemathesis finds between operations."""
    workflow = schema.as_state_machine()
    workflow.run(
        settings=settings(
            max_examples=25,
            stateful_step_count=6,
            deadline=None,
            suppress_health_check=list(HealthCheck),
        )
    )

"""The integration tests' own fixtures: a database of the test's own, the site on it, an
operator logged in to its console, and a real SMTP server.

The shared, read-only demo database (``engine``, ``client``) and the database factories
(``fresh_database``) are in tests/conftest.py.
"""

import io
import logging
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine

from scrapindex.logs import JsonFormatter
from tests.conftest import TEST_DEMO, FreshDatabase
from tests.databases import IMPORT_DEMO, PostgresTemplates
from tests.mail_server import Inbox, running_smtp_server
from tests.moderation import app_client
from tests.operators import Operator, add_operator, log_in


@pytest.fixture
def db(fresh_database: FreshDatabase) -> Engine:
    """A database of the test's own: the demo set's last ten days, up to 2026-03-31."""
    return fresh_database(IMPORT_DEMO)


@pytest.fixture
def site(db: Engine) -> Iterator[TestClient]:
    """The app on the test's own database."""
    with app_client(db) as client:
        yield client


@pytest.fixture
def operator(db: Engine) -> Operator:
    return add_operator(db, "moderator")


@pytest.fixture
def moderator(site: TestClient, operator: Operator) -> dict[str, str]:
    """The headers of a moderator logged in to ``site`` (session cookie and CSRF token)."""
    return log_in(site, operator)


@pytest.fixture
def smtp_server() -> Iterator[tuple[Inbox, int]]:
    with running_smtp_server() as server:
        yield server


@pytest.fixture
def seeded_postgres(postgres_templates: PostgresTemplates) -> Iterator[str]:
    """A seeded PostgreSQL database of the test's own on the test server (its direct URL), for
    the tests that drive PostgreSQL's own tools (pg_dump, PgBouncer)."""
    url = postgres_templates.clone(TEST_DEMO)
    yield url
    postgres_templates.drop(url)


@pytest.fixture
def access_lines() -> Iterator[io.StringIO]:
    """What the app logs, as JSON lines (to prove what is never logged)."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("scrapindex")
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    yield stream
    logger.removeHandler(handler)
    logger.setLevel(level)

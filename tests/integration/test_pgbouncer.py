"""The site through PgBouncer in transaction mode: DATABASE_TRANSACTION_POOLER=true turns off
psycopg's server-side prepared statements, which a pooler handing each transaction whichever
server connection is free would break.

Without the setting the failure is provoked deterministically on an engine: psycopg prepares a
query on its sixth run; another client then holds that server connection in a transaction, so
the seventh run goes to a new server connection, where the statement does not exist.
"""

import datetime as dt
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Connection, func, select, text
from sqlalchemy.exc import DBAPIError

from scrapindex.app import create_app
from scrapindex.db import create_db_engine
from scrapindex.models import ContactMessage, ScrapYard
from scrapindex.settings import Settings
from tests.conftest import CONTENT_DIR
from tests.needs import unavailable
from tests.operators import add_operator, log_in
from tests.pgbouncer_server import PgBouncer, find_pgbouncer, pgbouncer

# API answers that all read the database; each asked more often than psycopg's threshold (5).
READS = (
    "/api/cities",
    "/api/cities/johannesburg/prices",
    "/api/materials/copper",
    "/api/scrap-yards?page=2",
    "/api/search?q=cop",
)
ROUNDS = 8


@pytest.fixture
def bouncer(seeded_postgres: str) -> Iterator[PgBouncer]:
    """A pooler of the test's own: its server connections start from none."""
    program = find_pgbouncer()
    if program is None:
        unavailable("pgbouncer not found (apt-get install pgbouncer)")
    with pgbouncer(program, seeded_postgres, pool_size=3) as running:
        yield running


def test_the_site_works_through_pgbouncer_in_transaction_mode(
    seeded_postgres: str, bouncer: PgBouncer
) -> None:
    settings = Settings(
        database_url=bouncer.url_of(seeded_postgres),
        database_transaction_pooler=True,
        content_dir=CONTENT_DIR,
        data_dir=Path("/nonexistent"),
        api_cache_seconds=0,  # every answer from the database
        api_rate_limit_per_minute=0,
        page_rate_limit_per_minute=0,
    )
    direct = create_db_engine(seeded_postgres)
    operator = add_operator(direct, "admin")
    with TestClient(create_app(settings)) as client:
        with client.app.state.engine.connect() as connection:  # type: ignore[attr-defined]
            assert connection.connection.driver_connection.prepare_threshold is None
        # Four at a time: transactions of several pool connections share three servers.
        with ThreadPoolExecutor(4) as pool:
            statuses = list(pool.map(lambda path: client.get(path).status_code, READS * ROUNDS))
        assert statuses == [200] * len(READS) * ROUNDS
        assert client.get("/za/johannesburg").status_code == 200  # a page and its embedded API

        subject = f"Through the pooler {dt.datetime.now(dt.UTC).timestamp()}"
        body = {"name": "Ada", "email": "ada@example.org", "subject": subject, "message": "Hi"}
        assert client.post("/api/contact", json=body).status_code == 201

        headers = log_in(client, operator)
        for _ in range(ROUNDS):
            summary = client.get("/api/admin/summary", headers=headers)
            assert summary.status_code == 200, summary.text
            inbox = client.get("/api/admin/contact-messages", headers=headers)
            assert inbox.status_code == 200, inbox.text
        assert subject in inbox.text
        assert client.get("/readyz").json()["status"] == "ready"
    with direct.connect() as connection:
        stored = select(func.count()).where(ContactMessage.subject == subject)
        assert connection.execute(stored).scalar_one() == 1
    direct.dispose()
    assert "prepared statement" not in bouncer.log.read_text()


def yards_over(connection: Connection, threshold: int) -> int:
    count: int = connection.execute(
        select(func.count()).select_from(ScrapYard).where(ScrapYard.id > threshold)
    ).scalar_one()
    connection.commit()  # the transaction ends: the pooler takes its server connection back
    return count


@pytest.mark.parametrize("transaction_pooler", [True, False])
def test_prepared_statements_break_behind_a_transaction_pooler(
    seeded_postgres: str, bouncer: PgBouncer, transaction_pooler: bool
) -> None:
    settings = Settings(
        database_url=seeded_postgres, database_transaction_pooler=transaction_pooler
    )
    engine = create_db_engine(bouncer.url_of(seeded_postgres), settings)
    try:
        with engine.connect() as first, engine.connect() as second:
            for run in range(6):  # the sixth run prepares it, on the one server connection
                yards_over(first, run)
            second.execute(text("SELECT 1"))  # holds that server connection in a transaction
            if transaction_pooler:
                assert yards_over(first, 0) > 0
            else:
                with pytest.raises(DBAPIError, match='prepared statement "_pg3_0" does not exist'):
                    yards_over(first, 0)
            second.rollback()
    finally:
        engine.dispose()

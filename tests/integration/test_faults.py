"""The database goes away under load: 503 with Retry-After, never a 500, and recovery unaided.

PostgreSQL is stopped and started again while a real server answers a stream of requests; a
SQLite file is held locked by a writer the way a long import holds it. Writes caught by the
outage are refused, not half-stored.
"""

import datetime as dt
import sqlite3
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx2 as httpx
import pytest
from sqlalchemy import Engine, select

from scrapindex import migrate
from scrapindex.app import create_app
from scrapindex.data.demo import DemoConfig
from scrapindex.data.seed import seed_demo
from scrapindex.db import create_db_engine
from scrapindex.middleware.outage import API_MESSAGE, PAGE_TITLE
from scrapindex.models import ContactMessage
from scrapindex.settings import Settings
from tests.conftest import CONTENT_DIR
from tests.live_server import running_server
from tests.needs import unavailable
from tests.pg_server import PostgresServer, find_pg_bin, postgres_server

SMALL_DEMO = DemoConfig(end_date=dt.date(2026, 3, 31), days=3)
# Reads that all touch the database: API answers and the pages that embed them.
READS = (
    "/api/cities",
    "/api/cities/johannesburg/prices",
    "/api/materials/copper",
    "/api/scrap-yards?page=2",
    "/api/search?q=cop",
    "/za/johannesburg",
    "/material/copper",
    "/scrap-yards",
)


@dataclass
class Answer:
    at: float
    path: str
    status: int
    retry_after: str | None
    body: str


class Traffic:
    """Requests the READS in a loop from a thread, recording every answer and when it came."""

    def __init__(self, port: int) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.answers: list[Answer] = []
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.run)

    def run(self) -> None:
        with httpx.Client(base_url=self.base, timeout=30) as client:
            turn = 0
            while not self.stopping.is_set():
                path = READS[turn % len(READS)]
                response = client.get(path)  # settings_for: every request reaches the database
                answer = Answer(
                    time.monotonic(),
                    path,
                    response.status_code,
                    response.headers.get("retry-after"),
                    response.text,
                )
                self.answers.append(answer)
                turn += 1

    def __enter__(self) -> "Traffic":
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stopping.set()
        self.thread.join(60)

    def wait_for(self, count: int, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        target = len(self.answers) + count
        while len(self.answers) < target:
            assert time.monotonic() < deadline, "the traffic stalled"
            time.sleep(0.05)


def settings_for(url: str) -> Settings:
    return Settings(
        database_url=url,
        content_dir=CONTENT_DIR,
        data_dir=Path("/nonexistent"),
        api_rate_limit_per_minute=0,  # one client sends everything here
        page_rate_limit_per_minute=0,
        api_cache_seconds=0,  # no answer from memory: each request needs the database
    )


def seeded(url: str) -> Engine:
    engine = create_db_engine(url)
    migrate.upgrade(engine)
    seed_demo(engine, CONTENT_DIR, SMALL_DEMO)
    return engine


def contact(client: httpx.Client, subject: str) -> httpx.Response:
    body = {"name": "Ada", "email": "ada@example.org", "subject": subject, "message": "Hello"}
    return client.post("/api/contact", json=body)


def stored_subjects(engine: Engine) -> list[str]:
    with engine.connect() as connection:
        return list(connection.scalars(select(ContactMessage.subject).order_by(ContactMessage.id)))


def assert_outage_answer(answer: Answer) -> None:
    assert answer.retry_after is not None
    assert int(answer.retry_after) > 0
    expected = API_MESSAGE if answer.path.startswith("/api/") else PAGE_TITLE
    assert expected in answer.body
    assert "Traceback" not in answer.body


@pytest.fixture
def pg_server() -> Iterator[PostgresServer]:
    bin_dir = find_pg_bin()
    if bin_dir is None:
        unavailable("PostgreSQL server binaries not found (apt-get install postgresql)")
    with postgres_server(bin_dir) as server:
        yield server


@pytest.mark.postgres
def test_postgresql_restart_under_load(pg_server: PostgresServer) -> None:
    engine = seeded(pg_server.url)
    app = create_app(settings_for(pg_server.url))
    with (
        running_server(app) as port,
        httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as client,
    ):
        assert contact(client, "before").status_code == 201
        with Traffic(port) as traffic:
            traffic.wait_for(len(READS))
            stopped_at = time.monotonic()
            pg_server.stop()
            traffic.wait_for(2 * len(READS))
            refused = contact(client, "during")
            pg_server.start()
            started_at = time.monotonic()
            traffic.wait_for(3 * len(READS))
        assert contact(client, "after").status_code == 201

    answers = traffic.answers
    unexpected = [(a.path, a.status) for a in answers if a.status not in (200, 503)]
    assert unexpected == [], "no 500 or other error at any time"
    outage = [a for a in answers if stopped_at < a.at < started_at]
    assert any(a.status == 503 for a in outage)
    for answer in (a for a in answers if a.status == 503):
        assert_outage_answer(answer)
    recovered = answers[-len(READS) :]  # the last round, after the server was back
    assert all(a.at > started_at for a in recovered)
    assert [a.status for a in recovered] == [200] * len(READS), "recovered without a restart"

    assert refused.status_code == 503
    assert refused.headers["retry-after"]
    assert stored_subjects(engine) == ["before", "after"]  # the refused one was not half-stored
    engine.dispose()


def test_sqlite_locked_by_a_long_import(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'site.sqlite3'}"
    engine = seeded(url)
    app = create_app(settings_for(url))
    with (
        running_server(app) as port,
        httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as client,
    ):
        assert contact(client, "before").status_code == 201
        importer = sqlite3.connect(tmp_path / "site.sqlite3", isolation_level=None)
        importer.execute("BEGIN IMMEDIATE")  # what an import holds while it writes
        importer.execute("UPDATE data_revision SET changed_at = changed_at")
        try:
            reads = [client.get(path, params={"t": "locked"}) for path in READS]
            refused = contact(client, "during")
        finally:
            importer.execute("ROLLBACK")
            importer.close()
        after = contact(client, "after")

    # WAL lets readers go on while the import writes: the site keeps serving prices.
    assert [r.status_code for r in reads] == [200] * len(READS)
    # A form post cannot wait for the import to end: refused with a date to come back.
    assert refused.status_code == 503
    assert refused.json() == {"message": API_MESSAGE}
    assert int(refused.headers["retry-after"]) > 0
    assert after.status_code == 201
    assert stored_subjects(engine) == ["before", "after"]
    engine.dispose()

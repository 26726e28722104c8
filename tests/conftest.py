"""Shared fixtures: every API test runs on SQLite and on a real PostgreSQL server, but for the
tests of pure HTTP behaviour (marked ``http_only``), whose SQL is no other test's: SQLite alone."""

import datetime as dt
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine

from scrapindex import migrate
from scrapindex.app import create_app
from scrapindex.data.demo import DemoConfig
from scrapindex.data.seed import seed_demo
from scrapindex.db import create_db_engine
from scrapindex.settings import PROJECT_ROOT, Settings
from tests.clock import ManualClock
from tests.databases import PostgresTemplates, SqliteTemplates
from tests.needs import unavailable
from tests.pg_server import find_pg_bin, temporary_postgres

CONTENT_DIR = PROJECT_ROOT / "content"
# A short, fixed history keeps the suite quick and its figures reproducible.
TEST_DEMO = DemoConfig(end_date=dt.date(2026, 3, 31), days=40)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leaves out the PostgreSQL runs of tests marked ``http_only`` (headers, methods, redirects,
    limits, the fast path, logging): the same requests, on a database that changes nothing."""
    kept: list[pytest.Item] = []
    left_out: list[pytest.Item] = []
    for item in items:
        params = getattr(item, "callspec", None)
        on_postgres = params is not None and "postgresql" in params.params.values()
        http_only = item.get_closest_marker("http_only") is not None
        (left_out if on_postgres and http_only else kept).append(item)
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = kept


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    bin_dir = find_pg_bin()
    if bin_dir is None:
        unavailable("PostgreSQL server binaries not found (apt-get install postgresql)")
    with temporary_postgres(bin_dir) as url:
        yield url


@pytest.fixture(scope="session")
def seeded_databases() -> dict[str, str]:
    """The shared database of each kind, once seeded (see database_url)."""
    return {}


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def database_url(
    request: pytest.FixtureRequest,
    tmp_path_factory: pytest.TempPathFactory,
    seeded_databases: dict[str, str],
) -> str:
    """A migrated database holding the (short) demo data set.

    Seeded once per kind: when tests of the two kinds alternate (as pytest-xdist hands a worker
    whole files), pytest makes this fixture again for each run of the other kind."""
    if request.param not in seeded_databases:
        if request.param == "sqlite":
            url = f"sqlite:///{tmp_path_factory.mktemp('sqlite') / 'test.sqlite3'}"
        else:
            url = request.getfixturevalue("postgres_url")
        engine = create_db_engine(url)
        migrate.upgrade(engine)
        seed_demo(engine, CONTENT_DIR, TEST_DEMO)
        engine.dispose()
        seeded_databases[request.param] = url
    return seeded_databases[request.param]


@pytest.fixture(scope="session")
def engine(database_url: str) -> Iterator[Engine]:
    engine = create_db_engine(database_url)
    yield engine
    engine.dispose()


@pytest.fixture(scope="session")
def client(database_url: str) -> Iterator[TestClient]:
    settings = Settings(
        database_url=database_url,
        content_dir=CONTENT_DIR,
        data_dir=Path("/nonexistent"),
        page_rate_limit_per_minute=0,  # every page test of the session is this one client
    )
    with TestClient(create_app(settings)) as test_client:
        yield test_client


@pytest.fixture(scope="session")
def sqlite_templates(tmp_path_factory: pytest.TempPathFactory) -> SqliteTemplates:
    return SqliteTemplates(tmp_path_factory.mktemp("templates"))


@pytest.fixture(scope="session")
def postgres_templates(postgres_url: str) -> Iterator[PostgresTemplates]:
    templates = PostgresTemplates(postgres_url)
    yield templates
    templates.dispose()


FreshDatabase = Callable[[DemoConfig], Engine]


@pytest.fixture(params=["sqlite", "postgresql"])
def fresh_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[FreshDatabase]:
    """Makes databases of the test's own, seeded with a given demo configuration."""
    engines: list[Engine] = []
    if request.param == "sqlite":
        sqlite: SqliteTemplates = request.getfixturevalue("sqlite_templates")
    else:
        postgres: PostgresTemplates = request.getfixturevalue("postgres_templates")

    def make(config: DemoConfig) -> Engine:
        if request.param == "sqlite":
            url = sqlite.clone(config, tmp_path / f"db-{len(engines)}.sqlite3")
        else:
            url = postgres.clone(config)
        engines.append(create_db_engine(url))
        return engines[-1]

    yield make
    for engine in engines:
        engine.dispose()
        if request.param == "postgresql":
            postgres.drop(engine.url.render_as_string(hide_password=False))


SmallSite = tuple[Engine, TestClient, ManualClock]


@pytest.fixture
def small_db(tmp_path: Path) -> Iterator[SmallSite]:
    """A server of the test's own on two days of demo data, its time a manual clock."""
    url = f"sqlite:///{tmp_path / 'small.sqlite3'}"
    engine = create_db_engine(url)
    migrate.upgrade(engine)
    seed_demo(engine, CONTENT_DIR, DemoConfig(end_date=dt.date(2026, 3, 31), days=2))
    dist = tmp_path / "dist"  # the unbuilt template is enough for the server's part of a page
    dist.mkdir()
    (dist / "index.html").write_text((PROJECT_ROOT / "frontend" / "index.html").read_text())
    settings = Settings(database_url=url, content_dir=CONTENT_DIR, frontend_dist=dist)
    clock = ManualClock()
    with TestClient(create_app(settings, clock=clock)) as client:
        yield engine, client, clock
    engine.dispose()

"""Rolling deploys: a release whose migrations only add (compatible_with_previous = True) lets
the hosts still on the previous code stay ready on the migrated schema; anything else takes
them out of rotation (503) until they are replaced.

An "old host" is this code with its known migrations cut back (web.health.code_revisions).
"""

from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient
from sqlalchemy import Engine, create_engine, delete, select, text, update

from scrapindex import migrate
from scrapindex.app import create_app
from scrapindex.db import create_db_engine
from scrapindex.deploy_check import database_findings
from scrapindex.models import SchemaCompatibility
from scrapindex.settings import Settings
from scrapindex.web import health
from tests.conftest import CONTENT_DIR

# 0017 only adds tables and declares it: code at 0016 works on it.
EXPAND = "0017"
PREVIOUS = "0016"


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    if request.param == "sqlite":
        engine = create_db_engine(f"sqlite:///{tmp_path}/empty.sqlite3")
    else:
        server_url: str = request.getfixturevalue("postgres_url")
        name = f"rolling_{request.node.name.split('[')[0][-30:]}".lower()
        admin = create_engine(server_url, isolation_level="AUTOCOMMIT")
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        admin.dispose()
        engine = create_db_engine(server_url.rsplit("/", 1)[0] + f"/{name}")
    yield engine
    engine.dispose()


def compatibility(engine: Engine) -> dict[str, str]:
    with engine.connect() as connection:
        rows = connection.execute(
            select(SchemaCompatibility.revision, SchemaCompatibility.oldest_compatible)
        )
        return {revision: oldest for revision, oldest in rows}  # noqa: C416 (Row, not tuple)


def test_upgrade_records_the_oldest_compatible_revision(empty_engine: Engine) -> None:
    migrate.upgrade(empty_engine, PREVIOUS)  # before the table: nothing to record, no error
    migrate.upgrade(empty_engine, EXPAND)
    assert compatibility(empty_engine) == {EXPAND: PREVIOUS}
    migrate.upgrade(empty_engine)
    head = migrate.head_revision()
    assert head is not None
    assert compatibility(empty_engine)[head] == migrate.oldest_compatible(head)
    with empty_engine.connect() as connection:
        first = connection.execute(select(SchemaCompatibility.recorded_at)).scalars().all()
    migrate.upgrade(empty_engine)  # nothing to migrate: the row is written again, not added
    with empty_engine.connect() as connection:
        again = connection.execute(select(SchemaCompatibility.recorded_at)).scalars().all()
    assert len(again) == len(first)
    assert max(again) >= max(first)


def test_the_walk_stops_at_the_first_migration_that_does_not_say_it_is_compatible(
    tmp_path: Path,
) -> None:
    versions = tmp_path / "versions"
    versions.mkdir()
    chain = [("a", None, None), ("b", "a", True), ("c", "b", True), ("d", "c", None)]
    chain += [("e", "d", False), ("f", "e", True)]
    for revision, down, compatible in chain:
        lines = [f"revision = {revision!r}", f"down_revision = {down!r}"]
        if compatible is not None:
            lines.append(f"compatible_with_previous = {compatible}")
        lines += ["def upgrade(): pass", "def downgrade(): pass"]
        (versions / f"{revision}.py").write_text("\n".join(lines) + "\n")
    directory = ScriptDirectory(str(tmp_path))
    walked = {revision: migrate.oldest_compatible(revision, directory) for revision, *_ in chain}
    assert walked == {"a": "a", "b": "a", "c": "a", "d": "d", "e": "e", "f": "e"}
    assert migrate.oldest_compatible(EXPAND) == PREVIOUS  # this code's own


def test_code_ahead_of_the_schema_by_contract_migrations_only(tmp_path: Path) -> None:
    versions = tmp_path / "versions"
    versions.mkdir()
    chain = [("a", None, None), ("b", "a", None), ("c", "b", True), ("d", "c", True)]
    for revision, down, contract in chain:
        lines = [f"revision = {revision!r}", f"down_revision = {down!r}"]
        if contract is not None:
            lines.append(f"contract = {contract}")
        (versions / f"{revision}.py").write_text("\n".join(lines) + "\n")
    directory = ScriptDirectory(str(tmp_path))
    pending = {
        revision: migrate.pending_are_contracts(revision, "d", directory)
        for revision in ("a", "b", "c", "d", None)
    }
    assert pending == {"a": False, "b": True, "c": True, "d": False, None: False}


@pytest.fixture
def database_at_expand(tmp_path: Path) -> Iterator[tuple[str, Engine]]:
    """A database the new release migrated to 0017."""
    url = f"sqlite:///{tmp_path / 'rolling.sqlite3'}"
    engine = create_db_engine(url)
    migrate.upgrade(engine, EXPAND)
    yield url, engine
    engine.dispose()


def code_at(monkeypatch: pytest.MonkeyPatch, head: str) -> None:
    """This process's code as if its newest migration were ``head``."""
    scripts = migrate.scripts()
    known = frozenset(script.revision for script in scripts.iterate_revisions(head, "base"))
    monkeypatch.setattr(health, "code_revisions", lambda: (head, known))


def ready(url: str) -> tuple[int, dict[str, object]]:
    with TestClient(create_app(Settings(database_url=url, content_dir=CONTENT_DIR))) as client:
        response = client.get("/readyz")
    return response.status_code, response.json()


def test_an_old_host_stays_ready_on_a_compatible_newer_schema(
    database_at_expand: tuple[str, Engine], monkeypatch: pytest.MonkeyPatch
) -> None:
    url, _engine = database_at_expand
    code_at(monkeypatch, PREVIOUS)
    assert ready(url) == (
        200,
        {
            "status": "ready",
            "database": "ok",
            "migrations": "compatible",
            "oldest_compatible": PREVIOUS,
            "revision": EXPAND,
            "head": PREVIOUS,
            "writes": "ok",
        },
    )


def test_check_lets_an_old_host_start_on_a_compatible_newer_schema(
    database_at_expand: tuple[str, Engine], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The web unit runs `check --deploy` before it starts: an old host restarted during a
    rolling deploy must start, with a warning; on an incompatible schema it must not."""
    url, engine = database_at_expand
    code_at(monkeypatch, PREVIOUS)
    (finding,) = database_findings(url)
    assert (finding.code, finding.level) == ("migrations", "warning")
    assert "recorded compatible" in finding.message
    with engine.begin() as connection:
        connection.execute(update(SchemaCompatibility).values(oldest_compatible=EXPAND))
    (refused,) = database_findings(url)
    assert (refused.code, refused.level) == ("migrations", "error")


def test_a_new_host_is_ready_on_its_own_schema(
    database_at_expand: tuple[str, Engine], monkeypatch: pytest.MonkeyPatch
) -> None:
    url, _engine = database_at_expand
    code_at(monkeypatch, EXPAND)
    assert ready(url)[1]["migrations"] == "head"


def test_an_older_host_than_the_schema_allows_is_not_ready(
    database_at_expand: tuple[str, Engine], monkeypatch: pytest.MonkeyPatch
) -> None:
    url, _engine = database_at_expand
    code_at(monkeypatch, "0015")  # two releases behind: 0016 is the oldest that works
    status, checks = ready(url)
    assert status == 503
    assert checks["migrations"] == "unknown"
    assert checks["oldest_compatible"] == PREVIOUS


def test_an_unknown_schema_without_a_record_is_not_ready(
    database_at_expand: tuple[str, Engine], monkeypatch: pytest.MonkeyPatch
) -> None:
    url, engine = database_at_expand
    code_at(monkeypatch, PREVIOUS)
    with engine.begin() as connection:
        connection.execute(delete(SchemaCompatibility))
    status, checks = ready(url)
    assert status == 503
    assert (checks["migrations"], checks["oldest_compatible"]) == ("unknown", None)


@pytest.mark.parametrize("oldest", [EXPAND, "9998"])
def test_a_schema_that_is_not_compatible_is_not_ready(
    database_at_expand: tuple[str, Engine], monkeypatch: pytest.MonkeyPatch, oldest: str
) -> None:
    """A contract step (its oldest compatible code is itself), or a record naming a revision
    this code has never heard of."""
    url, engine = database_at_expand
    code_at(monkeypatch, PREVIOUS)
    with engine.begin() as connection:
        connection.execute(update(SchemaCompatibility).values(oldest_compatible=oldest))
    status, checks = ready(url)
    assert status == 503
    assert checks["migrations"] == "unknown"


def test_a_revision_newer_than_anything_recorded_is_not_ready(
    database_at_expand: tuple[str, Engine],
) -> None:
    url, engine = database_at_expand
    with engine.begin() as connection:  # as after a newer release's migration, unrecorded
        connection.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    status, checks = ready(url)
    assert status == 503
    assert checks["migrations"] == "unknown"
    assert checks["revision"] == "9999"


@pytest.fixture
def database_at_previous(tmp_path: Path) -> str:
    """A database the previous release migrated (0016): the new code's hosts roll onto it."""
    url = f"sqlite:///{tmp_path / 'previous.sqlite3'}"
    engine = create_db_engine(url)
    migrate.upgrade(engine, PREVIOUS)
    engine.dispose()
    return url


@pytest.fixture
def expand_declared_a_contract(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """As if 0017 only removed what the code at 0017 no longer uses (``contract = True``)."""
    directory = migrate.scripts()
    monkeypatch.setattr(directory.get_revision(EXPAND).module, "contract", True, raising=False)
    monkeypatch.setattr(migrate, "scripts", lambda: directory)
    health.pending_are_contracts.cache_clear()
    yield
    health.pending_are_contracts.cache_clear()


@pytest.mark.usefixtures("expand_declared_a_contract")
def test_a_new_host_is_ready_before_its_contract_migration_is_applied(
    database_at_previous: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Contract last: every host runs the new code first, on the schema before the migration."""
    url = database_at_previous
    code_at(monkeypatch, EXPAND)
    status, checks = ready(url)
    assert status == 200
    assert (checks["migrations"], checks["revision"], checks["head"]) == (
        "contract-pending",
        PREVIOUS,
        EXPAND,
    )
    assert ready(f"sqlite:///{tmp_path / 'never-migrated.sqlite3'}")[0] == 503  # still behind


def test_without_the_declaration_a_schema_behind_is_not_ready(
    database_at_previous: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    code_at(monkeypatch, EXPAND)
    status, checks = ready(database_at_previous)
    assert (status, checks["migrations"]) == (503, "behind")

"""Fresh, seeded databases for tests that write, cloned from one seeded template per data set.

Seeding takes seconds; cloning a template takes a file copy on SQLite and a CREATE DATABASE
... TEMPLATE on PostgreSQL. Tests that write get their own clone, so they never disturb the
shared session database the API tests read.
"""

import datetime as dt
import hashlib
import shutil
import uuid
from pathlib import Path

from alembic import command
from sqlalchemy import Column, Engine, MetaData, Table, create_engine, func, insert, select, text

from scrapindex import migrate
from scrapindex.data.demo import DemoConfig
from scrapindex.data.seed import seed_demo
from scrapindex.db import create_db_engine
from scrapindex.models import Base
from scrapindex.settings import PROJECT_ROOT

CONTENT_DIR = PROJECT_ROOT / "content"
# The import tests' data set: ten days of demo history up to 2026-03-31; feeds add April.
IMPORT_DEMO = DemoConfig(end_date=dt.date(2026, 3, 31), days=10)


def _seed(url: str, config: DemoConfig) -> None:
    engine = create_db_engine(url)
    migrate.upgrade(engine)
    seed_demo(engine, CONTENT_DIR, config)
    if engine.dialect.name == "sqlite":
        with engine.connect() as connection:  # fold the WAL into the file before copying it
            connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    engine.dispose()


class SqliteTemplates:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.files: dict[DemoConfig, Path] = {}

    def clone(self, config: DemoConfig, target: Path) -> str:
        if config not in self.files:
            path = self.folder / f"template-{len(self.files)}.sqlite3"
            _seed(f"sqlite:///{path}", config)
            self.files[config] = path
        shutil.copyfile(self.files[config], target)
        return f"sqlite:///{target}"


class PostgresTemplates:
    def __init__(self, server_url: str) -> None:
        self.base_url = server_url.rsplit("/", 1)[0]
        self.admin = create_engine(server_url, isolation_level="AUTOCOMMIT")
        self.names: dict[DemoConfig, str] = {}

    def clone(self, config: DemoConfig) -> str:
        if config not in self.names:
            name = f"template_{len(self.names)}"
            self._execute(f'CREATE DATABASE "{name}"')
            _seed(f"{self.base_url}/{name}", config)
            self.names[config] = name
        clone = f"test_{uuid.uuid4().hex[:12]}"
        self._execute(f'CREATE DATABASE "{clone}" TEMPLATE "{self.names[config]}"')
        return f"{self.base_url}/{clone}"

    def drop(self, url: str) -> None:
        self._execute(f'DROP DATABASE IF EXISTS "{url.rsplit("/", 1)[1]}" WITH (FORCE)')

    def _execute(self, statement: str) -> None:
        with self.admin.connect() as connection:
            connection.execute(text(statement))

    def dispose(self) -> None:
        self.admin.dispose()


def fingerprint(engine: Engine) -> dict[str, tuple[int, str]]:
    """Row count and SHA-256 of every table's rows in primary-key order, as the driver reads them.

    Raw driver values, not our column types' Python values: what is stored, byte for byte.
    """
    result: dict[str, tuple[int, str]] = {}
    with engine.connect() as connection:
        for table in Base.metadata.sorted_tables:
            order = ", ".join(column.name for column in table.primary_key.columns)
            rows = connection.exec_driver_sql(f"SELECT * FROM {table.name} ORDER BY {order}")
            digest = hashlib.sha256()
            count = 0
            for row in rows:
                digest.update(repr(tuple(row)).encode())
                count += 1
            result[table.name] = (count, digest.hexdigest())
    return result


# What a request or a refused import may write without changing any data: a session's last use,
# the record of the refused import itself and its kept file, and the lease a run took.
# api_keys (last_used_at) and api_key_usage: what a keyed GET writes, by design (its count).
BOOKKEEPING_TABLES = frozenset(
    {"user_sessions", "import_runs", "import_run_files", "job_leases", "api_keys", "api_key_usage"}
)


def data_fingerprint(engine: Engine) -> dict[str, tuple[int, str]]:
    """The fingerprint of the data: every table but the bookkeeping ones."""
    return {t: rows for t, rows in fingerprint(engine).items() if t not in BOOKKEEPING_TABLES}


def count_rows(engine: Engine, table: type[Base]) -> int:
    with engine.connect() as connection:
        return connection.execute(select(func.count()).select_from(table)).scalar_one()


def insert_at_past_revision(engine: Engine, model: type[Base], values: dict[str, object]) -> int:
    """Insert a row of ``model`` into a database migrated down to a past revision, naming only
    the columns in ``values`` (the model's defaults for columns added since would name columns
    that revision lacks); the row's id."""
    columns = [
        Column(column.name, column.type, primary_key=column.primary_key)
        for column in model.__table__.columns
        if column.name in values or column.primary_key
    ]
    table = Table(model.__tablename__, MetaData(), *columns)
    with engine.begin() as connection:
        row_id: int = connection.execute(
            insert(table).values(values).returning(table.c.id)
        ).scalar_one()
    return row_id


# The newest revision that leaves the demo's prices as they are: 0015 drops a catalytic
# converter's prices by weight (it came to be sold by the piece).
KEEPS_EVERY_PRICE = "0014"


def upgrade_again_from(engine: Engine, revision: str, to: str = KEEPS_EVERY_PRICE) -> None:
    """Migrate the database down to ``revision`` and back up to ``to``: a migration's fill of
    existing rows, run on data the current code wrote."""
    config = migrate.alembic_config(engine.url.render_as_string(hide_password=False))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, revision)
    migrate.upgrade(engine, to)

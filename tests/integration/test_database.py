"""Migrations and column types, on SQLite and PostgreSQL."""

import datetime as dt
from decimal import Decimal

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, create_engine, insert, select, text

from scrapindex import migrate
from scrapindex.db import create_db_engine
from scrapindex.models import Base, Country, FxRate, Source


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_engine(request: pytest.FixtureRequest, tmp_path: object) -> Engine:
    if request.param == "sqlite":
        return create_db_engine(f"sqlite:///{tmp_path}/empty.sqlite3")
    server_url: str = request.getfixturevalue("postgres_url")
    name = f"empty_{request.node.name.split('[')[0][-30:]}".lower()
    admin = create_engine(server_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return create_db_engine(server_url.rsplit("/", 1)[0] + f"/{name}")


def test_upgrade_from_empty_to_head_matches_the_models(empty_engine: Engine) -> None:
    migrate.upgrade(empty_engine)
    assert migrate.current_revision(empty_engine) == migrate.head_revision()
    with empty_engine.connect() as conn:
        differences = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert differences == []
    migrate.upgrade(empty_engine)  # a second run is a no-op
    empty_engine.dispose()


def test_money_is_exact_and_ordered(empty_engine: Engine) -> None:
    migrate.upgrade(empty_engine)
    values = [Decimal("0.00000001"), Decimal("1234567.12345678"), Decimal("0.1"), Decimal("3")]
    with empty_engine.begin() as conn:
        conn.execute(insert(Source), [{"id": 1, "name": "test", "kind": "manual"}])
        conn.execute(insert(Country), [{"code": "ZA", "name": "South Africa", "currency": "ZAR"}])
        conn.execute(
            insert(FxRate),
            [
                {"currency": f"X{i}", "rate_date": dt.date(2026, 1, 1), "usd_per_unit": v,
                 "source_id": 1}
                for i, v in enumerate(values)
            ],
        )  # fmt: skip
        stored = conn.execute(select(FxRate.usd_per_unit).order_by(FxRate.usd_per_unit)).scalars()
        assert list(stored) == sorted(values)
    empty_engine.dispose()

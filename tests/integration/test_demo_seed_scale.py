"""Seeding a scaled demo set: PostgreSQL's COPY and SQLite's inserts store the generator's rows."""

import datetime as dt
from decimal import Decimal

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import func, select

from scrapindex.data.demo import DEMO_SOURCE_ID, DemoConfig, generate
from scrapindex.models import Base, City, Price, ScrapYard
from tests.conftest import CONTENT_DIR, FreshDatabase

SCALED = DemoConfig(end_date=dt.date(2026, 3, 31), days=4, scale=2)


def test_a_scaled_seed_stores_every_generated_row(fresh_database: FreshDatabase) -> None:
    engine = fresh_database(SCALED)
    data = generate(CONTENT_DIR, SCALED)
    expected = {
        (r["material_id"], r["city_id"], r["price_date"]): (r["price_per_kg"], r["currency"])
        for r in data.prices()
    }
    with engine.connect() as connection:
        assert connection.execute(select(func.count()).select_from(City)).scalar_one() == len(
            data.cities
        )
        assert connection.execute(select(func.count()).select_from(ScrapYard)).scalar_one() == len(
            data.yards
        )
        stored = connection.execute(
            select(
                Price.material_id,
                Price.city_id,
                Price.price_date,
                Price.price_per_kg,
                Price.currency,
                Price.source_id,
                Price.updated_at,
            )
        ).all()
    assert len(stored) == len(expected)
    for row in stored:
        assert expected[(row.material_id, row.city_id, row.price_date)] == (
            Decimal(row.price_per_kg),
            row.currency,
        )
        assert row.source_id == DEMO_SOURCE_ID
        assert row.updated_at == dt.datetime.combine(row.price_date, dt.time(0), tzinfo=dt.UTC)


def test_the_seeded_schema_is_still_the_migrated_one(fresh_database: FreshDatabase) -> None:
    """PostgreSQL's seed drops the price table's keys and index for its COPY: all come back."""
    engine = fresh_database(SCALED)
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []

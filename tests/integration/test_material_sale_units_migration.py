"""Migration 0015 gives materials their unit of sale and drops what a catalytic converter was
priced per kg, on data the previous revision held (both databases)."""

import datetime as dt
from decimal import Decimal

import sqlalchemy as sa
from alembic import command
from sqlalchemy import Engine

from scrapindex import migrate
from scrapindex.models import PriceAlert, PriceReport
from tests.conftest import TEST_DEMO, FreshDatabase
from tests.databases import insert_at_past_revision

NOW = dt.datetime(2026, 11, 1, 12, tzinfo=dt.UTC)


def downgrade(engine: Engine, revision: str) -> None:
    config = migrate.alembic_config(engine.url.render_as_string(hide_password=False))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, revision)


def scalar(engine: Engine, statement: str, **params: object) -> object:
    with engine.connect() as connection:
        return connection.execute(sa.text(statement), params).scalar_one()


def ids(engine: Engine) -> dict[str, int]:
    with engine.connect() as connection:
        rows = connection.execute(sa.text("SELECT slug, id FROM materials")).all()
        city = connection.execute(sa.text("SELECT id FROM cities ORDER BY id LIMIT 1")).scalar_one()
    return {**dict(rows), "city": city}


def add_report(engine: Engine, material_id: int, city_id: int, status: str) -> int:
    values = {
        "material_id": material_id,
        "city_id": city_id,
        "price": Decimal("900"),
        "unit": "kg",
        "currency": "ZAR",
        "price_per_kg": Decimal("900"),
        "report_date": NOW.date(),
        "client_hash": "seller",
        "status": status,
        "flagged": False,
        "created_at": NOW,
    }
    with engine.begin() as connection:
        return connection.execute(
            sa.insert(PriceReport).values(values).returning(PriceReport.id)
        ).scalar_one()


def add_alert(engine: Engine, material_id: int, city_id: int) -> int:
    values = {
        "email": "seller@example.com",
        "kind": "above",
        "city_id": city_id,
        "material_id": material_id,
        "threshold": Decimal("900"),
        "unit": "kg",
        "threshold_per_kg": Decimal("900"),
        "currency": "ZAR",
        "client_hash": "seller",
        "created_at": NOW,
    }
    return insert_at_past_revision(engine, PriceAlert, values)


def prices_of(engine: Engine, material_id: int) -> tuple[object, ...]:
    return tuple(
        scalar(engine, f"SELECT count(*) FROM {table} WHERE material_id = :id", id=material_id)
        for table in ("prices", "current_prices", "material_market_figures")
    )


def test_catalytic_converters_lose_their_prices_by_weight_and_silver_sells_by_troy_ounce(
    fresh_database: FreshDatabase,
) -> None:
    engine = fresh_database(TEST_DEMO)
    downgrade(engine, "0014")
    found = ids(engine)
    catalytic, copper, city = found["catalytic-converters"], found["copper"], found["city"]
    assert all(count != 0 for count in prices_of(engine, catalytic))
    copper_prices = prices_of(engine, copper)
    pending = add_report(engine, catalytic, city, "pending")
    approved = add_report(engine, catalytic, city, "approved")
    copper_report = add_report(engine, copper, city, "pending")
    catalytic_alert = add_alert(engine, catalytic, city)
    copper_alert = add_alert(engine, copper, city)
    revision = scalar(engine, "SELECT revision FROM data_revision")

    migrate.upgrade(engine)

    with engine.connect() as connection:
        units: dict[str, str] = dict(
            connection.execute(sa.text("SELECT slug, sale_unit FROM materials")).all()
        )
        reports: dict[int, str] = dict(
            connection.execute(sa.text("SELECT id, status FROM price_reports")).all()
        )
        alerts = set(connection.execute(sa.text("SELECT id FROM price_alerts")).scalars())
    assert (units["catalytic-converters"], units["silver"], units["copper"]) == (
        "piece",
        "troy_oz",
        "kg",
    )
    assert prices_of(engine, catalytic) == (0, 0, 0)
    assert prices_of(engine, copper) == copper_prices
    assert (reports[pending], reports[approved], reports[copper_report]) == (
        "rejected",
        "approved",
        "pending",
    )
    reason = scalar(engine, "SELECT review_reason FROM price_reports WHERE id = :id", id=pending)
    assert "priced per piece" in str(reason)
    assert catalytic_alert not in alerts
    assert copper_alert in alerts
    assert scalar(engine, "SELECT revision FROM data_revision") == int(str(revision)) + 1

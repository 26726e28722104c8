"""material market figures

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-28

The price summary and the most-tracked materials converted every series' current price to
exact US cents each time they were asked for: a pass over the whole board (~20 ms at ten times
the demo). refresh_market_figures now keeps each material's sums in this table whenever prices
or exchange rates change; the existing data's rows are computed here, in Python, with the same
rounding as to_usd (half to even, to the cent).

"""

from collections import defaultdict
from collections.abc import Sequence
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Any

import sqlalchemy as sa
from alembic import op

from scrapindex.dbtypes import ExactDecimal

# revision identifiers, used by Alembic.
revision: str = "0012"
down_revision: str | Sequence[str] | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

CENT = Decimal("0.01")
current_prices = sa.table(
    "current_prices",
    sa.column("material_id", sa.Integer()),
    sa.column("city_id", sa.Integer()),
    sa.column("price_per_kg", ExactDecimal(14, 4)),
    sa.column("currency", sa.String()),
)
cities = sa.table("cities", sa.column("id", sa.Integer()), sa.column("country_code", sa.String()))
fx_rates = sa.table(
    "fx_rates",
    sa.column("currency", sa.String()),
    sa.column("rate_date", sa.Date()),
    sa.column("usd_per_unit", ExactDecimal(18, 8)),
)


def upgrade() -> None:
    figures = op.create_table(
        "material_market_figures",
        sa.Column("material_id", sa.Integer(), nullable=False),
        sa.Column("cities", sa.Integer(), nullable=False),
        sa.Column("countries", sa.Integer(), nullable=False),
        sa.Column("first_city_id", sa.Integer(), nullable=False),
        sa.Column("priced_cities", sa.Integer(), nullable=False),
        sa.Column("priced_countries", sa.Integer(), nullable=False),
        sa.Column("priced_first_city_id", sa.Integer(), nullable=True),
        sa.Column("total_usd_cents", sa.BigInteger(), nullable=True),
        sa.Column("lowest_usd_cents", sa.BigInteger(), nullable=True),
        sa.Column("highest_usd_cents", sa.BigInteger(), nullable=True),
        sa.ForeignKeyConstraint(
            ["material_id"],
            ["materials.id"],
            name=op.f("fk_material_market_figures_material_id_materials"),
        ),
        sa.PrimaryKeyConstraint("material_id", name=op.f("pk_material_market_figures")),
    )
    rows = _figures(op.get_bind())
    if rows:
        op.bulk_insert(figures, rows)


def _figures(connection: sa.Connection) -> list[dict[str, Any]]:
    newest = (
        sa.select(fx_rates.c.currency, sa.func.max(fx_rates.c.rate_date).label("day"))
        .group_by(fx_rates.c.currency)
        .subquery()
    )
    rates = dict(
        connection.execute(
            sa.select(fx_rates.c.currency, fx_rates.c.usd_per_unit).join(
                newest,
                (newest.c.currency == fx_rates.c.currency) & (newest.c.day == fx_rates.c.rate_date),
            )
        ).all()
    )
    series: dict[int, list[tuple[int, str, int | None]]] = defaultdict(list)
    for material_id, city_id, country, price, currency in connection.execute(
        sa.select(
            current_prices.c.material_id,
            current_prices.c.city_id,
            cities.c.country_code,
            current_prices.c.price_per_kg,
            current_prices.c.currency,
        ).join(cities, cities.c.id == current_prices.c.city_id)
    ):
        rate = rates.get(currency)
        cents = None if rate is None else int((price * rate).quantize(CENT, ROUND_HALF_EVEN) * 100)
        series[material_id].append((city_id, country, cents))
    return [_material_row(material_id, rows) for material_id, rows in series.items()]


def _material_row(material_id: int, rows: list[tuple[int, str, int | None]]) -> dict[str, Any]:
    priced = [(city, country, cents) for city, country, cents in rows if cents is not None]
    values = [cents for _, _, cents in priced]
    return {
        "material_id": material_id,
        "cities": len(rows),
        "countries": len({country for _, country, _ in rows}),
        "first_city_id": min(city for city, _, _ in rows),
        "priced_cities": len(priced),
        "priced_countries": len({country for _, country, _ in priced}),
        "priced_first_city_id": min((city for city, _, _ in priced), default=None),
        "total_usd_cents": sum(values) if values else None,
        "lowest_usd_cents": min(values, default=None),
        "highest_usd_cents": max(values, default=None),
    }


def downgrade() -> None:
    op.drop_table("material_market_figures")

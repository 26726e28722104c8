"""initial schema

Revision ID: 0001
Revises:
Create Date: 2026-11-21

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from scrapindex.dbtypes import ExactDecimal

# revision identifiers, used by Alembic.
revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table(
        "countries",
        sa.Column("code", sa.String(length=2), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.PrimaryKeyConstraint("code", name=op.f("pk_countries")),
    )
    op.create_table(
        "data_revision",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_data_revision")),
    )
    op.create_table(
        "materials",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("slug", sa.String(length=80), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("category", sa.String(length=40), nullable=False),
        sa.Column("grade", sa.String(length=40), nullable=True),
        sa.Column("description", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_materials")),
        sa.UniqueConstraint("slug", name=op.f("uq_materials_slug")),
    )
    with op.batch_alter_table("materials", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_materials_category"), ["category"], unique=False)

    op.create_table(
        "sources",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("url", sa.String(length=500), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sources")),
        sa.UniqueConstraint("name", name=op.f("uq_sources_name")),
    )
    op.create_table(
        "fx_rates",
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("rate_date", sa.Date(), nullable=False),
        sa.Column("usd_per_unit", ExactDecimal(18, 8), nullable=False),
        sa.Column("source_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["source_id"], ["sources.id"], name=op.f("fk_fx_rates_source_id_sources")
        ),
        sa.PrimaryKeyConstraint("currency", "rate_date", name=op.f("pk_fx_rates")),
    )
    op.create_table(
        "legal_rules",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("country_code", sa.String(length=2), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("category", sa.String(length=20), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column("requirement", sa.Text(), nullable=False),
        sa.Column("penalty", sa.Text(), nullable=True),
        sa.Column("source", sa.String(length=300), nullable=True),
        sa.ForeignKeyConstraint(
            ["country_code"], ["countries.code"], name=op.f("fk_legal_rules_country_code_countries")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_legal_rules")),
    )
    with op.batch_alter_table("legal_rules", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_legal_rules_country_code"), ["country_code"], unique=False
        )

    op.create_table(
        "regions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("country_code", sa.String(length=2), nullable=False),
        sa.Column("slug", sa.String(length=80), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.ForeignKeyConstraint(
            ["country_code"], ["countries.code"], name=op.f("fk_regions_country_code_countries")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_regions")),
        sa.UniqueConstraint("country_code", "slug", name=op.f("uq_regions_country_code_slug")),
    )
    op.create_table(
        "cities",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("slug", sa.String(length=80), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("country_code", sa.String(length=2), nullable=False),
        sa.Column("region_id", sa.Integer(), nullable=True),
        sa.Column("latitude", sa.Float(), nullable=False),
        sa.Column("longitude", sa.Float(), nullable=False),
        sa.Column("time_zone", sa.String(length=64), nullable=False),
        sa.Column("population", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["country_code"], ["countries.code"], name=op.f("fk_cities_country_code_countries")
        ),
        sa.ForeignKeyConstraint(
            ["region_id"], ["regions.id"], name=op.f("fk_cities_region_id_regions")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_cities")),
        sa.UniqueConstraint("slug", name=op.f("uq_cities_slug")),
    )
    with op.batch_alter_table("cities", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_cities_country_code"), ["country_code"], unique=False)
        batch_op.create_index(batch_op.f("ix_cities_region_id"), ["region_id"], unique=False)

    op.create_table(
        "prices",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("material_id", sa.Integer(), nullable=False),
        sa.Column("city_id", sa.Integer(), nullable=False),
        sa.Column("price_date", sa.Date(), nullable=False),
        sa.Column("price_per_kg", ExactDecimal(14, 4), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("source_id", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["city_id"], ["cities.id"], name=op.f("fk_prices_city_id_cities")),
        sa.ForeignKeyConstraint(
            ["material_id"], ["materials.id"], name=op.f("fk_prices_material_id_materials")
        ),
        sa.ForeignKeyConstraint(
            ["source_id"], ["sources.id"], name=op.f("fk_prices_source_id_sources")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_prices")),
        sa.UniqueConstraint(
            "material_id",
            "city_id",
            "price_date",
            name=op.f("uq_prices_material_id_city_id_price_date"),
        ),
    )
    op.create_table(
        "scrap_yards",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("city_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("address", sa.String(length=300), nullable=False),
        sa.Column("latitude", sa.Float(), nullable=False),
        sa.Column("longitude", sa.Float(), nullable=False),
        sa.Column("phone", sa.String(length=40), nullable=True),
        sa.Column("email", sa.String(length=200), nullable=True),
        sa.Column("website", sa.String(length=300), nullable=True),
        sa.Column("rating", sa.Float(), nullable=True),
        sa.Column("review_count", sa.Integer(), nullable=False),
        sa.Column("weekly_hours", sa.JSON(), nullable=False),
        sa.Column("opening_hours_text", sa.Text(), nullable=True),
        sa.Column("osm_id", sa.String(length=40), nullable=True),
        sa.Column("source_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["city_id"], ["cities.id"], name=op.f("fk_scrap_yards_city_id_cities")
        ),
        sa.ForeignKeyConstraint(
            ["source_id"], ["sources.id"], name=op.f("fk_scrap_yards_source_id_sources")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_scrap_yards")),
        sa.UniqueConstraint("osm_id", name=op.f("uq_scrap_yards_osm_id")),
    )
    with op.batch_alter_table("scrap_yards", schema=None) as batch_op:
        batch_op.create_index("ix_scrap_yards_city_id_rating", ["city_id", "rating"], unique=False)

    op.create_table(
        "current_prices",
        sa.Column("material_id", sa.Integer(), nullable=False),
        sa.Column("city_id", sa.Integer(), nullable=False),
        sa.Column("price_id", sa.Integer(), nullable=False),
        sa.Column("previous_price_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["city_id"], ["cities.id"], name=op.f("fk_current_prices_city_id_cities")
        ),
        sa.ForeignKeyConstraint(
            ["material_id"], ["materials.id"], name=op.f("fk_current_prices_material_id_materials")
        ),
        sa.ForeignKeyConstraint(
            ["previous_price_id"],
            ["prices.id"],
            name=op.f("fk_current_prices_previous_price_id_prices"),
        ),
        sa.ForeignKeyConstraint(
            ["price_id"], ["prices.id"], name=op.f("fk_current_prices_price_id_prices")
        ),
        sa.PrimaryKeyConstraint("material_id", "city_id", name=op.f("pk_current_prices")),
    )
    with op.batch_alter_table("current_prices", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_current_prices_city_id"), ["city_id"], unique=False)


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("current_prices", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_current_prices_city_id"))

    op.drop_table("current_prices")
    with op.batch_alter_table("scrap_yards", schema=None) as batch_op:
        batch_op.drop_index("ix_scrap_yards_city_id_rating")

    op.drop_table("scrap_yards")
    op.drop_table("prices")
    with op.batch_alter_table("cities", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_cities_region_id"))
        batch_op.drop_index(batch_op.f("ix_cities_country_code"))

    op.drop_table("cities")
    op.drop_table("regions")
    with op.batch_alter_table("legal_rules", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_legal_rules_country_code"))

    op.drop_table("legal_rules")
    op.drop_table("fx_rates")
    op.drop_table("sources")
    with op.batch_alter_table("materials", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_materials_category"))

    op.drop_table("materials")
    op.drop_table("data_revision")
    op.drop_table("countries")

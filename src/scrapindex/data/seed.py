"""Writing the demo data set into an empty database, in one transaction (its prices loaded
by scrapindex.prices.bulk_load, through the price-write service)."""

from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import (
    Connection,
    Engine,
    func,
    insert,
    select,
    text,
)

from scrapindex.data.demo import DemoConfig, generate
from scrapindex.data.legal import read_legal_rules, replace_legal_rules
from scrapindex.models import (
    City,
    Country,
    FxRate,
    Material,
    Region,
    ScrapYard,
    Source,
)
from scrapindex.prices.record import price_write
from scrapindex.settings import Settings, get_settings

BATCH_ROWS = 20_000


@dataclass(frozen=True)
class SeedReport:
    countries: int
    cities: int
    materials: int
    prices: int
    fx_rates: int
    yards: int
    legal_rules: int


class DatabaseNotEmptyError(RuntimeError):
    pass


def database_is_empty(engine: Engine) -> bool:
    with engine.connect() as connection:
        return not connection.execute(select(func.count()).select_from(City)).scalar_one()


def seed_demo(
    engine: Engine, content_dir: Path, config: DemoConfig, *, settings: Settings | None = None
) -> SeedReport:
    """The demo set; its prices through the price-write service like any other (``settings``:
    default the environment's, with ``content_dir``)."""
    settings = (settings or get_settings()).model_copy(update={"content_dir": content_dir})
    data = generate(content_dir, config)
    legal = read_legal_rules(content_dir)
    with engine.begin() as connection:
        if connection.execute(select(func.count()).select_from(City)).scalar_one():
            raise DatabaseNotEmptyError("the database already holds cities; not seeding")
        connection.execute(insert(Source), data.sources)
        connection.execute(insert(Country), data.countries)
        connection.execute(insert(Region), data.regions)
        connection.execute(insert(City), data.cities)
        connection.execute(insert(Material), data.materials)
        connection.execute(insert(FxRate), data.fx_rates)
        connection.execute(insert(ScrapYard), data.yards)
        with price_write(connection, settings) as write:
            price_count = write.load_into_empty(data.prices())
        replace_legal_rules(connection, legal)
        _reset_sequences(connection)
    _analyze(engine)
    return SeedReport(
        countries=len(data.countries),
        cities=len(data.cities),
        materials=len(data.materials),
        prices=price_count,
        fx_rates=len(data.fx_rates),
        yards=len(data.yards),
        legal_rules=len(legal),
    )


def _analyze(engine: Engine) -> None:
    """Fresh statistics after a bulk load, or PostgreSQL plans as if the tables were empty."""
    if engine.dialect.name == "postgresql":
        with engine.begin() as connection:
            connection.execute(text("ANALYZE"))


def _reset_sequences(connection: Connection) -> None:
    """The generator writes explicit ids; PostgreSQL's sequences must move past them."""
    if connection.dialect.name != "postgresql":
        return
    for table in ("sources", "regions", "cities", "materials", "scrap_yards", "prices"):
        connection.execute(
            text(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"coalesce((SELECT max(id) FROM {table}), 0) + 1, false)"
            )
        )

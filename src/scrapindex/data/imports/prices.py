"""Importing a price feed: rows of date, country, city, material, price, currency, unit, source.

Prices are stored per kg: a price per lb, tonne or troy ounce is divided by the unit's exact
weight in kg and rounded half-even to the column's four places, so it stays exact to the cent. A
material sold by the piece (catalytic converters) is given and stored per piece; a row giving it
by weight, or a weight-sold material per piece, is refused.
"""

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from sqlalchemy import Connection, Engine, select

from scrapindex.data.imports.checks import SeriesDay
from scrapindex.data.imports.pipeline import run_import
from scrapindex.data.imports.reading import SourceRow
from scrapindex.data.imports.report import ImportReport, Progress
from scrapindex.data.imports.series import SeriesImporter
from scrapindex.data.imports.sources import check_source_name, source_kinds
from scrapindex.data.imports.values import (
    FieldChecks,
    fits_column,
    past_date,
    positive_decimal,
    utc_today,
)
from scrapindex.formatting import (
    STORED_PER_UNIT,
    SaleUnit,
    stored_price_text,
    unit_refusal,
)
from scrapindex.models import City, Country, Material
from scrapindex.prices import record
from scrapindex.prices.publish_checks import outliers_against_baseline
from scrapindex.settings import Settings, get_settings

COLUMNS = ("date", "country", "city", "material", "price", "currency", "unit", "source")
PRICE_PLACES = 4  # models.money(): 14 digits, 4 of them after the point
PRICE_INTEGER_DIGITS = 10


@dataclass(frozen=True)
class PriceRow:
    position: int
    material_id: int
    city_id: int
    price_date: dt.date
    price_per_kg: Decimal
    currency: str
    source: str


@dataclass(frozen=True)
class PriceReferences:
    """Cities, materials, currencies and sources, loaded once per import."""

    city_ids: dict[str, int]
    city_countries: dict[int, str]
    material_ids: dict[str, int]
    material_units: dict[int, tuple[str, SaleUnit]]  # id -> name, sale unit
    country_currencies: dict[str, str]
    source_kinds: dict[str, str]

    @classmethod
    def load(cls, connection: Connection) -> "PriceReferences":
        cities = connection.execute(select(City.slug, City.id, City.country_code)).all()
        return cls(
            city_ids={slug: city_id for slug, city_id, _ in cities},
            city_countries={city_id: country for _, city_id, country in cities},
            material_ids=dict(connection.execute(select(Material.slug, Material.id)).all()),
            material_units={
                material_id: (name, sale_unit)
                for material_id, name, sale_unit in connection.execute(
                    select(Material.id, Material.name, Material.sale_unit)
                )
            },
            country_currencies=dict(
                connection.execute(select(Country.code, Country.currency)).all()
            ),
            source_kinds=source_kinds(connection),
        )

    def city(self, slug: str, country_text: str) -> int:
        country = country_text.upper()
        if country not in self.country_currencies:
            raise ValueError(f"unknown country {country_text!r}")
        city_id = self.city_ids.get(slug.lower())
        if city_id is None:
            raise ValueError(f"unknown city {slug!r}")
        if self.city_countries[city_id] != country:
            raise ValueError(f"city {slug!r} is in {self.city_countries[city_id]}, not {country}")
        return city_id

    def material(self, slug: str) -> int:
        material_id = self.material_ids.get(slug.lower())
        if material_id is None:
            raise ValueError(f"unknown material {slug!r}")
        return material_id

    def currency(self, text: str, city_id: int) -> str:
        country = self.city_countries[city_id]
        expected = self.country_currencies[country]
        if text.upper() != expected:
            raise ValueError(f"currency {text!r} is not {country}'s currency ({expected})")
        return expected

    def stored_per_unit(self, text: str, material_id: int | None) -> Decimal:
        """Stored units (kg, or pieces) in one ``text`` unit, when the material is sold so."""
        unit = text.lower()
        if unit not in STORED_PER_UNIT:
            raise ValueError(f"unit {text!r} is not one of {', '.join(STORED_PER_UNIT)}")
        if material_id is not None:
            name, sale_unit = self.material_units[material_id]
            refusal = unit_refusal(unit, sale_unit, name)
            if refusal is not None:
                raise ValueError(refusal)
        return STORED_PER_UNIT[unit]

    def price_text(self, row: "PriceRow") -> str:
        """The row's stored price as an operator reads it: "£6.64/kg", "R2,450.00 per piece"."""
        sale_unit = self.material_units[row.material_id][1]
        return stored_price_text(row.price_per_kg, row.currency, sale_unit)


def price_per_kg(price: Decimal, unit_size: Decimal) -> Decimal:
    return fits_column(price / unit_size, PRICE_PLACES, PRICE_INTEGER_DIGITS, "price")


def import_prices(
    engine: Engine,
    path: Path,
    *,
    allow_outliers: bool = False,
    today: dt.date | None = None,
    progress: Progress | None = None,
    settings: Settings | None = None,
) -> ImportReport:
    """Validate the whole file, then write it by (material, city, date) in one transaction
    through the price-write service (scrapindex.prices.record), which refuses a broken grade
    order and evaluates the alerts with ``settings`` (default: the environment's)."""
    with engine.connect() as connection:
        references = PriceReferences.load(connection)
    importer = PriceImporter(
        references,
        today or utc_today(),
        allow_outliers=allow_outliers,
        settings=settings or get_settings(),
    )
    return run_import(engine, path, importer, progress)


class PriceImporter(SeriesImporter[PriceRow]):
    what = "prices"
    columns = COLUMNS

    def __init__(
        self,
        references: PriceReferences,
        today: dt.date,
        *,
        allow_outliers: bool,
        settings: Settings,
    ) -> None:
        self.refs = references
        self.settings = settings
        self.today = today
        self.allow_outliers = allow_outliers
        cities = sorted(references.city_countries)
        materials = sorted(references.material_ids.values())
        self.city_index = {city_id: n for n, city_id in enumerate(cities)}
        self.material_index = {material_id: n for n, material_id in enumerate(materials)}
        super().__init__(len(self.city_index) * len(self.material_index))

    def parse(self, row: SourceRow) -> PriceRow:
        checks = FieldChecks()
        day = checks.take(past_date, row["date"], self.today)
        city_id = checks.take(self.refs.city, row["city"], row["country"])
        material_id = checks.take(self.refs.material, row["material"])
        price = checks.take(positive_decimal, row["price"], "price")
        unit_size = checks.take(self.refs.stored_per_unit, row["unit"], material_id)
        source = checks.take(check_source_name, row["source"], self.refs.source_kinds)
        currency = None
        if city_id is not None:
            currency = checks.take(self.refs.currency, row["currency"], city_id)
        per_kg = None
        if price is not None and unit_size is not None:
            per_kg = checks.take(price_per_kg, price, unit_size)
        checks.raise_if_any()
        need = checks.need
        return PriceRow(
            row.position,
            need(material_id),
            need(city_id),
            need(day),
            need(per_kg),
            need(currency),
            need(source),
        )

    def key(self, row: PriceRow) -> SeriesDay:
        series = self.city_index[row.city_id] * len(self.material_index)
        return series + self.material_index[row.material_id], row.price_date

    def describe(self, key: SeriesDay) -> str:
        series, day = key
        city_n, material_n = divmod(series, len(self.material_index))
        city_slug = _name_at(self.refs.city_ids, self.city_index, city_n)
        material_slug = _name_at(self.refs.material_ids, self.material_index, material_n)
        return f"{material_slug} in {city_slug} on {day}"

    def check(self, connection: Connection, batch: list[PriceRow], report: ImportReport) -> None:
        self.note_repeats(batch)
        if not self.allow_outliers:
            self._check_outliers(connection, batch, report)

    def _check_outliers(
        self, connection: Connection, batch: list[PriceRow], report: ImportReport
    ) -> None:
        """The price-write service's band (a price over 3x or under a third of its series'
        trusted baseline), said here first so that the report names each row's line; the
        service holds the write to the same rule."""
        positions = {(row.material_id, row.city_id, row.price_date): row for row in batch}
        for flag in outliers_against_baseline(connection, batch):
            row = positions[(flag.material_id, flag.city_id, flag.price_date)]
            price = self.refs.price_text(row)
            self.report_outlier(report, row, f"outlier: {price} {flag.against()}")

    def write(self, connection: Connection, batch: list[PriceRow], report: ImportReport) -> None:
        self.add_sources(connection, {row.source for row in batch})
        write = self._price_write()
        before = (write.report.inserted, write.report.updated, write.report.unchanged)
        now = dt.datetime.now(dt.UTC)
        write.upsert(
            [
                record.PriceRow(
                    row.material_id,
                    row.city_id,
                    row.price_date,
                    row.price_per_kg,
                    row.currency,
                    self.source_id_of[row.source],
                    now,
                )
                for row in batch
            ]
        )
        report.inserted += write.report.inserted - before[0]
        report.updated += write.report.updated - before[1]
        report.unchanged += write.report.unchanged - before[2]

    def finish_write(self, connection: Connection, report: ImportReport) -> None:
        write = self._price_write()
        record.publish(write, self.settings)
        report.alerts = write.report.alerts
        report.published_anyway = write.report.published_anyway

    def _price_write(self) -> record.PriceWrite:
        if self.price_write is None:
            raise RuntimeError("write before start_write")
        return self.price_write


def _name_at(ids: dict[str, int], index: dict[int, int], position: int) -> str:
    return next(slug for slug, item_id in ids.items() if index[item_id] == position)

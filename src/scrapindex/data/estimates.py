"""Estimated yard prices: a market reference price, a grade factor, a yard margin and FX.

    local price per kg = reference USD per tonne / 1000 x grade factor x margin / USD per unit

Each estimated price keeps its inputs (``price_estimates``) so the API and the pages can show
the formula. Estimates fill only the gaps: a feed's, manual or reported price of the same day
is never replaced, and demo prices are (see ``scrapindex.price_kinds``). Exchange rates from the
demo generator are never used: an estimate is made from real inputs or not at all.
"""

import datetime as dt
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, delete, insert, select

from scrapindex.alerts.evaluate import EvaluationReport
from scrapindex.data.estimate_table import EstimateTable, load_estimate_table
from scrapindex.data.imports.sources import named_source_id
from scrapindex.formatting import KG_PER_UNIT
from scrapindex.models import (
    City,
    Country,
    FxRate,
    MarketPrice,
    Material,
    Price,
    PriceEstimate,
    Source,
)
from scrapindex.price_kinds import DEMO_KIND, ESTIMATE_KIND, outranks
from scrapindex.prices import record
from scrapindex.settings import Settings, get_settings

ESTIMATE_SOURCE_NAME = "ScrapIndex estimate (market reference x grade factor x yard margin)"
CENT = Decimal("0.01")
KG_PER_TONNE = KG_PER_UNIT["t"]


@dataclass(frozen=True)
class ReferenceQuote:
    metal: str
    usd_per_tonne: Decimal
    day: dt.date
    period: str
    source: str


@dataclass(frozen=True)
class FxQuote:
    usd_per_unit: Decimal
    day: dt.date


@dataclass
class EstimateReport:
    day: dt.date
    inserted: int = 0
    updated: int = 0
    unchanged: int = 0
    kept: int = 0  # a feed's, manual or reported price already stood for the day
    skipped: list[str] = field(default_factory=list)  # why a metal or currency had no estimate
    alerts: EvaluationReport | None = None  # evaluated by the price write

    @property
    def written(self) -> int:
        return self.inserted + self.updated


@dataclass(frozen=True)
class _City:
    id: int
    slug: str
    country_code: str
    currency: str


def estimate_price(
    reference: ReferenceQuote, factor: Decimal, margin: Decimal, fx: FxQuote
) -> Decimal:
    """The formula, to the cent (half away from zero)."""
    usd_per_kg = reference.usd_per_tonne / KG_PER_TONNE * factor * margin
    return (usd_per_kg / fx.usd_per_unit).quantize(CENT, ROUND_HALF_UP)


def estimate_prices(
    engine: Engine,
    content_dir: Path,
    day: dt.date,
    *,
    now: dt.datetime | None = None,
    settings: Settings | None = None,
) -> EstimateReport:
    """Write one estimated price per estimable material and city for ``day``, in one
    transaction through the price-write service (alert mails made with ``settings``, default
    the environment's)."""
    settings = (settings or get_settings()).model_copy(update={"content_dir": content_dir})
    table = load_estimate_table(content_dir)
    report = EstimateReport(day)
    now = now or dt.datetime.now(dt.UTC)
    with engine.begin() as connection:
        write = record.begin_price_write(connection)
        references = _reference_quotes(connection, table, day, report)
        cities = _cities(connection)
        rates = _real_fx(connection, {c.currency for c in cities}, day, report)
        rows = _estimated_rows(connection, table, references, cities, rates, day)
        if rows:
            source_id = named_source_id(connection, ESTIMATE_SOURCE_NAME, ESTIMATE_KIND)
            _write_in_order(write, rows, source_id, day, now, report, settings)
    report.alerts = write.report.alerts
    return report


def _write_in_order(
    write: record.PriceWrite,
    rows: dict[tuple[int, int], tuple[Decimal, str, dict[str, Any]]],
    source_id: int,
    day: dt.date,
    now: dt.datetime,
    report: EstimateReport,
    settings: Settings,
) -> None:
    """Write and publish the estimates; one the price-write service refuses (out of the band
    around its series' trusted baseline, or out of its family's order: a generic grade
    estimated above a better grade's feed, report or demo price) is held back and named in the
    report, and the rest are written again without it."""
    held: set[tuple[int, int]] = set()
    while True:
        savepoint = write.connection.begin_nested()
        try:
            _write(
                write, {k: v for k, v in rows.items() if k not in held}, source_id, day, now, report
            )
            record.publish(write, settings, now=now)
        except record.PublishRefused as refused:
            savepoint.rollback()
            newly = _refused_estimates(refused, rows) - held
            if not newly:
                raise
            held |= newly
            report.skipped.extend(f"held back: {problem}" for problem in refused.problems)
            write.start_over()
            report.inserted = report.updated = report.unchanged = report.kept = 0
            continue
        savepoint.commit()
        return


def _refused_estimates(
    refused: record.PublishRefused, rows: dict[tuple[int, int], Any]
) -> set[tuple[int, int]]:
    """The estimated series a refusal names: the outliers, and each side of a broken pair that
    is an estimate (both, when the table's factors put two estimates the wrong way round)."""
    refused_series = {(flag.material_id, flag.city_id) for flag in refused.outliers}
    for item in refused.breaks:
        refused_series |= {(item.dearer_id, item.city_id), (item.cheaper_id, item.city_id)}
    return refused_series & rows.keys()


def _reference_quotes(
    connection: Connection, table: EstimateTable, day: dt.date, report: EstimateReport
) -> dict[str, ReferenceQuote]:
    """The newest stored reference price of each metal on or before ``day``."""
    quotes = {}
    for metal in sorted({m.metal for m in table.estimated() if m.metal}):
        row = connection.execute(
            select(
                MarketPrice.usd_per_tonne, MarketPrice.price_date, MarketPrice.period, Source.name
            )
            .join(Source, Source.id == MarketPrice.source_id)
            .where(MarketPrice.metal == metal, MarketPrice.price_date <= day)
            .order_by(MarketPrice.price_date.desc())
            .limit(1)
        ).first()
        if row is None:
            report.skipped.append(f"no {metal} reference price on or before {day}")
            continue
        quotes[metal] = ReferenceQuote(metal, row[0], row[1], row[2], row[3])
    return quotes


def _cities(connection: Connection) -> list[_City]:
    rows = connection.execute(
        select(City.id, City.slug, City.country_code, Country.currency)
        .join(Country, Country.code == City.country_code)
        .order_by(City.id)
    )
    return [_City(*row) for row in rows]


def _real_fx(
    connection: Connection, currencies: set[str], day: dt.date, report: EstimateReport
) -> dict[str, FxQuote]:
    """The newest rate of each currency on or before ``day`` that is not a demo rate."""
    rates = {}
    for currency in sorted(currencies):
        if currency == "USD":
            rates[currency] = FxQuote(Decimal(1), day)
            continue
        row = connection.execute(
            select(FxRate.usd_per_unit, FxRate.rate_date)
            .join(Source, Source.id == FxRate.source_id)
            .where(FxRate.currency == currency, FxRate.rate_date <= day, Source.kind != DEMO_KIND)
            .order_by(FxRate.rate_date.desc())
            .limit(1)
        ).first()
        if row is None:
            report.skipped.append(
                f"no real {currency} exchange rate on or before {day} "
                "(scrapindex fx fetch --source ecb)"
            )
            continue
        rates[currency] = FxQuote(row[0], row[1])
    return rates


def _estimated_rows(
    connection: Connection,
    table: EstimateTable,
    references: dict[str, ReferenceQuote],
    cities: list[_City],
    rates: dict[str, FxQuote],
    day: dt.date,
) -> dict[tuple[int, int], tuple[Decimal, str, dict[str, Any]]]:
    """(material id, city id) -> (price, currency, the inputs row without its price id)."""
    material_ids = dict(connection.execute(select(Material.slug, Material.id)).all())
    rows = {}
    for grade in table.estimated():
        reference = references.get(grade.metal or "")
        if reference is None or grade.factor is None or grade.material_slug not in material_ids:
            continue
        for city in cities:
            fx = rates.get(city.currency)
            if fx is None:
                continue
            margin = table.margin(city.country_code, city.slug)
            inputs = {
                "metal": reference.metal,
                "reference_usd_per_tonne": reference.usd_per_tonne,
                "reference_date": reference.day,
                "reference_source": reference.source,
                "reference_period": reference.period,
                "grade_factor": grade.factor,
                "margin": margin,
                "usd_per_unit": fx.usd_per_unit,
                "fx_date": fx.day,
            }
            price = estimate_price(reference, grade.factor, margin, fx)
            rows[(material_ids[grade.material_slug], city.id)] = (price, city.currency, inputs)
    return rows


def _write(
    write: record.PriceWrite,
    rows: dict[tuple[int, int], tuple[Decimal, str, dict[str, Any]]],
    source_id: int,
    day: dt.date,
    now: dt.datetime,
    report: EstimateReport,
) -> None:
    """Write the estimates that may stand: not over a feed's, manual or reported price, and not
    again when the price and its formula's inputs are the ones stored."""
    stored = _stored_prices(write.connection, day)
    to_write: dict[tuple[int, int], record.PriceRow] = {}
    for key, (price, currency, inputs) in rows.items():
        existing = stored.get(key)
        if existing is not None:
            _, stored_price, kind, stored_inputs = existing
            if outranks(kind, ESTIMATE_KIND):
                report.kept += 1
                continue
            if kind == ESTIMATE_KIND and stored_price == price and stored_inputs == inputs:
                report.unchanged += 1
                continue
        material_id, city_id = key
        to_write[key] = record.PriceRow(material_id, city_id, day, price, currency, source_id, now)
    if not to_write:
        return
    inserted_before = write.report.inserted
    ids = write.upsert(list(to_write.values()))
    report.inserted = write.report.inserted - inserted_before
    report.updated = len(to_write) - report.inserted
    # A price whose value stayed but whose inputs moved still shows a new formula.
    write.touch(to_write)
    price_ids = [ids[(m, c, day)] for m, c in sorted(to_write)]
    write.connection.execute(delete(PriceEstimate).where(PriceEstimate.price_id.in_(price_ids)))
    write.connection.execute(
        insert(PriceEstimate),
        [{"price_id": ids[(m, c, day)], **rows[(m, c)][2]} for m, c in sorted(to_write)],
    )


def _stored_prices(
    connection: Connection, day: dt.date
) -> dict[tuple[int, int], tuple[int, Decimal, str, dict[str, Any] | None]]:
    """Every price of ``day``: its id, value, source kind and (for estimates) its inputs."""
    columns = [c for c in PriceEstimate.__table__.columns if c.name != "price_id"]
    rows = connection.execute(
        select(
            Price.id, Price.material_id, Price.city_id, Price.price_per_kg, Source.kind, *columns
        )
        .join(Source, Source.id == Price.source_id)
        .outerjoin(PriceEstimate, PriceEstimate.price_id == Price.id)
        .where(Price.price_date == day)
    )
    stored = {}
    for row in rows:
        price_id, material_id, city_id, price, kind, *values = row
        inputs = (
            None if values[0] is None else dict(zip([c.name for c in columns], values, strict=True))
        )
        stored[(material_id, city_id)] = (price_id, price, kind, inputs)
    return stored

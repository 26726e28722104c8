"""The one way a price is written (DESIGN.md §7, "How a price may change").

Every writer of prices — file and feed imports, estimates, the daily update's demo walk, an
approved report, the console's override, the seed — does, in one transaction:

    with price_write(connection, settings) as write:
        ids = write.upsert(rows)

``price_write`` first takes the database's price lock, so two writers never interleave: a
PostgreSQL advisory transaction lock, or on SQLite the database's own write lock, taken by the
first statement. Each upsert measures the rows it changes against their series' trusted
baseline (publish_checks.outliers_against_baseline, read before the rows are written). On
leaving the block it publishes what was written: it refuses a write with a price out of that
band, or one that would put a family's grades out of order in a city (PublishRefused, and the
writer's transaction rolls back; an operator's override publishes and reports them). Then it
rebuilds the shown prices of the touched series, moves the data revision forward and
evaluates the price alerts on those series, all before the writer commits. Nothing else
writes prices or current_prices (tests/integration/test_price_writes.py reads the source to
hold that).
"""

import datetime as dt
from collections.abc import Collection, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from sqlalchemy import Connection, Select, delete, or_, select, tuple_

from scrapindex import revision
from scrapindex.alerts.evaluate import EvaluationReport, evaluate_alerts_in
from scrapindex.data.estimate_table import load_estimate_table
from scrapindex.db import upsert
from scrapindex.models import CurrentPrice, Price, PriceEstimate
from scrapindex.prices.bulk_load import load_prices
from scrapindex.prices.publish_checks import (
    BASELINE_WINDOW_DAYS,
    OrderBreak,
    OutlierFlag,
    SeriesKey,
    grade_order_breaks,
    outliers_against_baseline,
)
from scrapindex.queries.current_prices import refresh_current_prices
from scrapindex.queries.market_figures import refresh_market_figures
from scrapindex.settings import Settings
from scrapindex.write_locks import take_write_lock

DayKey = tuple[int, int, dt.date]  # (material id, city id, day): one row of prices
# pg_advisory_xact_lock's key: any fixed number no other lock of ours uses ("SCRAP" in hex).
PRICE_LOCK_KEY = 0x5343524150
VALUES = ("price_per_kg", "currency", "source_id")  # what makes a stored row differ
UPSERT_BATCH_ROWS = 2_000


@dataclass(frozen=True)
class PriceRow:
    material_id: int
    city_id: int
    price_date: dt.date
    price_per_kg: Decimal
    currency: str
    source_id: int
    updated_at: dt.datetime

    @property
    def key(self) -> DayKey:
        return (self.material_id, self.city_id, self.price_date)

    def as_values(self) -> dict[str, Any]:
        return {
            "material_id": self.material_id,
            "city_id": self.city_id,
            "price_date": self.price_date,
            "price_per_kg": self.price_per_kg,
            "currency": self.currency,
            "source_id": self.source_id,
            "updated_at": self.updated_at,
        }


@dataclass
class WriteReport:
    inserted: int = 0
    updated: int = 0
    unchanged: int = 0
    touched: set[SeriesKey] = field(default_factory=set)
    alerts: EvaluationReport | None = None
    published_anyway: list[str] = field(default_factory=list)  # on an override: why refused

    @property
    def written(self) -> int:
        return self.inserted + self.updated


class PublishRefused(ValueError):
    """The write had prices out of the band around their baselines, or would put a family's
    grades out of order; nothing was written."""

    def __init__(self, breaks: Sequence[OrderBreak], outliers: Sequence[OutlierFlag] = ()) -> None:
        self.breaks = list(breaks)
        self.outliers = list(outliers)
        self.problems = [flag.message() for flag in self.outliers] + [
            item.message() for item in self.breaks
        ]
        super().__init__("; ".join(self.problems))


class PriceWrite:
    """What a writer holds inside ``price_write``: the rows it writes, and what they touched."""

    def __init__(
        self,
        connection: Connection,
        *,
        override: bool = False,
        baseline_window_days: int = BASELINE_WINDOW_DAYS,
    ) -> None:
        self.connection = connection
        self.override = override
        self.baseline_window_days = baseline_window_days
        self.report = WriteReport()
        self.outliers: list[OutlierFlag] = []
        self.fx_changed = False

    def start_over(self) -> None:
        """Forget what was written, after the writer rolled it back to a savepoint."""
        self.report = WriteReport()
        self.outliers = []

    def upsert(self, rows: Sequence[PriceRow]) -> dict[DayKey, int]:
        """Insert new (series, day) rows and update stored ones whose value, currency or source
        differ; returns the id of every row's price. An updated price drops the estimate's
        formula it had (a writer of estimates writes the new formula after)."""
        stored = self._stored(rows)
        changed = [
            row
            for row in rows
            if row.key not in stored
            or stored[row.key][1:] != (row.price_per_kg, row.currency, row.source_id)
        ]
        self.report.unchanged += len(rows) - len(changed)
        self.outliers += outliers_against_baseline(
            self.connection, changed, self.baseline_window_days
        )
        replaced = [stored[row.key][0] for row in changed if row.key in stored]
        self.report.updated += len(replaced)
        self.report.inserted += len(changed) - len(replaced)
        for start in range(0, len(changed), UPSERT_BATCH_ROWS):
            self.connection.execute(
                _upsert(self.connection, changed[start : start + UPSERT_BATCH_ROWS])
            )
        for start in range(0, len(replaced), UPSERT_BATCH_ROWS):
            chunk = replaced[start : start + UPSERT_BATCH_ROWS]
            self.connection.execute(delete(PriceEstimate).where(PriceEstimate.price_id.in_(chunk)))
        self.report.touched.update((row.material_id, row.city_id) for row in changed)
        ids = {key: values[0] for key, values in stored.items()}
        new = [row for row in changed if row.key not in stored]
        ids.update({key: values[0] for key, values in self._stored(new).items()})
        return ids

    def load_into_empty(self, rows: Iterable[dict[str, Any]]) -> int:
        """Insert ``rows`` (values of prices' columns) into an empty prices table, fast (the
        demo seed); returns how many."""
        if self.connection.execute(select(Price.id).limit(1)).first() is not None:
            raise ValueError("load_into_empty: the prices table is not empty")

        def touching(values: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
            for row in values:
                self.report.touched.add((row["material_id"], row["city_id"]))
                yield row

        count = load_prices(self.connection, touching(rows))
        self.report.inserted += count
        return count

    def remove(self, prices: Select[Any]) -> int:
        """Delete the prices ``prices`` selects (ids), their estimates' formulas and the shown
        rows that point at them; ``publish`` rebuilds those series from what is left (the demo
        set's removal). Returns how many prices went."""
        chosen = Price.id.in_(prices)
        series = self.connection.execute(
            select(Price.material_id, Price.city_id).where(chosen).distinct()
        )
        self.report.touched.update((material, city) for material, city in series)
        self.connection.execute(
            delete(CurrentPrice).where(
                or_(CurrentPrice.price_id.in_(prices), CurrentPrice.previous_price_id.in_(prices))
            )
        )
        self.connection.execute(delete(PriceEstimate).where(PriceEstimate.price_id.in_(prices)))
        return self.connection.execute(delete(Price).where(chosen)).rowcount

    def touch(self, series: Collection[SeriesKey]) -> None:
        """Count series as changed that ``upsert`` found equal: their provenance moved."""
        self.report.touched.update(series)

    def touched_exchange_rates(self) -> None:
        """The writer changed exchange rates: the board's dollar figures are made again."""
        self.fx_changed = True

    def _stored(self, rows: Sequence[PriceRow]) -> dict[DayKey, tuple[int, Decimal, str, int]]:
        stored: dict[DayKey, tuple[int, Decimal, str, int]] = {}
        keys = sorted({row.key for row in rows})
        for start in range(0, len(keys), UPSERT_BATCH_ROWS):
            query = select(
                Price.material_id, Price.city_id, Price.price_date, Price.id, *_value_columns()
            ).where(
                tuple_(Price.material_id, Price.city_id, Price.price_date).in_(
                    keys[start : start + UPSERT_BATCH_ROWS]
                )
            )
            for material_id, city_id, day, *values in self.connection.execute(query):
                stored[(material_id, city_id, day)] = tuple(values)
        return stored


def _value_columns() -> list[Any]:
    return [getattr(Price, name) for name in VALUES]


def _upsert(connection: Connection, rows: Sequence[PriceRow]) -> Any:
    """The lock already makes writers take turns; ON CONFLICT keeps each row's write atomic."""
    return upsert(
        connection,
        Price,
        [row.as_values() for row in rows],
        key=["material_id", "city_id", "price_date"],
        values=[*VALUES, "updated_at"],
    )


def take_price_lock(connection: Connection) -> None:
    """Wait for the database's price lock, held until this transaction ends. Call it before
    reading anything the write depends on."""
    take_write_lock(connection, PRICE_LOCK_KEY)


def begin_price_write(
    connection: Connection,
    *,
    override: bool = False,
    baseline_window_days: int = BASELINE_WINDOW_DAYS,
) -> PriceWrite:
    """Take the price lock and start a write; a writer that spans calls (an import's batches)
    uses this and ``publish`` instead of ``price_write``. ``override``: an operator who is sure
    (an import's --allow-outliers, the console's audited override of a refused run) publishes
    outliers and a broken order, reported in ``published_anyway``, instead of a refusal.
    ``baseline_window_days``: how far back a written price's baseline is looked for."""
    take_price_lock(connection)
    return PriceWrite(connection, override=override, baseline_window_days=baseline_window_days)


@contextmanager
def price_write(
    connection: Connection, settings: Settings, *, now: dt.datetime | None = None
) -> Iterator[PriceWrite]:
    """Take the price lock, let the writer write, then publish (see the module's docstring)."""
    write = begin_price_write(connection)
    yield write
    publish(write, settings, now=now)


def publish(write: PriceWrite, settings: Settings, *, now: dt.datetime | None = None) -> None:
    """Check the touched series' grade order (families from the content's estimate table),
    rebuild their shown prices, move the revision and evaluate their alerts (mails made with
    ``settings``). Raises PublishRefused, before changing anything else, on an outlier the
    upserts found or a broken order, unless the write is an override."""
    touched = write.report.touched
    connection = write.connection
    if not touched and not write.fx_changed:
        return
    if touched:
        families = load_estimate_table(settings.content_dir).families
        breaks = grade_order_breaks(connection, families, touched)
        if (breaks or write.outliers) and not write.override:
            raise PublishRefused(breaks, write.outliers)
        write.report.published_anyway = PublishRefused(breaks, write.outliers).problems
        refresh_current_prices(connection, touched)
    else:
        refresh_market_figures(connection)
    revision.bump(connection)
    if touched:
        now = now or dt.datetime.now(dt.UTC)
        write.report.alerts = evaluate_alerts_in(connection, settings, now, touched)

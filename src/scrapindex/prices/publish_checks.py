"""The rules of `scrapindex data check` that one write can be held to before it is published.

The price-write service (scrapindex.prices.record) calls these inside the writer's transaction,
after the rows are in ``prices`` and before ``current_prices`` is rebuilt, so both read
``prices`` alone. Each is a set-based query over the touched series, whatever their number:

- grade_order_breaks: a family's dearer grade whose newest price is below a cheaper grade's in
  one city (check_grade_order's rule, every pair of a family), for pairs with a touched side;
- outliers_against_baseline: a written price over 3x or under a third (outlier_message's band)
  of its series' trusted baseline, which the write itself cannot move.
"""

import datetime as dt
from collections import defaultdict
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal, Protocol

from sqlalchemy import Connection, case, func, select, tuple_
from sqlalchemy.orm import aliased

from scrapindex.data.check import _grade_pairs
from scrapindex.data.imports.checks import median_before, outlier_message
from scrapindex.formatting import SaleUnit, format_money, stored_price_text
from scrapindex.models import City, Material, Price, Source
from scrapindex.price_kinds import ESTIMATE_KIND, PriceKind

SeriesKey = tuple[int, int]  # (material id, city id)

# Grade order ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class OrderBreak:
    """Two grades of a family in one city whose newest prices stand the wrong way round."""

    city_id: int
    city: str  # names, as the pages show them
    dearer_id: int  # material ids: the grade the family lists first, and the other
    dearer: str
    dearer_price: Decimal  # per kg
    dearer_date: dt.date
    cheaper_id: int
    cheaper: str
    cheaper_price: Decimal
    cheaper_date: dt.date
    currency: str

    def message(self) -> str:
        """ "in Johannesburg, #1 Copper (R172.00/kg) is above Bare Bright Copper (R170.26/kg)
        on 2026-11-27"; each price with its own day when the two differ."""
        high = f"{format_money(self.cheaper_price, self.currency)}/kg"
        low = f"{format_money(self.dearer_price, self.currency)}/kg"
        if self.cheaper_date == self.dearer_date:
            return (
                f"in {self.city}, {self.cheaper} ({high}) is above {self.dearer} ({low}) "
                f"on {self.cheaper_date}"
            )
        return (
            f"in {self.city}, {self.cheaper} ({high} on {self.cheaper_date}) is above "
            f"{self.dearer} ({low} on {self.dearer_date})"
        )


@dataclass(frozen=True)
class _Newest:
    material: str
    price_per_kg: Decimal
    currency: str
    price_date: dt.date


def grade_order_breaks(
    connection: Connection, families: dict[str, list[str]], touched: Collection[SeriesKey]
) -> list[OrderBreak]:
    """Pairs of grades of one family (every two, not only neighbours; ``families`` lists each
    dearest first, as the estimate table does) in one city where the dearer grade's newest
    price is below the cheaper one's, in the same currency, and at least one of the two series
    is in ``touched``; ordered by city, dearer and cheaper grade. Equal prices are in order.

    The newest prices are read from ``prices`` as the transaction holds them now (never from
    current_prices, rebuilt after): one query over the family grades x the touched cities,
    each series' newest row sought through the (material_id, city_id, price_date) index.
    """
    pairs = _grade_pairs(connection, families)
    graded = {material for pair in pairs for material in pair}
    cities = {city for material, city in touched if material in graded}
    if not cities:
        return []
    newest = _newest_prices(connection, graded, cities)
    touched_keys = set(touched)
    breaks = []
    for (city_id, city), prices in newest.items():
        for dearer_id, cheaper_id in pairs:
            dearer, cheaper = prices.get(dearer_id), prices.get(cheaper_id)
            if dearer is None or cheaper is None:
                continue
            if (dearer_id, city_id) not in touched_keys and (cheaper_id, city_id) not in (
                touched_keys
            ):
                continue
            if dearer.currency == cheaper.currency and dearer.price_per_kg < cheaper.price_per_kg:
                breaks.append(
                    OrderBreak(
                        city_id,
                        city,
                        dearer_id,
                        dearer.material,
                        dearer.price_per_kg,
                        dearer.price_date,
                        cheaper_id,
                        cheaper.material,
                        cheaper.price_per_kg,
                        cheaper.price_date,
                        dearer.currency,
                    )
                )
    return sorted(breaks, key=lambda item: (item.city, item.dearer, item.cheaper))


def _newest_prices(
    connection: Connection, materials: Collection[int], cities: Collection[int]
) -> dict[tuple[int, str], dict[int, _Newest]]:
    """The newest stored price of every series of ``materials`` x ``cities``, by (city id, city
    name) then material id. Like refresh_current_prices, a correlated subquery per value walks
    the small product and seeks each series' newest row; OFFSET 0 keeps either database from
    merging the product into the filter around it."""
    row = aliased(Price)
    newest = (
        select(row.id)
        .where(row.material_id == Material.id, row.city_id == City.id)
        .order_by(row.price_date.desc())
        .limit(1)
    )
    values = [
        newest.with_only_columns(getattr(row, name)).scalar_subquery().label(name)
        for name in ("price_per_kg", "currency", "price_date")
    ]
    series = (
        select(City.id, City.name.label("city"), Material.id, Material.name, *values)
        .select_from(City)
        .join(Material, Material.id.in_(sorted(materials)))
        .where(City.id.in_(sorted(cities)))
        .offset(0)
        .subquery("series")
    )
    found: dict[tuple[int, str], dict[int, _Newest]] = defaultdict(dict)
    query = select(series).where(series.c.price_date.is_not(None))
    for city_id, city, material_id, material, price, currency, day in connection.execute(query):
        found[(city_id, city)][material_id] = _Newest(material, price, currency, day)
    return found


# Outliers -------------------------------------------------------------------------------------

BASELINE_WINDOW_DAYS = 30  # how far before a written day its baseline is looked for
TRUSTED_KINDS: tuple[PriceKind, ...] = ("feed", "manual")  # what someone stands behind
REPORT_KIND: PriceKind = "report"  # a user's report is never anyone's baseline

Basis = Literal["trusted", "estimate", "median"]


class WrittenPrice(Protocol):
    """A row the write put in ``prices`` (scrapindex.prices.record.PriceRow is one)."""

    @property
    def material_id(self) -> int: ...
    @property
    def city_id(self) -> int: ...
    @property
    def price_date(self) -> dt.date: ...
    @property
    def price_per_kg(self) -> Decimal: ...
    @property
    def currency(self) -> str: ...


def describe_baseline(basis: Basis, price: str, day: dt.date | None, window_days: int) -> str:
    """ "its latest feed or manual price (£1.20/kg on 2026-03-31)", or its latest estimate, or
    "its median over the 30 days before (£1.20/kg)"."""
    return {
        "trusted": f"its latest feed or manual price ({price} on {day})",
        "estimate": f"its latest estimate ({price} on {day})",
        "median": f"its median over the {window_days} days before ({price})",
    }[basis]


@dataclass(frozen=True)
class OutlierFlag:
    """A written price out of the outlier band around its series' baseline."""

    material_id: int
    city_id: int
    material: str  # names, as the pages show them
    city: str
    price_date: dt.date
    price_per_kg: Decimal
    currency: str
    basis: Basis  # the latest feed or manual price, else the latest estimate, else the median
    baseline: Decimal  # per kg, in ``currency``
    baseline_date: dt.date | None  # the baseline price's day; None for a median
    window_days: int = BASELINE_WINDOW_DAYS  # how far back the baseline was looked for
    sale_unit: SaleUnit = "kg"  # prices of a material sold by the piece are per piece

    def message(self) -> str:
        """ "in London, Aluminum (£12.00/kg on 2026-04-01) is 10.00x its latest feed or manual
        price (£1.20/kg on 2026-03-31)"."""
        price = stored_price_text(self.price_per_kg, self.currency, self.sale_unit)
        return f"in {self.city}, {self.material} ({price} on {self.price_date}) {self.against()}"

    def against(self) -> str:
        """ "is 10.00x its latest feed or manual price (£1.20/kg on 2026-03-31)"."""
        baseline = stored_price_text(self.baseline, self.currency, self.sale_unit)
        described = describe_baseline(self.basis, baseline, self.baseline_date, self.window_days)
        ratio = self.price_per_kg / self.baseline if self.baseline else Decimal("Infinity")
        return f"is {ratio:.2f}x {described}"


@dataclass(frozen=True)
class _Stored:
    price_date: dt.date
    price_per_kg: Decimal
    currency: str
    kind: str


def outliers_against_baseline(
    connection: Connection,
    rows: Iterable[WrittenPrice],
    window_days: int = BASELINE_WINDOW_DAYS,
) -> list[OutlierFlag]:
    """The written ``rows`` over 3x or under a third of their series' trusted baseline (the
    band of outlier_message), in the order given.

    A row's baseline is taken from the stored prices of its series, in its currency, in the
    ``window_days`` before its day: the latest feed or manual price, else the latest estimate,
    else the median of all of them (median_before). Never a user's report, nor a row of this
    write (any (series, day) of ``rows``): the same day's stored row is the written value
    itself, and a write of several days is measured against what was there before it. A row
    without a baseline (nothing in the window) is not flagged.

    A write of one day (a daily import, the estimates, an approval) reads a few figures per
    series (_one_day); any other reads the window of every written series. The flagged ones
    are then named.
    """
    written = list(rows)
    if not written:
        return []
    if len({row.price_date for row in written}) == 1:
        found = _one_day(connection, written, window_days)
    else:
        found = _any_days(connection, written, window_days)
    if not found:
        return []
    materials, cities = _names(connection, found)
    return [
        OutlierFlag(
            row.material_id,
            row.city_id,
            materials[row.material_id][0],
            cities[row.city_id],
            row.price_date,
            row.price_per_kg,
            row.currency,
            basis,
            value,
            day,
            window_days,
            materials[row.material_id][1],
        )
        for row, basis, value, day in found
    ]


Found = list[tuple[WrittenPrice, Basis, Decimal, dt.date | None]]


def _outside(row: WrittenPrice, baseline: Decimal) -> bool:
    return outlier_message(row.price_per_kg, baseline, f"{row.currency}/kg", places=2) is not None


def _one_day(connection: Connection, written: list[WrittenPrice], window_days: int) -> Found:
    """Rows of one day: per series, one grouped query gives the window's lowest and highest
    price and the days of its latest trusted price and latest estimate; the price of that day
    is then read. A series with neither is measured against its median, which lies between the
    lowest and the highest: a price within 3x of both is within 3x of the median, so only the
    rest read their window (rare: a price far from every stored one)."""
    day = written[0].price_date
    since = day - dt.timedelta(days=window_days)
    series = {(row.material_id, row.city_id) for row in written}
    figures = _window_figures(connection, series, since, day)
    wanted = {
        (material, city, chosen)
        for (material, city, _), figure in figures.items()
        if (chosen := figure.baseline_day) is not None
    }
    prices = _prices_on(connection, wanted)
    found: Found = []
    far: list[WrittenPrice] = []
    for row in written:
        figure = figures.get((row.material_id, row.city_id, row.currency))
        if figure is None:
            continue
        chosen = figure.baseline_day
        if chosen is not None:
            basis: Basis = "trusted" if figure.trusted_day else "estimate"
            value = prices[(row.material_id, row.city_id, chosen)]
            if _outside(row, value):
                found.append((row, basis, value, chosen))
        elif _outside(row, figure.lowest) or _outside(row, figure.highest):
            far.append(row)
    return found + _any_days(connection, far, window_days) if far else found


@dataclass(frozen=True)
class _WindowFigures:
    lowest: Decimal
    highest: Decimal
    trusted_day: dt.date | None
    estimate_day: dt.date | None

    @property
    def baseline_day(self) -> dt.date | None:
        """The day of the latest trusted price, else of the latest estimate."""
        return self.trusted_day or self.estimate_day


def _window_figures(
    connection: Connection, series: set[SeriesKey], since: dt.date, before: dt.date
) -> dict[tuple[int, int, str], _WindowFigures]:
    """By (material, city, currency): the stored prices (not reports) from ``since`` up to the
    day before ``before``."""
    query = (
        select(
            Price.material_id,
            Price.city_id,
            Price.currency,
            func.min(Price.price_per_kg),
            func.max(Price.price_per_kg),
            func.max(case((Source.kind.in_(TRUSTED_KINDS), Price.price_date))),
            func.max(case((Source.kind == ESTIMATE_KIND, Price.price_date))),
        )
        .join(Source, Source.id == Price.source_id)
        .where(
            Price.material_id.in_(sorted({material for material, _ in series})),
            Price.city_id.in_(sorted({city for _, city in series})),
            Price.price_date >= since,
            Price.price_date < before,
            Source.kind != REPORT_KIND,
        )
        .group_by(Price.material_id, Price.city_id, Price.currency)
    )
    return {
        (material, city, currency): _WindowFigures(lowest, highest, trusted, estimate)
        for material, city, currency, lowest, highest, trusted, estimate in connection.execute(
            query
        )
        if (material, city) in series
    }


def _prices_on(
    connection: Connection, keys: set[tuple[int, int, dt.date]]
) -> dict[tuple[int, int, dt.date], Decimal]:
    found: dict[tuple[int, int, dt.date], Decimal] = {}
    ordered = sorted(keys)
    key = tuple_(Price.material_id, Price.city_id, Price.price_date)
    for start in range(0, len(ordered), 2_000):
        query = select(Price.material_id, Price.city_id, Price.price_date, Price.price_per_kg)
        query = query.where(key.in_(ordered[start : start + 2_000]))
        for material, city, day, price in connection.execute(query):
            found[(material, city, day)] = price
    return found


def _any_days(connection: Connection, written: list[WrittenPrice], window_days: int) -> Found:
    """Rows of any days: one query reads the window of every written series."""
    written_keys = {(row.material_id, row.city_id, row.price_date) for row in written}
    history = _stored_window(connection, written, window_days)
    found: Found = []
    for row in written:
        stored = [
            price
            for price in history.get((row.material_id, row.city_id), [])
            if price.currency == row.currency
            and row.price_date - dt.timedelta(days=window_days) <= price.price_date
            and price.price_date < row.price_date
            and (row.material_id, row.city_id, price.price_date) not in written_keys
        ]
        baseline = _baseline(stored, row.price_date, window_days)
        if baseline is None:
            continue
        basis, value, day = baseline
        if _outside(row, value):
            found.append((row, basis, value, day))
    return found


def _stored_window(
    connection: Connection, written: list[WrittenPrice], window_days: int
) -> dict[SeriesKey, list[_Stored]]:
    """Stored prices (not reports) of the written series from ``window_days`` before the first
    written day up to the day before the last, by series, oldest first. Filtered by material
    and city (short lists) and the dates; the rare other series of that grid are dropped here.
    """
    series = {(row.material_id, row.city_id) for row in written}
    days = [row.price_date for row in written]
    query = (
        select(
            Price.material_id,
            Price.city_id,
            Price.price_date,
            Price.price_per_kg,
            Price.currency,
            Source.kind,
        )
        .join(Source, Source.id == Price.source_id)
        .where(
            Price.material_id.in_(sorted({material for material, _ in series})),
            Price.city_id.in_(sorted({city for _, city in series})),
            Price.price_date >= min(days) - dt.timedelta(days=window_days),
            Price.price_date < max(days),
            Source.kind != REPORT_KIND,
        )
        .order_by(Price.price_date)
    )
    history: dict[SeriesKey, list[_Stored]] = defaultdict(list)
    for material_id, city_id, day, price, currency, kind in connection.execute(query):
        if (material_id, city_id) in series:
            history[(material_id, city_id)].append(_Stored(day, price, currency, kind))
    return history


def _baseline(
    stored: list[_Stored], day: dt.date, window_days: int
) -> tuple[Basis, Decimal, dt.date | None] | None:
    """The trusted baseline of ``stored`` (one series' window, oldest first) for ``day``."""
    trusted = [price for price in stored if price.kind in TRUSTED_KINDS]
    if trusted:
        return "trusted", trusted[-1].price_per_kg, trusted[-1].price_date
    estimates = [price for price in stored if price.kind == ESTIMATE_KIND]
    if estimates:
        return "estimate", estimates[-1].price_per_kg, estimates[-1].price_date
    median = median_before({p.price_date: p.price_per_kg for p in stored}, day, window_days)
    return None if median is None else ("median", median, None)


def _names(
    connection: Connection, found: list[tuple[WrittenPrice, Basis, Decimal, dt.date | None]]
) -> tuple[dict[int, tuple[str, SaleUnit]], dict[int, str]]:
    """The materials' names and sale units, and the cities' names."""
    material_ids = {row.material_id for row, *_ in found}
    city_ids = {row.city_id for row, *_ in found}
    materials = connection.execute(
        select(Material.id, Material.name, Material.sale_unit).where(Material.id.in_(material_ids))
    )
    cities = connection.execute(select(City.id, City.name).where(City.id.in_(city_ids)))
    return {row.id: (row.name, row.sale_unit) for row in materials}, dict(cities.all())


@dataclass(frozen=True)
class _Probe:
    """A price not written yet: where its series' baseline is looked for."""

    material_id: int
    city_id: int
    price_date: dt.date
    price_per_kg: Decimal = Decimal(0)
    currency: str = ""


def series_baseline(
    connection: Connection,
    material_id: int,
    city_id: int,
    day: dt.date,
    window_days: int = BASELINE_WINDOW_DAYS,
) -> tuple[Basis, Decimal, dt.date | None] | None:
    """The baseline a price of ``day`` is held to, ``day``'s own stored price included: the
    latest feed or manual price, else the latest estimate, else the median; never a report, so
    approved reports cannot move the figure the next reports are measured against."""
    after = day + dt.timedelta(days=1)
    probe = _Probe(material_id, city_id, after)
    stored = _stored_window(connection, [probe], window_days + 1).get((material_id, city_id), [])
    return _baseline(stored, after, window_days + 1)

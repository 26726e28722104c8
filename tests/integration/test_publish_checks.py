"""The checks a price write is held to before it is published (scrapindex.prices.publish_checks),
on the import tests' demo data (ten days up to 2026-03-31) and rows the test writes in the
transaction, as a writer would, without rebuilding current_prices."""

import datetime as dt
import statistics
from dataclasses import dataclass
from decimal import Decimal

import pytest
from sqlalchemy import Connection, Engine, insert, select, update

from scrapindex.data.estimate_table import load_estimate_table
from scrapindex.data.imports.sources import named_source_id
from scrapindex.formatting import format_money
from scrapindex.models import City, CurrentPrice, Material, Price
from scrapindex.prices.publish_checks import (
    OrderBreak,
    OutlierFlag,
    SeriesKey,
    _any_days,
    _one_day,
    grade_order_breaks,
    outliers_against_baseline,
)
from tests.conftest import CONTENT_DIR

FAMILIES = load_estimate_table(CONTENT_DIR).families
LAST_DAY = dt.date(2026, 3, 31)  # the demo data's
NEXT_DAY = LAST_DAY + dt.timedelta(days=1)


def gbp(amount: Decimal) -> str:
    return format_money(amount, "GBP")


def day(n: int) -> dt.date:
    """March 2026's day ``n``."""
    return dt.date(2026, 3, n)


def series(connection: Connection, material: str, city: str = "london") -> SeriesKey:
    material_id = connection.execute(select(Material.id).where(Material.slug == material))
    city_id = connection.execute(select(City.id).where(City.slug == city))
    return material_id.scalar_one(), city_id.scalar_one()


def stored(connection: Connection, key: SeriesKey, on: dt.date = LAST_DAY) -> Decimal:
    value: Decimal = connection.execute(
        select(Price.price_per_kg).where(
            Price.material_id == key[0], Price.city_id == key[1], Price.price_date == on
        )
    ).scalar_one()
    return value


def write(
    connection: Connection, key: SeriesKey, on: dt.date, price: Decimal, kind: str = "demo"
) -> None:
    """Store ``price`` for the series and day as a source of ``kind`` gives it."""
    source_id = named_source_id(connection, f"Test {kind}", kind)
    material_id, city_id = key
    where = (Price.material_id == material_id, Price.city_id == city_id, Price.price_date == on)
    values = {"price_per_kg": price, "source_id": source_id}
    if connection.execute(update(Price).where(*where).values(values)).rowcount:
        return
    currency = connection.execute(
        select(Price.currency).where(Price.city_id == city_id).limit(1)
    ).scalar_one()
    connection.execute(
        insert(Price).values(
            material_id=material_id,
            city_id=city_id,
            price_date=on,
            currency=currency,
            updated_at=dt.datetime.now(dt.UTC),
            **values,
        )
    )


# Grade order ----------------------------------------------------------------------------------


def pairs(breaks: list[OrderBreak]) -> list[tuple[str, str, str]]:
    return [(item.city, item.dearer, item.cheaper) for item in breaks]


def test_a_touched_dearer_grade_below_a_cheaper_one_is_named_with_the_pair(db: Engine) -> None:
    with db.begin() as connection:
        bare_bright, copper_1 = (
            series(connection, "bare-bright-copper"),
            series(connection, "copper-1"),
        )
        cheaper_price = stored(connection, copper_1)
        # A new day, which current_prices does not know yet: the check reads prices.
        write(connection, bare_bright, NEXT_DAY, cheaper_price - Decimal("0.01"))
        breaks = grade_order_breaks(connection, FAMILIES, {bare_bright})
    assert pairs(breaks) == [("London", "Bare Bright Copper", "#1 Copper")]
    (found,) = breaks
    assert (found.dearer_price, found.dearer_date) == (cheaper_price - Decimal("0.01"), NEXT_DAY)
    assert (found.cheaper_price, found.cheaper_date, found.currency) == (
        cheaper_price,
        LAST_DAY,
        "GBP",
    )
    assert found.message() == (
        f"in London, #1 Copper ({gbp(cheaper_price)}/kg on 2026-03-31) is above "
        f"Bare Bright Copper ({gbp(cheaper_price - Decimal('0.01'))}/kg on 2026-04-01)"
    )


def test_a_touched_cheaper_grade_is_compared_with_every_dearer_one(db: Engine) -> None:
    with db.begin() as connection:
        copper_2 = series(connection, "copper-2")
        dearest = stored(connection, series(connection, "bare-bright-copper"))
        write(connection, copper_2, LAST_DAY, dearest + Decimal("0.5"))
        breaks = grade_order_breaks(connection, FAMILIES, [copper_2])
    assert pairs(breaks) == [  # by city, then the grades' names
        ("London", "#1 Copper", "#2 Copper"),
        ("London", "Bare Bright Copper", "#2 Copper"),
        ("London", "Copper", "#2 Copper"),
    ]
    assert breaks[0].message().endswith(" on 2026-03-31")
    assert (
        breaks[0].message().startswith(f"in London, #2 Copper ({gbp(dearest + Decimal('0.5'))}/kg")
    )


def test_pairs_out_of_order_without_a_touched_side_are_not_reported(db: Engine) -> None:
    with db.begin() as connection:
        bare_bright = series(connection, "bare-bright-copper")
        copper_1_price = stored(connection, series(connection, "copper-1"))
        write(connection, bare_bright, LAST_DAY, copper_1_price - Decimal("0.01"))
        elsewhere = [
            series(connection, "aluminum"),  # no family's
            series(connection, "copper-2"),  # in order with both
            series(connection, "bare-bright-copper", "manchester"),  # another city
            series(connection, "red-brass"),  # another family
        ]
        assert grade_order_breaks(connection, FAMILIES, elsewhere) == []
        # The same data with the broken series touched is refused.
        assert grade_order_breaks(connection, FAMILIES, [*elsewhere, bare_bright])


def test_grades_in_order_or_equal_give_nothing(db: Engine) -> None:
    with db.begin() as connection:
        every_series = connection.execute(select(CurrentPrice.material_id, CurrentPrice.city_id))
        touched = set(every_series.all())
        copper_1_price = stored(connection, series(connection, "copper-1"))
        write(connection, series(connection, "bare-bright-copper"), LAST_DAY, copper_1_price)
        assert grade_order_breaks(connection, FAMILIES, touched) == []
        assert grade_order_breaks(connection, FAMILIES, []) == []


# Outliers -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Written:
    material_id: int
    city_id: int
    price_date: dt.date
    price_per_kg: Decimal
    currency: str = "GBP"


def write_and_check(
    connection: Connection, key: SeriesKey, on: dt.date, price: Decimal, kind: str = "feed"
) -> list[OutlierFlag]:
    write(connection, key, on, price, kind)
    return outliers_against_baseline(connection, [Written(*key, on, price)])


def window_median(connection: Connection, key: SeriesKey) -> Decimal:
    values = [stored(connection, key, day(n)) for n in range(22, 32)]
    return statistics.median(values)


def test_without_feeds_or_estimates_the_median_of_the_window_is_the_baseline(
    db: Engine,
) -> None:
    with db.begin() as connection:
        aluminum = series(connection, "aluminum")
        median = window_median(connection, aluminum)
        price = (median * Decimal("3.05")).quantize(Decimal("0.0001"))
        (flag,) = write_and_check(connection, aluminum, NEXT_DAY, price)
    assert (flag.basis, flag.baseline, flag.baseline_date) == ("median", median, None)
    assert (flag.material_id, flag.city_id, flag.price_date, flag.price_per_kg) == (
        *aluminum,
        NEXT_DAY,
        price,
    )
    assert flag.message().startswith(
        f"in London, Aluminum ({gbp(price)}/kg on 2026-04-01) is 3.05x"
    )
    assert flag.message().endswith(f"its median over the 30 days before ({gbp(median)}/kg)")


@pytest.mark.parametrize("kind", ["feed", "manual"])
def test_a_feed_or_manual_price_is_preferred_to_newer_estimates(db: Engine, kind: str) -> None:
    with db.begin() as connection:
        aluminum = series(connection, "aluminum")
        write(connection, aluminum, day(29), Decimal(2), kind)
        write(connection, aluminum, day(30), Decimal(20), "estimate")
        write(connection, aluminum, day(31), Decimal(20), "estimate")
        (flag,) = write_and_check(connection, aluminum, NEXT_DAY, Decimal(8), "estimate")
    assert (flag.basis, flag.baseline, flag.baseline_date) == ("trusted", Decimal(2), day(29))
    assert flag.message().endswith(
        "is 4.00x its latest feed or manual price (£2.00/kg on 2026-03-29)"
    )


def test_an_estimate_is_preferred_to_the_median(db: Engine) -> None:
    with db.begin() as connection:
        aluminum = series(connection, "aluminum")
        estimate = (window_median(connection, aluminum) / 10).quantize(Decimal("0.0001"))
        write(connection, aluminum, day(25), estimate, "estimate")
        (flag,) = write_and_check(connection, aluminum, NEXT_DAY, estimate * 4)
    assert (flag.basis, flag.baseline, flag.baseline_date) == ("estimate", estimate, day(25))
    assert "its latest estimate" in flag.message()


def test_the_rows_of_the_write_are_never_their_own_baseline(db: Engine) -> None:
    with db.begin() as connection:
        aluminum = series(connection, "aluminum")
        high = (window_median(connection, aluminum) * 10).quantize(Decimal("0.0001"))
        rows = [Written(*aluminum, day(30), high), Written(*aluminum, day(31), high)]
        for row in rows:  # each replaces the demo price of its day, as a feed's
            write(connection, aluminum, row.price_date, high, "feed")
        flags = outliers_against_baseline(connection, rows)
    # Neither the replaced day's row (now the written value) nor the other written day counts.
    assert [(flag.price_date, flag.basis) for flag in flags] == [
        (day(30), "median"),
        (day(31), "median"),
    ]


def test_user_reports_are_never_the_baseline(db: Engine) -> None:
    with db.begin() as connection:
        aluminum = series(connection, "aluminum")
        oldest = stored(connection, aluminum, day(22))
        high = (oldest * 10).quantize(Decimal("0.0001"))
        for n in range(23, 32):  # reports agree with the new price on every day but the first
            write(connection, aluminum, day(n), high, "report")
        (flag,) = write_and_check(connection, aluminum, NEXT_DAY, high)
    assert (flag.basis, flag.baseline) == ("median", oldest)


def test_prices_inside_the_band_pass(db: Engine) -> None:
    with db.begin() as connection:
        aluminum, steel = series(connection, "aluminum"), series(connection, "steel")
        write(connection, aluminum, LAST_DAY, Decimal(2), "feed")
        write(connection, steel, LAST_DAY, Decimal(3), "manual")
        rows = [Written(*aluminum, NEXT_DAY, Decimal(6)), Written(*steel, NEXT_DAY, Decimal(1))]
        for row in rows:
            write(connection, (row.material_id, row.city_id), NEXT_DAY, row.price_per_kg)
        assert outliers_against_baseline(connection, rows) == []  # 3x and a third: the edges
        over = [Written(*aluminum, NEXT_DAY, Decimal("6.0001")), rows[1]]
        assert [flag.material_id for flag in outliers_against_baseline(connection, over)] == [
            aluminum[0]
        ]


def test_a_series_without_prices_in_the_window_is_not_flagged(db: Engine) -> None:
    with db.begin() as connection:
        aluminum = series(connection, "aluminum")
        later = LAST_DAY + dt.timedelta(days=31)  # the demo prices are all further back
        assert write_and_check(connection, aluminum, later, Decimal(1000)) == []
        assert outliers_against_baseline(connection, []) == []


def test_a_one_day_write_finds_what_reading_every_window_finds(db: Engine) -> None:
    """A write of one day takes the short way (a few figures per series); every series of the
    demo, at prices in and out of the band, against feeds, estimates and medians, is flagged
    exactly as reading each series' whole window flags it."""
    with db.begin() as connection:
        shown = connection.execute(
            select(CurrentPrice.material_id, CurrentPrice.city_id, CurrentPrice.currency)
        ).all()
        currencies = {city: currency for _, city, currency in shown}
        keys = sorted((material, city) for material, city, _ in shown)
        factors = [Decimal("1.01"), Decimal("3.2"), Decimal("0.3"), Decimal("2.9"), Decimal("0.35")]
        rows = []
        for n, key in enumerate(keys):
            price = stored(connection, key)
            if n % 7 == 1:
                write(connection, key, day(27), price * 4, "feed")
            elif n % 7 == 2:
                write(connection, key, day(28), price / 4, "estimate")
            elif n % 7 == 3:  # a feed's price before a newer estimate: the feed's counts
                write(connection, key, day(26), price * 4, "manual")
                write(connection, key, day(29), price / 4, "estimate")
            factor = factors[n % len(factors)]
            rows.append(Written(*key, NEXT_DAY, price * factor, currencies[key[1]]))
        short = _one_day(connection, list(rows), 30)
        every = _any_days(connection, list(rows), 30)
    assert len(short) > 100
    assert {"trusted", "estimate", "median"} <= {basis for _, basis, _, _ in short}
    assert sorted(short, key=repr) == sorted(every, key=repr)

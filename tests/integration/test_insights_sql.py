"""The week's movers and most-tracked materials, read per series in SQL, against the Python
reading of the whole board and of a week of every series' prices they replaced, on both
databases."""

import datetime as dt
from collections import defaultdict
from decimal import Decimal
from typing import Any

from sqlalchemy import Engine, delete, func, select, update
from sqlalchemy.orm import Session

from scrapindex.models import CurrentPrice, Price
from scrapindex.queries.current_prices import refresh_current_prices
from scrapindex.queries.insights import LOOKBACK, WEEK, market_insights
from scrapindex.queries.prices import Quote, latest_quotes, latest_usd_rates, to_usd
from tests.conftest import TEST_DEMO, FreshDatabase

Mover = tuple[str, str, str, Decimal, dt.date, Decimal, dt.date, float]


def reference_insights(session: Session, per_side: int = 5, limit: int = 10) -> dict[str, Any]:
    """The answer as the Python loops over latest_quotes computed it before."""
    newest = session.execute(select(func.max(Price.price_date))).scalar_one()
    day = newest - WEEK
    rows = session.execute(
        select(Price.material_id, Price.city_id, Price.price_date, Price.price_per_kg)
        .where(Price.price_date <= day, Price.price_date > day - LOOKBACK)
        .order_by(Price.price_date)
    )
    week_ago = {(m, c): (d, p) for m, c, d, p in rows}
    quotes = latest_quotes(session)
    grouped: dict[tuple[str, str], list[tuple[Quote, Decimal, dt.date, float]]] = defaultdict(list)
    for q in quotes:
        before = week_ago.get((q.material.id, q.city.id))
        if before is None or before[1] == 0 or before[0] >= q.price_date:
            continue
        change = round(float((q.price_per_kg - before[1]) / before[1] * 100), 1)
        grouped[(q.city.country_code, q.city.country_name)].append(
            (q, before[1], before[0], change)
        )

    def mover(entry: tuple[Quote, Decimal, dt.date, float]) -> Mover:
        q, price, date, change = entry
        return (q.material.slug, q.city.slug, q.currency, q.price_per_kg, q.price_date, price,
                date, change)  # fmt: skip

    countries = []
    for (code, name), entries in sorted(grouped.items(), key=lambda kv: kv[0][1]):
        by_change = sorted(entries, key=lambda e: (e[3], e[0].material.name))
        risers = [mover(e) for e in reversed(by_change) if e[3] > 0][:per_side]
        fallers = [mover(e) for e in by_change if e[3] < 0][:per_side]
        countries.append((code, name, risers, fallers))
    rates = latest_usd_rates(session)
    by_material: dict[int, list[Quote]] = defaultdict(list)
    for q in quotes:
        by_material[q.material.id].append(q)
    tracked = []
    for quotes_of in by_material.values():
        usd = [v for q in quotes_of if (v := to_usd(q.price_per_kg, q.currency, rates)) is not None]
        average = (sum(usd, Decimal(0)) / len(usd)).quantize(Decimal("0.01")) if usd else None
        cities = len({q.city.id for q in quotes_of})
        countries_count = len({q.city.country_code for q in quotes_of})
        material = quotes_of[0].material
        tracked.append((material.slug, material.name, cities, countries_count, average))
    tracked.sort(key=lambda t: (-t[2], -t[3], t[1]))
    return {"as_of": newest, "countries": countries, "tracked": tracked[:limit]}


def found_insights(session: Session) -> dict[str, Any]:
    found = market_insights(session)

    def mover(m: Any) -> Mover:
        return (m.material.slug, m.city.slug, m.currency, m.price_per_kg, m.price_date,
                m.week_ago_price, m.week_ago_date, m.change_percent)  # fmt: skip

    return {
        "as_of": found.as_of,
        "countries": [
            (c.code, c.name, [mover(m) for m in c.risers], [mover(m) for m in c.fallers])
            for c in found.countries
        ],
        "tracked": [
            (t.material.slug, t.material.name, t.city_count, t.country_count, t.average_usd)
            for t in found.most_tracked
        ],
    }


def test_insights_match_the_python_reading_of_the_demo(engine: Engine) -> None:
    with Session(engine) as session:
        expected = reference_insights(session)
        assert found_insights(session) == expected
    assert any(risers and fallers for _, _, risers, fallers in expected["countries"])


def test_gaps_zeros_and_ties_in_the_week_match_too(fresh_database: FreshDatabase) -> None:
    """Series without the compared day (an earlier day of the week stands in), without any day
    of that week (no change), with a zero week-ago price, and with equal changes."""
    engine = fresh_database(TEST_DEMO)
    with Session(engine) as session:
        newest = session.execute(select(func.max(Price.price_date))).scalar_one()
        day = newest - WEEK
        series = session.execute(
            select(CurrentPrice.material_id, CurrentPrice.city_id).order_by(
                CurrentPrice.city_id, CurrentPrice.material_id
            )
        ).all()
        in_series = [(Price.material_id == m) & (Price.city_id == c) for m, c in series[:12]]
        for condition in in_series[:3]:  # the compared day missing: the day before counts
            session.execute(delete(Price).where(condition, Price.price_date == day))
        for condition in in_series[3:5]:  # the whole week before missing: no change
            session.execute(
                delete(Price).where(
                    condition, Price.price_date > day - LOOKBACK, Price.price_date <= day
                )
            )
        session.execute(update(Price).where(in_series[5], Price.price_date == day).values(
            price_per_kg=Decimal(0)))  # fmt: skip
        for condition in in_series[6:12]:  # the same change for six series of one country
            session.execute(update(Price).where(condition, Price.price_date == day).values(
                price_per_kg=Decimal("1.0000")))  # fmt: skip
            session.execute(update(Price).where(condition, Price.price_date == newest).values(
                price_per_kg=Decimal("9.0000")))  # fmt: skip
        refresh_current_prices(session.connection())
        session.commit()
        assert found_insights(session) == reference_insights(session)

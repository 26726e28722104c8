"""The week's movers and most-tracked materials, read per series in SQL, against the Python
reading of the whole board and of a week of every series' prices they replaced, on both
databases."""

import datetime as dt
from collections import defaultdict
from decimal import Decimal
from typing import Any

from sqlalchemy import Engine, delete, func, insert, literal, select, update
from sqlalchemy.orm import Session

from scrapindex.models import City, CurrentPrice, Material, Price, PriceEstimate, Source
from scrapindex.price_kinds import measures_a_move
from scrapindex.queries.current_prices import LOOKBACK, WEEK, refresh_current_prices
from scrapindex.queries.insights import market_insights
from scrapindex.queries.prices import Quote, latest_quotes, latest_usd_rates, to_usd
from tests.conftest import TEST_DEMO, FreshDatabase
from tests.databases import upgrade_again_from
from tests.integration.test_price_figures_sql import HUGE_PRICES, set_current_prices

Mover = tuple[str, str, str, Decimal, dt.date, Decimal, dt.date, float]


def reference_insights(session: Session, per_side: int = 5, limit: int = 10) -> dict[str, Any]:
    """The answer as the Python loops over latest_quotes computed it before."""
    newest = session.execute(select(func.max(Price.price_date))).scalar_one()
    day = newest - WEEK
    rows = session.execute(
        select(Price.material_id, Price.city_id, Price.price_date, Price.price_per_kg, Source.kind)
        .join(Source, Source.id == Price.source_id)
        .where(Price.price_date <= day, Price.price_date > day - LOOKBACK)
        .order_by(Price.price_date)
    )
    week_ago = {(m, c): (d, p, kind) for m, c, d, p, kind in rows}
    quotes = latest_quotes(session)
    grouped: dict[tuple[str, str], list[tuple[Quote, Decimal, dt.date, float]]] = defaultdict(list)
    for q in quotes:
        before = week_ago.get((q.material.id, q.city.id))
        if before is None or before[1] == 0 or before[0] >= q.price_date:
            continue
        if not measures_a_move(q.source_kind, before[2]):
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


def found_insights(session: Session, per_side: int = 5, limit: int = 10) -> dict[str, Any]:
    found = market_insights(session, per_side=per_side, tracked_limit=limit)

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


def test_an_estimate_moves_against_an_estimate_only(fresh_database: FreshDatabase) -> None:
    """A series whose newest price is an estimate and whose week-ago price is demo changed
    method, not market: it is no mover, however far apart the two are. One estimated on both
    days is."""
    engine = fresh_database(TEST_DEMO)
    with Session(engine) as session:
        newest = session.execute(select(func.max(Price.price_date))).scalar_one()
        estimates = session.execute(
            insert(Source).values(name="Estimates", kind="estimate").returning(Source.id)
        ).scalar_one()
        series = session.execute(
            select(CurrentPrice.material_id, CurrentPrice.city_id).order_by(
                CurrentPrice.city_id, CurrentPrice.material_id
            )
        ).all()[:2]
        switched, estimated = ((Price.material_id == m) & (Price.city_id == c) for m, c in series)
        set_week(session, list(series), ["50.0000", "40.0000"])  # +4,900 % and +3,900 %
        session.execute(update(Price).where(switched, Price.price_date == newest).values(
            source_id=estimates))  # fmt: skip
        session.execute(update(Price).where(estimated, Price.price_date.in_(
            (newest, newest - WEEK))).values(source_id=estimates))  # fmt: skip
        refresh_current_prices(session.connection())
        session.commit()
        found = found_insights(session)
        assert found == reference_insights(session)
        risers = [(m, c) for _, _, risers, _ in found["countries"] for m, c, *_ in risers]
        slugs = dict(session.execute(select(Material.id, Material.slug)).all())
        cities = dict(session.execute(select(City.id, City.slug)).all())
        (switched_series, estimated_series) = ((slugs[m], cities[c]) for m, c in series)
        assert estimated_series in risers
        assert switched_series not in risers


def set_week(session: Session, series: list[tuple[int, int]], new_prices: list[str]) -> None:
    """Each series 1.0000 a week before the newest day and the given price on it."""
    newest = session.execute(select(func.max(Price.price_date))).scalar_one()
    for (material_id, city_id), new_price in zip(series, new_prices, strict=True):
        in_series = (Price.material_id == material_id) & (Price.city_id == city_id)
        session.execute(update(Price).where(in_series, Price.price_date == newest - WEEK).values(
            price_per_kg=Decimal("1.0000")))  # fmt: skip
        session.execute(update(Price).where(in_series, Price.price_date == newest).values(
            price_per_kg=Decimal(new_price)))  # fmt: skip
    refresh_current_prices(session.connection())
    session.commit()


# From 1.0000, changes that Mover.change_percent rounds alike but the database does not: SQLite
# truncates (0.19 % -> 1 tenth, 0.21 % -> 2), PostgreSQL rounds exact halves away from zero
# (0.15 % -> 2 tenths; through a float Python makes it 0.1, like 0.12 %). The material named
# last (risers) or first (fallers) wins the tie on the change but ranks lower in the database.
CLOSE_CHANGES = {
    "truncated": (("1.0019", "0.9981"), ("1.0021", "0.9979")),
    "half away from zero": (("1.0012", "0.9988"), ("1.0015", "0.9985")),
}


def test_close_changes_rank_as_the_exact_rounding_does(fresh_database: FreshDatabase) -> None:
    engine = fresh_database(TEST_DEMO)
    with Session(engine) as session:
        series = session.execute(
            select(CurrentPrice.material_id, CurrentPrice.city_id, Material.name)
            .join(City, City.id == CurrentPrice.city_id)
            .join(Material, Material.id == CurrentPrice.material_id)
            .where(City.country_code == "US")
            .order_by(CurrentPrice.city_id, CurrentPrice.material_id)
        ).all()
        first, last = min(name for *_, name in series), max(name for *_, name in series)
        for (tie_rise, tie_fall), (other_rise, other_fall) in CLOSE_CHANGES.values():
            new_prices = [
                tie_rise if name == last else tie_fall if name == first
                else other_rise if i % 2 else other_fall
                for i, (*_, name) in enumerate(series)
            ]  # fmt: skip
            set_week(session, [(m, c) for m, c, _ in series], new_prices)
            for per_side in (1, 2, 5):
                assert found_insights(session, per_side) == reference_insights(session, per_side)
            (us,) = [c for c in found_insights(session)["countries"] if c[0] == "US"]
            assert us[2][0][3] == Decimal(tie_rise)
            assert us[3][0][3] == Decimal(tie_fall)


def test_a_country_whose_changes_all_round_to_nothing_is_listed_empty(
    fresh_database: FreshDatabase,
) -> None:
    engine = fresh_database(TEST_DEMO)
    with Session(engine) as session:
        newest = session.execute(select(func.max(Price.price_date))).scalar_one()
        day = newest - WEEK
        in_nz = CurrentPrice.city_id.in_(select(City.id).where(City.country_code == "NZ"))
        nz = session.execute(
            select(CurrentPrice.material_id, CurrentPrice.city_id).where(in_nz)
        ).all()
        for material_id, city_id in nz:
            in_series = (Price.material_id == material_id) & (Price.city_id == city_id)
            session.execute(update(Price).where(in_series, Price.price_date == day).values(
                price_per_kg=Decimal("2.0000")))  # fmt: skip
            session.execute(update(Price).where(in_series, Price.price_date == newest).values(
                price_per_kg=Decimal("2.0009")))  # fmt: skip
        refresh_current_prices(session.connection())  # +0.045 % each: rounds to 0.0
        session.commit()
        found = found_insights(session)
        assert found == reference_insights(session)
    assert ("NZ", "New Zealand", [], []) in found["countries"]


def test_most_tracked_ties_and_prices_without_a_rate(fresh_database: FreshDatabase) -> None:
    """Materials quoted in as many cities and countries (ordered by name, then the board's
    order), one quoted only in a currency without a rate (no average), and a short list."""
    engine = fresh_database(TEST_DEMO)
    with Session(engine) as session:
        newest = session.execute(select(func.max(Price.price_date))).scalar_one()
        materials = session.scalars(select(Material.id).order_by(Material.id)).all()
        cities = session.scalars(select(City.id).order_by(City.id)).all()
        # Two materials lose the same two cities: equal counts, ordered by name.
        session.execute(delete(CurrentPrice))  # rebuilt below
        gone = select(Price.id).where(
            Price.material_id.in_(materials[:2]), Price.city_id.in_(cities[:2])
        )
        session.execute(delete(PriceEstimate).where(PriceEstimate.price_id.in_(gone)))
        session.execute(delete(Price).where(Price.id.in_(gone)))
        # A third material's every price in a currency without a rate.
        session.execute(update(Price).where(Price.material_id == materials[2]).values(
            currency="XXX"))  # fmt: skip
        # A new material of the same name as the first, quoted in the same cities.
        twin = session.scalars(
            insert(Material)
            .returning(Material.id)
            .from_select(
                ["name", "slug", "grade", "category", "description"],
                select(
                    Material.name,
                    Material.slug + "-twin",
                    Material.grade,
                    Material.category,
                    Material.description,
                ).where(Material.id == materials[0]),
            )
        ).one()
        copied = [c.name for c in Price.__table__.columns if c.name not in ("id", "material_id")]
        session.execute(insert(Price).from_select(
            ["material_id", *copied],
            select(literal(twin), *(Price.__table__.c[c] for c in copied)).where(
                Price.material_id == materials[0], Price.price_date == newest),
        ))  # fmt: skip
        refresh_current_prices(session.connection())
        session.commit()
        for limit in (1, 3, 10, 100):
            assert found_insights(session, limit=limit) == reference_insights(session, limit=limit)
        tracked = found_insights(session, limit=100)["tracked"]
    assert any(average is None for *_, average in tracked)
    names = [name for _, name, *_ in tracked]
    assert len(names) != len(set(names))  # the twins tie on every count and on the name


def test_the_migrations_fill_the_week_ago_prices_and_changes_as_the_refresh_writes_them(
    fresh_database: FreshDatabase,
) -> None:
    """Migrations 0011 (the week-ago price and date) and 0013 (the change since)."""
    engine = fresh_database(TEST_DEMO)
    week_ago = select(
        CurrentPrice.material_id,
        CurrentPrice.city_id,
        CurrentPrice.week_ago_price,
        CurrentPrice.week_ago_date,
        CurrentPrice.change_tenths,
    ).order_by(CurrentPrice.material_id, CurrentPrice.city_id)
    with Session(engine) as session:  # a gap in the week: an earlier day stands in
        newest = session.execute(select(func.max(Price.price_date))).scalar_one()
        first = session.execute(week_ago).first()
        assert first is not None
        session.execute(delete(Price).where(
            Price.material_id == first.material_id, Price.city_id == first.city_id,
            Price.price_date == newest - WEEK))  # fmt: skip
        refresh_current_prices(session.connection())
        session.commit()
        written = session.execute(week_ago).all()
    upgrade_again_from(engine, "0010")
    with Session(engine) as session:
        assert session.execute(week_ago).all() == written
    assert written[0].week_ago_date == newest - WEEK - dt.timedelta(days=1)
    assert all(row.week_ago_price is not None for row in written[1:])
    changes = [row.change_tenths for row in written]
    assert None not in changes[1:]
    assert min(changes[1:]) < 0 < max(changes[1:])


def test_huge_prices_rank_and_average_as_in_python(fresh_database: FreshDatabase) -> None:
    """Current prices whose dollar value overflows BIGINT (converted as NUMERIC or in parts)
    among the most-tracked averages, and their changes among the movers."""
    engine = fresh_database(TEST_DEMO)
    with Session(engine) as session:
        set_current_prices(session, 1, HUGE_PRICES)
        refresh_current_prices(session.connection())
        session.commit()
        found = found_insights(session, limit=100)
        assert found == reference_insights(session, limit=100)
    averages = {slug: average for slug, _, _, _, average in found["tracked"]}
    assert averages["copper"] is not None
    assert averages["copper"] > Decimal(100_000_000)

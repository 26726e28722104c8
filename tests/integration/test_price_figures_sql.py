"""The board's aggregates and pages in SQL against the quotes they summarise, on both databases."""

import datetime as dt
from collections import defaultdict
from decimal import Decimal

from fastapi.testclient import TestClient
from sqlalchemy import Engine, func, select, update
from sqlalchemy.orm import Session

from scrapindex import migrate
from scrapindex.models import City, CurrentPrice, MaterialMarketFigures, Price
from scrapindex.queries.current_prices import refresh_current_prices
from scrapindex.queries.prices import (
    MaterialFigures,
    Quote,
    latest_quotes,
    latest_usd_rates,
    material_figures,
    to_usd,
)
from scrapindex.queries.site import coverage
from tests.conftest import TEST_DEMO, FreshDatabase
from tests.databases import upgrade_again_from


def reference_figures(session: Session) -> list[MaterialFigures]:
    """Every quote converted (and rounded) one by one in Python, grouped by material."""
    rates = latest_usd_rates(session)
    grouped: dict[int, list[tuple[Quote, Decimal]]] = defaultdict(list)
    for quote in latest_quotes(session):
        usd = to_usd(quote.price_per_kg, quote.currency, rates)
        if usd is not None:
            grouped[quote.material.id].append((quote, usd))
    figures = []
    for entries in grouped.values():
        prices = [usd for _, usd in entries]
        material = entries[0][0].material
        figures.append(
            MaterialFigures(
                material_id=material.id,
                material_slug=material.slug,
                currency="USD",
                average_price=sum(prices, Decimal(0)) / len(prices),
                min_price=min(prices),
                max_price=max(prices),
                cities_tracked=len({q.city.id for q, _ in entries}),
                countries=len({q.city.country_code for q, _ in entries}),
            )
        )
    return figures


def test_summary_is_the_mean_of_the_converted_prices(engine: Engine) -> None:
    with Session(engine) as session:
        assert material_figures(session) == reference_figures(session)


def test_half_cents_round_to_even_like_the_price_rows(fresh_database: FreshDatabase) -> None:
    engine = fresh_database(TEST_DEMO)
    with Session(engine) as session:
        series = session.execute(
            select(CurrentPrice.price_id)
            .join(City, City.id == CurrentPrice.city_id)
            .where(City.country_code == "US", CurrentPrice.material_id == 1)
            .order_by(CurrentPrice.city_id)
        ).scalars()
        ids = list(series)[:4]
        for price_id, value in zip(ids, ["1.2350", "1.2450", "0.0050", "7.9999"], strict=True):
            session.execute(
                update(Price).where(Price.id == price_id).values(price_per_kg=Decimal(value))
            )
        refresh_current_prices(session.connection())  # as every writer of prices does
        session.commit()
        found = {f.material_id: f for f in material_figures(session)}
        expected = {f.material_id: f for f in reference_figures(session)}
    assert found == expected
    assert found[1].min_price == Decimal("0.00")  # 0.005 -> 0.00, to the even cent


def test_price_pages_are_slices_of_the_board(client: TestClient, engine: Engine) -> None:
    with Session(engine) as session:
        board = [q.price_id for q in latest_quotes(session)]
    first = client.get("/api/prices?limit=100").json()
    seventh = client.get("/api/prices?page=7&limit=100").json()
    last = client.get(f"/api/prices?page={len(board) // 100 + 1}&limit=100").json()
    assert [p["id"] for p in first["data"]] == board[:100]
    assert [p["id"] for p in seventh["data"]] == board[600:700]
    assert [p["id"] for p in last["data"]] == board[len(board) // 100 * 100 :]
    assert first["pagination"]["total"] == len(board)
    beyond = client.get("/api/prices?page=999&limit=100").json()
    assert beyond["data"] == []
    assert beyond["pagination"]["total"] == len(board)


def test_all_yards_pages_with_a_total_and_next_links(client: TestClient) -> None:
    everything = client.get("/api/scrap-yards/all")
    total = int(everything.headers["x-total-count"])
    assert len(everything.json()) == total  # the demo fits one answer: no next page
    assert "link" not in everything.headers
    collected, url = [], "/api/scrap-yards/all?limit=100"
    while url:
        answer = client.get(url)
        assert answer.status_code == 200
        assert answer.headers["x-total-count"] == str(total)
        collected += answer.json()
        link = answer.headers.get("link")
        url = link.split(">")[0].removeprefix("<") if link else ""
    assert [y["id"] for y in collected] == [y["id"] for y in everything.json()]
    assert client.get("/api/scrap-yards/all?limit=1001").status_code == 422


def test_deep_pages_and_filters_are_slices_of_their_board(engine: Engine) -> None:
    with Session(engine) as session:
        board = latest_quotes(session)
        for offset in (0, 100, len(board) - 30):
            assert latest_quotes(session, offset=offset, limit=100) == board[offset : offset + 100]
        in_us = [q for q in board if q.city.country_code == "US"]
        assert latest_quotes(session, country_code="US", offset=20, limit=40) == in_us[20:60]
        assert latest_quotes(session, material_id=1) == [q for q in board if q.material.id == 1]
    assert [(q.city.id, q.material.id) for q in board] == sorted(
        (q.city.id, q.material.id) for q in board
    )


def reference_coverage(session: Session) -> tuple[dt.date | None, int]:
    """The newest date among the current prices, and how many current prices are of it."""
    dates = session.scalars(
        select(Price.price_date).join(CurrentPrice, CurrentPrice.price_id == Price.id)
    ).all()
    latest = max(dates, default=None)
    return latest, sum(1 for d in dates if d == latest)


def test_stats_count_the_current_prices_of_the_newest_date(
    fresh_database: FreshDatabase,
) -> None:
    engine = fresh_database(TEST_DEMO)
    with Session(engine) as session:
        found = coverage(session)
        assert (found.latest_price_date, found.daily_price_updates) == reference_coverage(session)
        assert found.daily_price_updates == session.scalar(
            select(func.count()).select_from(CurrentPrice)
        )
        # One series moves a day ahead of the rest: it alone is the newest date's update.
        current = (
            session.execute(select(Price).join(CurrentPrice, CurrentPrice.price_id == Price.id))
            .scalars()
            .first()
        )
        assert current is not None
        session.add(
            Price(
                material_id=current.material_id,
                city_id=current.city_id,
                price_date=current.price_date + dt.timedelta(days=1),
                price_per_kg=current.price_per_kg,
                currency=current.currency,
                source_id=current.source_id,
                updated_at=current.updated_at,
            )
        )
        session.flush()
        refresh_current_prices(session.connection())
        session.commit()
        found = coverage(session)
        assert (found.latest_price_date, found.daily_price_updates) == reference_coverage(session)
        assert found.latest_price_date == current.price_date + dt.timedelta(days=1)
        assert found.daily_price_updates == 1
    # Migration 0014 fills the stored dates and counts as the refresh writes them.
    figures = select(*MaterialMarketFigures.__table__.c).order_by(MaterialMarketFigures.material_id)
    with Session(engine) as session:
        written = session.execute(figures).all()
    upgrade_again_from(engine, "0013")
    with Session(engine) as session:
        assert session.execute(figures).all() == written
    # Up to the newest schema (the code's queries read it; 0015 drops a converter's prices by
    # weight): the stored figures still say what the prices do.
    migrate.upgrade(engine)
    with Session(engine) as session:
        again = coverage(session)
        assert (again.latest_price_date, again.daily_price_updates) == reference_coverage(session)
        assert again.latest_price_date == found.latest_price_date


# Current prices beyond what BIGINT holds once converted (PostgreSQL multiplies them as NUMERIC,
# SQLite in two parts), among them exact half cents, and one the column's largest.
HUGE_PRICES = [
    ("USD", "8000000.0050"),  # half a cent: down to the even one
    ("USD", "8000000.0150"),  # half a cent: up to the even one
    ("GBP", "7654321.9876"),
    ("GBP", "9999999999.9999"),
    ("EUR", "0.0050"),
]


def set_current_prices(session: Session, material_id: int, values: list[tuple[str, str]]) -> None:
    """The given currencies and prices on the material's first current prices (board order)."""
    price_ids = session.scalars(
        select(CurrentPrice.price_id)
        .where(CurrentPrice.material_id == material_id)
        .order_by(CurrentPrice.city_id)
    ).all()
    for price_id, (currency, value) in zip(price_ids, values, strict=False):
        session.execute(
            update(Price)
            .where(Price.id == price_id)
            .values(currency=currency, price_per_kg=Decimal(value))
        )


def set_unusual_prices(session: Session) -> None:
    """Huge prices on material 1, every price of material 2 and three of material 3 in a
    currency without a rate, and the current prices rebuilt as every writer does."""
    set_current_prices(session, 1, HUGE_PRICES)
    set_current_prices(session, 2, [("XXX", "1.0000")] * 1000)  # every price without a rate
    set_current_prices(session, 3, [("XXX", "1.0000")] * 3)  # some of them
    refresh_current_prices(session.connection())


def test_huge_prices_and_prices_without_a_rate_convert_as_in_python(
    fresh_database: FreshDatabase,
) -> None:
    engine = fresh_database(TEST_DEMO)
    with Session(engine) as session:
        set_unusual_prices(session)
        session.commit()
        found = {f.material_id: f for f in material_figures(session)}
        expected = {f.material_id: f for f in reference_figures(session)}
        rates = latest_usd_rates(session)
    assert found == expected
    assert found[1].max_price == to_usd(Decimal("9999999999.9999"), "GBP", rates)
    assert 2 not in found
    assert found[3].cities_tracked == found[4].cities_tracked - 3


def test_the_migration_fills_the_figures_as_the_refresh_writes_them(
    fresh_database: FreshDatabase,
) -> None:
    """Huge prices, prices without a rate and a material none of whose prices has one: the
    Python fill of migration 0012 and the SQL of refresh_market_figures agree on each."""
    engine = fresh_database(TEST_DEMO)
    figures = select(*MaterialMarketFigures.__table__.c).order_by(MaterialMarketFigures.material_id)
    with Session(engine) as session:
        set_unusual_prices(session)
        session.commit()
        written = session.execute(figures).all()
    upgrade_again_from(engine, "0011")
    with Session(engine) as session:
        assert session.execute(figures).all() == written
    by_material = {row.material_id: row for row in written}
    assert by_material[2].priced_cities == 0
    assert by_material[2].total_usd_cents is None
    assert by_material[3].priced_cities == by_material[3].cities - 3

"""Region price boards summed in SQL against the Python grouping of the region's quotes they
replaced, for every region of the demo, on both databases."""

from collections import defaultdict
from decimal import Decimal

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from scrapindex.models import City, Region
from scrapindex.queries.places import RegionPrice, region_price_board
from scrapindex.queries.prices import Quote, latest_quotes


def reference_board(session: Session, region_id: int) -> list[RegionPrice]:
    city_ids = set(session.scalars(select(City.id).where(City.region_id == region_id)))
    grouped: dict[tuple[int, str], list[Quote]] = defaultdict(list)
    for quote in latest_quotes(session):
        if quote.city.id in city_ids:
            grouped[(quote.material.id, quote.currency)].append(quote)
    board = []
    for (_, currency), quotes in grouped.items():
        prices = [q.price_per_kg for q in quotes]
        board.append(
            RegionPrice(
                material=quotes[0].material,
                currency=currency,
                average=sum(prices, Decimal(0)) / len(prices),
                low=min(prices),
                high=max(prices),
                city_count=len(quotes),
                date=max(q.price_date for q in quotes),
            )
        )
    return sorted(board, key=lambda row: row.average, reverse=True)


def test_every_region_board_matches_its_quotes(engine: Engine) -> None:
    with Session(engine) as session:
        regions = list(session.scalars(select(Region.id).order_by(Region.id)))
        boards = {r: region_price_board(session, r) for r in regions}
        assert boards == {r: reference_board(session, r) for r in regions}
    assert sum(1 for board in boards.values() if board) > 5

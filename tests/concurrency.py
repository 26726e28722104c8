"""Two writers at once, and what they leave shown: for the price-write tests and the bench."""

import threading
from collections.abc import Callable
from typing import Any

from sqlalchemy import Engine, select

from scrapindex.models import CurrentPrice
from scrapindex.queries.current_prices import refresh_current_prices


def shown(db: Engine) -> list[tuple[Any, ...]]:
    with db.connect() as connection:
        rows = connection.execute(select(CurrentPrice).order_by("material_id", "city_id"))
        return [tuple(row) for row in rows]


def rebuilt(db: Engine) -> list[tuple[Any, ...]]:
    """What one writer alone would leave shown: current_prices made whole from the history."""
    with db.connect() as connection, connection.begin() as transaction:
        refresh_current_prices(connection)
        rows = connection.execute(select(CurrentPrice).order_by("material_id", "city_id"))
        result = [tuple(row) for row in rows]
        transaction.rollback()
    return result


def at_once(*writers: Callable[[], Any]) -> list[Any]:
    """Run the writers in threads released together; their results (or what they raised)."""
    start = threading.Barrier(len(writers))
    results: list[Any] = [None] * len(writers)

    def run(index: int, writer: Callable[[], Any]) -> None:
        start.wait()
        try:
            results[index] = writer()
        except Exception as error:  # reported below, as the test's failure
            results[index] = error

    threads = [threading.Thread(target=run, args=item) for item in enumerate(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results

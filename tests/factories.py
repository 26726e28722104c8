"""Rows for tests that need one the demo generator does not make, built on the models.

Everything else comes from the demo data set itself (tests.conftest seeds it): a test names a
demo city or material rather than typing a copy of one.
"""

from typing import Any

from sqlalchemy import Connection, insert, select

from scrapindex.models import City, ScrapYard, Source


def add_yard(connection: Connection, city_slug: str, **values: Any) -> int:
    """A scrap yard in a demo city, open weekdays 08:00-17:00 unless ``values`` say otherwise."""
    city = connection.execute(select(City).where(City.slug == city_slug)).one()
    source_id = connection.execute(select(Source.id).order_by(Source.id)).scalars().first()
    row: dict[str, Any] = {
        "city_id": city.id,
        "name": f"Test Metals {city.name}",
        "address": f"1 Test Road, {city.name}",
        "latitude": city.latitude,
        "longitude": city.longitude,
        "rating": 4.0,
        "review_count": 3,
        "weekly_hours": [{"day": day, "opens": "08:00", "closes": "17:00"} for day in range(5)],
        "source_id": source_id,
        **values,
    }
    yard_id: int = connection.execute(
        insert(ScrapYard).values(row).returning(ScrapYard.id)
    ).scalar_one()
    return yard_id

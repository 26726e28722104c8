"""What the moderation tests share: an app over a database of the test's own, sellers, decisions.

Reports and corrections change published data, so these tests never write to the shared demo
database: each gets a fresh clone (``fresh_database``) and an app over it.
"""

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import httpx2 as httpx
from fastapi.testclient import TestClient
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from scrapindex.app import create_app
from scrapindex.cache.revision import CHECK_SECONDS
from scrapindex.models import PriceReport
from scrapindex.settings import Settings
from tests.clock import ManualClock
from tests.conftest import CONTENT_DIR

CITY, MATERIAL = "cape-town", "copper-1"  # the demo's current price: R151.53/kg
CITY_YARD, OTHER_CITY_YARD = 25, 1  # a Cape Town yard; a Johannesburg one


class EveryCallFresh(ManualClock):
    """A clock one revision check further on at every reading: each request sees the newest
    data revision, as if a second passed between calls, so no answer is served from before a
    write the test just made."""

    def __call__(self) -> float:
        self.advance(CHECK_SECONDS)
        return self.time


@contextmanager
def app_client(engine: Engine, **changes: Any) -> Iterator[TestClient]:
    settings = Settings(
        database_url=engine.url.render_as_string(hide_password=False),
        content_dir=CONTENT_DIR,
        data_dir=Path("/nonexistent"),
        page_rate_limit_per_minute=0,
        **changes,
    )
    with TestClient(create_app(settings, clock=EveryCallFresh())) as client:
        yield client


def seller(client: TestClient, number: int) -> TestClient:
    """Another visitor of the same app (its own address, so its own rate limit)."""
    return TestClient(client.app, client=(f"seller-{number}", 50000))


def city_today(time_zone: str = "Africa/Johannesburg") -> dt.date:
    return dt.datetime.now(ZoneInfo(time_zone)).date()


def report_body(**changes: Any) -> dict[str, Any]:
    return {"materialSlug": MATERIAL, "citySlug": CITY, "price": 150, "unit": "kg", **changes}


def send_report(client: TestClient, **changes: Any) -> httpx.Response:
    return client.post("/api/price-reports", json=report_body(**changes))


def report_ids(engine: Engine) -> list[int]:
    """Every stored report, oldest first."""
    with engine.connect() as connection:
        return list(connection.scalars(select(PriceReport.id).order_by(PriceReport.id)))


def stored_report(engine: Engine, report_id: int) -> PriceReport:
    with Session(engine) as session:
        return session.get_one(PriceReport, report_id)


def decide(
    client: TestClient,
    headers: dict[str, str],
    report_id: int,
    decision: str = "approve",
    reason: str | None = None,
) -> httpx.Response:
    body = {} if reason is None else {"reason": reason}
    return client.post(
        f"/api/admin/price-reports/{report_id}/{decision}", json=body, headers=headers
    )


def summary(client: TestClient, city: str = CITY, material: str = MATERIAL) -> dict[str, Any]:
    response = client.get(f"/api/price-reports?citySlug={city}&materialSlug={material}")
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def series_row(client: TestClient, city: str = CITY, material: str = MATERIAL) -> dict[str, Any]:
    """The series' row of the city's price board."""
    rows = client.get(f"/api/cities/{city}/prices").json()
    (row,) = [r for r in rows if r["material"]["slug"] == material]
    answer: dict[str, Any] = row
    return answer


def money(value: Decimal) -> str:
    return f"{value:.2f}"

"""The bulk API for key holders: a country's current prices (JSON and CSV, the same rows), a
series' stored history and a country's yards, paged, in the OpenAPI document with the bearer
scheme; and the developers' request for a key, which reaches the operators' inbox."""

import csv
import datetime as dt
import io
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, func, select, update
from sqlalchemy.orm import Session

from scrapindex.api_keys.keys import create_key
from scrapindex.data.feeds.ea_register import REGISTER
from scrapindex.mail.notifications import OPERATOR_KIND
from scrapindex.models import (
    City,
    ContactMessage,
    CurrentPrice,
    Material,
    OutboxMessage,
    Price,
    ScrapYard,
    Source,
    YardLicence,
)
from tests.moderation import app_client


@pytest.fixture(scope="module")
def key(engine: Engine) -> dict[str, str]:
    """A key on the shared database (reads only: its use is counted in bookkeeping tables)."""
    with Session(engine) as session:
        made = create_key(session, name="Bulk tests", per_day=10**6, per_minute=10**6, by=None)
        session.commit()
        return {"Authorization": f"Bearer {made.secret}"}


def get(client: TestClient, url: str, key: dict[str, str]) -> Any:
    answer = client.get(url, headers=key)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_country_prices_json_and_csv_agree(
    client: TestClient, engine: Engine, key: dict[str, str]
) -> None:
    with Session(engine) as session:
        board = session.execute(
            select(func.count())
            .select_from(CurrentPrice)
            .join(City, City.id == CurrentPrice.city_id)
            .where(City.country_code == "ZA")
        ).scalar_one()
    first = get(client, "/api/bulk/countries/za/prices?pageSize=40", key)
    assert first["pagination"]["total"] == board > 40
    second = get(client, "/api/bulk/countries/ZA/prices?pageSize=40&page=2", key)
    assert {(r["citySlug"], r["materialSlug"]) for r in first["data"]}.isdisjoint(
        (r["citySlug"], r["materialSlug"]) for r in second["data"]
    )
    row = first["data"][0]
    assert set(row) == {"city", "citySlug", "material", "materialSlug", "price", "unit",
                        "currency", "kind", "source", "date", "stale"}  # fmt: skip
    assert row["kind"] == "demo"
    assert row["currency"] == "ZAR"

    as_csv = client.get("/api/bulk/countries/za/prices.csv?pageSize=40", headers=key)
    assert as_csv.status_code == 200
    assert as_csv.headers["content-type"].startswith("text/csv")
    assert as_csv.headers["X-Total-Count"] == str(board)
    assert 'page=2>; rel="next"' in as_csv.headers["Link"]
    rows = list(csv.DictReader(io.StringIO(as_csv.text)))
    from_csv = [
        (r["city_slug"], r["material_slug"], r["price"], r["kind"], r["date"]) for r in rows
    ]
    assert from_csv == [
        (r["citySlug"], r["materialSlug"], r["price"], r["kind"], r["date"]) for r in first["data"]
    ]

    assert client.get("/api/bulk/countries/xx/prices", headers=key).status_code == 404
    assert client.get("/api/bulk/countries/za/prices?pageSize=1001", headers=key).status_code == 422
    assert client.get("/api/bulk/countries/za/prices.csv").status_code == 401


def test_series_history_is_the_stored_days(
    client: TestClient, engine: Engine, key: dict[str, str]
) -> None:
    with Session(engine) as session:
        stored = session.execute(
            select(Price.price_date, Price.price_per_kg)
            .join(City, City.id == Price.city_id)
            .join(Material, Material.id == Price.material_id)
            .where(City.slug == "johannesburg", Material.slug == "copper")
            .order_by(Price.price_date)
        ).all()
    url = "/api/bulk/series?city=johannesburg&material=copper&pageSize=1000"
    whole = get(client, url, key)
    assert [(d["date"], d["price"]) for d in whole["data"]] == [
        (day.isoformat(), f"{price:.4f}") for day, price in stored
    ]
    assert whole["unit"] == "kg"
    start, end = stored[5][0].isoformat(), stored[9][0].isoformat()
    part = get(client, f"{url}&from={start}&to={end}", key)
    assert [d["date"] for d in part["data"]] == [day.isoformat() for day, _ in stored[5:10]]
    backwards = client.get(f"{url}&from={end}&to={start}", headers=key)
    assert backwards.status_code == 422
    missing = client.get("/api/bulk/series?city=atlantis&material=copper", headers=key)
    assert missing.status_code == 404


def test_country_yards(client: TestClient, engine: Engine, key: dict[str, str]) -> None:
    with Session(engine) as session:
        listed = session.execute(
            select(func.count())
            .select_from(ScrapYard)
            .join(City)
            .where(City.country_code == "GB", ScrapYard.left_source_at.is_(None))
        ).scalar_one()
    page = get(client, "/api/bulk/countries/gb/yards?pageSize=10", key)
    assert page["pagination"]["total"] == listed > 10
    assert len(page["data"]) == 10
    assert {row["sourceKind"] for row in page["data"]} == {"demo"}
    assert page["attribution"] == []  # no OpenStreetMap yard among them


def test_openapi_declares_the_bearer_scheme(client: TestClient) -> None:
    document = client.get("/api/openapi.json").json()
    assert "## Getting started" in document["info"]["description"]
    assert 'curl -H "Authorization: Bearer $SCRAPINDEX_KEY"' in document["info"]["description"]
    assert document["components"]["securitySchemes"]["ApiKey"] == {
        "type": "http",
        "scheme": "bearer",
        "bearerFormat": "sk_live_…",
        "description": "An API key from the ScrapIndex team (ask at /contact#developers)",
    }
    bulk = [op for path, ops in document["paths"].items() if path.startswith("/api/bulk/")
            for op in ops.values()]  # fmt: skip
    assert len(bulk) == 4
    assert all(op["security"] == [{"ApiKey": []}] and "401" in op["responses"] for op in bulk)


def test_api_access_request_reaches_the_inbox(db: Engine) -> None:
    body = {
        "name": "Lerato Dube",
        "email": "lerato@example.org",
        "company": "Dube Metals",
        "intendedUse": "Copper prices in our buying app",
        "requestsPerDay": 2000,
    }
    with app_client(db, operator_email="ops@scrapindex.example") as site:
        sent = site.post("/api/api-access-requests", json=body)
        assert sent.status_code == 201, sent.text
        assert (
            site.post("/api/api-access-requests", json={**body, "requestsPerDay": 0}).status_code
            == 422
        )
        trap = site.post("/api/api-access-requests", json={**body, "website": "x"})
        assert trap.status_code == 400
    with Session(db) as session:
        message = session.scalars(select(ContactMessage)).one()
        notice = session.scalars(
            select(OutboxMessage).where(OutboxMessage.kind == OPERATOR_KIND)
        ).one()
    assert (message.category, message.subject) == ("api", "API access request: Dube Metals")
    assert "Expected requests per day: 2000" in message.message
    assert "Copper prices in our buying app" in message.message
    assert notice.to_address == "ops@scrapindex.example"


def test_yard_rows_carry_a_confirmed_licence_only(db: Engine) -> None:
    with Session(db) as session:
        yards = session.scalars(
            select(ScrapYard.id).join(City).where(City.country_code == "GB").order_by(ScrapYard.id)
        ).all()
        for yard_id, status in ((yards[0], "confirmed"), (yards[1], "proposed")):
            session.add(
                YardLicence(
                    register=REGISTER,
                    register_no=f"EAWML{yard_id}",
                    licence_type="site",
                    holder_name="Ironclad Metals Ltd",
                    checked_on=dt.date(2026, 11, 1),
                    expires_on=dt.date(2029, 1, 1),
                    yard_id=yard_id,
                    status=status,
                )
            )
        made = create_key(session, name="Licences", per_day=100, per_minute=100, by=None)
        session.commit()
    with app_client(db) as site:
        rows = get(
            site,
            "/api/bulk/countries/gb/yards?pageSize=2",
            {"Authorization": f"Bearer {made.secret}"},
        )["data"]
    confirmed, proposed = rows
    assert confirmed["licence"]["registerNo"] == f"EAWML{yards[0]}"
    assert confirmed["licence"]["attribution"].startswith("Contains Environment Agency information")
    assert proposed["licence"] is None


def test_csv_text_a_spreadsheet_would_run_stays_text(db: Engine) -> None:
    """A feed names its source freely: a name starting like a formula is written as text."""
    with Session(db) as session:
        made = create_key(session, name="CSV", per_day=100, per_minute=100, by=None)
        session.execute(
            update(Source).where(Source.kind == "demo").values(name='=HYPERLINK("http://x")')
        )
        session.commit()
    with app_client(db) as client:
        answer = client.get(
            "/api/bulk/countries/za/prices.csv?pageSize=1",
            headers={"Authorization": f"Bearer {made.secret}"},
        )
    assert answer.status_code == 200, answer.text
    (row,) = csv.DictReader(io.StringIO(answer.text))
    assert row["source"] == '\'=HYPERLINK("http://x")'

"""The console's operations: contact inbox, subscribers, import runs, data check and summary."""

import csv
import datetime as dt
import io
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from scrapindex.app import create_app
from scrapindex.auth.sessions import CSRF_HEADER
from scrapindex.data.check import check_data
from scrapindex.data.imports.runs import recorded_import
from scrapindex.models import (
    AuditEntry,
    City,
    ContactMessage,
    Material,
    NewsletterSubscription,
    Price,
    PriceReport,
    ScrapYard,
    YardSuggestion,
)
from scrapindex.settings import Settings
from tests.conftest import CONTENT_DIR
from tests.operators import add_operator, log_in

FIXTURES = Path(__file__).parents[1] / "fixtures" / "imports"
NOW = dt.datetime.now(dt.UTC).replace(microsecond=0)
Headers = dict[str, str]


@pytest.fixture
def settings(db: Engine, tmp_path: Path) -> Settings:
    url = db.url.render_as_string(hide_password=False)
    return Settings(database_url=url, content_dir=CONTENT_DIR, data_dir=tmp_path / "data")


@pytest.fixture
def site(settings: Settings) -> Iterator[TestClient]:
    """The app with a data folder of its own, for the import runs' kept files."""
    with TestClient(create_app(settings)) as client:
        yield client


@pytest.fixture
def admin(db: Engine, site: TestClient) -> Headers:
    return log_in(site, add_operator(db, "admin"))


def without_csrf(headers: Headers) -> Headers:
    return {name: value for name, value in headers.items() if name != CSRF_HEADER}


def add_rows(db: Engine, *rows: Any) -> list[int]:
    with Session(db) as session:
        session.add_all(rows)
        session.commit()
        return [row.id for row in rows]


def contact_message(subject: str, minutes_ago: int) -> ContactMessage:
    return ContactMessage(
        name="Thandi",
        email="thandi@example.com",
        category="prices",
        subject=subject,
        message="Your copper price in Soweto is out of date.",
        client_hash="c" * 64,
        created_at=NOW - dt.timedelta(minutes=minutes_ago),
    )


def subscriber(email: str, minutes_ago: int, *, confirmed: bool = True) -> NewsletterSubscription:
    """A sign-up; only a confirmed one is a subscriber (double opt-in)."""
    created_at = NOW - dt.timedelta(minutes=minutes_ago)
    return NewsletterSubscription(
        email=email,
        client_hash="s" * 64,
        created_at=created_at,
        confirmed_at=created_at + dt.timedelta(minutes=1) if confirmed else None,
    )


def audit_entries(db: Engine, action: str) -> list[AuditEntry]:
    with Session(db) as session:
        query = select(AuditEntry).where(AuditEntry.action == action).order_by(AuditEntry.id)
        return list(session.scalars(query))


CONSOLE_CALLS = [
    ("GET", "/api/admin/summary"),
    ("GET", "/api/admin/contact-messages"),
    ("POST", "/api/admin/contact-messages/1/handled"),
    ("GET", "/api/admin/newsletter-subscribers"),
    ("GET", "/api/admin/newsletter-subscribers.csv"),
    ("DELETE", "/api/admin/newsletter-subscribers/1"),
    ("GET", "/api/admin/import-runs"),
    ("GET", "/api/admin/import-runs/1"),
    ("POST", "/api/admin/import-runs/1/override"),
    ("GET", "/api/admin/data-check"),
]


@pytest.mark.parametrize(("method", "url"), CONSOLE_CALLS)
def test_every_operation_needs_a_session(client: TestClient, method: str, url: str) -> None:
    response = client.request(method, url, json={"handled": True})
    assert response.status_code == 401
    assert response.json() == {"message": "Log in to continue."}


def test_the_contact_inbox_lists_newest_first_and_marks_messages_handled(
    db: Engine, site: TestClient, moderator: Headers
) -> None:
    old, new = add_rows(db, contact_message("Old", 60), contact_message("New", 5))
    listed = site.get("/api/admin/contact-messages", headers=moderator)
    assert listed.status_code == 200
    assert listed.headers["cache-control"] == "private, no-store"
    body = listed.json()
    assert [m["id"] for m in body["data"]] == [new, old]
    assert body["pagination"] == {"page": 1, "pages": 1, "total": 2, "limit": 25}
    assert body["data"][0] == {
        "id": new,
        "name": "Thandi",
        "email": "thandi@example.com",
        "category": "prices",
        "subject": "New",
        "message": "Your copper price in Soweto is out of date.",
        "createdAt": body["data"][0]["createdAt"],
        "handledAt": None,
        "handledBy": None,
    }

    url = f"/api/admin/contact-messages/{old}/handled"
    handled = site.post(url, json={"handled": True}, headers=moderator)
    assert handled.status_code == 200, handled.text
    assert handled.json()["handledBy"].startswith("moderator-")
    assert handled.json()["handledAt"] is not None
    unhandled = site.get("/api/admin/contact-messages?handled=false", headers=moderator).json()
    assert [m["id"] for m in unhandled["data"]] == [new]
    done = site.get("/api/admin/contact-messages?handled=true", headers=moderator).json()
    assert [(m["id"], m["handledBy"]) for m in done["data"]] == [(old, handled.json()["handledBy"])]

    again = site.post(url, json={"handled": True}, headers=moderator)
    assert again.json()["handledAt"] == handled.json()["handledAt"]  # still handled first then
    reopened = site.post(url, json={"handled": False}, headers=moderator)
    assert (reopened.json()["handledAt"], reopened.json()["handledBy"]) == (None, None)

    entries = audit_entries(db, "contact-message.handled")
    assert len(entries) == 2  # marking a handled message handled again changes nothing
    assert (entries[0].entity_type, entries[0].entity_id) == ("contact_message", str(old))
    assert entries[0].before == {"handledAt": None, "handledBy": None}
    assert entries[0].after == {
        "handledAt": handled.json()["handledAt"].replace("Z", "+00:00"),
        "handledBy": handled.json()["handledBy"],
    }
    assert entries[1].after == {"handledAt": None, "handledBy": None}
    unknown = site.post(
        "/api/admin/contact-messages/999999/handled", json={"handled": True}, headers=moderator
    )
    assert unknown.status_code == 404


def test_state_changes_need_the_csrf_token(db: Engine, site: TestClient, admin: Headers) -> None:
    (message,) = add_rows(db, contact_message("Hello", 1))
    (reader,) = add_rows(db, subscriber("reader@example.com", 1))
    calls = [
        ("POST", f"/api/admin/contact-messages/{message}/handled"),
        ("DELETE", f"/api/admin/newsletter-subscribers/{reader}"),
        ("POST", "/api/admin/import-runs/1/override"),
    ]
    for headers in (without_csrf(admin), {**admin, CSRF_HEADER: "forged"}):
        for method, url in calls:
            response = site.request(method, url, json={"handled": True}, headers=headers)
            assert response.status_code == 403, (method, url)
    with Session(db) as session:
        assert session.get_one(ContactMessage, message).handled_at is None
        assert session.get(NewsletterSubscription, reader) is not None
    assert not audit_entries(db, "contact-message.handled")


def test_subscribers_are_listed_searched_exported_and_removed(
    db: Engine, site: TestClient, moderator: Headers
) -> None:
    ids = add_rows(
        db,
        subscriber("ana@example.com", 30),
        subscriber("ben@scrap.example", 20),
        subscriber("=cmd@example.com", 10),
        subscriber("unconfirmed@scrap.example", 5, confirmed=False),  # never listed
    )
    page = site.get("/api/admin/newsletter-subscribers?limit=2", headers=moderator).json()
    assert [s["email"] for s in page["data"]] == ["=cmd@example.com", "ben@scrap.example"]
    assert page["pagination"] == {"page": 1, "pages": 2, "total": 3, "limit": 2}
    found = site.get("/api/admin/newsletter-subscribers?q=SCRAP.", headers=moderator).json()
    assert [(s["id"], s["email"]) for s in found["data"]] == [(ids[1], "ben@scrap.example")]
    none = site.get("/api/admin/newsletter-subscribers?q=%25", headers=moderator).json()
    assert none["data"] == []  # % is a character to find, not a wildcard

    export = site.get("/api/admin/newsletter-subscribers.csv", headers=moderator)
    assert export.status_code == 200
    assert export.headers["content-type"] == "text/csv; charset=utf-8"
    assert export.headers["content-disposition"] == (
        'attachment; filename="newsletter-subscribers.csv"'
    )
    rows = list(csv.reader(io.StringIO(export.text)))
    assert rows[0] == ["email", "subscribed_at"]
    assert [row[0] for row in rows[1:]] == [
        "ana@example.com",
        "ben@scrap.example",
        "'=cmd@example.com",
    ]
    assert dt.datetime.fromisoformat(rows[1][1]) == NOW - dt.timedelta(minutes=30)

    url = f"/api/admin/newsletter-subscribers/{ids[0]}"
    removed = site.delete(url, headers=moderator)
    assert (removed.status_code, removed.content) == (204, b"")
    assert site.delete(url, headers=moderator).status_code == 404
    left = site.get("/api/admin/newsletter-subscribers", headers=moderator).json()
    assert left["pagination"]["total"] == 2
    (entry,) = audit_entries(db, "newsletter-subscriber.remove")
    assert (entry.entity_id, entry.after) == (str(ids[0]), None)
    assert entry.before is not None
    assert entry.before["email"] == "ana@example.com"


def test_import_runs_are_listed_and_an_admin_overrides_outliers(
    db: Engine, site: TestClient, settings: Settings, moderator: Headers, admin: Headers
) -> None:
    bad = recorded_import(db, "prices", FIXTURES / "prices_unknown_city.csv", trigger="cli").run_id
    outliers = recorded_import(
        db, "prices", FIXTURES / "prices_outlier.csv", trigger="inbox"
    ).run_id

    listed = site.get("/api/admin/import-runs", headers=moderator).json()
    assert [(r["id"], r["status"], r["canOverride"]) for r in listed["data"]] == [
        (outliers, "outliers", True),
        (bad, "rejected", False),
    ]
    first = listed["data"][0]
    assert first["fileName"] == "prices_outlier.csv"
    assert (first["trigger"], first["rows"], first["outliers"], first["problemCount"]) == (
        "inbox", 3, 2, 2
    )  # fmt: skip
    assert "problems" not in first
    detail = site.get(f"/api/admin/import-runs/{bad}", headers=moderator).json()
    assert detail["problems"] == ["line 3: unknown city 'atlantis'"]
    assert site.get("/api/admin/import-runs/999999", headers=moderator).status_code == 404

    url = f"/api/admin/import-runs/{outliers}/override"
    forbidden = site.post(url, headers=moderator)
    assert forbidden.status_code == 403
    done = site.post(url, headers=admin)
    assert done.status_code == 200, done.text
    assert (done.json()["id"], done.json()["status"], done.json()["canOverride"]) == (
        outliers, "overridden", False
    )  # fmt: skip
    assert len(done.json()["problems"]) == 2  # what it was refused for, kept
    assert london_copper(db) == Decimal("67.10")
    (entry,) = audit_entries(db, "import-run.override")
    assert entry.actor.startswith("admin-")

    again = site.post(url, headers=admin)
    assert again.status_code == 409
    assert "overridden" in again.json()["message"]
    rejected = site.post(f"/api/admin/import-runs/{bad}/override", headers=admin)
    assert rejected.status_code == 409
    assert site.post("/api/admin/import-runs/999999/override", headers=admin).status_code == 404
    runs = site.get("/api/admin/import-runs", headers=admin).json()
    newest = runs["data"][0]
    assert (newest["trigger"], newest["status"], newest["fileName"]) == (
        "console", "imported", f"{outliers}-prices_outlier.csv"
    )  # fmt: skip


def london_copper(db: Engine) -> Decimal | None:
    with Session(db) as session:
        return session.scalar(
            select(Price.price_per_kg)
            .join(City, City.id == Price.city_id)
            .join(Material, Material.id == Price.material_id)
            .where(
                City.slug == "london",
                Material.slug == "copper",
                Price.price_date == dt.date(2026, 4, 1),
            )
        )


def test_the_data_check_answers_what_the_command_says(
    site: TestClient, settings: Settings, db: Engine, moderator: Headers
) -> None:
    response = site.get("/api/admin/data-check", headers=moderator)
    assert response.status_code == 200
    body = response.json()
    expected = check_data(
        db, CONTENT_DIR, today=dt.datetime.now(dt.UTC).date(), stale_days=7
    ).as_dict()
    assert isinstance(body.pop("seconds"), float)
    del expected["seconds"]
    assert body == expected
    assert body["findings"]  # the demo set ends on 2026-03-31: its prices are stale by now
    assert set(body["findings"][0]) == {"level", "code", "message", "count", "examples"}


def test_the_summary_counts_what_waits(
    db: Engine, site: TestClient, settings: Settings, moderator: Headers
) -> None:
    with Session(db) as session:
        city = session.scalars(select(City).where(City.slug == "london")).one()
        material = session.scalars(select(Material).where(Material.slug == "copper")).one()
        yard = session.scalars(select(ScrapYard).order_by(ScrapYard.id).limit(1)).one()
        ids = (city.id, material.id, yard.id)
    add_rows(
        db,
        price_report(*ids, status="pending", flagged=True),
        price_report(*ids, status="pending", flagged=False),
        price_report(*ids, status="approved", flagged=True),
        yard_suggestion(ids[2], "pending"),
        yard_suggestion(ids[2], "rejected"),
        contact_message("Open", 3),
        contact_message("Done", 4),
        subscriber("one@example.com", 1),
        subscriber("unconfirmed@example.com", 1, confirmed=False),
    )
    with Session(db) as session:
        done = session.scalars(select(ContactMessage).where(ContactMessage.subject == "Done")).one()
        done.handled_at = NOW
        session.commit()
    recorded_import(db, "prices", FIXTURES / "prices_outlier.csv", trigger="cli")
    summary = site.get("/api/admin/summary", headers=moderator)
    assert summary.status_code == 200
    assert summary.json() == {
        "pendingReports": 2,
        "flaggedReports": 1,
        "pendingSuggestions": 1,
        "unhandledMessages": 1,
        "subscribers": 1,
        "runsAwaitingOverride": 1,
    }


def price_report(
    city_id: int, material_id: int, yard_id: int, *, status: str, flagged: bool
) -> PriceReport:
    return PriceReport(
        material_id=material_id,
        city_id=city_id,
        yard_id=yard_id,
        price=Decimal("6.50"),
        unit="kg",
        currency="GBP",
        price_per_kg=Decimal("6.50"),
        report_date=NOW.date(),
        client_hash="r" * 64,
        status=status,
        flagged=flagged,
        created_at=NOW,
    )


def yard_suggestion(yard_id: int, status: str) -> YardSuggestion:
    return YardSuggestion(
        yard_id=yard_id,
        changes={"phone": "020 7946 0000"},
        email="seller@example.com",
        client_hash="y" * 64,
        status=status,
        created_at=NOW,
    )

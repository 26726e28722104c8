"""Contact and newsletter forms: validation, storage, honeypot, rate limits, duplicates."""

import datetime as dt
import itertools
import re
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, func, insert, select, update

from scrapindex.api.contact import MESSAGES_PER_MINUTE
from scrapindex.api.newsletter import CHECK_INBOX
from scrapindex.models import ContactMessage, NewsletterSubscription

VALID = {
    "name": "Thandi Mokoena",
    "email": "thandi@example.org",
    "subject": "Copper prices in Pretoria",
    "category": "data",
    "message": "Do you track #2 copper in Pretoria?",
}


VISITOR_NUMBERS = itertools.count(1)


@pytest.fixture
def visitor(client: TestClient) -> TestClient:
    """A client with an address of its own: its rate window starts empty, whatever ran before.

    The shared app, without a lifespan of its own (that would close the app's engine)."""
    return TestClient(client.app, client=(f"visitor-{next(VISITOR_NUMBERS)}", 50000))


def messages_with_subject(engine: Engine, subject: str) -> int:
    with engine.connect() as conn:
        return conn.execute(
            select(func.count()).where(ContactMessage.subject == subject)
        ).scalar_one()


def recent_messages(engine: Engine) -> int:
    since = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=1)
    with engine.connect() as conn:
        return conn.execute(
            select(func.count()).where(ContactMessage.created_at >= since)
        ).scalar_one()


def test_contact_message_is_stored(visitor: TestClient, engine: Engine) -> None:
    subject = f"Stored check {dt.datetime.now(dt.UTC).timestamp()}"
    response = visitor.post("/api/contact", json={**VALID, "subject": subject})
    assert response.status_code == 201
    assert response.json() == {
        "message": "Thank you for contacting us. We'll respond within 24 hours."
    }
    with engine.connect() as conn:
        row = conn.execute(select(ContactMessage).where(ContactMessage.subject == subject)).one()
    assert row.email == "thandi@example.org"
    assert row.category == "data"
    assert len(row.client_hash) == 64


@pytest.mark.parametrize(
    "change",
    [
        {"name": ""},
        {"email": "not-an-email"},
        {"subject": ""},
        {"message": ""},
        {"category": "gossip"},
        {"message": "x" * 5001},
        {"name": None},
        # name and subject go into mail headers later: one line, something visible
        {"subject": "Hello\r\nBcc: everyone@example.org"},
        {"subject": "Hello\nthere"},
        {"name": "Thandi\rMokoena"},
        {"name": "Thandi\tMokoena"},
        {"subject": "Next\x85line"},
        {"subject": "Line\u2028separator"},
        {"name": "\u200b\u200d\ufeff"},
        {"name": " \u3164 "},
        # RFC 5321: 64 characters before the @, 254 in all
        {"email": "a" * 65 + "@example.org"},
        {"email": "a@" + "b" * 250 + ".org"},
    ],
)
def test_contact_validation(client: TestClient, engine: Engine, change: dict[str, Any]) -> None:
    before = recent_messages(engine)
    response = client.post("/api/contact", json={**VALID, **change})
    assert response.status_code == 422
    assert response.json()["message"].startswith("Invalid request: ")
    assert recent_messages(engine) == before


def test_contact_text_at_the_limits_is_kept(visitor: TestClient, engine: Engine) -> None:
    subject = f"Limits check {dt.datetime.now(dt.UTC).timestamp()}"
    response = visitor.post(
        "/api/contact",
        json={
            **VALID,
            "name": "\u200b Zoë Ødegård-Nkosi \u200d",
            "email": "a" * 64 + "@example.org",
            "subject": f"  {subject}  ",
        },
    )
    assert response.status_code == 201
    with engine.connect() as conn:
        row = conn.execute(select(ContactMessage).where(ContactMessage.subject == subject)).one()
    assert row.name == "Zoë Ødegård-Nkosi"
    assert row.email == "a" * 64 + "@example.org"


def test_the_schema_says_what_header_text_refuses(client: TestClient) -> None:
    fields = client.get("/api/openapi.json").json()["components"]["schemas"]["ContactCreate"]
    name, subject = fields["properties"]["name"], fields["properties"]["subject"]
    assert name["pattern"] == subject["pattern"]
    pattern = re.compile(name["pattern"])
    assert pattern.match("Thandi Mokoena")
    for refused in ("Thandi\r\nBcc: x", "\u200b\u200b", "tab\there", "   "):
        assert not pattern.match(refused), refused
    email = fields["properties"]["email"]
    assert email["maxLength"] == 254
    assert re.match(email["pattern"], "a" * 64 + "@example.org")
    assert not re.match(email["pattern"], "a" * 65 + "@example.org")


def test_contact_missing_fields_and_bad_json(client: TestClient) -> None:
    assert client.post("/api/contact", json={"name": "x"}).status_code == 422
    bad = client.post(
        "/api/contact", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert bad.status_code == 422


def test_contact_honeypot_is_refused(client: TestClient, engine: Engine) -> None:
    before = recent_messages(engine)
    response = client.post("/api/contact", json={**VALID, "website": "http://spam.example"})
    assert response.status_code == 400
    assert recent_messages(engine) == before


def test_contact_rate_limit(visitor: TestClient, engine: Engine) -> None:
    message = {**VALID, "subject": f"Rate check {dt.datetime.now(dt.UTC).timestamp()}"}
    for _ in range(5):
        assert visitor.post("/api/contact", json=message).status_code == 201
    refused = visitor.post("/api/contact", json=message)
    assert refused.status_code == 429
    assert refused.headers["retry-after"] == "60"
    assert "wait a minute" in refused.json()["message"]
    assert messages_with_subject(engine, message["subject"]) == 5


def test_newsletter_sign_up_and_duplicates(client: TestClient, engine: Engine) -> None:
    """A sign-up waits for its confirmation (tests/integration/test_newsletter.py): asking
    again says the same; once confirmed, the same client is told it is subscribed."""
    email = f"reader-{dt.datetime.now(dt.UTC).timestamp()}@example.org"
    first = client.post("/api/newsletter", json={"email": email})
    again = client.post("/api/newsletter", json={"email": email.upper()})
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json() == {"message": CHECK_INBOX}
    with engine.begin() as conn:
        stored = conn.execute(
            select(func.count()).where(NewsletterSubscription.email == email)
        ).scalar_one()
        conn.execute(
            update(NewsletterSubscription)
            .where(NewsletterSubscription.email == email)
            .values(confirmed_at=dt.datetime.now(dt.UTC))
        )
    assert stored == 1
    confirmed = client.post("/api/newsletter", json={"email": email})
    assert confirmed.json() == {"message": "You're already subscribed."}  # the same client


def test_newsletter_validation_and_honeypot(client: TestClient) -> None:
    assert client.post("/api/newsletter", json={"email": "nope"}).status_code == 422
    assert client.post("/api/newsletter", json={}).status_code == 422
    spam = client.post("/api/newsletter", json={"email": "a@example.org", "website": "x"})
    assert spam.status_code == 400


def test_a_sign_up_by_someone_else_is_not_revealed(client: TestClient, engine: Engine) -> None:
    email = f"other-{dt.datetime.now(dt.UTC).timestamp()}@example.org"
    with engine.begin() as conn:
        conn.execute(
            insert(NewsletterSubscription).values(
                email=email,
                client_hash="another client",
                created_at=dt.datetime.now(dt.UTC),
                confirmed_at=dt.datetime.now(dt.UTC),
            )
        )
    answer = client.post("/api/newsletter", json={"email": email})
    assert answer.status_code == 200
    assert answer.json() == {"message": CHECK_INBOX}


def test_a_burst_of_messages_is_counted_one_after_the_other(
    visitor: TestClient, engine: Engine
) -> None:
    """Posts sent at once each count against the limit: counted before any was stored, 8 of a
    burst got in where the limit is 5."""
    subject = f"Burst {next(VISITOR_NUMBERS)}"
    with ThreadPoolExecutor(max_workers=16) as pool:
        codes = list(
            pool.map(
                lambda _: (
                    visitor.post("/api/contact", json={**VALID, "subject": subject}).status_code
                ),
                range(16),
            )
        )
    assert codes.count(201) == MESSAGES_PER_MINUTE
    assert codes.count(429) == 16 - MESSAGES_PER_MINUTE
    assert messages_with_subject(engine, subject) == MESSAGES_PER_MINUTE

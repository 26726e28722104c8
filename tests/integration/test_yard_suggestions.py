"""Yard corrections: validation, nothing changes until approved, then applied with history."""

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, func, select

from scrapindex.models import YardSuggestion
from tests.moderation import CITY_YARD, seller

ACCEPTED = {
    "status": "pending",
    "message": "Thank you. A moderator will check your correction before it appears.",
}
SENDER = "thandi@example.org"


def suggest(client: TestClient, yard_id: int = CITY_YARD, **changes: Any) -> Any:
    body = {"changes": changes, "email": SENDER}
    return client.post(f"/api/scrap-yards/{yard_id}/suggestions", json=body)


def suggestion_ids(engine: Engine) -> list[int]:
    with engine.connect() as connection:
        return list(connection.scalars(select(YardSuggestion.id).order_by(YardSuggestion.id)))


def decide(
    site: TestClient, headers: dict[str, str], suggestion_id: int, decision: str, **body: str
) -> dict[str, Any]:
    response = site.post(
        f"/api/admin/yard-suggestions/{suggestion_id}/{decision}", json=body, headers=headers
    )
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def yard(site: TestClient, yard_id: int = CITY_YARD) -> dict[str, Any]:
    answer: dict[str, Any] = site.get(f"/api/scrap-yards/{yard_id}").json()
    return answer


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"changes": {}, "email": SENDER}, "changes: Value error, give at least one change"),
        ({"changes": {"hours": None}, "email": SENDER}, "give at least one change"),
        ({"changes": {"phone": "021"}}, "email: Field required"),
        ({"changes": {"phone": "021"}, "email": "nobody"}, "email: "),
        ({"changes": {"phone": "call us"}, "email": SENDER}, "changes.phone: "),
        ({"changes": {"phone": "  -  "}, "email": SENDER}, "changes.phone: "),
        ({"changes": {"website": "example.com"}, "email": SENDER}, "changes.website: "),
        (
            {"changes": {"website": "https://evil.example\\@good.example/"}, "email": SENDER},
            "changes.website: Value error, must not contain a backslash (\\): browsers read it",
        ),
        (
            {"changes": {"website": "https://user:pass@good.example/"}, "email": SENDER},
            "changes.website: Value error, must not hold a user name or password",
        ),
        (
            {"changes": {"website": "http://evil.example@good.example"}, "email": SENDER},
            "changes.website: Value error, must not hold a user name or password",
        ),
        (
            {"changes": {"website": "https://good.example\\path"}, "email": SENDER},
            "changes.website: Value error, must not contain a backslash",
        ),
        ({"changes": {"hours": "x" * 301}, "email": SENDER}, "changes.hours: "),
        ({"changes": {"address": " "}, "email": SENDER}, "changes.address: "),
        ({"changes": {"services": []}, "email": SENDER}, "changes.services: "),
        ({"changes": {"services": ["x"] * 13}, "email": SENDER}, "changes.services: "),
        ({"changes": {"services": ["x" * 61]}, "email": SENDER}, "changes.services.0: "),
        ({"changes": {"permanentlyClosed": "maybe"}, "email": SENDER}, "permanentlyClosed"),
        ({"changes": {"phone": "021"}, "email": SENDER, "note": "x" * 1001}, "note: "),
    ],
)
def test_bad_suggestions_are_refused_with_a_clear_message(
    client: TestClient, engine: Engine, body: dict[str, Any], expected: str
) -> None:
    before = suggestion_ids(engine)
    response = client.post(f"/api/scrap-yards/{CITY_YARD}/suggestions", json=body)
    assert response.status_code == 422, response.text
    assert expected in response.json()["message"]
    assert suggestion_ids(engine) == before


@pytest.mark.parametrize(
    "website",
    [
        "https://philippi-scrap.example",
        "http://philippi-scrap.example:8080/contact?from=scrapindex#hours",
        "https://social.example/@philippi-scrap",  # an @ after the host names no login
    ],
)
def test_a_plain_website_is_taken(db: Engine, site: TestClient, website: str) -> None:
    assert suggest(site, website=website).json() == ACCEPTED
    with db.connect() as connection:
        changes = connection.scalars(select(YardSuggestion.changes)).one()
    assert changes == {"website": website}


def test_an_unknown_yard_is_404(client: TestClient) -> None:
    response = suggest(client, 999_999, phone="021 555 0199")
    assert response.status_code == 404
    assert response.json() == {"message": "Scrap yard 999999 not found"}


def test_the_honeypot_refuses_quietly(db: Engine, site: TestClient) -> None:
    body = {"changes": {"phone": "021"}, "email": SENDER, "website": "http://spam.example"}
    response = site.post(f"/api/scrap-yards/{CITY_YARD}/suggestions", json=body)
    assert response.status_code == 400
    assert suggestion_ids(db) == []


def test_suggestions_are_rate_limited_per_client(db: Engine, site: TestClient) -> None:
    for number in range(5):
        assert suggest(site, phone=f"021 555 010{number}").status_code == 202
    response = suggest(site, phone="021 555 0199")
    assert response.status_code == 429
    assert response.headers["Retry-After"] == "60"
    assert suggest(seller(site, 1), phone="021 555 0199").status_code == 202


def test_an_approved_suggestion_applies_and_is_kept_as_history(
    db: Engine, site: TestClient, moderator: dict[str, str]
) -> None:
    old = yard(site)
    assert (old["services"], old["permanentlyClosed"], old["correctedAt"]) == (None, False, None)
    response = suggest(
        site,
        phone="021 555 0199",
        hours="Mo-Fr 07:00-16:00; Sa 08:00-12:00",
        services=["Copper", "Car batteries"],
        website="https://philippi-scrap.example",
    )
    assert response.status_code == 202
    assert response.json() == ACCEPTED
    assert yard(site) == old  # nothing shows before a moderator approves

    (suggestion_id,) = suggestion_ids(db)
    approved = decide(site, moderator, suggestion_id, "approve", reason="Called them")
    assert (approved["status"], approved["reviewReason"]) == ("approved", "Called them")

    new = yard(site)
    assert new["phone"] == "021 555 0199"
    assert new["website"] == "https://philippi-scrap.example"
    assert new["services"] == ["Copper", "Car batteries"]
    assert new["weeklyHours"][0] == {"day": 0, "opens": "07:00", "closes": "16:00"}
    assert [i["day"] for i in new["weeklyHours"]] == [0, 1, 2, 3, 4, 5]
    assert new["openingHours"].splitlines()[6] == "Sunday: Closed"
    assert new["correctedAt"] == approved["reviewedAt"]
    assert new["address"] == old["address"]  # not part of the correction

    (entry,) = site.get(f"/api/admin/scrap-yards/{CITY_YARD}/history", headers=moderator).json()
    assert entry["suggestionId"] == suggestion_id
    assert entry["appliedAt"] == approved["reviewedAt"]
    assert entry["appliedBy"].startswith("moderator-")
    assert entry["before"] == {
        "phone": old["phone"],
        "hours": old["openingHours"],
        "services": None,
        "website": old["website"],
    }
    assert entry["after"] == {
        "phone": "021 555 0199",
        "hours": "Mo-Fr 07:00-16:00; Sa 08:00-12:00",
        "services": ["Copper", "Car batteries"],
        "website": "https://philippi-scrap.example",
    }


def test_a_closed_yard_and_hours_that_do_not_parse(
    db: Engine, site: TestClient, moderator: dict[str, str]
) -> None:
    assert suggest(site, hours="Weekdays from sunrise, ask at the gate").status_code == 202
    assert suggest(seller(site, 1), permanentlyClosed=True).status_code == 202
    first, second = suggestion_ids(db)
    decide(site, moderator, first, "approve")
    decide(site, moderator, second, "approve")

    closed = yard(site)
    assert closed["weeklyHours"] == []
    assert closed["openingHours"] == "Weekdays from sunrise, ask at the gate"
    assert closed["permanentlyClosed"] is True
    assert closed["isOpen"] is False
    history = site.get(f"/api/admin/scrap-yards/{CITY_YARD}/history", headers=moderator).json()
    assert [entry["suggestionId"] for entry in history] == [second, first]  # newest first
    assert history[0]["before"] == {"permanentlyClosed": False}

    page = site.get(f"/scrap-yard/{CITY_YARD}")
    assert page.status_code == 200
    assert "Permanently closed" in page.text


def test_a_rejected_suggestion_leaves_the_yard_alone(
    db: Engine, site: TestClient, moderator: dict[str, str]
) -> None:
    old = yard(site)
    assert suggest(site, phone="000 000 0000", permanentlyClosed=True).status_code == 202
    (suggestion_id,) = suggestion_ids(db)
    rejected = decide(site, moderator, suggestion_id, "reject", reason="Spam")
    assert (rejected["status"], rejected["reviewReason"]) == ("rejected", "Spam")
    assert yard(site) == old
    assert site.get(f"/api/admin/scrap-yards/{CITY_YARD}/history", headers=moderator).json() == []
    with db.connect() as connection:
        before = select(func.count()).where(YardSuggestion.before.is_not(None))
        assert connection.execute(before).scalar_one() == 0

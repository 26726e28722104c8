"""Reverting an applied yard correction: the yard gets back what it replaced, only while it still
holds what the correction set; audited in the same transaction, behind a login and CSRF."""

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from scrapindex.auth.sessions import CSRF_HEADER
from scrapindex.models import AuditEntry, YardSuggestion
from tests.moderation import CITY_YARD, seller
from tests.operators import Operator

SUGGESTIONS = "/api/admin/yard-suggestions"
HISTORY = f"/api/admin/scrap-yards/{CITY_YARD}/history"


def suggest(client: TestClient, **changes: Any) -> int:
    body = {"changes": changes, "email": "thandi@example.org"}
    response = client.post(f"/api/scrap-yards/{CITY_YARD}/suggestions", json=body)
    assert response.status_code == 202, response.text
    with Session(client.app.state.engine) as session:  # type: ignore[attr-defined]
        newest = select(YardSuggestion.id).order_by(YardSuggestion.id.desc()).limit(1)
        return session.scalars(newest).one()


def approve(site: TestClient, headers: dict[str, str], suggestion_id: int) -> None:
    response = site.post(f"{SUGGESTIONS}/{suggestion_id}/approve", json={}, headers=headers)
    assert response.status_code == 200, response.text


def revert(site: TestClient, headers: dict[str, str], suggestion_id: int, **body: str) -> Any:
    return site.post(f"{SUGGESTIONS}/{suggestion_id}/revert", json=body, headers=headers)


def yard(site: TestClient) -> dict[str, Any]:
    answer: dict[str, Any] = site.get(f"/api/scrap-yards/{CITY_YARD}").json()
    return answer


def reverts(engine: Engine) -> list[AuditEntry]:
    with Session(engine) as session:
        entries = select(AuditEntry).where(AuditEntry.action == "yard-suggestion.revert")
        return list(session.scalars(entries.order_by(AuditEntry.id)))


def test_a_reverted_correction_puts_back_what_it_replaced(
    db: Engine, site: TestClient, operator: Operator, moderator: dict[str, str]
) -> None:
    old = yard(site)
    assert old["weeklyHours"]
    assert old["services"] is None
    assert old["phone"] == "021 555 0101"
    applied = suggest(
        site,
        phone="021 555 0199",
        hours="Mo-Fr 07:00-16:00; Sa 08:00-12:00",
        services=["Copper", "Car batteries"],
        website="https://philippi-scrap.example",
        permanentlyClosed=True,
    )
    approve(site, moderator, applied)
    assert yard(site)["phone"] == "021 555 0199"

    response = revert(site, moderator, applied, reason="The owner says the old number works")
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["status"] == "reverted"
    assert answer["reviewedBy"] == operator.email  # who approved it stays said
    assert (answer["revertedBy"], answer["revertReason"]) == (
        operator.email,
        "The owner says the old number works",
    )
    assert answer["revertedAt"] is not None
    assert answer["before"]["phone"] == "021 555 0101"
    assert answer["current"] == {key: answer["before"][key] for key in answer["changes"]}

    # Every field as it was, the hours as hours (open now) rather than as their text.
    assert yard(site) == old

    (entry,) = site.get(HISTORY, headers=moderator).json()
    assert (entry["suggestionId"], entry["revertedBy"]) == (applied, operator.email)
    assert entry["revertedAt"] == answer["revertedAt"]
    (audited,) = reverts(db)
    assert (audited.actor, audited.user_id, audited.entity_id) == (
        operator.email,
        operator.id,
        str(applied),
    )
    assert audited.before is not None
    assert audited.after is not None
    assert audited.before["yard"]["phone"] == "021 555 0199"
    assert audited.after["yard"] == answer["before"]
    assert audited.after["revertReason"] == "The owner says the old number works"

    listed = site.get(f"{SUGGESTIONS}?status=reverted", headers=moderator).json()["data"]
    assert [row["id"] for row in listed] == [applied]
    assert site.get(f"{SUGGESTIONS}?status=approved", headers=moderator).json()["data"] == []


def test_a_revert_is_refused_when_the_yard_changed_since(
    db: Engine, site: TestClient, moderator: dict[str, str]
) -> None:
    old = yard(site)
    first = suggest(site, phone="021 555 0111", website="https://philippi-scrap.example")
    approve(site, moderator, first)
    later = suggest(seller(site, 1), phone="021 555 0122", hours="Weekdays from sunrise")
    approve(site, moderator, later)

    refused = revert(site, moderator, first)
    assert refused.status_code == 409
    message = refused.json()["message"]
    assert message.startswith("The yard's phone changed since this correction was applied")
    assert "website" not in message
    assert yard(site)["phone"] == "021 555 0122"  # nothing moved
    assert yard(site)["website"] == "https://philippi-scrap.example"
    assert reverts(db) == []

    # The later one first, then the first: each gives back what it replaced.
    assert revert(site, moderator, later).status_code == 200
    back = yard(site)
    assert (back["phone"], back["openingHours"], back["weeklyHours"]) == (
        "021 555 0111",
        old["openingHours"],
        old["weeklyHours"],
    )
    assert revert(site, moderator, first).status_code == 200
    assert yard(site) == old
    assert [entry.entity_id for entry in reverts(db)] == [str(later), str(first)]


def test_hours_kept_as_text_come_back_as_text(
    db: Engine, site: TestClient, moderator: dict[str, str]
) -> None:
    as_text = suggest(site, hours="Weekdays from sunrise, ask at the gate")
    approve(site, moderator, as_text)
    as_hours = suggest(site, hours="Mo-Su 00:00-24:00", services=["Copper"])
    approve(site, moderator, as_hours)
    assert yard(site)["isOpen"] is True

    assert revert(site, moderator, as_hours).status_code == 200
    back = yard(site)
    assert (back["weeklyHours"], back["openingHours"]) == (
        [],
        "Weekdays from sunrise, ask at the gate",
    )
    assert (back["isOpen"], back["services"]) == (None, None)


def test_only_an_applied_correction_is_reverted(
    db: Engine, site: TestClient, moderator: dict[str, str]
) -> None:
    waiting = suggest(site, phone="021 555 0133")
    dropped = suggest(site, phone="021 555 0144")
    rejected = site.post(
        f"{SUGGESTIONS}/{dropped}/reject", json={"reason": "No"}, headers=moderator
    )
    assert rejected.status_code == 200
    applied = suggest(site, phone="021 555 0155")
    approve(site, moderator, applied)
    assert revert(site, moderator, applied).status_code == 200

    for suggestion_id, message in [
        (waiting, "This suggestion was pending, never applied: nothing to revert."),
        (dropped, "This suggestion was rejected, never applied: nothing to revert."),
        (applied, "This suggestion was already reverted."),
    ]:
        response = revert(site, moderator, suggestion_id)
        assert (response.status_code, response.json()) == (409, {"message": message})
    missing = revert(site, moderator, 999_999)
    assert (missing.status_code, missing.json()) == (
        404,
        {"message": "Yard suggestion 999999 not found"},
    )
    assert len(reverts(db)) == 1


def test_a_revert_needs_a_login_and_the_csrf_token(
    db: Engine, site: TestClient, moderator: dict[str, str]
) -> None:
    applied = suggest(site, phone="021 555 0166")
    approve(site, moderator, applied)
    anonymous = seller(site, 2).post(f"{SUGGESTIONS}/{applied}/revert", json={})
    assert (anonymous.status_code, anonymous.json()) == (401, {"message": "Log in to continue."})
    for headers in ({"Cookie": moderator["Cookie"]}, {**moderator, CSRF_HEADER: "not-it"}):
        assert revert(site, headers, applied).status_code == 403
    assert yard(site)["phone"] == "021 555 0166"
    assert reverts(db) == []

"""The moderation queues of the console: order, decisions with reasons, CSRF, the audit log."""

import re
from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from scrapindex.auth.sessions import CSRF_HEADER
from scrapindex.models import AuditEntry
from tests.moderation import CITY, CITY_YARD, MATERIAL, decide, report_ids, seller
from tests.moderation import send_report as report
from tests.operators import Operator, add_operator, log_in

QUEUE = "/api/admin/price-reports"
SUGGESTIONS = "/api/admin/yard-suggestions"


def audit_entries(engine: Engine) -> list[AuditEntry]:
    """The entries of decisions (logins are audited too: tests/integration/test_login_abuse.py)."""
    decisions = select(AuditEntry).where(AuditEntry.action.not_like("auth.%"))
    with Session(engine) as session:
        return list(session.scalars(decisions.order_by(AuditEntry.id)))


def queue(site: TestClient, headers: dict[str, str], query: str = "") -> list[dict[str, Any]]:
    response = site.get(f"{QUEUE}{query}", headers=headers)
    assert response.status_code == 200, response.text
    assert response.headers["Cache-Control"] == "private, no-store"
    data: list[dict[str, Any]] = response.json()["data"]
    return data


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", QUEUE),
        ("POST", f"{QUEUE}/1/approve"),
        ("POST", f"{QUEUE}/1/reject"),
        ("POST", f"{QUEUE}/1/approve-sender"),
        ("GET", SUGGESTIONS),
        ("POST", f"{SUGGESTIONS}/1/approve"),
        ("POST", f"{SUGGESTIONS}/1/reject"),
        ("GET", f"/api/admin/scrap-yards/{CITY_YARD}/history"),
    ],
)
def test_the_queues_need_a_login(client: TestClient, method: str, path: str) -> None:
    response = client.request(method, path, json={"reason": "No login"})
    assert response.status_code == 401
    assert response.json() == {"message": "Log in to continue."}


def test_flagged_reports_come_first_then_the_oldest(
    db: Engine, site: TestClient, moderator: dict[str, str]
) -> None:
    prices = [150, 1000, 152, 20]
    for number, price in enumerate(prices):
        sent = report(seller(site, number), price=price, yardId=CITY_YARD, note=f"Note {number}")
        assert sent.status_code == 202
    first, too_high, third, too_low = report_ids(db)

    rows = queue(site, moderator)
    assert [row["id"] for row in rows] == [too_high, too_low, first, third]
    high = rows[0]
    assert high["material"] == {
        "slug": MATERIAL,
        "name": high["material"]["name"],
        "saleUnit": "kg",
    }
    assert high["city"] == {
        "slug": CITY,
        "name": "Cape Town",
        "countryCode": "ZA",
        "timeZone": "Africa/Johannesburg",
    }
    assert high["yard"]["id"] == CITY_YARD
    assert (high["price"], high["unit"], high["currency"], high["pricePerKg"]) == (
        "1000.00",
        "kg",
        "ZAR",
        "1000.00",
    )
    assert high["currentPricePerKg"] == "151.53"
    # Measured against the series' baseline (here the demo's median: never a report).
    baseline = Decimal(high["baselinePerKg"])
    assert high["baselineRatio"] == f"{Decimal(1000) / baseline:.2f}"
    assert high["flagged"] is True
    ratio = f"{Decimal(1000) / baseline:.1f}"
    assert high["flagReason"] == f"{ratio}x its median over the 366 days before (R{baseline}/kg)"
    # Who sent it, as far as the moderator needs: a short key and what else that key sent.
    assert re.fullmatch(r"[0-9a-f]{8}", high["sender"])
    assert (high["senderPending"], high["senderApproved"]) == (1, 0)
    assert len({row["sender"] for row in rows}) == 4
    assert (high["status"], high["note"], high["reviewedBy"]) == ("pending", "Note 1", None)

    paged = site.get(f"{QUEUE}?limit=1&page=2", headers=moderator).json()
    assert [row["id"] for row in paged["data"]] == [too_low]
    assert paged["pagination"] == {"page": 2, "pages": 4, "total": 4, "limit": 1}


def test_one_sender_s_reports_are_shown_together_and_approved_in_one_click(
    db: Engine, site: TestClient, moderator: dict[str, str]
) -> None:
    one_person = seller(site, 0)
    for material in (MATERIAL, "brass"):
        assert report(one_person, materialSlug=material, price=150).status_code == 202
    assert report(seller(site, 1), price=151).status_code == 202
    mine, other, someone_else = report_ids(db)
    rows = {row["id"]: row for row in queue(site, moderator)}
    assert rows[mine]["sender"] == rows[other]["sender"] != rows[someone_else]["sender"]
    assert (rows[mine]["senderPending"], rows[someone_else]["senderPending"]) == (2, 1)

    answer = site.post(f"{QUEUE}/{mine}/approve-sender", headers=moderator)
    assert answer.status_code == 200, answer.text
    approved = answer.json()["approved"]
    assert [row["id"] for row in approved] == [mine, other]
    assert all(row["status"] == "approved" for row in approved)
    assert [row["id"] for row in queue(site, moderator)] == [someone_else]
    actions = [(e.action, e.entity_id) for e in audit_entries(db)]
    assert actions[-2:] == [
        ("price-report.approve", str(mine)),
        ("price-report.approve", str(other)),
    ]
    # Once decided, the sender's reports are not approved twice.
    assert site.post(f"{QUEUE}/{mine}/approve-sender", headers=moderator).status_code == 409


def test_a_usd_report_is_shown_beside_the_current_price_in_usd(
    db: Engine, site: TestClient, moderator: dict[str, str]
) -> None:
    assert report(site, price="8.40", currency="USD").status_code == 202
    (row,) = queue(site, moderator)
    assert (row["currency"], row["pricePerKg"]) == ("USD", "8.40")
    assert 5 < float(row["currentPricePerKg"]) < 15  # R151.53 is about $8


def test_decisions_carry_reasons_and_are_made_once(
    db: Engine, site: TestClient, operator: Operator, moderator: dict[str, str]
) -> None:
    for number in range(2):
        assert report(seller(site, number), price=150 + number).status_code == 202
    kept, refused = report_ids(db)

    approved = decide(site, moderator, kept, reason="Matches the yard's board").json()
    assert (approved["status"], approved["reviewReason"], approved["reviewedBy"]) == (
        "approved",
        "Matches the yard's board",
        operator.email,
    )
    assert approved["reviewedAt"]
    again = decide(site, moderator, kept)
    assert again.status_code == 409
    assert again.json() == {"message": "This report was already approved."}
    assert decide(site, moderator, kept, "reject", "Changed my mind").status_code == 409

    assert decide(site, moderator, refused, "reject").status_code == 422  # a reason is needed
    rejected = decide(site, moderator, refused, "reject", "A guess").json()
    assert (rejected["status"], rejected["reviewReason"]) == ("rejected", "A guess")
    late = decide(site, moderator, refused)
    assert (late.status_code, late.json()["message"]) == (409, "This report was already rejected.")
    assert decide(site, moderator, 999_999).status_code == 404

    assert queue(site, moderator) == []
    assert [row["id"] for row in queue(site, moderator, "?status=approved")] == [kept]
    assert [row["id"] for row in queue(site, moderator, "?status=rejected")] == [refused]


def test_every_decision_is_audited_with_before_and_after(
    db: Engine, site: TestClient, operator: Operator, moderator: dict[str, str]
) -> None:
    for number in range(2):
        assert report(seller(site, number), price=150 + number).status_code == 202
    kept, refused = report_ids(db)
    body = {"changes": {"phone": "021 555 0199"}, "email": "a@example.org"}
    site.post(f"/api/scrap-yards/{CITY_YARD}/suggestions", json=body)
    site.post(f"/api/scrap-yards/{CITY_YARD}/suggestions", json=body)
    applied, dropped = (
        row["id"] for row in site.get(SUGGESTIONS, headers=moderator).json()["data"]
    )

    decide(site, moderator, kept, reason="Fine")
    decide(site, moderator, refused, "reject", "Typo")
    site.post(f"{SUGGESTIONS}/{applied}/approve", json={}, headers=moderator)
    site.post(f"{SUGGESTIONS}/{dropped}/reject", json={"reason": "Twice"}, headers=moderator)

    entries = audit_entries(db)
    assert [(e.action, e.entity_type, e.entity_id) for e in entries] == [
        ("price-report.approve", "price-report", str(kept)),
        ("price-report.reject", "price-report", str(refused)),
        ("yard-suggestion.approve", "yard-suggestion", str(applied)),
        ("yard-suggestion.reject", "yard-suggestion", str(dropped)),
    ]
    assert {(e.actor, e.user_id) for e in entries} == {(operator.email, operator.id)}
    approve, reject, apply, drop = entries
    assert approve.before is not None
    assert approve.after is not None
    assert (approve.before["status"], approve.after["status"]) == ("pending", "approved")
    assert approve.after["reviewReason"] == "Fine"
    assert reject.after == {**(reject.before or {}), "status": "rejected", "reviewReason": "Typo"}
    assert apply.before == {
        "status": "pending",
        "yardId": CITY_YARD,
        "yard": {"phone": "021 555 0101"},
    }
    assert apply.after == {
        "status": "approved",
        "reviewReason": None,
        "yardId": CITY_YARD,
        "yard": {"phone": "021 555 0199"},
    }
    assert drop.after == {"status": "rejected", "reviewReason": "Twice"}


def test_a_state_change_needs_the_csrf_token(
    db: Engine, site: TestClient, moderator: dict[str, str]
) -> None:
    assert report(site).status_code == 202
    (report_id,) = report_ids(db)
    cookie_only = {"Cookie": moderator["Cookie"]}
    wrong = {**moderator, CSRF_HEADER: "not-the-token"}
    for headers in (cookie_only, wrong):
        response = decide(site, headers, report_id)
        assert response.status_code == 403
    assert queue(site, cookie_only)[0]["status"] == "pending"  # reading needs no token
    assert audit_entries(db) == []


def test_the_suggestion_queue_shows_changes_beside_the_present_values(
    db: Engine, site: TestClient, moderator: dict[str, str]
) -> None:
    body = {
        "changes": {"phone": "021 555 0199", "services": ["Copper"], "permanentlyClosed": False},
        "email": "a@example.org",
        "note": "I work there",
    }
    assert site.post(f"/api/scrap-yards/{CITY_YARD}/suggestions", json=body).status_code == 202
    (row,) = site.get(SUGGESTIONS, headers=moderator).json()["data"]
    assert row["yard"] == {
        "id": CITY_YARD,
        "name": "Philippi Scrap & Salvage",
        "citySlug": CITY,
        "cityName": "Cape Town",
    }
    assert row["changes"] == body["changes"]
    assert row["current"] == {"phone": "021 555 0101", "services": None, "permanentlyClosed": False}
    assert (row["email"], row["note"], row["status"]) == (
        "a@example.org",
        "I work there",
        "pending",
    )
    again = site.post(f"{SUGGESTIONS}/{row['id']}/reject", json={"reason": "No"}, headers=moderator)
    assert again.status_code == 200
    twice = site.post(f"{SUGGESTIONS}/{row['id']}/approve", json={}, headers=moderator)
    assert (twice.status_code, twice.json()) == (
        409,
        {"message": "This suggestion was already rejected."},
    )


def test_an_admin_moderates_too(db: Engine, site: TestClient) -> None:
    admin = log_in(site, add_operator(db, "admin"))
    assert report(site).status_code == 202
    (report_id,) = report_ids(db)
    assert decide(site, admin, report_id).json()["status"] == "approved"

"""A yard's owner says the yard's hours, the materials it buys, its services, how it pays and
how a visit works: checked, shown on the yard's page, audited. Both databases."""

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from scrapindex.models import AuditEntry, ScrapYard
from tests.databases import data_fingerprint
from tests.moderation import CITY_YARD
from tests.operators import add_owner, log_in

PROFILE: dict[str, Any] = {
    "weeklyHours": [
        {"day": 5, "opens": "08:00", "closes": "12:00"},
        {"day": 0, "opens": "07:30", "closes": "16:30"},
        {"day": 0, "opens": "07:30", "closes": "16:30"},
    ],
    "acceptedMaterials": ["copper-1", "aluminum", "copper-1"],
    "services": ["Accurate Weighing", "Pickup Service"],
    "paymentMethods": ["eft", "cash"],
    "visitNotes": "  Bring your ID; we weigh in front of you and pay by EFT the same day.  ",
}


@pytest.fixture
def owner(db: Engine, site: TestClient) -> dict[str, str]:
    return log_in(site, add_owner(db, CITY_YARD))


def put(site: TestClient, headers: dict[str, str], **changes: Any) -> Any:
    body = {**PROFILE, **changes}
    return site.put(f"/api/owner/yards/{CITY_YARD}/profile", json=body, headers=headers)


def profile_audits(db: Engine) -> list[AuditEntry]:
    with Session(db) as session:
        entries = session.scalars(
            select(AuditEntry).where(AuditEntry.action == "yard.profile").order_by(AuditEntry.id)
        ).all()
        session.expunge_all()
        return list(entries)


def test_the_profile_shows_on_the_yard_page_and_is_audited(
    db: Engine, site: TestClient, owner: dict[str, str]
) -> None:
    with Session(db) as session:
        old_hours = session.get_one(ScrapYard, CITY_YARD).weekly_hours
    before = site.get(f"/api/scrap-yards/{CITY_YARD}").json()  # cached: the change must show
    assert (before["acceptedMaterials"], before["paymentMethods"], before["visitNotes"]) == (
        None,
        None,
        None,
    )

    answer = put(site, owner)

    assert answer.status_code == 200, answer.text
    hours = [
        {"day": 0, "opens": "07:30", "closes": "16:30"},
        {"day": 5, "opens": "08:00", "closes": "12:00"},
    ]
    notes = "Bring your ID; we weigh in front of you and pay by EFT the same day."
    assert answer.json()["profile"] == {
        "weeklyHours": hours,
        "acceptedMaterials": ["copper-1", "aluminum"],
        "services": ["Accurate Weighing", "Pickup Service"],
        "paymentMethods": ["eft", "cash"],
        "visitNotes": notes,
    }
    shown = site.get(f"/api/scrap-yards/{CITY_YARD}").json()
    assert shown["weeklyHours"] == hours
    assert shown["acceptedMaterials"] == ["copper-1", "aluminum"]
    assert shown["paymentMethods"] == ["eft", "cash"]
    assert shown["services"] == ["Accurate Weighing", "Pickup Service"]
    assert shown["visitNotes"] == notes
    (entry,) = profile_audits(db)
    assert (entry.entity_type, entry.entity_id) == ("scrap-yard", str(CITY_YARD))
    assert entry.actor.startswith("owner-")
    assert entry.before is not None
    assert entry.after is not None
    assert entry.before["weeklyHours"] == old_hours
    assert entry.after["weeklyHours"] == hours
    assert (entry.before["paymentMethods"], entry.after["paymentMethods"]) == (
        None,
        ["eft", "cash"],
    )


def test_the_same_profile_again_changes_nothing(
    db: Engine, site: TestClient, owner: dict[str, str]
) -> None:
    assert put(site, owner).status_code == 200
    data = data_fingerprint(db)
    assert put(site, owner).status_code == 200
    assert data_fingerprint(db) == data
    assert len(profile_audits(db)) == 1


def test_only_the_changed_fields_are_audited(
    db: Engine, site: TestClient, owner: dict[str, str]
) -> None:
    assert put(site, owner).status_code == 200
    assert put(site, owner, visitNotes=None).status_code == 200
    last = profile_audits(db)[-1]
    assert last.before == {"visitNotes": PROFILE["visitNotes"].strip()}
    assert last.after == {"visitNotes": None}
    assert site.get(f"/api/scrap-yards/{CITY_YARD}").json()["visitNotes"] is None


def test_unknown_materials_and_payment_methods_are_refused_with_nothing_changed(
    db: Engine, site: TestClient, owner: dict[str, str]
) -> None:
    data = data_fingerprint(db)
    answer = put(site, owner, acceptedMaterials=["aluminum", "kryptonite"], paymentMethods=["iou"])
    assert answer.status_code == 422
    assert answer.json()["problems"] == [
        "acceptedMaterials: no material 'kryptonite'",
        "paymentMethods: 'iou' is not one of cash, eft, cheque, card",
    ]
    assert data_fingerprint(db) == data


@pytest.mark.parametrize(
    "changes",
    [
        {"weeklyHours": [{"day": 7, "opens": "08:00", "closes": "17:00"}]},
        {"weeklyHours": [{"day": 1, "opens": "8:00", "closes": "17:00"}]},
        {"weeklyHours": [{"day": 1, "opens": "09:00", "closes": "09:00"}]},
        {"visitNotes": "x" * 1001},
        {"services": ["s" * 61]},
    ],
)
def test_hours_notes_and_services_out_of_form_are_refused(
    db: Engine, site: TestClient, owner: dict[str, str], changes: dict[str, Any]
) -> None:
    data = data_fingerprint(db)
    answer = put(site, owner, **changes)
    assert answer.status_code == 422
    assert answer.json()["message"].startswith("Invalid request: ")
    assert data_fingerprint(db) == data


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("visitNotes", "a\u0000b"),
        ("visitNotes", "x\ud800"),
        ("services", ["\udfff"]),
        ("acceptedMaterials", ["copper\u00001"]),
        ("paymentMethods", ["cash\u0000"]),
    ],
)
def test_text_that_cannot_be_stored_is_refused(
    db: Engine, site: TestClient, owner: dict[str, str], field: str, value: Any
) -> None:
    data = data_fingerprint(db)
    body = json.dumps({**PROFILE, field: value})  # lone surrogates as JSON escapes
    answer = site.put(
        f"/api/owner/yards/{CITY_YARD}/profile",
        content=body,
        headers={**owner, "content-type": "application/json"},
    )
    assert answer.status_code in (400, 422)
    assert answer.json()["message"]
    assert data_fingerprint(db) == data


def test_notes_at_their_length_are_stored_as_sent(
    db: Engine, site: TestClient, owner: dict[str, str]
) -> None:
    notes = ("\U0001f529é<'" * 1000)[:1000]
    assert put(site, owner, visitNotes=notes).status_code == 200
    with Session(db) as session:
        assert session.get_one(ScrapYard, CITY_YARD).visit_notes == notes
    assert site.get(f"/api/scrap-yards/{CITY_YARD}").json()["visitNotes"] == notes

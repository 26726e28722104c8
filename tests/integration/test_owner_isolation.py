"""An owner reaches their own yards only: every owner endpoint tried with another yard's id is
refused (403) and changes nothing; operators (403), visitors (401) and a suspended owner (403)
get nowhere either. Both databases."""

import datetime as dt
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from httpx2 import Response
from sqlalchemy import Engine, update
from sqlalchemy.orm import Session

from scrapindex.auth.sessions import CSRF_HEADER
from scrapindex.models import YardOwner
from tests.databases import data_fingerprint
from tests.moderation import CITY_YARD, OTHER_CITY_YARD
from tests.operators import add_operator, add_owner, log_in

PRICES = {"prices": [{"materialSlug": "aluminum", "price": "20.00", "unit": "kg"}]}
PROFILE = {
    "weeklyHours": [{"day": 0, "opens": "07:00", "closes": "16:00"}],
    "acceptedMaterials": ["aluminum"],
    "services": ["Accurate Weighing"],
    "paymentMethods": ["eft"],
    "visitNotes": "Bring ID.",
}

Call = Callable[[TestClient, int, dict[str, str]], Response]


def read_yard(site: TestClient, yard_id: int, headers: dict[str, str]) -> Response:
    return site.get(f"/api/owner/yards/{yard_id}", headers=headers)


def post_prices(site: TestClient, yard_id: int, headers: dict[str, str]) -> Response:
    return site.put(f"/api/owner/yards/{yard_id}/prices", json=PRICES, headers=headers)


def put_profile(site: TestClient, yard_id: int, headers: dict[str, str]) -> Response:
    return site.put(f"/api/owner/yards/{yard_id}/profile", json=PROFILE, headers=headers)


YARD_CALLS: list[Call] = [read_yard, post_prices, put_profile]


def message(response: Response) -> Any:
    return response.json()["message"]


@pytest.mark.parametrize("call", YARD_CALLS, ids=lambda call: call.__name__)
def test_an_owner_cannot_touch_another_yard(db: Engine, site: TestClient, call: Call) -> None:
    headers = log_in(site, add_owner(db, CITY_YARD))
    data = data_fingerprint(db)

    answer = call(site, OTHER_CITY_YARD, headers)

    assert answer.status_code == 403
    assert message(answer) == "This yard is not yours."
    assert data_fingerprint(db) == data
    assert call(site, CITY_YARD, headers).status_code == 200  # their own yard: the same call


def test_an_owner_lists_only_their_own_yards(db: Engine, site: TestClient) -> None:
    add_owner(db, OTHER_CITY_YARD)  # someone else's
    headers = log_in(site, add_owner(db, CITY_YARD))
    mine = site.get("/api/owner/yards", headers=headers)
    assert mine.status_code == 200
    assert [yard["id"] for yard in mine.json()] == [CITY_YARD]
    assert mine.json()[0]["city"]["slug"] == "cape-town"
    assert mine.json()[0]["currency"] == "ZAR"


@pytest.mark.parametrize("call", YARD_CALLS, ids=lambda call: call.__name__)
def test_an_operator_is_no_owner(db: Engine, site: TestClient, call: Call) -> None:
    for role in ("moderator", "admin"):
        headers = log_in(site, add_operator(db, role))
        data = data_fingerprint(db)
        answer = call(site, CITY_YARD, headers)
        assert answer.status_code == 403
        assert message(answer) == "Your account may not do this."
        assert data_fingerprint(db) == data
    assert site.get("/api/owner/yards", headers=headers).status_code == 403


@pytest.mark.parametrize("call", YARD_CALLS, ids=lambda call: call.__name__)
def test_a_visitor_must_log_in(db: Engine, site: TestClient, call: Call) -> None:
    data = data_fingerprint(db)
    answer = call(site, CITY_YARD, {})
    assert answer.status_code == 401
    assert data_fingerprint(db) == data
    assert site.get("/api/owner/yards").status_code == 401


@pytest.mark.parametrize("call", YARD_CALLS, ids=lambda call: call.__name__)
def test_a_suspended_owner_is_refused(db: Engine, site: TestClient, call: Call) -> None:
    owner = add_owner(db, CITY_YARD)
    headers = log_in(site, owner)
    with Session(db) as session:
        session.execute(
            update(YardOwner)
            .where(YardOwner.user_id == owner.id)
            .values(suspended_at=dt.datetime.now(dt.UTC), suspended_by="admin@example.com")
        )
        session.commit()
    data = data_fingerprint(db)

    answer = call(site, CITY_YARD, headers)

    assert answer.status_code == 403
    assert message(answer) == "This yard's owner account is suspended."
    assert data_fingerprint(db) == data
    assert site.get("/api/owner/yards", headers=headers).json() == []


@pytest.mark.parametrize("call", [post_prices, put_profile], ids=lambda call: call.__name__)
def test_a_change_without_the_csrf_token_is_refused(
    db: Engine, site: TestClient, call: Call
) -> None:
    headers = log_in(site, add_owner(db, CITY_YARD))
    data = data_fingerprint(db)
    without = {name: value for name, value in headers.items() if name != CSRF_HEADER}
    answer = call(site, CITY_YARD, without)
    assert answer.status_code == 403
    assert "CSRF" in message(answer)
    assert data_fingerprint(db) == data


def test_the_owners_answers_are_never_kept_by_a_cache(db: Engine, site: TestClient) -> None:
    headers = log_in(site, add_owner(db, CITY_YARD))
    answer = read_yard(site, CITY_YARD, headers)
    assert answer.headers["cache-control"] == "private, no-store"
    other = log_in(site, add_owner(db, OTHER_CITY_YARD))
    assert read_yard(site, CITY_YARD, other).status_code == 403  # not the first one's answer

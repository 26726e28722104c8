"""Issue 38: a yard's owner claims its listing. The link goes to the listing's own address
through the outbox and a real SMTP server (aiosmtpd); confirming it makes the owner account and
logs it in; links expire, work once, and a newer request replaces an older one; a yard that has
owners may be claimed again (its owners are told); the operators' route (queue, approve, refuse);
operators add, suspend and reinstate owners; everything audited; no operator screen opens to an
owner."""

import datetime as dt
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, select, update
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from scrapindex.app import create_app
from scrapindex.auth import passwords
from scrapindex.auth.sessions import CSRF_HEADER, SESSION_COOKIE
from scrapindex.cli import app as cli
from scrapindex.mail.notifications import OPERATOR_KIND
from scrapindex.mail.sender import send_due
from scrapindex.mail.tokens import make_token
from scrapindex.models import AuditEntry, OutboxMessage, ScrapYard, User, YardClaim, YardOwner
from scrapindex.settings import Settings, get_settings
from scrapindex.yard_owners.links import PURPOSE
from tests.conftest import FreshDatabase
from tests.databases import IMPORT_DEMO
from tests.integration.test_auth import QUICK_HASHER
from tests.mail_server import Inbox, body_text, mail_settings
from tests.moderation import CITY_YARD, OTHER_CITY_YARD, EveryCallFresh
from tests.operators import add_operator, add_owner, log_in

OPERATOR_MAILBOX = "operators@scrapindex.example"
LISTING = "office@yard-25.example"
OWNER = "thandi@yard-25.example"
PASSWORD = "scrap yard owner since 1998"
EVIDENCE = "I run the weighbridge; the yard's phone (021 555 0101) is on my business card."
NOT_YOURS = "This yard is not yours."
SUSPENDED = "This yard's owner account is suspended."


@pytest.fixture(autouse=True, scope="module")
def quick_password_hashes() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(passwords, "hasher", lambda: QUICK_HASHER)
        yield


@pytest.fixture
def db(fresh_database: FreshDatabase) -> Engine:
    db = fresh_database(IMPORT_DEMO)
    with db.begin() as connection:  # one yard with a listed address, one without
        connection.execute(update(ScrapYard).where(ScrapYard.id == CITY_YARD).values(email=LISTING))
        connection.execute(
            update(ScrapYard).where(ScrapYard.id == OTHER_CITY_YARD).values(email=None)
        )
    return db


@pytest.fixture
def settings(db: Engine, smtp_server: tuple[Inbox, int]) -> Settings:
    return mail_settings(
        smtp_server[1],
        database_url=db.url.render_as_string(hide_password=False),
        operator_email=OPERATOR_MAILBOX,
        page_rate_limit_per_minute=0,
    )


@pytest.fixture
def site(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings, clock=EveryCallFresh())) as client:
        yield client


@pytest.fixture
def inbox(smtp_server: tuple[Inbox, int]) -> Inbox:
    return smtp_server[0]


def visitor(site: TestClient, number: int) -> TestClient:
    """Another visitor (its own address: its own limits), with no cookies."""
    return TestClient(site.app, client=(f"claimant-{number}", 50000))


def claim(
    site: TestClient, yard_id: int = CITY_YARD, number: int = 1, **changes: Any
) -> dict[str, Any]:
    body = {"name": "Thandi Mokoena", "email": OWNER, "route": "listing-email", **changes}
    answer = visitor(site, number).post(f"/api/scrap-yards/{yard_id}/claims", json=body)
    return {"status": answer.status_code, **answer.json()}


def deliver(db: Engine, settings: Settings) -> int:
    later = dt.datetime.now(dt.UTC) + dt.timedelta(hours=1)  # the operators' batching too
    return send_due(db, settings, now=later, sender_id="test").sent


def mails_to(inbox: Inbox, address: str) -> list[Any]:
    return [message for message in inbox.messages() if message["To"] == address]


def plain(message: Any) -> str:
    """A mail's text part, its lines ending in a newline (as written, not as sent)."""
    return body_text(message, "plain").replace("\r\n", "\n")


def token_in(message: Any) -> str:
    """The token of the /admin/claim link in a mail's text (and the same in its HTML)."""
    text = body_text(message, "plain")
    found = re.search(r"https://scrapindex\.example/admin/claim\?token=[\w.%-]+", text)
    assert found, f"no claim link in {text!r}"
    assert found.group(0).replace("&", "&amp;") in body_text(message, "html")
    return parse_qs(urlsplit(found.group(0)).query)["token"][0]


def confirm(site: TestClient, token: str, password: str = PASSWORD, number: int = 1) -> Any:
    return visitor(site, number).post(
        f"/api/yard-claims/{token}/confirm", json={"password": password}
    )


def headers_of(answer: Any) -> dict[str, str]:
    """The session cookie and CSRF token a confirmation's answer logs in with."""
    token = answer.cookies[SESSION_COOKIE]
    return {"Cookie": f"{SESSION_COOKIE}={token}", CSRF_HEADER: answer.json()["csrfToken"]}


def owners_of(db: Engine, yard_id: int) -> list[tuple[str, str, bool]]:
    """(account, added by, suspended) of each owner of the yard."""
    with Session(db) as session:
        rows = session.execute(
            select(User.email, YardOwner.added_by, YardOwner.suspended_at)
            .join(User, User.id == YardOwner.user_id)
            .where(YardOwner.yard_id == yard_id)
            .order_by(YardOwner.id)
        ).all()
    return [(email, added_by, suspended is not None) for email, added_by, suspended in rows]


def audited(db: Engine) -> list[tuple[str, str]]:
    with Session(db) as session:
        entries = session.scalars(select(AuditEntry).order_by(AuditEntry.id))
        return [(entry.actor, entry.action) for entry in entries]


def claimed_by_link(site: TestClient, db: Engine, settings: Settings, inbox: Inbox) -> str:
    """A listing-email claim of CITY_YARD asked for and mailed; the link's token."""
    assert claim(site)["status"] == 202
    assert deliver(db, settings) == 1
    (message,) = mails_to(inbox, LISTING)
    return token_in(message)


def test_the_link_goes_to_the_listing_and_confirming_logs_the_new_owner_in(
    db: Engine, settings: Settings, site: TestClient, inbox: Inbox
) -> None:
    asked = claim(site)
    assert asked["status"] == 202
    assert asked["route"] == "listing-email"
    assert "e-mail address this yard's listing shows" in asked["message"]
    assert deliver(db, settings) == 1
    (message,) = inbox.messages()
    assert message["To"] == LISTING  # the listing's address, never the claimant's
    assert message["Subject"].endswith("your yard? Confirm it on ScrapIndex")
    text = plain(message)
    assert "> Name:   Thandi Mokoena\n> E-mail: thandi@yard-25.example" in text  # quoted
    assert "works once, for\n48 hours" in text
    token = token_in(message)

    shown = visitor(site, 2).get(f"/api/yard-claims/{token}")
    assert shown.status_code == 200, shown.text
    assert shown.headers["cache-control"] == "private, no-store"
    read = shown.json()
    with Session(db) as session:
        yard = session.get_one(ScrapYard, CITY_YARD)
        assert read["yard"] == {"id": yard.id, "name": yard.name, "address": yard.address}
    assert (read["email"], read["hasAccount"]) == (OWNER, False)
    expires = dt.datetime.fromisoformat(read["expiresAt"])
    expected = dt.datetime.now(dt.UTC) + dt.timedelta(hours=48)
    assert abs(expires - expected) < dt.timedelta(minutes=1)

    weak = confirm(site, token, "thandi2026")
    assert weak.status_code == 422
    assert weak.json()["message"] == "The password must be at least 12 characters long."
    assert owners_of(db, CITY_YARD) == []  # nothing stored

    confirmed = confirm(site, token, number=2)
    assert confirmed.status_code == 200, confirmed.text
    assert confirmed.json()["user"]["email"] == OWNER
    assert confirmed.json()["user"]["role"] == "owner"
    assert "httponly" in confirmed.headers["set-cookie"].lower()
    headers = headers_of(confirmed)
    me = site.get("/api/auth/me", headers=headers)
    assert me.status_code == 200
    assert me.json()["user"] == {"id": me.json()["user"]["id"], "email": OWNER, "role": "owner"}
    assert me.json()["csrfToken"] == confirmed.json()["csrfToken"]
    assert site.get(f"/api/owner/yards/{CITY_YARD}", headers=headers).status_code == 200
    other = site.get(f"/api/owner/yards/{OTHER_CITY_YARD}", headers=headers)
    assert (other.status_code, other.json()["message"]) == (403, NOT_YOURS)
    missing = site.get("/api/owner/yards/999999", headers=headers)
    assert missing.status_code == 404
    assert owners_of(db, CITY_YARD) == [(OWNER, "claim", False)]
    actions = audited(db)
    assert ("visitor", "yard-claim.request") in actions
    assert actions[-2:] == [(OWNER, "yard-claim.confirm"), (OWNER, "auth.login")]


def test_a_used_link_is_refused_and_logs_no_one_in(
    db: Engine, settings: Settings, site: TestClient, inbox: Inbox
) -> None:
    token = claimed_by_link(site, db, settings, inbox)
    assert confirm(site, token).status_code == 200
    again = confirm(site, token, "another long password 42")
    assert again.status_code == 410
    assert again.json()["message"] == (
        "This link was already used: log in with the address it was made for."
    )
    assert SESSION_COOKIE not in again.cookies
    assert visitor(site, 3).get(f"/api/yard-claims/{token}").status_code == 410
    assert owners_of(db, CITY_YARD) == [(OWNER, "claim", False)]


def test_a_link_expires(db: Engine, settings: Settings, site: TestClient, inbox: Inbox) -> None:
    token = claimed_by_link(site, db, settings, inbox)
    with Session(db) as session:
        row = session.scalars(select(YardClaim)).one()
        names = {"c": row.id, "n": row.token_nonce}
    # A genuine link made 49 hours ago: its signature says it is too old.
    old = dt.datetime.now(dt.UTC) - dt.timedelta(hours=49)
    stale = make_token(settings, PURPOSE, names, now=old)
    for answer in (site.get(f"/api/yard-claims/{stale}"), confirm(site, stale)):
        assert answer.status_code == 410
        assert answer.json()["message"] == (
            "This link has expired: ask for a new one on the yard's page."
        )
    # The claim's own expiry counts too (and the queue shows it as expired).
    with db.begin() as connection:
        past = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=1)
        connection.execute(update(YardClaim).values(expires_at=past))
    assert confirm(site, token).status_code == 410
    assert owners_of(db, CITY_YARD) == []
    admin = log_in(site, add_operator(db, "admin"))
    queue = site.get("/api/admin/yard-owners/claims?status=expired", headers=admin).json()
    assert [(c["route"], c["status"]) for c in queue["data"]] == [("listing-email", "expired")]
    # Forged or altered links are not ours: 404.
    assert site.get(f"/api/yard-claims/{token[:-2]}xx").status_code == 404
    other_purpose = make_token(settings, "alert-confirm", names)
    assert confirm(site, other_purpose).status_code == 404


def test_a_newer_request_replaces_the_waiting_link_within_a_daily_share(
    db: Engine, settings: Settings, site: TestClient, inbox: Inbox
) -> None:
    assert claim(site, number=1)["status"] == 202
    assert claim(site, number=2, email="someone@elsewhere.example")["status"] == 202
    assert deliver(db, settings) == 2
    first, second = mails_to(inbox, LISTING)
    replaced = site.get(f"/api/yard-claims/{token_in(first)}")
    assert replaced.status_code == 410
    assert replaced.json()["message"] == (
        "A newer link was sent for this yard: only the newest one works."
    )
    assert site.get(f"/api/yard-claims/{token_in(second)}").json()["email"] == (
        "someone@elsewhere.example"
    )
    # Three mails a day to one listing's address, whoever asks.
    assert claim(site, number=3)["status"] == 202
    limited = claim(site, number=4)
    assert limited["status"] == 429
    assert "3 times in the last 24 hours" in limited["message"]
    with Session(db) as session:
        statuses = session.scalars(select(YardClaim.status).order_by(YardClaim.id)).all()
    assert statuses == ["replaced", "replaced", "pending"]


def test_a_yard_with_an_owner_may_be_claimed_again_and_its_owner_is_told(
    db: Engine, settings: Settings, site: TestClient, inbox: Inbox
) -> None:
    token = claimed_by_link(site, db, settings, inbox)
    assert confirm(site, token).status_code == 200
    colleague = "sipho@yard-25.example"
    assert claim(site, number=2, name="Sipho", email=colleague)["status"] == 202
    assert deliver(db, settings) == 1
    second = mails_to(inbox, LISTING)[-1]
    assert "The yard already has 1 owner account: they will be told" in plain(second)
    assert confirm(site, token_in(second), "sipho's own long password").status_code == 200
    assert owners_of(db, CITY_YARD) == [(OWNER, "claim", False), (colleague, "claim", False)]
    assert deliver(db, settings) == 1
    (notice,) = mails_to(inbox, OWNER)
    assert notice["Subject"].startswith("A new owner account for")
    text = plain(notice)
    assert f"New owner account: {colleague}" in text
    assert "confirmed from the link mailed to the listing's e-mail address" in text


def test_an_existing_owner_account_needs_its_password_to_add_a_yard(
    db: Engine, settings: Settings, site: TestClient, inbox: Inbox
) -> None:
    owner = add_owner(db, OTHER_CITY_YARD)
    assert claim(site, email=owner.email)["status"] == 202
    deliver(db, settings)
    token = token_in(mails_to(inbox, LISTING)[-1])
    assert site.get(f"/api/yard-claims/{token}").json()["hasAccount"] is True
    wrong = confirm(site, token, "not the owner's password")
    assert wrong.status_code == 401
    assert "Wrong password for the owner account" in wrong.json()["message"]
    assert ("visitor", "auth.login-failed") in audited(db)
    right = confirm(site, token, owner.password)
    assert right.status_code == 200, right.text
    assert right.json()["user"]["id"] == owner.id
    with Session(db) as session:
        yards = session.scalars(
            select(YardOwner.yard_id).where(YardOwner.user_id == owner.id).order_by("yard_id")
        ).all()
    assert yards == sorted([OTHER_CITY_YARD, CITY_YARD])


def test_guessing_an_owner_password_through_a_link_is_throttled(
    db: Engine, settings: Settings, site: TestClient, inbox: Inbox
) -> None:
    owner = add_owner(db, OTHER_CITY_YARD)
    assert claim(site, email=owner.email)["status"] == 202
    deliver(db, settings)
    token = token_in(mails_to(inbox, LISTING)[-1])
    answers = [confirm(site, token, f"guess number {n} of many").status_code for n in range(6)]
    assert answers == [401] * 5 + [429]
    assert ("visitor", "auth.lockout") in audited(db)


def test_an_operator_address_cannot_become_an_owner(
    db: Engine, settings: Settings, site: TestClient, inbox: Inbox
) -> None:
    moderator = add_operator(db, "moderator")
    assert claim(site, email=moderator.email)["status"] == 202
    deliver(db, settings)
    refused = confirm(site, token_in(mails_to(inbox, LISTING)[-1]), moderator.password)
    assert refused.status_code == 409
    assert "operator's account" in refused.json()["message"]
    assert owners_of(db, CITY_YARD) == []


def test_a_claim_is_checked_before_anything_is_stored(db: Engine, site: TestClient) -> None:
    no_address = claim(site, OTHER_CITY_YARD)
    assert no_address["status"] == 422
    assert 'ask the operators instead (route "operators")' in no_address["message"]
    short = claim(site, route="operators", evidence="it's mine")
    assert short["status"] == 422
    assert short["message"].startswith("Invalid request: evidence: tell the operators")
    assert claim(site, route="operators")["status"] == 422
    assert claim(site, website="https://spam.example")["status"] == 400
    assert claim(site, 999999)["status"] == 404
    bad = claim(site, email="not an address", name="x\r\nBcc: a@b.example")
    assert bad["status"] == 422
    with Session(db) as session:
        assert session.scalars(select(YardClaim)).all() == []
    # Three a minute from one client, whatever the yard.
    asked = [claim(site, OTHER_CITY_YARD, route="operators", evidence=EVIDENCE)["status"]]
    asked += [claim(site, route="operators", evidence=EVIDENCE)["status"] for _ in range(3)]
    assert asked == [202, 202, 202, 429]


def test_the_operators_route_queue_approve_and_refuse(
    db: Engine, settings: Settings, site: TestClient, inbox: Inbox
) -> None:
    asked = claim(site, OTHER_CITY_YARD, route="operators", evidence=EVIDENCE)
    assert asked["status"] == 202
    assert "The operators will check your evidence" in asked["message"]
    stranger = {"email": "x@elsewhere.example", "name": "X", "route": "operators"}
    other = claim(site, OTHER_CITY_YARD, 2, evidence="I am the owner, call the yard.", **stranger)
    assert other["status"] == 202
    assert deliver(db, settings) == 1  # one notice for both, to the operators
    (notice,) = mails_to(inbox, OPERATOR_MAILBOX)
    assert "2 yard claims to decide" in notice["Subject"]
    assert f"> {EVIDENCE}" in plain(notice)
    assert notice["Reply-To"] is None  # no reply to a claimant from the operators' notice
    assert mails_to(inbox, OWNER) == []  # nothing to the claimant yet

    moderator = log_in(site, add_operator(db, "moderator"))
    query = "/api/admin/yard-owners/claims?status=pending&route=operators"
    queue = site.get(query, headers=moderator)
    assert queue.status_code == 200
    assert queue.json()["pagination"]["total"] == 2
    first, second = queue.json()["data"]
    with Session(db) as session:
        yard = session.get_one(ScrapYard, OTHER_CITY_YARD)
        assert first["yard"] == {
            "id": yard.id,
            "name": yard.name,
            "address": yard.address,
            "email": None,
            "citySlug": yard.city.slug,
            "cityName": yard.city.name,
            "owners": 0,
        }
    assert (first["name"], first["email"], first["evidence"]) == ("Thandi Mokoena", OWNER, EVIDENCE)
    assert (first["status"], first["expiresAt"], len(first["sender"])) == ("pending", None, 8)

    approve = f"/api/admin/yard-owners/claims/{first['id']}/approve"
    assert site.post(approve).status_code in (401, 403)  # no session, no CSRF token
    approved = site.post(approve, headers=moderator)
    assert approved.status_code == 200, approved.text
    assert approved.json()["status"] == "approved"
    assert site.post(approve, headers=moderator).status_code == 409  # its link is out
    refuse = f"/api/admin/yard-owners/claims/{second['id']}/refuse"
    assert site.post(refuse, headers=moderator, json={"reason": " "}).status_code == 422
    reason = "The yard's phone was answered by someone who does not know you."
    refused = site.post(refuse, headers=moderator, json={"reason": reason})
    assert (refused.status_code, refused.json()["status"]) == (200, "refused")
    assert site.post(refuse, headers=moderator, json={"reason": reason}).status_code == 409
    assert deliver(db, settings) == 2

    (refusal,) = mails_to(inbox, "x@elsewhere.example")
    assert f"> {reason}" in plain(refusal)
    (expired_invite,) = mails_to(inbox, OWNER)
    assert "Your claim of this yard on ScrapIndex was approved" in plain(expired_invite)
    # Unused until it expired: approving again sends a new link, and only that one works.
    with db.begin() as connection:
        past = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=1)
        connection.execute(
            update(YardClaim).where(YardClaim.id == first["id"]).values(expires_at=past)
        )
    assert site.post(approve, headers=moderator).json()["status"] == "approved"
    assert deliver(db, settings) == 1
    invite = mails_to(inbox, OWNER)[-1]
    assert confirm(site, token_in(expired_invite)).status_code == 410
    confirmed = confirm(site, token_in(invite))
    assert confirmed.status_code == 200, confirmed.text
    assert owners_of(db, OTHER_CITY_YARD) == [(OWNER, "claim", False)]
    actions = [action for _, action in audited(db) if action.startswith("yard-claim.")]
    assert actions == [
        "yard-claim.request",
        "yard-claim.request",
        "yard-claim.approve",
        "yard-claim.refuse",
        "yard-claim.approve",
        "yard-claim.confirm",
    ]


def test_refusing_a_claim_with_a_link_out_stops_the_link(
    db: Engine, settings: Settings, site: TestClient, inbox: Inbox
) -> None:
    token = claimed_by_link(site, db, settings, inbox)
    moderator = log_in(site, add_operator(db, "moderator"))
    queue = site.get("/api/admin/yard-owners/claims?status=pending", headers=moderator).json()
    (waiting,) = queue["data"]
    assert (waiting["route"], waiting["yard"]["email"]) == ("listing-email", LISTING)
    approve = f"/api/admin/yard-owners/claims/{waiting['id']}/approve"
    assert site.post(approve, headers=moderator).status_code == 409  # confirmed from its mail
    refuse = f"/api/admin/yard-owners/claims/{waiting['id']}/refuse"
    reason = "Several claims of this yard from strangers; ask us through the contact page."
    assert site.post(refuse, headers=moderator, json={"reason": reason}).status_code == 200
    gone = confirm(site, token)
    assert gone.status_code == 410
    assert gone.json()["message"] == "The operators refused this claim; the link no longer works."


def test_operators_add_suspend_and_reinstate_owners(
    db: Engine, settings: Settings, site: TestClient, inbox: Inbox
) -> None:
    admin_account = add_operator(db, "admin")
    admin, moderator = log_in(site, admin_account), log_in(site, add_operator(db, "moderator"))
    body = {"yardId": CITY_YARD, "email": "New.Owner@Yard-25.example"}
    assert site.post("/api/admin/yard-owners", headers=moderator, json=body).status_code == 403
    added = site.post("/api/admin/yard-owners", headers=admin, json=body)
    assert added.status_code == 200, added.text
    assert (added.json()["status"], added.json()["owner"]) == ("link-sent", None)
    assert owners_of(db, CITY_YARD) == []  # until the password is set
    deliver(db, settings)
    (invite,) = mails_to(inbox, "new.owner@yard-25.example")
    assert "The ScrapIndex operators made you an owner account" in plain(invite)
    confirmed = confirm(site, token_in(invite))
    assert confirmed.status_code == 200, confirmed.text
    owner_headers = headers_of(confirmed)
    assert owners_of(db, CITY_YARD) == [("new.owner@yard-25.example", admin_account.email, False)]

    existing = add_owner(db, OTHER_CITY_YARD)
    given = site.post(
        "/api/admin/yard-owners", headers=admin, json={"yardId": CITY_YARD, "email": existing.email}
    )
    assert (given.status_code, given.json()["status"]) == (200, "added")
    assert given.json()["owner"]["yard"]["id"] == CITY_YARD
    again = site.post(
        "/api/admin/yard-owners", headers=admin, json={"yardId": CITY_YARD, "email": existing.email}
    )
    assert again.status_code == 409
    operator_address = {"yardId": CITY_YARD, "email": admin_account.email}
    assert (
        site.post("/api/admin/yard-owners", headers=admin, json=operator_address).status_code == 409
    )

    listed = site.get(f"/api/admin/yard-owners?yardId={CITY_YARD}", headers=moderator).json()
    assert listed["pagination"]["total"] == 2
    row = next(o for o in listed["data"] if o["email"] == "new.owner@yard-25.example")
    assert (row["addedBy"], row["suspendedAt"]) == (admin_account.email, None)

    mine = f"/api/owner/yards/{CITY_YARD}"
    assert site.get(mine, headers=owner_headers).status_code == 200
    suspended = site.post(f"/api/admin/yard-owners/{row['id']}/suspend", headers=moderator)
    assert suspended.status_code == 200
    assert suspended.json()["suspendedAt"] is not None
    blocked = site.get(mine, headers=owner_headers)
    assert (blocked.status_code, blocked.json()["message"]) == (403, SUSPENDED)
    # A claim does not lift a suspension, even confirmed from the listing's own mailbox.
    assert claim(site, email="new.owner@yard-25.example")["status"] == 202
    deliver(db, settings)
    reclaimed = confirm(site, token_in(mails_to(inbox, LISTING)[-1]))
    assert (reclaimed.status_code, reclaimed.json()["message"]) == (403, SUSPENDED)
    assert site.get(mine, headers=owner_headers).status_code == 403
    reinstated = site.post(f"/api/admin/yard-owners/{row['id']}/reinstate", headers=moderator)
    assert reinstated.json()["suspendedAt"] is None
    assert site.get(mine, headers=owner_headers).status_code == 200
    assert site.post("/api/admin/yard-owners/999999/suspend", headers=moderator).status_code == 404
    actions = [action for _, action in audited(db) if action.startswith("yard-")]
    assert actions == [
        "yard-owner.add",
        "yard-claim.confirm",
        "yard-owner.add",
        "yard-owner.suspend",
        "yard-claim.request",  # the refused confirmation changed nothing, so audits nothing
        "yard-owner.reinstate",
    ]


def test_no_operator_screen_opens_to_an_owner(db: Engine, site: TestClient) -> None:
    owner = log_in(site, add_owner(db, CITY_YARD))
    me = site.get("/api/auth/me", headers=owner)
    assert me.json()["user"]["role"] == "owner"
    for path in (
        "/api/admin/yard-owners/claims",
        "/api/admin/yard-owners",
        "/api/admin/price-reports",
        "/api/admin/yard-suggestions",
        "/api/admin/summary",
        "/api/admin/audit-log",
        "/api/admin/users",
    ):
        answer = site.get(path, headers=owner)
        assert answer.status_code == 403, (path, answer.status_code)
    answer = site.post(
        "/api/admin/yard-owners", headers=owner, json={"yardId": CITY_YARD, "email": "a@b.example"}
    )
    assert answer.status_code == 403
    assert site.post("/api/admin/yard-owners/1/suspend", headers=owner).status_code == 403


@pytest.fixture
def shell(db: Engine, monkeypatch: pytest.MonkeyPatch) -> Iterator[Engine]:
    """The command line on the test's database."""
    monkeypatch.setenv("DATABASE_URL", db.url.render_as_string(hide_password=False))
    monkeypatch.setenv("SITE_ROOT", "https://scrapindex.example")
    get_settings.cache_clear()
    yield db
    get_settings.cache_clear()


def test_the_command_line_adds_owners_only_to_a_yard(shell: Engine) -> None:
    runner = CliRunner()
    refused = runner.invoke(
        cli, ["users", "create", "--email", "o@yard.example", "--role", "owner"], input="x\n"
    )
    assert refused.exit_code == 1
    assert "yards add-owner" in refused.output
    added = runner.invoke(
        cli, ["yards", "add-owner", "--yard", str(CITY_YARD), "--email", "cli@yard.example"]
    )
    assert added.exit_code == 0, added.output
    assert "scrapindex mail send" in added.output
    with Session(shell) as session:
        mail = session.scalars(
            select(OutboxMessage).where(OutboxMessage.kind != OPERATOR_KIND)
        ).one()
        claim_row = session.scalars(select(YardClaim)).one()
    assert (mail.to_address, mail.kind) == ("cli@yard.example", "yard-owner-invite")
    assert "https://scrapindex.example/admin/claim?token=" in mail.text_body
    assert (claim_row.route, claim_row.decided_by) == ("added", "cli")
    assert ("cli", "yard-owner.add") in audited(shell)
    missing = runner.invoke(cli, ["yards", "add-owner", "--yard", "999999", "--email", "a@b.c"])
    assert (missing.exit_code, "No yard 999999" in missing.output) == (1, True)

"""API keys: made, rotated and revoked (console and CLI), only a hash kept; keyed requests get
their own quotas per minute and per day (counted in the database, across hosts), the RateLimit
fields, 429 with Retry-After past a quota, 401 for a key that is not (or no longer) one."""

import datetime as dt
import hashlib
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from scrapindex.api_keys.keys import create_key
from scrapindex.cli import app as cli
from scrapindex.models import ApiKey, ApiKeyUsage, AuditEntry
from scrapindex.settings import get_settings
from tests.moderation import app_client
from tests.operators import add_operator, log_in

PRICES = "/api/bulk/countries/za/prices?pageSize=5"


def make_key(db: Engine, per_day: int = 1000, per_minute: int = 1000) -> tuple[int, str]:
    with Session(db) as session:
        made = create_key(session, name="Acme", per_day=per_day, per_minute=per_minute, by=None)
        session.commit()
        return made.key.id, made.secret


def bearer(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


def usage(db: Engine, key_id: int) -> tuple[int, int]:
    with Session(db) as session:
        row = session.get(ApiKeyUsage, (key_id, dt.datetime.now(dt.UTC).date()))
        return (row.requests, row.refused) if row else (0, 0)


def test_console_makes_rotates_and_revokes_keys(site: TestClient, db: Engine) -> None:
    admin = log_in(site, add_operator(db, "admin"))
    moderator = log_in(site, add_operator(db, "moderator"))
    body = {"name": "Acme Metals", "quotaPerDay": 500, "contactEmail": "dev@acme.example"}
    assert site.post("/api/admin/api-keys", json=body, headers=moderator).status_code == 403

    made = site.post("/api/admin/api-keys", json=body, headers=admin)
    assert made.status_code == 201, made.text
    secret, key = made.json()["secret"], made.json()["key"]
    assert secret.startswith(key["prefix"] + "_")
    assert len(secret) > 50
    assert (key["quotaPerDay"], key["quotaPerMinute"]) == (500, 120)  # the default per minute
    # Only the hash is stored; neither the row nor the audit log holds the secret.
    with Session(db) as session:
        row = session.get(ApiKey, key["id"])
        assert row is not None
        assert row.key_hash == hashlib.sha256(secret.encode()).hexdigest()
        assert secret not in repr([getattr(row, c.key) for c in ApiKey.__table__.columns])
        audit = session.scalars(select(AuditEntry).where(AuditEntry.entity_type == "api_key"))
        assert secret not in repr([(a.before, a.after) for a in audit])

    assert site.get(PRICES, headers=bearer(secret)).status_code == 200
    listed = site.get("/api/admin/api-keys", headers=admin).json()["data"]
    assert [(k["id"], k["requestsToday"]) for k in listed] == [(key["id"], 1)]

    rotated = site.post(f"/api/admin/api-keys/{key['id']}/rotate", headers=admin)
    assert rotated.status_code == 200, rotated.text
    new_secret = rotated.json()["secret"]
    assert rotated.json()["key"]["rotatedFrom"] == key["id"]
    old = site.get(PRICES, headers=bearer(secret))
    assert old.status_code == 401
    assert "revoked" in old.json()["message"]
    assert site.get(PRICES, headers=bearer(new_secret)).status_code == 200

    new_id = rotated.json()["key"]["id"]
    revoked = site.post(f"/api/admin/api-keys/{new_id}/revoke", headers=admin)
    assert revoked.status_code == 200
    assert revoked.json()["revokedAt"]
    assert site.post(f"/api/admin/api-keys/{new_id}/revoke", headers=admin).status_code == 409
    assert site.get(PRICES, headers=bearer(new_secret)).status_code == 401

    days = site.get(f"/api/admin/api-keys/{key['id']}/usage", headers=admin).json()["days"]
    assert [(d["requests"], d["refused"]) for d in days] == [(1, 0)]


def test_quota_per_day_is_counted_across_hosts(db: Engine) -> None:
    key_id, secret = make_key(db, per_day=3, per_minute=100)
    with app_client(db) as host_a, app_client(db) as host_b:
        first = host_a.get(PRICES, headers=bearer(secret))
        assert first.status_code == 200
        # The quota nearest its end: the day's (2 of 3 left), and both policies.
        assert first.headers["RateLimit-Limit"] == "3"
        assert first.headers["RateLimit-Remaining"] == "2"
        assert 0 < int(first.headers["RateLimit-Reset"]) <= 86400
        assert first.headers["RateLimit-Policy"] == "100;w=60, 3;w=86400"
        assert host_b.get(PRICES, headers=bearer(secret)).status_code == 200
        assert host_a.get("/api/cities", headers=bearer(secret)).status_code == 200
        over = host_b.get(PRICES, headers=bearer(secret))
        assert over.status_code == 429, over.text
        assert over.headers["RateLimit-Remaining"] == "0"
        assert over.headers["Retry-After"] == over.headers["RateLimit-Reset"]
        assert "today" in over.json()["message"]
    assert usage(db, key_id) == (3, 1)


def test_quota_per_minute_and_anonymous_limits(db: Engine) -> None:
    key_id, secret = make_key(db, per_day=100, per_minute=2)
    with app_client(db, api_rate_limit_per_minute=2) as site:
        # A cached public answer still counts against the key: the fast path steps aside.
        assert site.get("/api/cities").status_code == 200
        assert site.get("/api/cities").status_code == 200
        assert site.get("/api/cities").status_code == 429  # the anonymous budget
        for remaining in ("1", "0"):
            answer = site.get("/api/cities", headers=bearer(secret))
            assert answer.status_code == 200  # the key's own budget, not the spent one
            assert answer.headers["RateLimit-Remaining"] == remaining
        refused = site.get("/api/cities", headers=bearer(secret))
        assert refused.status_code == 429
        assert 1 <= int(refused.headers["Retry-After"]) <= 30
        assert "per minute" in refused.json()["message"]
    assert usage(db, key_id) == (2, 1)


@pytest.mark.parametrize(
    "authorization",
    ["Bearer sk_live_00000000_notakey", "Bearer ", "bearer sk_live_x"],
)
def test_unknown_keys_get_401_never_anonymous(site: TestClient, authorization: str) -> None:
    answer = site.get("/api/cities", headers={"Authorization": authorization})
    assert answer.status_code == 401
    assert answer.headers["WWW-Authenticate"].startswith("Bearer")
    assert "Unknown API key" in answer.json()["message"]
    assert "RateLimit-Limit" not in answer.headers
    without = site.get(PRICES)
    assert without.status_code == 401
    assert "needs an API key" in without.json()["message"]


@pytest.fixture
def cli_env(db: Engine, monkeypatch: pytest.MonkeyPatch) -> Iterator[Engine]:
    monkeypatch.setenv("DATABASE_URL", db.url.render_as_string(hide_password=False))
    get_settings.cache_clear()
    yield db
    get_settings.cache_clear()


def test_cli_creates_lists_and_revokes(cli_env: Engine, site: TestClient) -> None:
    made = CliRunner().invoke(cli, ["api-keys", "create", "--name", "Acme", "--quota", "50"])
    assert made.exit_code == 0, made.output
    secret = made.output.strip().splitlines()[-1]
    assert secret.startswith("sk_live_")
    assert site.get(PRICES, headers=bearer(secret)).status_code == 200
    listed = CliRunner().invoke(cli, ["api-keys", "list"])
    assert "Acme" in listed.output
    assert secret not in listed.output
    with Session(cli_env) as session:
        key = session.scalars(select(ApiKey)).one()
    assert (key.quota_per_day, key.created_by) == (50, "cli")
    shown = CliRunner().invoke(cli, ["api-keys", "usage", str(key.id)])
    assert shown.exit_code == 0
    assert " 1 " in shown.output
    revoked = CliRunner().invoke(cli, ["api-keys", "revoke", str(key.id)])
    assert revoked.exit_code == 0, revoked.output
    assert site.get(PRICES, headers=bearer(secret)).status_code == 401

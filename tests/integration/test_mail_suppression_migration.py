"""Migration 0016 keys sign-ups and alerts by their address however written and gives each row a
nonce, on data the previous revision held (both databases); links made before it stop working.
"""

import datetime as dt

import sqlalchemy as sa
from alembic import command
from fastapi.testclient import TestClient
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from scrapindex import migrate
from scrapindex.alerts.links import CONFIRM_PURPOSE, UNSUBSCRIBE_PURPOSE
from scrapindex.mail.addresses import address_key
from scrapindex.mail.tokens import make_token
from scrapindex.models import MailSuppression, NewsletterSubscription, PriceAlert, SignUpAttempt
from scrapindex.settings import Settings
from tests.conftest import FreshDatabase
from tests.databases import IMPORT_DEMO, insert_at_past_revision
from tests.moderation import app_client

NOW = dt.datetime(2026, 11, 30, 12, tzinfo=dt.UTC)
SECRET = "a test secret"
ADDRESSES = ["r.eader+news@googlemail.com", "plain@example.org", "o'neil+x@example.org"]


def downgrade(engine: Engine, revision: str) -> None:
    config = migrate.alembic_config(engine.url.render_as_string(hide_password=False))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, revision)


def columns_of(engine: Engine, table: str) -> set[str]:
    return {column["name"] for column in sa.inspect(engine).get_columns(table)}


def add_rows_at_0015(engine: Engine) -> dict[str, int]:
    """Sign-ups and alerts as revision 0015 stored them; each alert's id by its address."""
    with engine.connect() as connection:
        city = connection.execute(sa.text("SELECT id FROM cities ORDER BY id")).scalars().first()
    ids = {}
    for email in ADDRESSES:
        insert_at_past_revision(
            engine,
            NewsletterSubscription,
            {"email": email, "client_hash": "reader", "created_at": NOW},
        )
        ids[email] = insert_at_past_revision(
            engine,
            PriceAlert,
            {
                "email": email,
                "kind": "digest-daily",
                "city_id": city,
                "currency": "ZAR",
                "client_hash": "reader",
                "created_at": NOW,
            },
        )
    return ids


def test_rows_get_their_address_key_and_a_nonce_and_old_links_stop_working(
    fresh_database: FreshDatabase,
) -> None:
    engine = fresh_database(IMPORT_DEMO)
    downgrade(engine, "0015")
    for table in ("newsletter_subscriptions", "price_alerts"):
        assert {"address_key", "nonce"}.isdisjoint(columns_of(engine, table))
    assert not {"mail_suppressions", "sign_up_attempts"} & set(sa.inspect(engine).get_table_names())
    alert_ids = add_rows_at_0015(engine)

    migrate.upgrade(engine)

    with Session(engine) as session:
        keys: dict[str, list[str]] = {}
        nonces = []
        for model in (NewsletterSubscription, PriceAlert):
            query = select(model.email, model.address_key, model.nonce).order_by(model.id)
            for email, key, nonce in session.execute(query):
                keys.setdefault(email, []).append(key)
                nonces.append(nonce)
        # The new tables take what the app stores in them.
        session.add(MailSuppression(address_hash="a" * 64, suppressed_at=NOW))
        session.add(SignUpAttempt(limit_key="newsletter:" + "b" * 64, attempted_at=NOW))
        session.commit()
    assert keys == {email: [address_key(email)] * 2 for email in ADDRESSES}  # sign-up, alert
    assert keys["r.eader+news@googlemail.com"][0] == "reader@gmail.com"
    assert keys["o'neil+x@example.org"][0] == "o'neil@example.org"
    assert len(set(nonces)) == len(nonces) == 6  # each row its own, random
    assert all(len(nonce) == 22 for nonce in nonces)

    # A link mailed before 0016 names the alert's id only: it confirms and removes nothing.
    alert_id = alert_ids["plain@example.org"]
    with app_client(engine, token_secret=SECRET) as site:
        confirm = make_token(Settings(token_secret=SECRET), CONFIRM_PURPOSE, {"a": alert_id})
        assert site.get("/alerts/confirm", params={"token": confirm}).status_code == 404
        remove = make_token(Settings(token_secret=SECRET), UNSUBSCRIBE_PURPOSE, {"a": alert_id})
        assert site.post("/alerts/unsubscribe", params={"token": remove}).status_code == 404
        # New sign-ups of an address written another way are the existing one.
        answer = TestClient(site.app, client=("visitor", 50000)).post(
            "/api/newsletter", json={"email": "Reader@Gmail.com"}
        )
        assert answer.status_code == 200
    with Session(engine) as session:
        assert session.get(PriceAlert, alert_id) is not None
        assert session.scalars(select(PriceAlert.confirmed_at)).all() == [None] * 3
        assert len(session.scalars(select(NewsletterSubscription)).all()) == 3

    # And back: 0016 comes off as it went on.
    downgrade(engine, "0015")
    assert {"address_key", "nonce"}.isdisjoint(columns_of(engine, "price_alerts"))
    assert not {"mail_suppressions", "sign_up_attempts"} & set(sa.inspect(engine).get_table_names())
    migrate.upgrade(engine)
    assert migrate.current_revision(engine) == migrate.head_revision()

"""Price alerts end to end, with a real SMTP server (aiosmtpd): set up, confirm from the mail's
link, fire once per crossing, one-click unsubscribe, the manage page, limits, digests."""

import datetime as dt
import re
from collections.abc import Iterator
from decimal import Decimal
from typing import Any
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, delete, func, insert, select, update

from scrapindex.alerts.digests import period_start, send_due_digests
from scrapindex.alerts.evaluate import evaluate_alerts
from scrapindex.alerts.links import CONFIRM_PURPOSE, MANAGE_PURPOSE, UNSUBSCRIBE_PURPOSE
from scrapindex.app import create_app
from scrapindex.mail.sender import send_due
from scrapindex.mail.tokens import make_token
from scrapindex.models import (
    City,
    Material,
    OutboxMessage,
    Price,
    PriceAlert,
    SignUpAttempt,
    Source,
)
from scrapindex.queries.current_prices import refresh_current_prices
from scrapindex.settings import Settings
from tests.databases import IMPORT_DEMO
from tests.mail_server import Inbox, body_text, mail_settings
from tests.moderation import CITY, MATERIAL, EveryCallFresh

ACCEPTED = {"status": "pending", "message": "Check your inbox to confirm your alert."}
LAST_DAY = IMPORT_DEMO.end_date  # copper-1 in Cape Town: R151.53/kg that day
READER = "reader@example.org"


@pytest.fixture
def settings(db: Engine, smtp_server: tuple[Inbox, int]) -> Settings:
    return mail_settings(
        smtp_server[1],
        database_url=db.url.render_as_string(hide_password=False),
        page_rate_limit_per_minute=0,
    )


@pytest.fixture
def site(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings, clock=EveryCallFresh())) as client:
        yield client


def above(threshold: Any = 160, **changes: Any) -> dict[str, Any]:
    return {
        "email": READER,
        "citySlug": CITY,
        "materialSlug": MATERIAL,
        "kind": "above",
        "threshold": threshold,
        **changes,
    }


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def deliver(db: Engine, settings: Settings) -> int:
    return send_due(db, settings, now=now(), sender_id="test").sent


def link_in(text: str, path: str) -> str:
    """The path and query of the first link to ``path`` in a mail's text."""
    match = re.search(rf"https://scrapindex\.example{re.escape(path)}\?token=[\w.-]+", text)
    assert match, f"no {path} link in {text!r}"
    parts = urlsplit(match.group(0))
    return f"{parts.path}?{parts.query}"


def outbox(db: Engine, kind: str) -> list[OutboxMessage]:
    from sqlalchemy.orm import Session

    with Session(db) as session:
        query = select(OutboxMessage).where(OutboxMessage.kind == kind).order_by("id")
        return list(session.scalars(query))


def set_price(db: Engine, day: dt.date, price: str) -> None:
    """Store copper-1's price in Cape Town for ``day``, as any price update does."""
    with db.begin() as connection:
        material_id = connection.scalar(select(Material.id).where(Material.slug == MATERIAL))
        city_id = connection.scalar(select(City.id).where(City.slug == CITY))
        source_id = connection.scalar(select(Source.id).order_by(Source.id).limit(1))
        connection.execute(
            delete(Price).where(
                Price.material_id == material_id, Price.city_id == city_id, Price.price_date == day
            )
        )
        connection.execute(
            insert(Price).values(
                material_id=material_id,
                city_id=city_id,
                price_date=day,
                price_per_kg=Decimal(price),
                currency="ZAR",
                source_id=source_id,
                updated_at=now(),
            )
        )
        refresh_current_prices(connection)


def confirm_from_mail(site: TestClient, inbox: Inbox, db: Engine, settings: Settings) -> None:
    assert deliver(db, settings) >= 1
    message = inbox.messages()[-1]
    assert message["Subject"] == "Confirm your ScrapIndex price alert"
    assert "List-Unsubscribe" not in message  # nothing to unsubscribe from yet
    answer = site.get(link_in(body_text(message, "plain"), "/alerts/confirm"))
    assert answer.status_code == 200
    assert "Your alert is set up" in answer.text


def test_an_alert_is_accepted_and_sends_nothing_until_confirmed(
    db: Engine, settings: Settings, site: TestClient, smtp_server: tuple[Inbox, int]
) -> None:
    inbox, _ = smtp_server
    answer = site.post("/api/alerts", json=above("1.60", unit="lb"))
    assert (answer.status_code, answer.json()) == (202, ACCEPTED)
    [alert] = alerts(db)
    assert (alert.threshold, alert.unit, alert.currency) == (Decimal("1.6"), "lb", "ZAR")
    assert alert.threshold_per_kg == Decimal("3.5274")  # 1.60 / 0.45359237
    assert alert.confirmed_at is None
    set_price(db, LAST_DAY + dt.timedelta(days=1), "2")  # below, then far above
    evaluate_alerts(db, settings, now())
    set_price(db, LAST_DAY + dt.timedelta(days=2), "200")
    assert evaluate_alerts(db, settings, now()).fired == 0
    assert deliver(db, settings) == 1  # the confirmation mail only
    [message] = inbox.messages()
    assert message["To"] == READER
    html = body_text(message, "html")
    assert "Copper" in html
    assert "R1.60/lb" in body_text(message, "plain")


def test_a_piece_alert_is_kept_per_piece_and_said_per_piece(
    db: Engine, settings: Settings, site: TestClient, smtp_server: tuple[Inbox, int]
) -> None:
    inbox, _ = smtp_server
    answer = site.post("/api/alerts", json=above("2450", materialSlug="catalytic-converters"))
    assert answer.status_code == 202, answer.text
    [alert] = alerts(db)
    assert (alert.unit, alert.threshold_per_kg) == ("piece", Decimal("2450"))
    assert deliver(db, settings) == 1
    [message] = inbox.messages()
    assert "R2,450.00 per piece" in body_text(message, "plain")


def link_to(alert: PriceAlert) -> dict[str, Any]:
    """What a confirm or unsubscribe link made for ``alert`` names."""
    return {"a": alert.id, "n": alert.nonce}


def alerts(db: Engine) -> list[PriceAlert]:
    from sqlalchemy.orm import Session

    with Session(db) as session:
        return list(session.scalars(select(PriceAlert).order_by(PriceAlert.id)))


def test_an_alert_fires_once_per_crossing(
    db: Engine, settings: Settings, site: TestClient, smtp_server: tuple[Inbox, int]
) -> None:
    inbox, _ = smtp_server
    assert site.post("/api/alerts", json=above(160)).status_code == 202
    confirm_from_mail(site, inbox, db, settings)
    [alert] = alerts(db)
    assert alert.is_beyond is False  # R151.53 when confirmed: it waits for a crossing

    fired = []
    for offset, price in enumerate(["165", "170", "150", "150", "161"], start=1):
        set_price(db, LAST_DAY + dt.timedelta(days=offset), price)
        fired.append(evaluate_alerts(db, settings, now()).fired)
    assert fired == [1, 0, 0, 0, 1]  # above; still above; back (re-armed); still; above again
    assert len(outbox(db, "alert-fired")) == 2

    assert deliver(db, settings) == 2
    first = inbox.messages()[1]
    assert first["To"] == READER
    assert first["Subject"] == "#1 Copper in Cape Town is now above R160.00/kg"
    unsubscribe = first["List-Unsubscribe"]
    assert re.fullmatch(
        r"<https://scrapindex\.example/alerts/unsubscribe\?token=[\w.-]+>, "
        r"<mailto:no-reply@scrapindex\.example\?subject=unsubscribe>",
        " ".join(unsubscribe.split()),  # it may be folded
    )
    assert first["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    text = body_text(first, "plain")
    assert "R165.00/kg" in text
    assert "https://scrapindex.example/za/cape-town" in text
    for part in (text, body_text(first, "html")):
        assert "/alerts/manage?token=" in part
        assert "/alerts/unsubscribe?token=" in part

    # One click (RFC 8058): the mail client POSTs to the List-Unsubscribe address.
    one_click = link_in(unsubscribe, "/alerts/unsubscribe")
    page = site.get(one_click)
    assert (page.status_code, alerts(db) != []) == (200, True)  # GET only shows a button
    assert '<form method="post"' in page.text
    answer = site.post(one_click, content="List-Unsubscribe=One-Click")
    assert answer.status_code == 200
    assert alerts(db) == []


def test_the_manage_link_lists_the_address_alerts(
    db: Engine, settings: Settings, site: TestClient, smtp_server: tuple[Inbox, int]
) -> None:
    inbox, _ = smtp_server
    assert site.post("/api/alerts", json=above(160)).status_code == 202
    confirm_from_mail(site, inbox, db, settings)
    daily = {"email": READER, "citySlug": "johannesburg", "kind": "digest-daily"}
    assert site.post("/api/alerts", json=daily).status_code == 202
    other = {**daily, "email": "someone@example.org"}
    assert site.post("/api/alerts", json=other).status_code == 202
    set_price(db, LAST_DAY + dt.timedelta(days=1), "170")
    assert evaluate_alerts(db, settings, now()).fired == 1
    deliver(db, settings)
    fired = next(m for m in inbox.messages() if "is now above" in m["Subject"])
    page = site.get(link_in(body_text(fired, "plain"), "/alerts/manage"))
    assert page.status_code == 200
    assert page.headers["cache-control"] == "no-store"
    assert "#1 Copper in Cape Town above R160.00/kg" in page.text
    assert "Daily prices in Johannesburg (not confirmed yet)" in page.text
    assert page.text.count("Delete</button>") == 2  # not the other address's
    delete_action = re.findall(r'action="(/alerts/unsubscribe\?token=[\w.-]+)"', page.text)[1]
    assert site.post(delete_action).status_code == 200
    assert [a.kind for a in alerts(db)] == ["above", "digest-daily"]
    assert [a.email for a in alerts(db)] == [READER, "someone@example.org"]


def test_expired_and_forged_links_are_refused(
    db: Engine, settings: Settings, site: TestClient
) -> None:
    assert site.post("/api/alerts", json=above()).status_code == 202
    [alert] = alerts(db)
    names = link_to(alert)
    old = now() - dt.timedelta(days=8)
    expired = make_token(settings, CONFIRM_PURPOSE, names, now=old)
    assert site.get("/alerts/confirm", params={"token": expired}).status_code == 410
    other_purpose = make_token(settings, UNSUBSCRIBE_PURPOSE, names)
    assert site.get("/alerts/confirm", params={"token": other_purpose}).status_code == 404
    for without_nonce in ({"a": alert.id}, {**names, "n": ""}, {**names, "n": None}):
        bare = make_token(settings, CONFIRM_PURPOSE, without_nonce)  # as made before nonces
        assert site.get("/alerts/confirm", params={"token": bare}).status_code == 404
    foreign = Settings(token_secret="someone-else")
    forged = make_token(foreign, CONFIRM_PURPOSE, names)
    assert site.get("/alerts/confirm", params={"token": forged}).status_code == 404
    assert site.get("/alerts/confirm", params={"token": "x" * 50}).status_code == 404
    assert site.post("/alerts/unsubscribe", params={"token": forged}).status_code == 404
    assert site.get("/alerts/manage", params={"token": other_purpose}).status_code == 404
    assert alerts(db)[0].confirmed_at is None
    good = make_token(settings, CONFIRM_PURPOSE, names)
    assert site.get("/alerts/confirm", params={"token": good}).status_code == 200
    assert alerts(db)[0].confirmed_at is not None


@pytest.mark.parametrize("alert_id", [2**70, 2**63, 2**31, 0, -1])
def test_a_signed_id_that_can_be_no_alert_is_a_bad_link(
    db: Engine, site: TestClient, settings: Settings, alert_id: int
) -> None:
    """Signed with our secret, but beyond the id column: a 404 page, not a database error."""
    confirm = make_token(settings, CONFIRM_PURPOSE, {"a": alert_id})
    answer = site.get("/alerts/confirm", params={"token": confirm})
    assert answer.status_code == 404
    assert "This link is not valid" in answer.text
    unsubscribe = {"token": make_token(settings, UNSUBSCRIBE_PURPOSE, {"a": alert_id})}
    assert site.get("/alerts/unsubscribe", params=unsubscribe).status_code == 404
    assert site.post("/alerts/unsubscribe", params=unsubscribe).status_code == 404


def test_a_token_dated_in_the_future_is_refused(
    db: Engine, settings: Settings, site: TestClient
) -> None:
    assert site.post("/api/alerts", json=above()).status_code == 202
    [alert] = alerts(db)
    names = link_to(alert)
    later = now() + dt.timedelta(days=1)  # stamped ahead, a link outlives its age limit as much
    for stamped in (later, now() + dt.timedelta(days=365 * 80)):
        token = make_token(settings, CONFIRM_PURPOSE, names, now=stamped)
        answer = site.get("/alerts/confirm", params={"token": token})
        assert answer.status_code == 404
        assert "This link is not valid" in answer.text
        unsubscribe = {"token": make_token(settings, UNSUBSCRIBE_PURPOSE, names, now=stamped)}
        assert site.post("/alerts/unsubscribe", params=unsubscribe).status_code == 404
        manage = make_token(settings, MANAGE_PURPOSE, {"e": READER}, now=stamped)
        assert site.get("/alerts/manage", params={"token": manage}).status_code == 404
    assert [a.confirmed_at for a in alerts(db)] == [None]  # neither confirmed nor removed
    # Our hosts' clocks may differ by a little: a token from 30 s ahead still works.
    nearly_now = make_token(settings, CONFIRM_PURPOSE, names, now=now() + dt.timedelta(seconds=30))
    assert site.get("/alerts/confirm", params={"token": nearly_now}).status_code == 200


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        (above(threshold=None), "needs a threshold"),
        (above(materialSlug=None), "needs materialSlug"),
        (above(citySlug="atlantis"), "no city 'atlantis'"),
        (above(materialSlug="unobtainium"), "no material 'unobtainium'"),
        (above(kind="digest-daily"), "a digest covers every material"),
        (above(kind="sideways"), "kind"),
        (above(threshold=-1), "threshold"),
        (above(unit="oz"), "unit"),
        (
            above(materialSlug="catalytic-converters", unit="lb"),
            "Catalytic Converters sell by the piece: give the price per piece",
        ),
        (above(unit="piece"), "is priced by weight: give the price per kg, lb, t"),
        (above(email="not-an-address"), "email"),
        (above(email="reader@example.org\r\nBcc: victim@example.org"), "email"),
    ],
)
def test_invalid_alerts_are_refused_with_a_reason(
    db: Engine, site: TestClient, body: dict[str, Any], problem: str
) -> None:
    answer = site.post("/api/alerts", json=body)
    assert answer.status_code == 422
    assert problem in answer.text
    assert alerts(db) == []
    assert outbox(db, "alert-confirm") == []


def test_limits_per_address_and_per_client(db: Engine, site: TestClient) -> None:
    assert site.post("/api/alerts", json=above(website="http://spam.example")).status_code == 400
    for number in range(5):
        assert site.post("/api/alerts", json=above(100 + number)).status_code == 202
    answer = site.post("/api/alerts", json=above(200))
    assert (answer.status_code, answer.headers["retry-after"]) == (429, "60")

    with db.begin() as connection:  # 20 alerts for the address, made earlier
        connection.execute(update(PriceAlert).values(created_at=now() - dt.timedelta(hours=1)))
        made = connection.execute(select(PriceAlert.__table__).limit(1)).mappings().one()
        row = {name: value for name, value in made.items() if name != "id"}
        connection.execute(insert(PriceAlert), [row] * 15)
    refused = TestClient(site.app, client=("another", 50000)).post("/api/alerts", json=above(300))
    assert refused.status_code == 422
    assert "at most 20 alerts" in refused.text
    elsewhere = above(300, email="other@example.org")
    assert TestClient(site.app, client=("another", 50000)).post("/api/alerts", json=elsewhere)


def confirmed_digest(db: Engine, kind: str, confirmed_at: dt.datetime) -> int:
    with db.begin() as connection:
        city_id = connection.scalar(select(City.id).where(City.slug == CITY))
        return connection.execute(
            insert(PriceAlert)
            .values(
                email=READER,
                kind=kind,
                city_id=city_id,
                currency="ZAR",
                client_hash="test",
                created_at=confirmed_at,
                confirmed_at=confirmed_at,
            )
            .returning(PriceAlert.id)
        ).scalar_one()


def test_digests_go_out_at_seven_local_time_once_per_day_or_week(
    db: Engine, settings: Settings, smtp_server: tuple[Inbox, int]
) -> None:
    inbox, _ = smtp_server
    # Cape Town is UTC+2: 07:00 there is 05:00 UTC. 2026-04-01 is a Wednesday.
    utc = dt.UTC
    confirmed_digest(db, "digest-daily", dt.datetime(2026, 4, 1, 4, 0, tzinfo=utc))
    confirmed_digest(db, "digest-weekly", dt.datetime(2026, 4, 1, 4, 0, tzinfo=utc))
    sent = [
        send_due_digests(db, settings, dt.datetime(2026, 4, day, hour, minute, tzinfo=utc))
        for day, hour, minute in [
            (1, 4, 59),  # 06:59 local: not yet
            (1, 5, 0),  # 07:00: the daily one
            (1, 5, 5),  # again the same day: nothing
            (1, 23, 0),  # 01:00 local on the 2nd: not yet
            (2, 5, 1),  # the 2nd's
            (6, 5, 0),  # Monday 07:00: the daily and the weekly
            (6, 9, 0),
        ]
    ]
    assert sent == [0, 1, 0, 0, 1, 2, 0]
    assert deliver(db, settings) == 4
    message = inbox.messages()[0]
    assert message["Subject"] == "Cape Town scrap prices, 2026-04-01"
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    text = body_text(message, "plain")
    assert "#1 Copper: R151.53/kg" in text
    assert "/alerts/manage?token=" in text


def test_a_digest_period_starts_at_seven_local_time() -> None:
    at = dt.datetime(2026, 3, 29, 12, 0, tzinfo=dt.UTC)  # Sunday; Europe/Berlin went to UTC+2
    assert period_start("digest-daily", at, "Europe/Berlin") == dt.datetime(
        2026, 3, 29, 5, 0, tzinfo=dt.UTC
    )
    assert period_start("digest-weekly", at, "Europe/Berlin") == dt.datetime(
        2026, 3, 23, 6, 0, tzinfo=dt.UTC
    )
    assert period_start("digest-daily", at, "America/New_York") == dt.datetime(
        2026, 3, 29, 11, 0, tzinfo=dt.UTC
    )


def test_no_alert_mail_carries_a_line_break_in_a_header(db: Engine, site: TestClient) -> None:
    assert site.post("/api/alerts", json=above()).status_code == 202
    for mail in outbox(db, "alert-confirm"):
        for value in [mail.to_address, mail.subject, *mail.headers.values()]:
            assert "\r" not in value
            assert "\n" not in value
    with db.connect() as connection:
        assert connection.scalar(select(func.count()).select_from(PriceAlert)) == 1


# Mail that cannot be aimed at someone, links that act only on what they were made for (issue 35)


def visitor(site: TestClient, number: int) -> TestClient:
    """Another client of the same app: the form's limit counts per client."""
    return TestClient(site.app, client=(f"visitor-{number}", 50000))


def test_an_address_written_another_way_shares_its_cap(db: Engine, site: TestClient) -> None:
    """``a+1@`` and ``a.b@gmail.com`` counted as new addresses, so the 20-alert cap was dodged."""
    variants = [
        "reader@gmail.com",
        "Reader+{n}@gmail.com",
        "r.e.a.d.e.r@googlemail.com",
        "R.eader+{n}@GoogleMail.com",
    ]
    for number in range(20):
        email = variants[number % 4].format(n=number)
        answer = visitor(site, number // 5).post(
            "/api/alerts", json=above(100 + number, email=email)
        )
        assert answer.status_code == 202, answer.text
    assert {alert.address_key for alert in alerts(db)} == {"reader@gmail.com"}
    assert "reader+1@gmail.com" in {alert.email for alert in alerts(db)}  # mail goes as given
    refused = visitor(site, 9).post("/api/alerts", json=above(300, email="READER+21@gmail.com"))
    assert refused.status_code == 422
    assert "at most 20 alerts" in refused.text
    elsewhere = above(300, email="reader+21@example.org")  # another mailbox: its own cap
    assert visitor(site, 9).post("/api/alerts", json=elsewhere).status_code == 202


def test_an_address_that_left_gets_at_most_one_confirmation_a_month(
    db: Engine, settings: Settings, site: TestClient, smtp_server: tuple[Inbox, int]
) -> None:
    """Removing an address's last alert suppresses it: sign-ups of it (alerts or the
    newsletter) then mail at most one confirmation per 30 days, until one is confirmed."""
    inbox, _ = smtp_server
    assert visitor(site, 1).post("/api/alerts", json=above(160)).status_code == 202
    confirm_from_mail(site, inbox, db, settings)
    manage = make_token(settings, MANAGE_PURPOSE, {"e": READER})
    page = site.get("/alerts/manage", params={"token": manage})
    [delete_action] = re.findall(r'action="(/alerts/unsubscribe\?token=[\w.-]+)"', page.text)
    assert site.post(delete_action).status_code == 200
    assert alerts(db) == []

    for number in range(2, 6):  # others sign the address up again, one alert each
        assert visitor(site, number).post("/api/alerts", json=above(170 + number)).status_code
    newsletter = visitor(site, 6).post("/api/newsletter", json={"email": "Reader+n@example.org"})
    assert newsletter.status_code == 200
    assert len(alerts(db)) == 4
    assert deliver(db, settings) == 1  # one confirmation mail, not five
    assert len(outbox(db, "alert-confirm")) == 2  # the first alert's, then this one
    assert outbox(db, "newsletter-confirm") == []

    answer = site.get(link_in(body_text(inbox.messages()[-1], "plain"), "/alerts/confirm"))
    assert answer.status_code == 200  # confirmed: the address asks for mail again
    assert visitor(site, 7).post("/api/alerts", json=above(190)).status_code == 202
    assert deliver(db, settings) == 1


def test_unconfirmed_alerts_are_purged_after_seven_days(
    db: Engine, site: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Unconfirmed alerts were never purged: 20 made for someone held their cap for good."""
    from typer.testing import CliRunner

    from scrapindex.cli import app as cli
    from scrapindex.settings import get_settings

    for number in range(20):
        answer = visitor(site, number // 5).post("/api/alerts", json=above(100 + number))
        assert answer.status_code == 202
    assert visitor(site, 8).post("/api/alerts", json=above(300)).status_code == 422  # full
    with db.begin() as connection:
        connection.execute(update(PriceAlert).values(created_at=now() - dt.timedelta(days=8)))
        first = connection.scalar(select(func.min(PriceAlert.id)))
        connection.execute(  # one of them was confirmed: it stays
            update(PriceAlert).where(PriceAlert.id == first).values(confirmed_at=now())
        )
    recent = visitor(site, 9).post("/api/alerts", json=above(140, email="late@example.org"))
    assert recent.status_code == 202
    with db.begin() as connection:  # what the limits counted, a day ago: not kept
        connection.execute(update(SignUpAttempt).values(attempted_at=now() - dt.timedelta(days=2)))

    monkeypatch.setenv("DATABASE_URL", db.url.render_as_string(hide_password=False))
    get_settings.cache_clear()
    try:
        result = CliRunner().invoke(cli, ["mail", "purge"])
    finally:
        get_settings.cache_clear()
    assert result.exit_code == 0, result.output
    assert "19 unconfirmed alerts older than 7 days deleted." in " ".join(result.output.split())
    assert [(a.id == first, a.email) for a in alerts(db)] == [
        (True, READER),
        (False, "late@example.org"),
    ]
    with db.connect() as connection:
        assert connection.scalar(select(func.count()).select_from(SignUpAttempt)) == 0
    assert visitor(site, 8).post("/api/alerts", json=above(300)).status_code == 202


def test_a_link_acts_only_on_the_alert_it_was_made_for(
    db: Engine, settings: Settings, site: TestClient, smtp_server: tuple[Inbox, int]
) -> None:
    """SQLite gives a deleted alert's id to the next alert: an attacker's old confirm link
    confirmed a victim's new alert (and showed the victim's address), an old unsubscribe link
    deleted it. On PostgreSQL the sequence gives the id back, as SQLite would."""
    from scrapindex.alerts.links import unsubscribe_url

    inbox, _ = smtp_server
    attacker = above(email="attacker@example.org")
    assert visitor(site, 1).post("/api/alerts", json=attacker).status_code == 202
    deliver(db, settings)
    old_confirm = link_in(body_text(inbox.messages()[-1], "plain"), "/alerts/confirm")
    [old] = alerts(db)
    old_unsubscribe = urlsplit(unsubscribe_url(settings, old.id, old.nonce, now()))
    with db.begin() as connection:  # purged, or removed by its own unsubscribe link
        connection.execute(delete(PriceAlert))
        if db.dialect.name == "postgresql":  # the next id is the old one, as on SQLite
            sequence = "pg_get_serial_sequence('price_alerts', 'id')"
            connection.exec_driver_sql(f"SELECT setval({sequence}, {int(old.id)}, false)")
    assert visitor(site, 2).post("/api/alerts", json=above(170)).status_code == 202
    [victim] = alerts(db)
    assert (victim.id, victim.email) == (old.id, READER)

    answer = site.get(old_confirm)
    assert answer.status_code == 404
    assert "This alert no longer exists" in answer.text
    assert READER not in answer.text
    assert site.post(f"{old_unsubscribe.path}?{old_unsubscribe.query}").status_code == 200
    assert [(a.id, a.confirmed_at) for a in alerts(db)] == [(old.id, None)]  # untouched
    deliver(db, settings)
    answer = site.get(link_in(body_text(inbox.messages()[-1], "plain"), "/alerts/confirm"))
    assert answer.status_code == 200  # the victim's own link works

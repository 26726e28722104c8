"""The newsletter's double opt-in through a real SMTP server (aiosmtpd on a free port): the
confirmation mail and its links, who counts as a subscriber, resending, expired and forged
links, one-click unsubscribe (RFC 8058), the purge, and header safety; and mail that cannot be
aimed at someone: one sign-up per mailbox however written, every ask counted, suppression after
unsubscribing, links that act only on the sign-up they were made for."""

import datetime as dt
from typing import Any
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient
from pydantic import SecretStr
from sqlalchemy import Engine, func, select, update
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from scrapindex.app import create_app
from scrapindex.cli import app as cli
from scrapindex.mail import newsletter
from scrapindex.mail.newsletter import (
    CONFIRM_KIND,
    CONFIRM_PURPOSE,
    CONFIRM_SUBJECT,
    UNSUBSCRIBE_PURPOSE,
    LinkedSignUp,
    SignUp,
    confirm_url,
    find_subscription,
    sign_up,
    unsubscribe_headers,
)
from scrapindex.mail.outbox import FORBIDDEN_IN_HEADER
from scrapindex.mail.sender import send_due
from scrapindex.mail.tokens import BadToken, make_token, read_token
from scrapindex.models import MailSuppression, NewsletterSubscription, OutboxMessage
from scrapindex.queries.operations import count_subscribers, waiting_counts
from scrapindex.settings import Settings, get_settings
from tests.mail_server import Inbox, body_text, mail_settings

NOW = dt.datetime(2026, 4, 1, 12, 0, tzinfo=dt.UTC)
CHECK_INBOX = (
    "Almost done: check your inbox and open the link we sent to confirm your subscription."
)
UNSUBSCRIBE_POST = "List-Unsubscribe=One-Click"


def settings_for(db: Engine, port: int = 1, **overrides: Any) -> Settings:
    return mail_settings(
        port,
        database_url=db.url.render_as_string(hide_password=False),
        token_secret="a test secret",
        page_rate_limit_per_minute=0,
        api_rate_limit_per_minute=0,
        **overrides,
    )


def subscriber_count(db: Engine) -> int:
    with Session(db) as session:
        return waiting_counts(session)["subscribers"]


def rows(db: Engine) -> dict[str, NewsletterSubscription]:
    with Session(db) as session:
        return {row.email: row for row in session.scalars(select(NewsletterSubscription))}


def confirmation_mails(db: Engine) -> int:
    with Session(db) as session:
        query = select(func.count()).where(OutboxMessage.kind == CONFIRM_KIND)
        return session.execute(query).scalar_one()


def confirm_now(session: Session, settings: Settings, email: str, now: dt.datetime) -> None:
    """Confirm ``email``'s sign-up as its confirmation link would."""
    row = find_subscription(session, email)
    assert row is not None
    assert newsletter.confirm(session, settings, LinkedSignUp(row.email, row.nonce), now)


def payload_of(db: Engine, email: str) -> dict[str, str]:
    """What a link made for ``email``'s sign-up names: the address and the row's nonce."""
    return {"e": email, "n": rows(db)[email].nonce}


def path_of(url: str) -> str:
    parts = urlsplit(url)
    assert f"{parts.scheme}://{parts.netloc}" == "https://scrapindex.example"
    return f"{parts.path}?{parts.query}"


def test_sign_up_confirm_and_unsubscribe_in_one_click(
    db: Engine, smtp_server: tuple[Inbox, int]
) -> None:
    inbox, port = smtp_server
    settings = settings_for(db, port)
    with TestClient(create_app(settings)) as client:
        answer = client.post("/api/newsletter", json={"email": "Reader@Example.org"})
        assert answer.status_code == 200
        assert answer.json() == {"message": CHECK_INBOX}
        assert set(rows(db)) == {"reader@example.org"}
        assert subscriber_count(db) == 0  # not before it is confirmed

        now = dt.datetime.now(dt.UTC)
        assert send_due(db, settings, now=now, sender_id="test").sent == 1
        [message] = inbox.messages()
        assert message["From"] == "ScrapIndex <no-reply@scrapindex.example>"
        assert message["To"] == "reader@example.org"
        assert message["Subject"] == CONFIRM_SUBJECT
        assert message["Message-ID"].endswith("@scrapindex.example>")
        assert message["Date"].datetime is not None
        assert message["List-Unsubscribe-Post"] == UNSUBSCRIBE_POST
        https_link, mailto = (
            part.strip().strip("<>") for part in message["List-Unsubscribe"].split(",")
        )
        assert https_link.startswith("https://scrapindex.example/newsletter/unsubscribe?token=")
        assert mailto == "mailto:no-reply@scrapindex.example?subject=unsubscribe"
        text, html = body_text(message, "plain"), body_text(message, "html")
        [link] = [line for line in text.splitlines() if "/newsletter/confirm?token=" in line]
        assert f'href="{link}"' in html
        assert https_link in text

        confirmed = client.get(path_of(link))
        assert confirmed.status_code == 200
        assert "Your subscription is confirmed" in confirmed.text
        assert confirmed.headers["cache-control"] == "no-store"
        assert confirmed.headers["x-robots-tag"] == "noindex"
        assert '<meta name="robots" content="noindex, nofollow">' in confirmed.text
        assert subscriber_count(db) == 1
        assert client.get(path_of(link)).status_code == 200  # again: still confirmed
        assert subscriber_count(db) == 1
        with Session(db) as session:
            assert count_subscribers(session, "reader") == 1

        # The same client asking again is told; the answer is the same for anyone else.
        again = client.post("/api/newsletter", json={"email": "reader@example.org"})
        assert again.json() == {"message": "You're already subscribed."}

        # A link scanner's GET shows the button and changes nothing.
        page = client.get(path_of(https_link))
        assert page.status_code == 200
        assert 'method="post"' in page.text
        assert "<script" not in page.text
        assert subscriber_count(db) == 1
        # The mail client's one-click POST (RFC 8058): no cookie, no CSRF token, the token rules.
        gone = client.post(
            path_of(https_link),
            content=UNSUBSCRIBE_POST,
            headers={"Content-Type": "application/x-www-form-urlencoded"},
        )
        assert gone.status_code == 200
        assert "You&#39;re unsubscribed" in gone.text or "You're unsubscribed" in gone.text
        assert gone.headers["cache-control"] == "no-store"
        assert rows(db) == {}
        assert client.post(path_of(https_link)).status_code == 200  # twice: the same page


def test_the_answer_does_not_tell_whether_an_address_is_subscribed(db: Engine) -> None:
    settings = settings_for(db)
    with Session(db) as session:
        assert sign_up(session, settings, "taken@example.org", "another-client", NOW)
        confirm_now(session, settings, "taken@example.org", NOW)
        session.commit()
    with TestClient(create_app(settings)) as client:
        for email in ("taken@example.org", "new@example.org", "new@example.org"):
            answer = client.post("/api/newsletter", json={"email": email})
            assert (answer.status_code, answer.json()) == (200, {"message": CHECK_INBOX})
    assert subscriber_count(db) == 1
    assert confirmation_mails(db) == 2  # the new address's; the confirmed one gets none


def test_an_unconfirmed_sign_up_is_resent_at_most_once_an_hour(db: Engine) -> None:
    settings = settings_for(db)
    outcomes = []
    for minutes in (0, 10, 59, 60, 61, 125):
        with Session(db) as session:
            now = NOW + dt.timedelta(minutes=minutes)
            outcomes.append(sign_up(session, settings, "slow@example.org", "client", now))
            session.commit()
    assert outcomes == [SignUp.NEW, *[SignUp.PENDING] * 5]
    assert confirmation_mails(db) == 3  # at 0, 60 and 125 minutes
    assert subscriber_count(db) == 0


def test_a_sign_up_gets_three_confirmation_mails_in_all(db: Engine) -> None:
    """Asked for again every hour, a sign-up's confirmation went out 24 times a day until the
    sign-up was purged: now the first mail and two re-sends."""
    settings = settings_for(db)
    for hours in range(6):
        with Session(db) as session:
            sign_up(
                session, settings, "target@example.org", "client", NOW + dt.timedelta(hours=hours)
            )
            session.commit()
    assert confirmation_mails(db) == 3


def test_expired_and_forged_links_are_refused_with_a_page(db: Engine) -> None:
    settings = settings_for(db)
    with Session(db) as session:
        sign_up(session, settings, "late@example.org", "client", NOW)
        session.commit()
    row = rows(db)["late@example.org"]
    old = confirm_url(settings, row, dt.datetime.now(dt.UTC) - dt.timedelta(days=8))
    late = payload_of(db, "late@example.org")
    fresh_token = make_token(settings, CONFIRM_PURPOSE, late)
    unsubscribe_token = make_token(settings, UNSUBSCRIBE_PURPOSE, late)
    other_secret = settings.model_copy(update={"token_secret": SecretStr("not ours")})
    forged = [
        fresh_token[:-2] + ("AA" if not fresh_token.endswith("AA") else "BB"),  # altered
        unsubscribe_token,  # made for the other page
        make_token(other_secret, CONFIRM_PURPOSE, late),  # other secret
        make_token(settings, CONFIRM_PURPOSE, {"e": "late@example.org"}),  # made before nonces
        make_token(settings, CONFIRM_PURPOSE, {**late, "n": ""}),
        make_token(settings, CONFIRM_PURPOSE, {**late, "n": 7}),
        "",
        "x" * 1900,
        "a.b.c",
    ]
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        expired = client.get(path_of(old))
        assert expired.status_code == 410
        assert "This link has expired" in expired.text
        assert 'href="/blog"' in expired.text  # a way to sign up again
        for token in forged:
            answer = client.get("/newsletter/confirm", params={"token": token})
            assert answer.status_code == 404, token[:80]
            assert "This link is not valid" in answer.text
            # The other way round: a confirmation token cannot unsubscribe.
            token = fresh_token if token == unsubscribe_token else token
            posted = client.post("/newsletter/unsubscribe", params={"token": token})
            assert posted.status_code == 404, token[:80]
        unsubscribe_old = make_token(
            settings, UNSUBSCRIBE_PURPOSE, late,
            now=dt.datetime.now(dt.UTC) - dt.timedelta(days=500),
        )  # fmt: skip
        posted = client.post("/newsletter/unsubscribe", params={"token": unsubscribe_old})
        assert posted.status_code == 410
    assert subscriber_count(db) == 0
    assert set(rows(db)) == {"late@example.org"}  # nothing confirmed, nothing removed
    # The token module itself: expiry is measured from the injected clock.
    token = make_token(settings, CONFIRM_PURPOSE, {"e": "x@example.org"}, now=NOW)
    limit = dt.timedelta(days=7)
    assert read_token(settings, CONFIRM_PURPOSE, token, limit, now=NOW + limit) == {
        "e": "x@example.org"
    }
    with pytest.raises(BadToken) as error:
        read_token(settings, CONFIRM_PURPOSE, token, limit, now=NOW + limit + dt.timedelta(1))
    assert error.value.expired


def test_a_token_dated_in_the_future_is_refused(db: Engine) -> None:
    """Stamped ahead, a link would work until long after its age limit: only a minute's
    difference between our hosts' clocks is allowed."""
    settings = settings_for(db)
    with Session(db) as session:
        sign_up(session, settings, "ahead@example.org", "client", NOW)
        session.commit()
    ahead = dt.datetime.now(dt.UTC) + dt.timedelta(days=2)
    payload = payload_of(db, "ahead@example.org")
    with TestClient(create_app(settings)) as client:
        confirm_ahead = {"token": make_token(settings, CONFIRM_PURPOSE, payload, now=ahead)}
        answer = client.get("/newsletter/confirm", params=confirm_ahead)
        assert answer.status_code == 404
        assert "This link is not valid" in answer.text
        unsubscribe_ahead = {"token": make_token(settings, UNSUBSCRIBE_PURPOSE, payload, now=ahead)}
        assert client.post("/newsletter/unsubscribe", params=unsubscribe_ahead).status_code == 404
    assert set(rows(db)) == {"ahead@example.org"}
    assert subscriber_count(db) == 0
    # The token module itself, on the injected clock.
    token = make_token(settings, CONFIRM_PURPOSE, {"e": "x@example.org"}, now=NOW)
    limit = dt.timedelta(days=7)
    for earlier in (dt.timedelta(seconds=61), dt.timedelta(days=3650)):
        with pytest.raises(BadToken) as error:
            read_token(settings, CONFIRM_PURPOSE, token, limit, now=NOW - earlier)
        assert not error.value.expired
    assert read_token(settings, CONFIRM_PURPOSE, token, limit, now=NOW - dt.timedelta(seconds=60))


def test_the_pages_answer_their_methods(db: Engine) -> None:
    with TestClient(create_app(settings_for(db))) as client:
        options = client.options("/newsletter/unsubscribe")
        assert (options.status_code, options.headers["allow"]) == (204, "GET, HEAD, OPTIONS, POST")
        assert client.options("/newsletter/confirm").headers["allow"] == "GET, HEAD, OPTIONS"
        put = client.put("/newsletter/unsubscribe")
        assert (put.status_code, put.headers["allow"]) == (405, "GET, HEAD, OPTIONS, POST")
        assert client.post("/newsletter/confirm").status_code == 405
        head = client.head("/newsletter/confirm?token=x")
        assert (head.status_code, head.content) == (404, b"")


def test_unconfirmed_sign_ups_are_purged_after_thirty_days(
    db: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = settings_for(db)
    now = dt.datetime.now(dt.UTC)
    with Session(db) as session:
        for email, days, confirmed in [
            ("old@example.org", 31, False),
            ("recent@example.org", 29, False),
            ("loyal@example.org", 90, True),
        ]:
            sign_up(session, settings, email, "client", now - dt.timedelta(days=days))
            if confirmed:
                confirm_now(session, settings, email, now - dt.timedelta(days=days - 1))
        session.commit()
    monkeypatch.setenv("DATABASE_URL", db.url.render_as_string(hide_password=False))
    get_settings.cache_clear()
    try:
        result = CliRunner().invoke(cli, ["mail", "purge"])
    finally:
        get_settings.cache_clear()
    assert result.exit_code == 0, result.output
    assert "1 unconfirmed newsletter sign-up older than 30 days" in result.output
    assert set(rows(db)) == {"recent@example.org", "loyal@example.org"}


@pytest.mark.parametrize(
    "email",
    [
        "reader@example.org\r\nBcc: victim@example.org",
        "reader@example.org\nBcc: victim@example.org",
        "reader@example.org\r",
        "reader\u2028@example.org",
    ],
)
def test_line_breaks_in_an_address_never_reach_a_header(db: Engine, email: str) -> None:
    with TestClient(create_app(settings_for(db))) as client:
        assert client.post("/api/newsletter", json={"email": email}).status_code == 422
    assert rows(db) == {}
    assert confirmation_mails(db) == 0


def test_unsubscribe_headers_hold_no_control_characters() -> None:
    settings = Settings(site_root="https://scrapindex.example", token_secret="s")
    row = NewsletterSubscription(email="o'neil+news@example.org", nonce="n" * 22)
    headers = unsubscribe_headers(settings, row, NOW)
    assert set(headers) == {"List-Unsubscribe", "List-Unsubscribe-Post"}
    for value in headers.values():
        assert not FORBIDDEN_IN_HEADER.search(value)
    assert "o'neil" not in headers["List-Unsubscribe"]  # the address is inside the token only


# Mail that cannot be aimed at someone (issue 35)


def visitor(app: TestClient, number: int) -> TestClient:
    """Another client of the same app: a form's limit counts per client."""
    return TestClient(app.app, client=(f"visitor-{number}", 50000))


def links_in(message: Any) -> tuple[str, str]:
    """The confirm link in a confirmation mail's text and its List-Unsubscribe https link."""
    text = body_text(message, "plain")
    [confirm] = [line for line in text.splitlines() if "/newsletter/confirm?token=" in line]
    unsubscribe = message["List-Unsubscribe"].split(",")[0].strip().strip("<>")
    return path_of(confirm.strip()), path_of(unsubscribe)


def set_times(db: Engine, **changes: dt.datetime) -> None:
    with db.begin() as connection:
        connection.execute(update(NewsletterSubscription).values(**changes))


def test_an_address_written_another_way_is_the_same_sign_up(
    db: Engine, smtp_server: tuple[Inbox, int]
) -> None:
    """``a+1@`` and ``a.b@gmail.com`` were new addresses: each a row and a mail of its own."""
    inbox, port = smtp_server
    settings = settings_for(db, port)
    variants = ["Reader@gmail.com", "r.e.a.d.e.r+news@GoogleMail.com", "READER+2@gmail.com"]
    with TestClient(create_app(settings)) as client:
        for number, email in enumerate(variants):
            answer = visitor(client, number).post("/api/newsletter", json={"email": email})
            assert (answer.status_code, answer.json()) == (200, {"message": CHECK_INBOX})
    assert set(rows(db)) == {"reader@gmail.com"}  # kept as first given, mail goes there
    assert rows(db)["reader@gmail.com"].address_key == "reader@gmail.com"
    assert send_due(db, settings, now=dt.datetime.now(dt.UTC), sender_id="test").sent == 1
    assert [m["To"] for m in inbox.messages()] == ["reader@gmail.com"]


def test_asking_again_counts_against_the_client_limit(db: Engine) -> None:
    """100 re-posts of one address from one client were 100 answers of 200 (and a new mail each
    past the hour): asking again stored nothing, so the limit never counted it."""
    settings = settings_for(db)
    with TestClient(create_app(settings)) as client:
        sender = visitor(client, 1)
        codes = [
            sender.post("/api/newsletter", json={"email": "victim@example.org"}).status_code
            for _ in range(100)
        ]
        assert codes == [200] * 5 + [429] * 95
        refused = sender.post("/api/newsletter", json={"email": "someone-else@example.org"})
        assert (refused.status_code, refused.headers["retry-after"]) == (429, "60")
        assert visitor(client, 2).post("/api/newsletter", json={"email": "x@example.org"})
    assert set(rows(db)) == {"victim@example.org", "x@example.org"}
    assert confirmation_mails(db) == 2


def test_an_unsubscribed_address_gets_at_most_one_confirmation_a_month(
    db: Engine, smtp_server: tuple[Inbox, int]
) -> None:
    """Unsubscribing deleted the row, and anyone could sign the address up again at once: now
    the address is suppressed (a salted hash of it is kept), and sign-ups of it mail at most one
    confirmation per 30 days until one is confirmed."""
    inbox, port = smtp_server
    settings = settings_for(db, port)

    def deliver() -> int:
        return send_due(db, settings, now=dt.datetime.now(dt.UTC), sender_id="test").sent

    def ask(number: int, email: str = "victim@example.org") -> None:
        answer = visitor(client, number).post("/api/newsletter", json={"email": email})
        assert (answer.status_code, answer.json()) == (200, {"message": CHECK_INBOX})

    with TestClient(create_app(settings)) as client:
        ask(1)
        assert deliver() == 1
        _, unsubscribe = links_in(inbox.messages()[-1])
        assert client.post(unsubscribe, content=UNSUBSCRIBE_POST).status_code == 200
        assert rows(db) == {}
        with Session(db) as session:
            [suppressed] = session.scalars(select(MailSuppression))
            assert "victim" not in suppressed.address_hash  # a salted hash, not the address

        ask(2)  # someone signs the address up again: one confirmation goes out
        assert deliver() == 1
        hours_ago = dt.datetime.now(dt.UTC) - dt.timedelta(hours=2)
        set_times(db, confirmation_sent_at=hours_ago)  # the hourly resend is due
        ask(3)
        ask(4, "Victim+again@example.org")
        assert deliver() == 0  # within 30 days of the last: nothing more
        assert len(inbox.messages()) == 2

        with db.begin() as connection:  # 31 days later
            month_ago = dt.datetime.now(dt.UTC) - dt.timedelta(days=31)
            connection.execute(update(MailSuppression).values(confirmation_sent_at=month_ago))
        ask(5)
        assert deliver() == 1
        confirm, _ = links_in(inbox.messages()[-1])
        assert client.get(confirm).status_code == 200  # the owner asks for mail again
        assert subscriber_count(db) == 1
    with Session(db) as session:
        assert session.scalars(select(MailSuppression)).all() == []


def test_a_link_acts_only_on_the_sign_up_it_was_made_for(
    db: Engine, smtp_server: tuple[Inbox, int]
) -> None:
    """A link named only the address: one mailed for a sign-up since unsubscribed confirmed (or
    removed) a later sign-up of the address. Links now carry the row's nonce."""
    inbox, port = smtp_server
    settings = settings_for(db, port)
    with TestClient(create_app(settings)) as client:
        assert visitor(client, 1).post("/api/newsletter", json={"email": "reader@example.org"})
        send_due(db, settings, now=dt.datetime.now(dt.UTC), sender_id="test")
        old_confirm, old_unsubscribe = links_in(inbox.messages()[-1])
        assert client.post(old_unsubscribe).status_code == 200
        assert visitor(client, 2).post("/api/newsletter", json={"email": "reader@example.org"})
        send_due(db, settings, now=dt.datetime.now(dt.UTC), sender_id="test")
        new_confirm, new_unsubscribe = links_in(inbox.messages()[-1])

        stale = client.get(old_confirm)
        assert (stale.status_code, "no longer waiting" in stale.text) == (404, True)
        assert subscriber_count(db) == 0
        earlier = client.post(old_unsubscribe)
        assert (earlier.status_code, "for an earlier sign-up" in earlier.text) == (404, True)
        assert set(rows(db)) == {"reader@example.org"}  # the new sign-up stays

        assert client.get(new_confirm).status_code == 200
        assert subscriber_count(db) == 1
        assert client.post(new_unsubscribe).status_code == 200
        assert rows(db) == {}

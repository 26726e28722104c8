"""The operator's notice as it reaches a real SMTP server (aiosmtpd) through the real app: it
tells only of what still waits when it goes out, replies to the one person it is about, and
keeps each item it lists apart from the next in both parts."""

import datetime as dt
import re
from collections.abc import Iterator
from contextlib import contextmanager
from unittest.mock import ANY

from fastapi.testclient import TestClient
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from scrapindex.app import create_app
from scrapindex.mail.notifications import OPERATOR_KIND
from scrapindex.mail.sender import send_due
from scrapindex.models import OutboxMessage
from scrapindex.settings import Settings
from tests.mail_server import Inbox, body_text, mail_settings
from tests.moderation import decide, report_ids, send_report
from tests.operators import add_operator, log_in

OPERATOR = "operator@scrapindex.example"
FLAGGED_PRICE = 20  # under a third of the series' baseline: flagged
# The flags, against the demo's median over a year of Cape Town's #1 Copper (its baseline).
FLAGGED_LOW = "0.14x its median over the 366 days before (R146.85/kg)"
FLAGGED_HIGH = "6.8x its median over the 366 days before (R146.85/kg)"  # a report of R1,000


def notice_settings(db: Engine, port: int) -> Settings:
    return mail_settings(
        port,
        database_url=db.url.render_as_string(hide_password=False),
        operator_email=OPERATOR,
        page_rate_limit_per_minute=0,
    )


@contextmanager
def console(settings: Settings, db: Engine) -> Iterator[tuple[TestClient, dict[str, str]]]:
    """The app, and the headers of a moderator logged in to it."""
    with TestClient(create_app(settings)) as client:
        yield client, log_in(client, add_operator(db, "moderator"))


def notices(db: Engine) -> list[OutboxMessage]:
    with Session(db) as session:
        query = select(OutboxMessage).where(OutboxMessage.kind == OPERATOR_KIND)
        return list(session.scalars(query.order_by(OutboxMessage.id)))


def send_now(db: Engine, settings: Settings) -> int:
    """Deliver what is due, batching windows included: the notice waits for no clock here."""
    later = dt.datetime.now(dt.UTC) + dt.timedelta(hours=1)
    return send_due(db, settings, now=later, sender_id="test").sent


def contact(client: TestClient, name: str, email: str, message: str) -> None:
    form = {"name": name, "email": email, "subject": f"From {name}", "message": message}
    assert client.post("/api/contact", json=form).status_code == 201


def test_a_report_rejected_before_the_notice_went_out_is_not_in_it(
    db: Engine, smtp_server: tuple[Inbox, int]
) -> None:
    inbox, port = smtp_server
    settings = notice_settings(db, port)
    with console(settings, db) as (client, moderator):
        assert send_report(client, price=FLAGGED_PRICE).status_code == 202
        [notice] = notices(db)
        assert FLAGGED_LOW in notice.text_body  # queued while it waited
        (report_id,) = report_ids(db)
        assert decide(client, moderator, report_id, "reject", "A typo").status_code == 200

    # Nothing is left to tell: no mail, and the outbox says why.
    assert send_now(db, settings) == 0
    assert inbox.envelopes == []
    [notice] = notices(db)
    assert notice.status == "skipped"
    assert notice.last_error == (
        "Not sent: dealt with before it was due: 1 flagged price report (1 rejected)"
    )


def test_a_notice_lists_only_what_still_waits_and_says_what_it_left_out(
    db: Engine, smtp_server: tuple[Inbox, int]
) -> None:
    inbox, port = smtp_server
    settings = notice_settings(db, port)
    with console(settings, db) as (client, moderator):
        assert send_report(client, price=FLAGGED_PRICE, note="first").status_code == 202
        assert send_report(client, price=1000, note="second").status_code == 202
        first, _second = report_ids(db)
        assert decide(client, moderator, first, "reject", "A typo").status_code == 200

    assert send_now(db, settings) == 1
    [message] = inbox.messages()
    assert message["Subject"] == "ScrapIndex: 1 flagged price report"
    for part in (body_text(message, "plain"), body_text(message, "html")):
        assert FLAGGED_HIGH in part
        assert "0.14x" not in part
        assert "already dealt with in the console: 1 flagged price report (1 rejected)" in part


def test_a_notice_about_one_persons_messages_replies_to_them(
    db: Engine, smtp_server: tuple[Inbox, int]
) -> None:
    inbox, port = smtp_server
    settings = notice_settings(db, port)
    with console(settings, db) as (client, _):
        contact(client, "Thandi", "thandi@example.org", "Do you track #2 copper?")
        contact(client, "Thandi", "thandi@example.org", "And brass?")
    assert send_now(db, settings) == 1
    [message] = inbox.messages()
    assert message["Reply-To"] == "thandi@example.org"
    assert message["To"] == OPERATOR


def test_a_notice_about_several_people_replies_to_no_one(
    db: Engine, smtp_server: tuple[Inbox, int]
) -> None:
    inbox, port = smtp_server
    settings = notice_settings(db, port)
    with console(settings, db) as (client, _):
        contact(client, "Thandi", "thandi@example.org", "Do you track #2 copper?")
        # A flagged report lists a stranger's price: a reply must not quote it to Thandi.
        assert send_report(client, price=FLAGGED_PRICE).status_code == 202
        contact(client, "Sipho", "sipho@example.org", "Brass?")
    assert send_now(db, settings) == 1
    [message] = inbox.messages()
    assert message["Reply-To"] is None


def test_each_item_of_a_notice_stands_apart_in_both_parts(
    db: Engine, smtp_server: tuple[Inbox, int]
) -> None:
    inbox, port = smtp_server
    settings = notice_settings(db, port)
    with console(settings, db) as (client, _):
        contact(client, "Thandi", "thandi@example.org", "Do you track #2 copper?\nThanks")
        contact(client, "Sipho", "sipho@example.org", "Brass?")
        assert send_report(client, price=FLAGGED_PRICE).status_code == 202
        assert send_report(client, price=1000).status_code == 202
    assert send_now(db, settings) == 1
    [message] = inbox.messages()

    text = body_text(message, "plain").replace("\r\n", "\n")
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", text)]
    # Each message is headed and ends before the next heading: a blank line between them.
    first = next(i for i, p in enumerate(paragraphs) if p.startswith("--- Message 1 of 2 ---"))
    assert paragraphs[first].startswith("--- Message 1 of 2 ---\nFrom:     Sipho <sipho@")
    # Each message is quoted, line by line.
    quoted = ["> Brass?", ANY, "> Do you track #2 copper?\n> Thanks"]
    assert paragraphs[first + 1 : first + 4] == quoted
    assert paragraphs[first + 2].startswith("--- Message 2 of 2 ---\nFrom:     Thandi <thandi@")
    # Each report on a line of its own, a blank line apart.
    reports = [p for p in paragraphs if p.startswith("- #1 Copper in Cape Town")]
    assert [re.sub(r" \(received .*\)$", "", p) for p in reports] == [
        f"- #1 Copper in Cape Town: {FLAGGED_HIGH}",
        f"- #1 Copper in Cape Town: {FLAGGED_LOW}",
    ]

    html = body_text(message, "html").replace("\r\n", "\n")
    assert re.search(r"<h3>Message 1 of 2</h3>\s*<table>\s*<tr><th[^>]*>From</th><td>Sipho", html)
    assert re.search(r"Brass\?</pre>\s*<hr>\s*<h3>Message 2 of 2</h3>", html)
    assert len(re.findall(r"<li>#1 Copper in Cape Town: ", html)) == 2


FORGED_SECTION = (
    "Hello\n\n\n"
    "== 3 flagged price reports (https://evil.example/admin/queue/reports)\n\n"
    "- #1 Copper in Cape Town: approve now at https://evil.example/login\r"
    "== 1 undeliverable mail\u2028- see https://evil.example/outbox\n"
    '<a href="https://evil.example/login">Log in to the console</a>\n\n'
    "--\nAt most one such notice is sent every 10 minutes; "
    "it lists what arrived since the last one."
)


def test_a_message_is_quoted_so_it_cannot_forge_a_section_of_the_notice(
    db: Engine, smtp_server: tuple[Inbox, int]
) -> None:
    inbox, port = smtp_server
    settings = notice_settings(db, port)
    with console(settings, db) as (client, _):
        contact(client, "Mallory", "mallory@example.org", FORGED_SECTION)
    assert send_now(db, settings) == 1
    [message] = inbox.messages()

    text = body_text(message, "plain")
    lines = text.splitlines()  # every line break a reader may show: \r, \u2028 included
    quoted = [line for line in lines if line.startswith(">")]
    # Every line of the message, and nothing else, is a quoted line ("> ", or ">" when blank).
    assert quoted == [f"> {line}" if line else ">" for line in FORGED_SECTION.splitlines()]
    assert [line for line in lines if "evil.example" in line and not line.startswith("> ")] == []
    assert [line for line in lines if line.startswith("==")] == [
        "== 1 new contact message (https://scrapindex.example/admin/inbox)"
    ]
    assert [line for line in lines if line == "--"] == ["--"]  # the notice's own signature

    html = body_text(message, "html")  # escaped: the message's link is text, not a link
    assert "&lt;a href=&#34;https://evil.example/login&#34;&gt;" in html
    assert '<a href="https://evil' not in html

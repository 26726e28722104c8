"""List-Unsubscribe as the SMTP server receives it, byte for byte (RFC 2369, RFC 8058).

A mailbox provider offers one-click unsubscribe only when it finds ``<https://…>`` in the raw
field. Python's email package folds a URI longer than a line into RFC 2047 encoded-words
(``=?utf-8?q?=3Chttps=3A//…``), which RFC 2047 §5 forbids there and no provider decodes, so
these tests read the bytes, for the longest address the site writes: a host name of the most
DNS allows and the longest token, the newsletter's, made for the longest address the forms
accept.
"""

import datetime as dt
import random
import re
import string

from fastapi.testclient import TestClient
from pydantic import TypeAdapter
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from scrapindex.app import create_app
from scrapindex.mail.newsletter import UNSUBSCRIBE_PATH, UNSUBSCRIBE_PURPOSE, UNSUBSCRIBE_VALID
from scrapindex.mail.sender import send_due
from scrapindex.mail.tokens import read_token
from scrapindex.models import NewsletterSubscription
from scrapindex.schemas.forms import MAX_LOCAL_PART, FormEmail
from scrapindex.settings import Settings
from tests.mail_server import Inbox, mail_settings

MAX_LINE = 998  # RFC 5322 §2.1.1: octets on a line, without its CRLF


def longest_host() -> str:
    """A host name of 253 characters, the most DNS allows, in labels of at most 63."""
    labels = ["scrap-metal-prices-and-yards-" + "x" * 34, "y" * 63, "z" * 63, "w" * 53]
    host = ".".join(labels) + ".example"
    assert len(host) == 253
    return host


def longest_address() -> str:
    """An address the forms accept, of the most octets they allow (254), which compresses
    badly: its token is as long as a token made for an address gets. Lower case: the site
    stores addresses so."""
    pick = random.Random(35)
    atext = string.ascii_lowercase + string.digits + "!#$%&'*+/=?^_`{|}~-"
    local = "".join(pick.choice(atext) for _ in range(MAX_LOCAL_PART))
    alnum = string.ascii_lowercase + string.digits
    labels = ["".join(pick.choice(alnum) for _ in range(length)) for length in (63, 63, 53)]
    address = f"{local}@{'.'.join(labels)}.example"
    assert len(address.encode()) == 254
    assert TypeAdapter(FormEmail).validate_python(address) == address  # the form takes it
    return address


def settings_for(db: Engine, port: int) -> Settings:
    return mail_settings(
        port,
        database_url=db.url.render_as_string(hide_password=False),
        site_root=f"https://{longest_host()}:8443",
        token_secret="a test secret",
        page_rate_limit_per_minute=0,
        api_rate_limit_per_minute=0,
    )


def raw_field(content: bytes, name: bytes) -> list[bytes]:
    """The physical lines of the header field ``name`` in a raw message (its first line and
    continuation lines), as received."""
    head = content.split(b"\r\n\r\n", 1)[0]
    lines = head.split(b"\r\n")
    for index, line in enumerate(lines):
        if line.lower().startswith(name.lower() + b":"):
            field = [line]
            for continued in lines[index + 1 :]:
                if continued[:1] not in (b" ", b"\t"):
                    break
                field.append(continued)
            return field
    raise AssertionError(f"no {name!r} field in the message")


def test_the_longest_unsubscribe_link_arrives_as_a_literal_https_uri(
    db: Engine, smtp_server: tuple[Inbox, int]
) -> None:
    inbox, port = smtp_server
    settings = settings_for(db, port)
    address = longest_address()
    with TestClient(create_app(settings)) as client:
        assert client.post("/api/newsletter", json={"email": address}).status_code == 200
    now = dt.datetime.now(dt.UTC)
    assert send_due(db, settings, now=now, sender_id="test").sent == 1
    [(_, _, content)] = inbox.envelopes

    field = raw_field(content, b"List-Unsubscribe")
    assert all(len(line) <= MAX_LINE for line in field)
    # Folded, if at all, only after the comma between two URIs: never inside one.
    assert all(line.endswith(b",") for line in field[:-1])
    value = b"".join(field).split(b":", 1)[1].strip().decode("ascii")  # unfolded (RFC 5322)
    assert "=?" not in value  # no RFC 2047 encoded-word
    found = re.fullmatch(
        rf"<({re.escape(settings.site_root)}{UNSUBSCRIBE_PATH}\?token=([\w.-]+))>, "
        r"<mailto:no-reply@scrapindex\.example\?subject=unsubscribe>",
        value,
    )
    assert found is not None, value
    link, token = found.groups()
    assert len(link) > 600  # the longest there is: a long host and a long token
    payload = read_token(settings, UNSUBSCRIBE_PURPOSE, token, UNSUBSCRIBE_VALID, now=now)
    with Session(db) as session:
        nonce = session.scalars(select(NewsletterSubscription.nonce)).one()
    assert payload == {"e": address, "n": nonce}

    assert raw_field(content, b"List-Unsubscribe-Post") == [
        b"List-Unsubscribe-Post: List-Unsubscribe=One-Click"
    ]

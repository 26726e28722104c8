"""The outbox's rules that need no database: backoff, header checks, template escaping."""

import datetime as dt

import pytest

from scrapindex.mail.outbox import check_header_value, check_headers
from scrapindex.mail.sender import backoff, site_domain
from scrapindex.settings import Settings
from scrapindex.templating import environment


def test_backoff_doubles_up_to_six_hours() -> None:
    assert [backoff(attempts) for attempts in (1, 2, 3)] == [
        dt.timedelta(minutes=minutes) for minutes in (2, 4, 8)
    ]
    assert backoff(8) == dt.timedelta(minutes=256)
    assert backoff(9) == dt.timedelta(hours=6)
    assert backoff(1000) == dt.timedelta(hours=6)


@pytest.mark.parametrize("value", ["a\rb", "a\nb", "a\r\nBcc: x@y.z", "a\x00", "a\tb", "a\x7f"])
def test_control_characters_are_refused_in_header_values(value: str) -> None:
    with pytest.raises(ValueError, match="control character"):
        check_header_value("Subject", value)
    with pytest.raises(ValueError, match="control character"):
        check_headers({"List-Unsubscribe": value})


@pytest.mark.parametrize("name", ["", "X Bad", "X:Bad", "Bcc\n", "From", "message-id"])
def test_extra_header_names_are_checked(name: str) -> None:
    with pytest.raises(ValueError, match="not an extra header name"):
        check_headers({name: "value"})


def test_ordinary_headers_pass() -> None:
    headers = {"List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}
    assert check_headers(headers) == headers
    assert check_header_value("Subject", "Prix du cuivre à Paris") == "Prix du cuivre à Paris"


def test_mail_text_is_not_escaped_and_mail_html_is() -> None:
    context = {
        "site_root": "",
        "name": "A & <B>",
        "email": "a@example.org",
        "category": None,
        "subject": "S",
        "message": "M",
        "received": "now",
    }
    text = environment().get_template("mail/operator-contact.txt").render(context)
    html = environment().get_template("mail/operator-contact.html").render(context)
    assert "A & <B>" in text
    assert "A &amp; &lt;B&gt;" in html
    assert "&lt;B&gt;" in environment().from_string("{{ x }}").render(x="<B>")  # strings: on


def test_message_ids_use_the_site_domain() -> None:
    assert site_domain(Settings(site_root="https://scrapindex.example/")) == "scrapindex.example"

"""The outbox: every outgoing mail is a row, written in the transaction of its cause.

A change and the mail it causes commit (or roll back) together; `sender.send_due` delivers
the rows later. Nothing user-supplied is ever trusted in a header: every header value is
checked for line breaks and other control characters before anything is stored.
"""

import datetime as dt
import re
from collections.abc import Mapping
from typing import Any

from sqlalchemy import Connection, insert
from sqlalchemy.orm import Session

from scrapindex.models import OutboxMessage
from scrapindex.templating import environment

# C0 controls (CR, LF, NUL, ...), DEL, C1 controls and the Unicode line/paragraph separators:
# none belongs in a header value, and CR/LF would start a new header.
FORBIDDEN_IN_HEADER = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
HEADER_NAME = re.compile(r"[!-9;-~]+")  # printable ASCII but the colon (RFC 5322 field name)
# Headers the sender writes itself: an extra header may not replace them.
RESERVED_HEADERS = {"from", "to", "subject", "date", "message-id", "content-type", "mime-version"}


def check_header_value(name: str, value: str) -> str:
    if FORBIDDEN_IN_HEADER.search(value):
        raise ValueError(f"control character (line break?) in the {name} header")
    return value


def check_headers(headers: Mapping[str, str]) -> dict[str, str]:
    checked = {}
    for name, value in headers.items():
        if not HEADER_NAME.fullmatch(name) or name.lower() in RESERVED_HEADERS:
            raise ValueError(f"not an extra header name: {name!r}")
        checked[name] = check_header_value(name, value)
    return checked


def render(template: str, context: Mapping[str, Any]) -> tuple[str, str]:
    """The plain-text and HTML bodies of mail/TEMPLATE.txt and mail/TEMPLATE.html."""
    text_body = environment().get_template(f"mail/{template}.txt").render(context)
    html_body = environment().get_template(f"mail/{template}.html").render(context)
    return text_body, html_body


def enqueue(
    db: Connection | Session,
    kind: str,
    to: str,
    subject: str,
    template: str,
    context: Mapping[str, Any],
    headers: Mapping[str, str] | None = None,
    *,
    now: dt.datetime | None = None,
    not_before: dt.datetime | None = None,
) -> int:
    """Queue a mail rendered from mail/TEMPLATE.txt and mail/TEMPLATE.html, in the caller's
    transaction (the caller commits). Returns the outbox row's id.

    Raises ValueError, storing nothing, when a header value holds a control character.
    ``not_before`` delays the first attempt (batched notifications)."""
    check_header_value("To", to)
    check_header_value("Subject", subject)
    extra = check_headers(headers or {})
    text_body, html_body = render(template, context)
    created = now or dt.datetime.now(dt.UTC)
    statement = (
        insert(OutboxMessage)
        .values(
            kind=kind,
            to_address=to,
            subject=subject,
            text_body=text_body,
            html_body=html_body,
            headers=extra,
            status="queued",
            attempts=0,
            next_attempt_at=max(created, not_before or created),
            created_at=created,
        )
        .returning(OutboxMessage.id)
    )
    message_id: int = db.execute(statement).scalar_one()
    return message_id

"""What the contact and newsletter forms share: client identity, rate limits, the honeypot."""

import datetime as dt
import hashlib
from typing import Annotated, Any

from fastapi import Depends, HTTPException, Request
from pydantic import AfterValidator, Field
from sqlalchemy import ColumnElement, func, select
from sqlalchemy.orm import InstrumentedAttribute, Session

from scrapindex.api.request_context import client_address
from scrapindex.api.schemas import WITH_A_BODY, Message

RATE_WINDOW = dt.timedelta(minutes=1)
# The hidden "website" field: people leave it empty, bots fill it in. The schema says it must be
# empty; a filled one gets reject_honeypot's bland 400 rather than a 422 naming the trap.
Honeypot = Annotated[
    str | None,
    Field(max_length=200, json_schema_extra={"maxLength": 0}, description="Leave empty"),
]

FORM_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": Message, "description": "Refused (the hidden field was filled in)"},
    429: {"model": Message, "description": "Too many submissions; see Retry-After"},
    **WITH_A_BODY,
}


# The space trimmed from a form's text: the whitespace that str.strip() and every regex dialect
# agree on, spelled out, so that the schema's pattern below means the same in all of them.
SPACES = (
    "\t\n\v\f\r \xa0\u1680"
    + "".join(map(chr, range(0x2000, 0x200B)))
    + "\u2028\u2029\u202f\u205f\u3000"
)
# Text that is not all space, without NUL, which PostgreSQL text cannot hold (the insert fails).
STORED_TEXT_PATTERN = f"^[{SPACES}]*[^{SPACES}\\x00][^\\x00]*$"


def stored_text(value: str) -> str:
    """A form's text as it is stored: trimmed, so that blank text counts as missing; no NUL."""
    value = value.strip(SPACES)
    if not value:
        raise ValueError("must not be blank")
    if "\x00" in value:
        raise ValueError("must not contain a NUL character")
    return value


# The pattern only tells API clients (and fuzzers) what stored_text enforces, with kinder words.
StoredText = Annotated[
    str, AfterValidator(stored_text), Field(json_schema_extra={"pattern": STORED_TEXT_PATTERN})
]


async def client_hash(request: Request) -> str:
    """A salted hash of the client's address: enough to rate-limit, useless to anyone else."""
    settings = request.app.state.settings
    address = client_address(request.scope, settings.trust_proxy_headers)
    salt = settings.client_hash_salt
    return hashlib.sha256(f"{salt}:{address}".encode()).hexdigest()


ClientHash = Annotated[str, Depends(client_hash)]


def enforce_rate_limit(
    session: Session,
    client: str,
    client_column: InstrumentedAttribute[str],
    created_column: InstrumentedAttribute[dt.datetime],
    limit: int,
) -> None:
    """Counts what this client stored in the last minute, so the limit holds across processes."""
    since = dt.datetime.now(dt.UTC) - RATE_WINDOW
    condition: ColumnElement[bool] = (client_column == client) & (created_column >= since)
    recent = session.execute(select(func.count()).where(condition)).scalar_one()
    if recent >= limit:
        raise HTTPException(
            429,
            "Too many submissions from your connection. Please wait a minute and try again.",
            headers={"Retry-After": "60"},
        )


def reject_honeypot(value: str | None) -> None:
    """The hidden 'website' field is left empty by people and filled in by bots."""
    if value:
        raise HTTPException(400, "Submission rejected")

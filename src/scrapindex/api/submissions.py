"""What the contact and newsletter forms share: client identity, rate limits, the honeypot."""

import datetime as dt
import hashlib
from typing import Annotated, Any

from fastapi import Depends, HTTPException, Request
from sqlalchemy.orm import InstrumentedAttribute, Session

from scrapindex.middleware.proxies import ProxyRule
from scrapindex.queries.submissions import stored_since
from scrapindex.schemas.common import WITH_A_BODY, Message
from scrapindex.write_locks import lock_key, take_write_lock

RATE_WINDOW = dt.timedelta(minutes=1)
FORM_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": Message, "description": "Refused (the hidden field was filled in)"},
    429: {"model": Message, "description": "Too many submissions; see Retry-After"},
    **WITH_A_BODY,
}


async def client_hash(request: Request) -> str:
    """A salted hash of the client's address: enough to rate-limit, useless to anyone else."""
    settings = request.app.state.settings
    address = ProxyRule.of(settings).client(request.scope)
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
    """Counts what this client stored in the last minute, so the limit holds across processes.

    Under a lock keyed on the form and the client, held until the caller's transaction ends
    (with the row it stores): a burst of posts is counted one after the other, not all at once
    against the same count."""
    table = client_column.class_.__tablename__
    take_write_lock(session.connection(), lock_key(f"form:{table}:{client}"))
    since = dt.datetime.now(dt.UTC) - RATE_WINDOW
    if stored_since(session, client_column, created_column, client, since) >= limit:
        raise HTTPException(
            429,
            "Too many submissions from your connection. Please wait a minute and try again.",
            headers={"Retry-After": "60"},
        )


def reject_honeypot(value: str | None) -> None:
    """The hidden 'website' field is left empty by people and filled in by bots."""
    if value:
        raise HTTPException(400, "Submission rejected")

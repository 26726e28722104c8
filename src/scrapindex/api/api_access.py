"""Requests for an API key, from the contact page's developers section: stored as a contact
message (category "api") in the operators' inbox, and the operators told by mail like any other
message. An operator answers by making a key (console or `scrapindex api-keys create`)."""

import datetime as dt

from fastapi import APIRouter, status

from scrapindex.api.deps import SessionDep, SettingsDep
from scrapindex.api.submissions import FORM_ERRORS, ClientHash, enforce_rate_limit, reject_honeypot
from scrapindex.mail.notifications import notify_operator
from scrapindex.models import ContactMessage
from scrapindex.queries.submissions import add_contact_message
from scrapindex.schemas.common import Message
from scrapindex.schemas.forms import ApiAccessRequest, ContactCreate

router = APIRouter(prefix="/api/api-access-requests", tags=["contact"])

REQUESTS_PER_MINUTE = 5  # with the client's contact messages: one table, one count
THANKS = (
    "Thank you: your request for API access reached our team. "
    "We'll reply by e-mail within 24 hours on working days."
)


def as_contact_message(body: ApiAccessRequest) -> ContactCreate:
    subject = f"API access request: {body.company}"[:200]
    lines = [
        f"Name: {body.name}",
        f"Company: {body.company}",
        f"Expected requests per day: {body.requests_per_day}",
        "",
        "Intended use:",
        body.intended_use,
    ]
    return ContactCreate(
        name=body.name,
        email=body.email,
        subject=subject,
        category="api",
        message="\n".join(lines),
    )


@router.post(
    "",
    status_code=status.HTTP_201_CREATED,
    response_model=Message,
    responses=FORM_ERRORS,
    summary="Ask the ScrapIndex team for an API key",
)
def request_api_access(
    body: ApiAccessRequest, session: SessionDep, settings: SettingsDep, client: ClientHash
) -> Message:
    reject_honeypot(body.website)
    enforce_rate_limit(
        session,
        client,
        ContactMessage.client_hash,
        ContactMessage.created_at,
        REQUESTS_PER_MINUTE,
    )
    now = dt.datetime.now(dt.UTC)
    add_contact_message(session, as_contact_message(body), client, now)
    notify_operator(session, settings, now)  # same transaction
    session.commit()
    return Message(message=THANKS)

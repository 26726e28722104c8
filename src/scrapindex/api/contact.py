"""The contact form: validated, rate-limited per client, stored; the operator is told by mail."""

import datetime as dt

from fastapi import APIRouter, status

from scrapindex.api.deps import SessionDep, SettingsDep
from scrapindex.api.submissions import FORM_ERRORS, ClientHash, enforce_rate_limit, reject_honeypot
from scrapindex.mail.notifications import notify_operator
from scrapindex.models import ContactMessage
from scrapindex.queries.submissions import add_contact_message
from scrapindex.schemas.common import Message
from scrapindex.schemas.forms import ContactCreate

router = APIRouter(prefix="/api/contact", tags=["contact"])

MESSAGES_PER_MINUTE = 5


@router.post(
    "",
    status_code=status.HTTP_201_CREATED,
    response_model=Message,
    responses=FORM_ERRORS,
    summary="Send a message to the ScrapIndex team",
)
def send_message(
    body: ContactCreate, session: SessionDep, settings: SettingsDep, client: ClientHash
) -> Message:
    reject_honeypot(body.website)
    enforce_rate_limit(
        session, client, ContactMessage.client_hash, ContactMessage.created_at, MESSAGES_PER_MINUTE
    )
    now = dt.datetime.now(dt.UTC)
    add_contact_message(session, body, client, now)
    notify_operator(session, settings, now)  # same transaction
    session.commit()
    return Message(message="Thank you for contacting us. We'll respond within 24 hours.")

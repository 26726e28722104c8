"""The contact form: validated, rate-limited per client, stored."""

from fastapi import APIRouter, status

from scrapindex.api.deps import SessionDep
from scrapindex.api.submissions import FORM_ERRORS, ClientHash, enforce_rate_limit, reject_honeypot
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
def send_message(body: ContactCreate, session: SessionDep, client: ClientHash) -> Message:
    reject_honeypot(body.website)
    enforce_rate_limit(
        session, client, ContactMessage.client_hash, ContactMessage.created_at, MESSAGES_PER_MINUTE
    )
    add_contact_message(session, body, client)
    session.commit()
    return Message(message="Thank you for contacting us. We'll respond within 24 hours.")

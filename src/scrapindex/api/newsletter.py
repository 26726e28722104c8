"""Newsletter sign-up: one row per address; signing up twice is harmless and says so."""

from fastapi import APIRouter

from scrapindex.api.deps import SessionDep
from scrapindex.api.submissions import FORM_ERRORS, ClientHash, enforce_rate_limit, reject_honeypot
from scrapindex.models import NewsletterSubscription
from scrapindex.queries.submissions import add_subscription, subscriber_client
from scrapindex.schemas.common import Message
from scrapindex.schemas.forms import SubscriptionCreate

router = APIRouter(prefix="/api/newsletter", tags=["newsletter"])

SIGNUPS_PER_MINUTE = 5
SUBSCRIBED = "You're subscribed. Look out for our weekly price roundup."
# Said only to the client (hashed address) that signed the address up: no one else learns it.
ALREADY_SUBSCRIBED = "You're already subscribed."


@router.post(
    "",
    response_model=Message,
    responses=FORM_ERRORS,
    summary="Subscribe an address to the newsletter",
)
def subscribe(body: SubscriptionCreate, session: SessionDep, client: ClientHash) -> Message:
    reject_honeypot(body.website)
    email = str(body.email).lower()
    subscribed_by = subscriber_client(session, email)
    if subscribed_by == client:
        return Message(message=ALREADY_SUBSCRIBED)
    if subscribed_by is None:
        enforce_rate_limit(
            session,
            client,
            NewsletterSubscription.client_hash,
            NewsletterSubscription.created_at,
            SIGNUPS_PER_MINUTE,
        )
        add_subscription(session, email, client)
        session.commit()
    # Anyone else gets the same answer either way: the form cannot tell who subscribed.
    return Message(message=SUBSCRIBED)

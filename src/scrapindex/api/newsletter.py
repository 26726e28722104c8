"""Newsletter sign-up with double opt-in (mail/newsletter.py): the address is stored
unconfirmed and a confirmation mail is queued; the answer never tells whether an address is
subscribed. Every post counts against the client's limit, asking again included
(mail/sign_ups.py)."""

import datetime as dt

from fastapi import APIRouter

from scrapindex.api.deps import SessionDep, SettingsDep
from scrapindex.api.submissions import FORM_ERRORS, ClientHash, enforce_rate_limit, reject_honeypot
from scrapindex.mail.newsletter import SignUp, find_subscription, sign_up
from scrapindex.mail.sign_ups import limit_key, record_attempt
from scrapindex.models import SignUpAttempt
from scrapindex.schemas.common import Message
from scrapindex.schemas.forms import SubscriptionCreate

router = APIRouter(prefix="/api/newsletter", tags=["newsletter"])

SIGNUPS_PER_MINUTE = 5
CHECK_INBOX = (
    "Almost done: check your inbox and open the link we sent to confirm your subscription."
)
# Said only to the client (hashed address) that signed the confirmed address up: no one else
# learns it.
ALREADY_SUBSCRIBED = "You're already subscribed."


@router.post(
    "",
    response_model=Message,
    responses=FORM_ERRORS,
    summary="Sign an address up for the newsletter (a confirmation mail is sent)",
)
def subscribe(
    body: SubscriptionCreate, session: SessionDep, settings: SettingsDep, client: ClientHash
) -> Message:
    reject_honeypot(body.website)
    email = str(body.email).lower()
    now = dt.datetime.now(dt.UTC)
    # Asking again may resend the confirmation: it counts as much as a new sign-up.
    enforce_rate_limit(
        session,
        limit_key("newsletter", client),
        SignUpAttempt.limit_key,
        SignUpAttempt.attempted_at,
        SIGNUPS_PER_MINUTE,
    )
    record_attempt(session, "newsletter", client, now)
    existing = find_subscription(session, email)
    outcome = sign_up(session, settings, email, client, now)
    session.commit()
    if outcome is SignUp.CONFIRMED and existing is not None and existing.client_hash == client:
        return Message(message=ALREADY_SUBSCRIBED)
    # Anyone else gets the same answer either way: the form cannot tell who subscribed.
    return Message(message=CHECK_INBOX)

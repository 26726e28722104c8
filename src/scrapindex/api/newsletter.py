"""Newsletter sign-up: one row per address; signing up twice is harmless."""

import datetime as dt

from fastapi import APIRouter
from pydantic import EmailStr, Field
from sqlalchemy import select

from scrapindex.api.deps import SessionDep
from scrapindex.api.schemas import CamelModel, Message
from scrapindex.api.submissions import (
    FORM_ERRORS,
    ClientHash,
    Honeypot,
    enforce_rate_limit,
    reject_honeypot,
)
from scrapindex.models import NewsletterSubscription

router = APIRouter(prefix="/api/newsletter", tags=["newsletter"])

SIGNUPS_PER_MINUTE = 5
SUBSCRIBED = "You're subscribed. Look out for our weekly price roundup."


class SubscriptionCreate(CamelModel):
    email: EmailStr = Field(max_length=254)
    website: Honeypot = None


@router.post(
    "",
    response_model=Message,
    responses=FORM_ERRORS,
    summary="Subscribe an address to the newsletter",
)
def subscribe(body: SubscriptionCreate, session: SessionDep, client: ClientHash) -> Message:
    reject_honeypot(body.website)
    email = str(body.email).lower()
    existing = session.scalars(
        select(NewsletterSubscription.id).where(NewsletterSubscription.email == email)
    ).first()
    if existing is None:
        enforce_rate_limit(
            session,
            client,
            NewsletterSubscription.client_hash,
            NewsletterSubscription.created_at,
            SIGNUPS_PER_MINUTE,
        )
        session.add(
            NewsletterSubscription(
                email=email, client_hash=client, created_at=dt.datetime.now(dt.UTC)
            )
        )
        session.commit()
    # The same answer either way, so the form cannot be used to learn who subscribed.
    return Message(message=SUBSCRIBED)

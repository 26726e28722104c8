"""The contact form: validated, rate-limited per client, stored."""

import datetime as dt
from typing import Literal

from fastapi import APIRouter, status
from pydantic import EmailStr, Field

from scrapindex.api.deps import SessionDep
from scrapindex.api.schemas import CamelModel, Message
from scrapindex.api.submissions import (
    FORM_ERRORS,
    ClientHash,
    Honeypot,
    StoredText,
    enforce_rate_limit,
    reject_honeypot,
)
from scrapindex.models import ContactMessage

router = APIRouter(prefix="/api/contact", tags=["contact"])

MESSAGES_PER_MINUTE = 5

Category = Literal["general", "technical", "business", "api", "data", "feedback", "press", "other"]


class ContactCreate(CamelModel):
    name: StoredText = Field(min_length=1, max_length=100)
    email: EmailStr = Field(max_length=254)
    subject: StoredText = Field(min_length=1, max_length=200)
    category: Category | None = None
    message: StoredText = Field(min_length=1, max_length=5000)
    website: Honeypot = None


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
    session.add(
        ContactMessage(
            name=body.name,
            email=str(body.email),
            subject=body.subject,
            category=body.category,
            message=body.message,
            client_hash=client,
            created_at=dt.datetime.now(dt.UTC),
        )
    )
    session.commit()
    return Message(message="Thank you for contacting us. We'll respond within 24 hours.")

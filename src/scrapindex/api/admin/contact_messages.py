"""The contact inbox: messages sent through the contact form, and marking them handled."""

from typing import Annotated

from fastapi import APIRouter, Depends, Query

from scrapindex.api.deps import PageNumber, PageSize, RowIdPath, SessionDep, row_or_404
from scrapindex.auth.deps import OperatorDep, csrf_protected
from scrapindex.models import ContactMessage
from scrapindex.queries.operations import (
    contact_messages,
    count_contact_messages,
    handler_email,
    mark_handled,
)
from scrapindex.schemas.admin import (
    AdminContactMessage,
    AdminContactMessagePage,
    ContactMessageHandledUpdate,
)
from scrapindex.schemas.common import NOT_FOUND, WITH_A_BODY, Pagination

router = APIRouter(
    prefix="/api/admin/contact-messages", tags=["admin"], dependencies=[Depends(csrf_protected)]
)


def get_message(session: SessionDep, message_id: RowIdPath) -> ContactMessage:
    return row_or_404(session, ContactMessage, message_id, "Contact message")


MessageDep = Annotated[ContactMessage, Depends(get_message)]


def admin_message(message: ContactMessage, handled_by: str | None) -> AdminContactMessage:
    return AdminContactMessage(
        id=message.id,
        name=message.name,
        email=message.email,
        category=message.category,
        subject=message.subject,
        message=message.message,
        created_at=message.created_at,
        handled_at=message.handled_at,
        handled_by=handled_by,
    )


@router.get("", response_model=AdminContactMessagePage, summary="Contact messages, newest first")
def list_contact_messages(
    session: SessionDep,
    operator: OperatorDep,
    handled: Annotated[bool | None, Query(description="Only handled, or only unhandled")] = None,
    page: PageNumber = 1,
    limit: PageSize = 25,
) -> AdminContactMessagePage:
    rows = contact_messages(session, handled, offset=(page - 1) * limit, limit=limit)
    return AdminContactMessagePage(
        data=[admin_message(message, email) for message, email in rows],
        pagination=Pagination.of(page, limit, count_contact_messages(session, handled)),
    )


@router.post(
    "/{message_id}/handled",
    response_model=AdminContactMessage,
    responses={**NOT_FOUND, **WITH_A_BODY},
    summary="Mark a message handled, or not handled",
)
def set_contact_message_handled(
    body: ContactMessageHandledUpdate,
    session: SessionDep,
    operator: OperatorDep,
    message: MessageDep,
) -> AdminContactMessage:
    mark_handled(session, message, body.handled, operator)
    session.commit()
    return admin_message(message, handler_email(session, message))

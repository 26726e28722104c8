"""Newsletter subscribers: the list, a CSV export for the mailing tool, and removing one."""

import csv
import io
from typing import Annotated

from fastapi import APIRouter, Depends, Query, Response, status

from scrapindex.api.deps import PageNumber, PageSize, RowIdPath, SessionDep, row_or_404
from scrapindex.auth.deps import OperatorDep, csrf_protected
from scrapindex.models import NewsletterSubscription
from scrapindex.queries.operations import (
    count_subscribers,
    every_subscriber,
    remove_subscriber,
    subscribers,
)
from scrapindex.schemas.admin import AdminSubscriber, AdminSubscriberPage
from scrapindex.schemas.common import NOT_FOUND, Pagination
from scrapindex.spreadsheet import as_text

router = APIRouter(prefix="/api/admin", tags=["admin"], dependencies=[Depends(csrf_protected)])

CSV_FILE_NAME = "newsletter-subscribers.csv"


def get_subscriber(session: SessionDep, subscriber_id: RowIdPath) -> NewsletterSubscription:
    return row_or_404(session, NewsletterSubscription, subscriber_id, "Subscriber")


SubscriberDep = Annotated[NewsletterSubscription, Depends(get_subscriber)]


@router.get(
    "/newsletter-subscribers",
    response_model=AdminSubscriberPage,
    summary="Newsletter subscribers, newest first",
)
def list_subscribers(
    session: SessionDep,
    operator: OperatorDep,
    q: Annotated[str, Query(max_length=254, description="Part of the e-mail address")] = "",
    page: PageNumber = 1,
    limit: PageSize = 25,
) -> AdminSubscriberPage:
    text = q.strip()
    rows = subscribers(session, text, offset=(page - 1) * limit, limit=limit)
    return AdminSubscriberPage(
        data=[AdminSubscriber.model_validate(row) for row in rows],
        pagination=Pagination.of(page, limit, count_subscribers(session, text)),
    )


@router.get(
    "/newsletter-subscribers.csv",
    response_class=Response,
    responses={
        200: {
            "content": {"text/csv": {"schema": {"type": "string"}}},
            "description": "email,subscribed_at; one row per subscriber, oldest first",
        }
    },
    summary="Every newsletter subscriber as a CSV download",
)
def export_subscribers(session: SessionDep, operator: OperatorDep) -> Response:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["email", "subscribed_at"])
    for email, created_at in every_subscriber(session):
        writer.writerow([as_text(email), created_at.isoformat()])
    return Response(
        out.getvalue(),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{CSV_FILE_NAME}"'},
    )


@router.delete(
    "/newsletter-subscribers/{subscriber_id}",
    status_code=status.HTTP_204_NO_CONTENT,
    response_class=Response,
    responses=NOT_FOUND,
    summary="Remove a subscriber",
)
def delete_subscriber(
    session: SessionDep, operator: OperatorDep, subscriber: SubscriberDep
) -> Response:
    remove_subscriber(session, subscriber, operator)
    session.commit()
    return Response(status_code=status.HTTP_204_NO_CONTENT)

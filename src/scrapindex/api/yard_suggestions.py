"""Corrections to a yard sent by visitors: stored for a moderator, applied once approved."""

import datetime as dt

from fastapi import APIRouter, status

from scrapindex.api.deps import SessionDep, YardDep
from scrapindex.api.submissions import FORM_ERRORS, ClientHash, enforce_rate_limit, reject_honeypot
from scrapindex.models import YardSuggestion
from scrapindex.moderation.yard_suggestions import submit_suggestion
from scrapindex.schemas.common import NOT_FOUND
from scrapindex.schemas.reports import Accepted, YardSuggestionCreate

router = APIRouter(prefix="/api/scrap-yards", tags=["scrap yards"])

SUGGESTIONS_PER_MINUTE = 5


@router.post(
    "/{yard_id}/suggestions",
    status_code=status.HTTP_202_ACCEPTED,
    response_model=Accepted,
    responses={**FORM_ERRORS, **NOT_FOUND},
    summary="Suggest a correction to a yard; it appears once a moderator has checked it",
)
def suggest_correction(
    body: YardSuggestionCreate, yard: YardDep, session: SessionDep, client: ClientHash
) -> Accepted:
    reject_honeypot(body.website)
    enforce_rate_limit(
        session,
        client,
        YardSuggestion.client_hash,
        YardSuggestion.created_at,
        SUGGESTIONS_PER_MINUTE,
    )
    submit_suggestion(session, yard, body, client, dt.datetime.now(dt.UTC))
    session.commit()
    return Accepted(message="Thank you. A moderator will check your correction before it appears.")

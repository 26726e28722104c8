"""Price alerts: set one up (202 and a confirmation mail); confirm, unsubscribe and manage are
pages reached from the mail (web/alert_pages.py)."""

import datetime as dt

from fastapi import APIRouter, HTTPException, status

from scrapindex.alerts.subscriptions import AlertRefused, AlertRequest, create_alert
from scrapindex.api.deps import SessionDep, SettingsDep
from scrapindex.api.submissions import FORM_ERRORS, ClientHash, enforce_rate_limit, reject_honeypot
from scrapindex.mail.sign_ups import limit_key, record_attempt
from scrapindex.models import SignUpAttempt
from scrapindex.schemas.alerts import AlertAccepted, AlertCreate

router = APIRouter(prefix="/api/alerts", tags=["alerts"])

ALERTS_PER_MINUTE = 5


@router.post(
    "",
    status_code=status.HTTP_202_ACCEPTED,
    response_model=AlertAccepted,
    responses=FORM_ERRORS,
    summary="Ask for a price alert; it starts once the link in the confirmation mail is opened",
)
def create_price_alert(
    body: AlertCreate, session: SessionDep, settings: SettingsDep, client: ClientHash
) -> AlertAccepted:
    reject_honeypot(body.website)
    now = dt.datetime.now(dt.UTC)
    enforce_rate_limit(
        session,
        limit_key("alert", client),
        SignUpAttempt.limit_key,
        SignUpAttempt.attempted_at,
        ALERTS_PER_MINUTE,
    )
    record_attempt(session, "alert", client, now)  # kept with the alert; a refusal keeps neither
    request = AlertRequest(
        email=str(body.email).lower(),  # one address, however it is written
        city_slug=body.city_slug,
        kind=body.kind,
        material_slug=body.material_slug,
        threshold=body.threshold,
        unit=body.unit,
    )
    try:
        create_alert(session, settings, request, client, now)
    except AlertRefused as refused:
        raise HTTPException(422, f"Invalid request: {refused}") from None
    session.commit()
    return AlertAccepted(message="Check your inbox to confirm your alert.")

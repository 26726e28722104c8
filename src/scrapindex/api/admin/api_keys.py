"""Operators create, rotate and revoke API keys and see each key's use per day (admins only).
Every change is audited (api_keys/keys.py); a key's secret is in the answer that makes it, once."""

import datetime as dt
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Query, status

from scrapindex.api.deps import PageNumber, PageSize, RowIdPath, SessionDep, SettingsDep, row_or_404
from scrapindex.api_keys.keys import KeyRefused, NewKey, create_key, revoke_key, rotate_key
from scrapindex.auth.deps import AdminDep, csrf_protected
from scrapindex.models import ApiKey
from scrapindex.queries.api_keys import key_list, requests_on, usage_days
from scrapindex.schemas.api_keys import (
    AdminApiKey,
    AdminApiKeyPage,
    ApiKeyCreate,
    ApiKeyCreated,
    ApiKeyUsage,
    ApiKeyUsageDay,
)
from scrapindex.schemas.common import NOT_FOUND, WITH_A_BODY, Message, Pagination

router = APIRouter(
    prefix="/api/admin/api-keys", tags=["admin"], dependencies=[Depends(csrf_protected)]
)

REVOKED_ERRORS: dict[int | str, dict[str, Any]] = {
    **NOT_FOUND,
    409: {"model": Message, "description": "The key was already revoked"},
}
SHOWN_ONCE = "Copy the key now: it is shown this once and cannot be shown again."


def get_key(session: SessionDep, key_id: RowIdPath) -> ApiKey:
    return row_or_404(session, ApiKey, key_id, "API key", for_update=True)


KeyDep = Annotated[ApiKey, Depends(get_key)]


def today() -> dt.date:
    return dt.datetime.now(dt.UTC).date()


def admin_key(key: ApiKey, requests_today: int) -> AdminApiKey:
    return AdminApiKey(
        id=key.id,
        name=key.name,
        contact_email=key.contact_email,
        prefix=key.prefix,
        quota_per_day=key.quota_per_day,
        quota_per_minute=key.quota_per_minute,
        created_by=key.created_by,
        created_at=key.created_at,
        rotated_from=key.rotated_from,
        revoked_at=key.revoked_at,
        last_used_at=key.last_used_at,
        requests_today=requests_today,
    )


def created(session: SessionDep, made: NewKey) -> ApiKeyCreated:
    session.commit()
    return ApiKeyCreated(key=admin_key(made.key, 0), secret=made.secret, message=SHOWN_ONCE)


@router.get("", response_model=AdminApiKeyPage, summary="API keys: live ones first, newest first")
def list_api_keys(
    session: SessionDep, admin: AdminDep, page: PageNumber = 1, limit: PageSize = 25
) -> AdminApiKeyPage:
    keys, total = key_list(session, page, limit)
    used = requests_on(session, [key.id for key in keys], today())
    return AdminApiKeyPage(
        data=[admin_key(key, used.get(key.id, 0)) for key in keys],
        pagination=Pagination.of(page, limit, total),
    )


@router.post(
    "",
    status_code=status.HTTP_201_CREATED,
    response_model=ApiKeyCreated,
    responses=WITH_A_BODY,
    summary="Make a key; its secret is in this answer only",
)
def create_api_key(
    session: SessionDep, settings: SettingsDep, admin: AdminDep, body: ApiKeyCreate
) -> ApiKeyCreated:
    made = create_key(
        session,
        name=body.name,
        per_day=body.quota_per_day or settings.api_key_default_per_day,
        per_minute=body.quota_per_minute or settings.api_key_default_per_minute,
        by=admin,
        contact_email=str(body.contact_email) if body.contact_email else None,
    )
    return created(session, made)


@router.post(
    "/{key_id}/rotate",
    response_model=ApiKeyCreated,
    responses=REVOKED_ERRORS,
    summary="A new secret for the same client and quotas; the old key stops working now",
)
def rotate_api_key(session: SessionDep, admin: AdminDep, key: KeyDep) -> ApiKeyCreated:
    try:
        made = rotate_key(session, key, admin)
    except KeyRefused as refused:
        raise HTTPException(409, str(refused)) from None
    return created(session, made)


@router.post(
    "/{key_id}/revoke",
    response_model=AdminApiKey,
    responses=REVOKED_ERRORS,
    summary="Revoke a key: its requests are refused (401) from now on",
)
def revoke_api_key(session: SessionDep, admin: AdminDep, key: KeyDep) -> AdminApiKey:
    try:
        revoke_key(session, key, admin)
    except KeyRefused as refused:
        raise HTTPException(409, str(refused)) from None
    session.commit()
    return admin_key(key, requests_on(session, [key.id], today()).get(key.id, 0))


@router.get(
    "/{key_id}/usage",
    response_model=ApiKeyUsage,
    responses=NOT_FOUND,
    summary="A key's requests per UTC day (answered and refused), newest first",
)
def api_key_usage(
    session: SessionDep,
    admin: AdminDep,
    key_id: RowIdPath,
    days: Annotated[int, Query(ge=1, le=366, description="How many days back")] = 30,
) -> ApiKeyUsage:
    key = row_or_404(session, ApiKey, key_id, "API key")
    rows = usage_days(session, key.id, today() - dt.timedelta(days=days - 1))
    return ApiKeyUsage(
        key_id=key.id,
        days=[ApiKeyUsageDay(date=r.day, requests=r.requests, refused=r.refused) for r in rows],
    )

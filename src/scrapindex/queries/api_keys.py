"""The console's reading of API keys and their use per day."""

import datetime as dt

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from scrapindex.models import ApiKey, ApiKeyUsage


def key_list(session: Session, page: int, limit: int) -> tuple[list[ApiKey], int]:
    """Keys newest first: live ones before revoked ones."""
    total = session.execute(select(func.count()).select_from(ApiKey)).scalar_one()
    keys = session.scalars(
        select(ApiKey)
        .order_by(ApiKey.revoked_at.is_not(None), ApiKey.id.desc())
        .offset((page - 1) * limit)
        .limit(limit)
    ).all()
    return list(keys), total


def requests_on(session: Session, key_ids: list[int], day: dt.date) -> dict[int, int]:
    rows = session.execute(
        select(ApiKeyUsage.key_id, ApiKeyUsage.requests).where(
            ApiKeyUsage.key_id.in_(key_ids), ApiKeyUsage.day == day
        )
    )
    return {row.key_id: row.requests for row in rows}


def usage_days(session: Session, key_id: int, since: dt.date) -> list[ApiKeyUsage]:
    return list(
        session.scalars(
            select(ApiKeyUsage)
            .where(ApiKeyUsage.key_id == key_id, ApiKeyUsage.day >= since)
            .order_by(ApiKeyUsage.day.desc())
        )
    )

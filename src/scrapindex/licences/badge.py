"""The yard page's "Licensed" badge: a confirmed register entry that has not expired."""

import datetime as dt

from sqlalchemy.orm import Session

from scrapindex.data.feeds.ea_register import (
    ATTRIBUTION,
    ENTRY_URL,
    LICENCE_URL,
    REGISTER,
    REGISTER_NAME,
)
from scrapindex.licences.store import badge_row
from scrapindex.schemas.yard_licences import LicenceBadge

REGISTER_NAMES = {REGISTER: REGISTER_NAME}


def licence_badge(session: Session, yard_id: int, today: dt.date) -> LicenceBadge | None:
    row = badge_row(session, yard_id, today)
    if row is None:
        return None
    return LicenceBadge(
        register_name=REGISTER_NAMES.get(row.register, row.register),
        register_no=row.register_no,
        checked_on=row.checked_on,
        expires_on=row.expires_on,
        register_url=row.register_url or ENTRY_URL + row.register_no,
        attribution=ATTRIBUTION,
        licence_url=LICENCE_URL,
    )

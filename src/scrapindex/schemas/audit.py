"""The audit log as the console shows it."""

import datetime as dt
from typing import Any

from scrapindex.schemas.common import CamelModel, Page


class AuditEntryPublic(CamelModel):
    id: int
    actor: str  # the operator's e-mail, or "cli"
    action: str
    entity_type: str
    entity_id: str | None
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    created_at: dt.datetime


class AuditPage(Page[AuditEntryPublic]):
    pass

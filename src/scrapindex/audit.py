"""The audit log: every change an operator makes, with the state before and after."""

import datetime as dt
from typing import Any

from sqlalchemy.orm import Session

from scrapindex.models import AuditEntry, User

CLI_ACTOR = "cli"
# A login attempt's author before anyone is logged in: the address tried is not stored, only
# short forms of its salted hash and of the client's (enough to tie attempts together).
VISITOR_ACTOR = "visitor"


def record_audit(
    session: Session,
    actor: User | None,
    action: str,
    entity_type: str,
    entity_id: object | None,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    *,
    actor_name: str | None = None,
) -> AuditEntry:
    """Adds the entry to ``session``: it is committed with the change it describes, or not at all.

    ``before`` and ``after`` must be JSON-ready (strings, numbers, lists, dicts, None).
    ``actor_name`` names an author who is no operator (VISITOR_ACTOR); else the command line.
    """
    entry = AuditEntry(
        user_id=actor.id if actor else None,
        actor=actor.email if actor else actor_name or CLI_ACTOR,
        action=action,
        entity_type=entity_type,
        entity_id=None if entity_id is None else str(entity_id),
        before=before,
        after=after,
        created_at=dt.datetime.now(dt.UTC),
    )
    session.add(entry)
    return entry

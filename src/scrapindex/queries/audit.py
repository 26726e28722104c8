"""Reading the audit log (scrapindex.audit writes it)."""

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from scrapindex.models import AuditEntry


def audit_entries(session: Session, offset: int, limit: int) -> list[AuditEntry]:
    """Newest first; entries made in the same instant, in the order they were made, reversed."""
    query = select(AuditEntry).order_by(AuditEntry.created_at.desc(), AuditEntry.id.desc())
    return list(session.scalars(query.offset(offset).limit(limit)))


def count_audit_entries(session: Session) -> int:
    return session.scalar(select(func.count()).select_from(AuditEntry)) or 0

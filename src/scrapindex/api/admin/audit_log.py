"""The audit log, for every operator: who changed what and when, newest first."""

from fastapi import APIRouter, Depends

from scrapindex.api.deps import PageNumber, PageSize, SessionDep
from scrapindex.auth.deps import OperatorDep, csrf_protected
from scrapindex.queries.audit import audit_entries, count_audit_entries
from scrapindex.schemas.audit import AuditEntryPublic, AuditPage
from scrapindex.schemas.common import Pagination

router = APIRouter(
    prefix="/api/admin/audit-log", tags=["admin"], dependencies=[Depends(csrf_protected)]
)


@router.get("", response_model=AuditPage, summary="The audit log, newest first")
def audit_log(
    session: SessionDep,
    operator: OperatorDep,
    page: PageNumber = 1,
    limit: PageSize = 25,
) -> AuditPage:
    entries = audit_entries(session, offset=(page - 1) * limit, limit=limit)
    return AuditPage(
        data=[AuditEntryPublic.model_validate(entry) for entry in entries],
        pagination=Pagination.of(page, limit, count_audit_entries(session)),
    )

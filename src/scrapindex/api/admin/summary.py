"""The console's front page: how much waits in each queue."""

from fastapi import APIRouter, Depends

from scrapindex.api.deps import SessionDep
from scrapindex.auth.deps import OperatorDep, csrf_protected
from scrapindex.queries.operations import waiting_counts
from scrapindex.schemas.admin import AdminSummary

router = APIRouter(
    prefix="/api/admin/summary", tags=["admin"], dependencies=[Depends(csrf_protected)]
)


@router.get("", response_model=AdminSummary, summary="What waits for an operator")
def console_summary(session: SessionDep, operator: OperatorDep) -> AdminSummary:
    return AdminSummary(**waiting_counts(session))

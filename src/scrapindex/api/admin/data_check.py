"""`scrapindex data check` in the console: run per request (about a second on the demo set;
the console is its only caller)."""

import datetime as dt

from fastapi import APIRouter, Depends, Request
from sqlalchemy import Engine

from scrapindex.api.deps import SettingsDep
from scrapindex.auth.deps import OperatorDep, csrf_protected
from scrapindex.data.operations import check_stored_data
from scrapindex.schemas.admin import AdminDataCheck

router = APIRouter(
    prefix="/api/admin/data-check", tags=["admin"], dependencies=[Depends(csrf_protected)]
)


@router.get("", response_model=AdminDataCheck, summary="Check the stored data, as the CLI does")
def data_check(request: Request, settings: SettingsDep, operator: OperatorDep) -> AdminDataCheck:
    engine: Engine = request.app.state.engine
    report = check_stored_data(engine, settings, dt.datetime.now(dt.UTC).date())
    return AdminDataCheck.model_validate(report.as_dict())

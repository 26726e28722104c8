"""Import runs: what each import of a file did or why it was refused, and the admin's override
of a file refused only for outliers."""

from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Request
from sqlalchemy import Engine

from scrapindex.api.deps import PageNumber, PageSize, RowIdPath, SessionDep, SettingsDep
from scrapindex.auth.deps import AdminDep, OperatorDep, csrf_protected
from scrapindex.data.imports.runs import OverrideRefusedError, can_override
from scrapindex.data.operations import override_import
from scrapindex.models import ImportRun
from scrapindex.queries.operations import count_import_runs, import_runs
from scrapindex.schemas.admin import AdminImportRun, AdminImportRunDetail, AdminImportRunPage
from scrapindex.schemas.common import NOT_FOUND, Message, Pagination

router = APIRouter(
    prefix="/api/admin/import-runs", tags=["admin"], dependencies=[Depends(csrf_protected)]
)


def run_not_found(run_id: int) -> HTTPException:
    return HTTPException(404, f"Import run {run_id} not found")


def get_run(session: SessionDep, run_id: RowIdPath) -> ImportRun:
    run = session.get(ImportRun, run_id)
    if run is None:
        raise run_not_found(run_id)
    return run


def admin_run(run: ImportRun) -> AdminImportRun:
    return AdminImportRun.model_validate(_run_fields(run))


def admin_run_detail(run: ImportRun) -> AdminImportRunDetail:
    return AdminImportRunDetail.model_validate({**_run_fields(run), "problems": run.problems})


def _run_fields(run: ImportRun) -> dict[str, object]:
    fields = AdminImportRun.model_fields.keys() - {"can_override"}
    return {name: getattr(run, name) for name in fields} | {"can_override": can_override(run)}


@router.get("", response_model=AdminImportRunPage, summary="Import runs, newest first")
def list_import_runs(
    session: SessionDep,
    operator: OperatorDep,
    page: PageNumber = 1,
    limit: PageSize = 25,
) -> AdminImportRunPage:
    runs = import_runs(session, offset=(page - 1) * limit, limit=limit)
    return AdminImportRunPage(
        data=[admin_run(run) for run in runs],
        pagination=Pagination.of(page, limit, count_import_runs(session)),
    )


@router.get(
    "/{run_id}",
    response_model=AdminImportRunDetail,
    responses=NOT_FOUND,
    summary="One import run, with the problems that refused it",
)
def import_run(
    operator: OperatorDep, run: Annotated[ImportRun, Depends(get_run)]
) -> AdminImportRunDetail:
    return admin_run_detail(run)


@router.post(
    "/{run_id}/override",
    response_model=AdminImportRunDetail,
    responses={
        **NOT_FOUND,
        409: {"model": Message, "description": "Not a run refused for outliers, or file gone"},
    },
    summary="Import a run's kept file again with its outliers allowed (admin)",
)
def override_run(
    request: Request, settings: SettingsDep, admin: AdminDep, run_id: RowIdPath
) -> AdminImportRunDetail:
    # The role is checked before the run is looked up: a moderator learns nothing of the runs.
    engine: Engine = request.app.state.engine
    try:
        run = override_import(engine, settings, run_id, admin)
    except LookupError:
        raise run_not_found(run_id) from None
    except OverrideRefusedError as error:
        raise HTTPException(409, str(error)) from None
    return admin_run_detail(run)

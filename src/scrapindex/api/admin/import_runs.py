"""Import runs: what each import of a file did or why it was refused, and the admin's override
of a file refused only for outliers (``canOverride``: refused for outliers, and its file kept)."""

from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Request
from sqlalchemy import Engine

from scrapindex.api.deps import PageNumber, PageSize, RowIdPath, SessionDep, SettingsDep
from scrapindex.auth.deps import AdminDep, OperatorDep, csrf_protected
from scrapindex.data.imports.runs import OverrideRefusedError, can_override, kept_run_ids
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


def admin_run(run: ImportRun, kept_in_database: bool) -> AdminImportRun:
    return AdminImportRun.model_validate(_run_fields(run, kept_in_database))


def admin_run_detail(run: ImportRun, kept_in_database: bool) -> AdminImportRunDetail:
    fields = _run_fields(run, kept_in_database)
    return AdminImportRunDetail.model_validate({**fields, "problems": run.problems})


def _run_fields(run: ImportRun, kept_in_database: bool) -> dict[str, object]:
    fields = AdminImportRun.model_fields.keys() - {"can_override"}
    overridable = can_override(run, kept_in_database)
    return {name: getattr(run, name) for name in fields} | {"can_override": overridable}


@router.get("", response_model=AdminImportRunPage, summary="Import runs, newest first")
def list_import_runs(
    session: SessionDep,
    operator: OperatorDep,
    page: PageNumber = 1,
    limit: PageSize = 25,
) -> AdminImportRunPage:
    runs = import_runs(session, offset=(page - 1) * limit, limit=limit)
    kept = kept_run_ids(session, [run.id for run in runs])
    return AdminImportRunPage(
        data=[admin_run(run, run.id in kept) for run in runs],
        pagination=Pagination.of(page, limit, count_import_runs(session)),
    )


@router.get(
    "/{run_id}",
    response_model=AdminImportRunDetail,
    responses=NOT_FOUND,
    summary="One import run, with the problems that refused it",
)
def import_run(
    session: SessionDep, operator: OperatorDep, run: Annotated[ImportRun, Depends(get_run)]
) -> AdminImportRunDetail:
    return admin_run_detail(run, run.id in kept_run_ids(session, [run.id]))


@router.post(
    "/{run_id}/override",
    response_model=AdminImportRunDetail,
    responses={
        **NOT_FOUND,
        409: {
            "model": Message,
            "description": "Not refused for outliers, or its file is not kept",
        },
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
    return admin_run_detail(run, kept_in_database=False)  # the override deleted its kept file

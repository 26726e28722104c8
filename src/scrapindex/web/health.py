"""Liveness and readiness for load balancers and orchestrators: outside /api, never cached.

``/healthz`` says the process answers and touches nothing else. ``/readyz`` says whether this
process can serve: the database answers and its schema is at the code's newest migration.
"""

import logging
from functools import cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy import Engine, text
from starlette.concurrency import run_in_threadpool

from scrapindex import migrate

log = logging.getLogger(__name__)

NO_STORE = {"Cache-Control": "no-store"}
RETRY_AFTER_SECONDS = 5

router = APIRouter(include_in_schema=False)


@cache
def code_revisions() -> tuple[str | None, frozenset[str]]:
    """The newest migration this code has, and all of them (read from disk once)."""
    return migrate.head_revision(), frozenset(migrate.known_revisions())


def migration_state(revision: str | None) -> str:
    head, known = code_revisions()
    if revision == head:
        return "head"
    if revision is None or revision in known:
        return "behind"  # `scrapindex db upgrade` brings it to head
    return "unknown"  # a revision this code does not have: a newer release migrated it


def readiness(engine: Engine) -> dict[str, Any]:
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
        revision = migrate.current_revision(engine)
    except Exception:
        log.warning("Readiness check: the database did not answer", exc_info=True)
        return {"database": "unreachable", "migrations": "unknown"}
    state = migration_state(revision)
    checks: dict[str, Any] = {"database": "ok", "migrations": state}
    if state != "head":
        checks |= {"revision": revision, "head": code_revisions()[0]}
    return checks


@router.get("/healthz")
async def healthz() -> JSONResponse:
    return JSONResponse({"status": "ok"}, headers=NO_STORE)


@router.get("/readyz")
async def readyz(request: Request) -> JSONResponse:
    checks = await run_in_threadpool(readiness, request.app.state.engine)
    if checks["database"] == "ok" and checks["migrations"] == "head":
        return JSONResponse({"status": "ready", **checks}, headers=NO_STORE)
    return JSONResponse(
        {"status": "unavailable", **checks},
        status_code=503,
        headers={**NO_STORE, "Retry-After": str(RETRY_AFTER_SECONDS)},
    )

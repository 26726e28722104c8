"""Liveness and readiness for load balancers and orchestrators: outside /api, never cached.

``/healthz`` says the process answers and touches nothing else. ``/readyz`` says whether this
process can serve: the database answers, its schema is at the code's newest migration (or at a
newer one recorded as compatible with this code, or behind it by contract migrations only: a
rolling deploy, see scrapindex/migrate.py),
and it accepts writes: no write was refused lately for a full disk, a read-only database or an
I/O error (scrapindex.write_failures), and it can take its write lock or is not read-only.
"""

import logging
import sqlite3
from functools import cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy import Connection, Engine, text
from starlette.concurrency import run_in_threadpool

from scrapindex import migrate
from scrapindex.db import SQLITE_BUSY_SECONDS
from scrapindex.write_failures import SQLITE_BUSY, is_write_failure, write_failures

log = logging.getLogger(__name__)

NO_STORE = {"Cache-Control": "no-store"}
RETRY_AFTER_SECONDS = 5
SERVING_STATES = ("head", "compatible", "contract-pending")

router = APIRouter(include_in_schema=False)


@cache
def code_revisions() -> tuple[str | None, frozenset[str]]:
    """The newest migration this code has, and all of them: the head and its ancestors (read
    from disk once)."""
    return migrate.head_revision(), frozenset(migrate.known_revisions())


def migration_state(revision: str | None) -> str:
    head, known = code_revisions()
    if revision == head:
        return "head"
    if revision is None or revision in known:
        if pending_are_contracts(revision, head):
            return "contract-pending"  # this code works without them: applied after the roll
        return "behind"  # `scrapindex db upgrade` brings it to head
    return "unknown"  # a revision this code does not have: a newer release migrated it


@cache
def pending_are_contracts(revision: str | None, head: str | None) -> bool:
    return migrate.pending_are_contracts(revision, head)


def accepts_code(oldest_compatible: str | None) -> bool:
    """A schema whose oldest compatible revision is ``oldest_compatible`` works with this code:
    that revision is this code's head or one of its ancestors."""
    _head, known = code_revisions()
    return oldest_compatible is not None and oldest_compatible in known


def schema_state(engine: Engine, revision: str | None) -> tuple[str, str | None]:
    """How the schema at ``revision`` stands to this code (one of SERVING_STATES, "behind" or
    "unknown"), and for a revision this code does not know, the oldest code the database
    records as compatible with it."""
    state = migration_state(revision)
    if state != "unknown" or revision is None:
        return state, None
    oldest = migrate.recorded_oldest_compatible(engine, revision)
    return ("compatible" if accepts_code(oldest) else "unknown"), oldest


def readiness(engine: Engine) -> dict[str, Any]:
    try:
        with engine.connect() as connection:
            refused = write_probe(connection)
        revision = migrate.current_revision(engine)
    except Exception:
        log.warning("Readiness check: the database did not answer", exc_info=True)
        return {"database": "unreachable", "migrations": "unknown"}
    head = code_revisions()[0]
    state, oldest = schema_state(engine, revision)
    checks: dict[str, Any] = {"database": "ok", "migrations": state}
    if state in ("compatible", "unknown") and revision is not None:
        checks["oldest_compatible"] = oldest
    if state != "head":
        checks = {**checks, "revision": revision, "head": head}
    failures = write_failures(engine)
    if refused is not None:
        failures.record(refused)  # logged at ERROR once per burst, like a refused real write
    failure = failures.recent()
    if failure is None:
        checks["writes"] = "ok"
    else:
        checks |= {
            "writes": "failing",
            "write_error": failure.error,
            "writes_failing_since": failure.first_at.isoformat(timespec="seconds"),
            "last_write_failure": failure.last_at.isoformat(timespec="seconds"),
        }
    return checks


def write_probe(connection: Connection) -> BaseException | None:
    """What the database says to a write it can refuse before storing anything; None if fine.

    PostgreSQL: a read-only session (a standby, default_transaction_read_only) is one query.
    SQLite: its write lock, taken and let go at once (BEGIN IMMEDIATE; ROLLBACK), is refused for
    a read-only file; held by another writer (an import), it is busy: fine, someone writes. A
    full disk shows only when pages reach the file: recorded from real writes instead.
    """
    if connection.dialect.name == "postgresql":
        if connection.execute(text("SHOW transaction_read_only")).scalar_one() == "on":
            return ReadOnlyDatabase("the database is read-only (transaction_read_only is on)")
        return None
    if connection.dialect.name != "sqlite":
        connection.execute(text("SELECT 1"))
        return None
    raw = connection.connection.driver_connection
    if raw is None or raw.in_transaction:
        return None
    raw.execute("PRAGMA busy_timeout=0")  # never wait for a writer here
    try:
        raw.execute("BEGIN IMMEDIATE")
        raw.execute("ROLLBACK")
    except sqlite3.OperationalError as error:
        if error.sqlite_errorcode & 0xFF == SQLITE_BUSY:
            return None
        if is_write_failure(error):
            return error
        raise
    finally:
        raw.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_SECONDS * 1000}")
    return None


class ReadOnlyDatabase(Exception):
    pass


def is_ready(checks: dict[str, Any]) -> bool:
    return (
        checks["database"] == "ok"
        and checks["migrations"] in SERVING_STATES
        and checks.get("writes") == "ok"
    )


@router.get("/healthz")
async def healthz() -> JSONResponse:
    return JSONResponse({"status": "ok"}, headers=NO_STORE)


@router.get("/readyz")
async def readyz(request: Request) -> JSONResponse:
    checks = await run_in_threadpool(readiness, request.app.state.engine)
    if is_ready(checks):
        return JSONResponse({"status": "ready", **checks}, headers=NO_STORE)
    return JSONResponse(
        {"status": "unavailable", **checks},
        status_code=503,
        headers={**NO_STORE, "Retry-After": str(RETRY_AFTER_SECONDS)},
    )

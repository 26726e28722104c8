"""Bulk answers for API-key clients (built in issue 39): a country's current prices (JSON and
CSV), a series' daily history and a country's yards, paged."""

from fastapi import APIRouter

router = APIRouter(prefix="/api/bulk", tags=["bulk"])

"""Operators create, rotate and revoke API keys and see each key's use per day (issue 39)."""

from fastapi import APIRouter, Depends

from scrapindex.auth.deps import csrf_protected

router = APIRouter(
    prefix="/api/admin/api-keys", tags=["admin"], dependencies=[Depends(csrf_protected)]
)

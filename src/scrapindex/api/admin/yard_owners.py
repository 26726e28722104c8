"""Operators' side of yard ownership: the claims queue and owner accounts (built in issue 38)."""

from fastapi import APIRouter, Depends

from scrapindex.auth.deps import csrf_protected

router = APIRouter(
    prefix="/api/admin/yard-owners", tags=["admin"], dependencies=[Depends(csrf_protected)]
)

"""Operators confirm or reject how entries of a dealers' register match yards (issue 39)."""

from fastapi import APIRouter, Depends

from scrapindex.auth.deps import csrf_protected

router = APIRouter(
    prefix="/api/admin/yard-licences", tags=["admin"], dependencies=[Depends(csrf_protected)]
)

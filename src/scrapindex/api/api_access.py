"""Requests for an API key, from the contact page's developers section (built in issue 39)."""

from fastapi import APIRouter

router = APIRouter(prefix="/api/api-access-requests", tags=["contact"])

"""What a yard's owner does: post today's prices and the yard's profile (built in issue 38)."""

from fastapi import APIRouter

router = APIRouter(prefix="/api/owner", tags=["yard owners"])

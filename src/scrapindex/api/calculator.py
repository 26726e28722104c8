"""What is my scrap worth, and where should I sell it (built in issue 38)."""

from fastapi import APIRouter

router = APIRouter(prefix="/api/calculator", tags=["calculator"])

"""Claiming a yard's listing: "Is this your yard?" (built in issue 38)."""

from fastapi import APIRouter

router = APIRouter(tags=["yard owners"])

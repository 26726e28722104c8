"""Coverage figures for the site's marketing text, counted from the database."""

from fastapi import APIRouter

from scrapindex.api.deps import SessionDep
from scrapindex.queries.site import coverage
from scrapindex.schemas.stats import SiteStats

router = APIRouter(prefix="/api/stats", tags=["stats"])


@router.get("", response_model=SiteStats, summary="What the site covers")
def site_stats(session: SessionDep) -> SiteStats:
    return SiteStats.model_validate(coverage(session))

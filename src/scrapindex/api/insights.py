"""Market insights: the week's biggest movers per country and the most-tracked materials."""

from fastapi import APIRouter

from scrapindex.api.deps import SessionDep
from scrapindex.queries.insights import market_insights
from scrapindex.schemas.insights import InsightsPublic, insights_public

router = APIRouter(prefix="/api/insights", tags=["insights"])


@router.get(
    "", response_model=InsightsPublic, summary="The week's movers and the most-tracked materials"
)
def insights(session: SessionDep) -> InsightsPublic:
    return insights_public(market_insights(session))

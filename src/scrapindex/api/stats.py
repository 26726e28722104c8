"""Coverage figures for the site's marketing text, counted from the database."""

from fastapi import APIRouter

from scrapindex.api.deps import SessionDep
from scrapindex.queries.site import PRICE_DAYS_WINDOW, coverage
from scrapindex.schemas.stats import PriceKindCount, SiteStats

router = APIRouter(prefix="/api/stats", tags=["stats"])


@router.get("", response_model=SiteStats, summary="What the site covers")
def site_stats(session: SessionDep) -> SiteStats:
    found = coverage(session)
    return SiteStats(
        countries=found.countries,
        cities=found.cities,
        materials=found.materials,
        scrap_yards=found.scrap_yards,
        daily_price_updates=found.daily_price_updates,
        latest_price_date=found.latest_price_date,
        demo_data=found.demo_data,
        price_kinds=[PriceKindCount(kind=k, prices=n) for k, n in found.price_kinds],
        price_days=found.price_days,
        price_days_window=PRICE_DAYS_WINDOW,
    )

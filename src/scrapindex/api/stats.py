"""Coverage figures for the site's marketing text, counted from the database."""

import datetime as dt

from fastapi import APIRouter
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from scrapindex.api.deps import SessionDep
from scrapindex.api.schemas import CamelModel
from scrapindex.models import City, Country, CurrentPrice, Material, Price, ScrapYard, Source

router = APIRouter(prefix="/api/stats", tags=["stats"])


class SiteStats(CamelModel):
    countries: int
    cities: int
    materials: int
    scrap_yards: int
    daily_price_updates: int
    latest_price_date: dt.date | None
    demo_data: bool


def count(session: Session, model: type[object]) -> int:
    return session.execute(select(func.count()).select_from(model)).scalar_one()


@router.get("", response_model=SiteStats, summary="What the site covers")
def site_stats(session: SessionDep) -> SiteStats:
    current_dates = (
        select(Price.price_date).join(CurrentPrice, CurrentPrice.price_id == Price.id).subquery()
    )
    latest = session.execute(select(func.max(current_dates.c.price_date))).scalar_one_or_none()
    updates = session.execute(
        select(func.count()).select_from(current_dates).where(current_dates.c.price_date == latest)
    ).scalar_one()
    demo = session.execute(select(Source.id).where(Source.kind == "demo").limit(1)).first()
    return SiteStats(
        countries=count(session, Country),
        cities=count(session, City),
        materials=count(session, Material),
        scrap_yards=count(session, ScrapYard),
        daily_price_updates=updates,
        latest_price_date=latest,
        demo_data=demo is not None,
    )

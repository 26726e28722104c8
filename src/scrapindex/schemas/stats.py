"""Coverage figures for the site's marketing text."""

import datetime as dt

from scrapindex.schemas.common import CamelModel


class SiteStats(CamelModel):
    countries: int
    cities: int
    materials: int
    scrap_yards: int
    daily_price_updates: int
    latest_price_date: dt.date | None
    demo_data: bool

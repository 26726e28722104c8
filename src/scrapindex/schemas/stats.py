"""Coverage figures for the site's marketing text."""

import datetime as dt

from pydantic import Field

from scrapindex.schemas.common import CamelModel


class PriceKindCount(CamelModel):
    kind: str = Field(description="feed, manual, report, estimate or demo")
    prices: int = Field(description="How many of the prices shown came from this kind of source")


class SiteStats(CamelModel):
    countries: int
    cities: int
    materials: int
    scrap_yards: int
    daily_price_updates: int = Field(
        description="Series (a material in a city) whose newest price is of the latest price date"
    )
    latest_price_date: dt.date | None
    demo_data: bool = Field(
        description="True while any price the pages show (a series' current price) is demo data"
    )
    price_kinds: list[PriceKindCount] = Field(
        description="The prices the pages show (each series' current one) by their source's "
        "kind, most trusted first; only kinds that occur"
    )
    price_days: int = Field(
        description="On how many of the priceDaysWindow days up to latestPriceDate any price was "
        "stored (0 with no prices)"
    )
    price_days_window: int = Field(description="The days priceDays counts over")

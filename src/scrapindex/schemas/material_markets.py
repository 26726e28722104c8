"""A material's markets: a page of them, their summary, and the cities they are in."""

from decimal import Decimal
from typing import Annotated

from pydantic import PlainSerializer

from scrapindex.schemas.common import CamelModel, MoneyText, Page
from scrapindex.schemas.prices import MaterialPriceRow

# A mean of cents keeps six decimals, so that the page's per-tonne figure (x 1000) rounds to the
# same cent as the exact mean would.
MeanText = Annotated[
    Decimal, PlainSerializer(lambda v: f"{v:.6f}", return_type=str, when_used="json")
]


class MarketPage(Page[MaterialPriceRow]):
    pass


class MarketSummary(CamelModel):
    """The material page's figures: counts, the mean and range in US dollars, the dearest and
    cheapest markets and the best-paying few."""

    city_count: int
    country_count: int
    usd_count: int  # markets with a USD price; the figures below are over these
    average_usd: MeanText | None
    min_usd: MoneyText | None
    max_usd: MoneyText | None
    highest: MaterialPriceRow | None
    lowest: MaterialPriceRow | None
    top: list[MaterialPriceRow]

"""A material's markets: a page of them, their summary, and the cities they are in."""

from collections.abc import Sequence
from decimal import Decimal
from typing import Annotated

from pydantic import Field, PlainSerializer, TypeAdapter
from pydantic_core import to_json

from scrapindex.queries.material_markets import Market
from scrapindex.schemas.common import CamelModel, ExactMoneyText, MoneyText, Page
from scrapindex.schemas.places import CityRef
from scrapindex.schemas.prices import USD_EXACT, MaterialPriceRow

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
    average_usd_exact: ExactMoneyText | None = Field(
        description=f"The mean of the prices in US dollars {USD_EXACT}"
    )
    min_usd: MoneyText | None
    min_usd_exact: ExactMoneyText | None = Field(
        description=f"The lowest price in US dollars {USD_EXACT}"
    )
    max_usd: MoneyText | None
    max_usd_exact: ExactMoneyText | None = Field(
        description=f"The highest price in US dollars {USD_EXACT}"
    )
    highest: MaterialPriceRow | None
    lowest: MaterialPriceRow | None
    top: list[MaterialPriceRow]


MARKET_CITIES = TypeAdapter(list[CityRef])  # what /markets/cities answers, as FastAPI writes it


def market_cities_json(markets: Sequence[Market]) -> bytes:
    """The markets' cities as the JSON of ``list[CityRef]``, in one serialisation: a model for
    each of 750 cities, validated again by FastAPI, cost a third of the answer at ten times the
    demo. The bytes are ``MARKET_CITIES.dump_json`` of the same cities (a test checks)."""
    return to_json(
        [
            {
                "id": market.city_id,
                "name": market.city_name,
                "slug": market.city_slug,
                "country": {"code": market.country_code, "name": market.country_name},
            }
            for market in markets
        ]
    )

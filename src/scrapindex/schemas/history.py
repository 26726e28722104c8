"""Price history at a resolution, with its market reference, and the city page's sparklines."""

import datetime as dt
from typing import Literal

from scrapindex.queries.history import Resolution
from scrapindex.schemas.common import CamelModel, MoneyText


class HistoryPointPublic(CamelModel):
    date: dt.date  # the day, or the first day of the week (Monday) or month averaged
    price: MoneyText


class PriceHistoryPublic(CamelModel):
    material_slug: str
    city_slug: str
    currency: str
    unit: Literal["kg"] = "kg"
    resolution: Resolution
    points: list[HistoryPointPublic]
    reference: list[HistoryPointPublic]  # the market reference in the city's currency per kg
    reference_name: str | None  # "Copper (IMF via FRED, monthly)"; None without a reference


class SparklinePublic(CamelModel):
    material_slug: str
    points: list[MoneyText]  # daily prices per kg over the last 30 days, oldest first

"""Price history at a resolution, with its market reference, and the city page's sparklines."""

import datetime as dt
from typing import Literal

from pydantic import Field

from scrapindex.formatting import SaleUnit
from scrapindex.queries.history import HistoryPoint, Resolution, Sparkline
from scrapindex.schemas.common import CamelModel, ExactMoneyText, MoneyText
from scrapindex.schemas.prices import SALE_UNIT


class HistoryPointPublic(CamelModel):
    date: dt.date  # the day, or the first day of the week (Monday) or month averaged
    price: MoneyText
    price_exact: ExactMoneyText  # four decimals per kg: what a chart draws


def history_point_public(point: HistoryPoint) -> HistoryPointPublic:
    return HistoryPointPublic(date=point.date, price=point.price, price_exact=point.price_exact)


class PriceHistoryPublic(CamelModel):
    material_slug: str
    city_slug: str
    currency: str
    unit: Literal["kg", "piece"] = Field(
        description="What each price is for: one kg, or one piece for a material sold by the piece"
    )
    sale_unit: SaleUnit = Field(description=SALE_UNIT)
    resolution: Resolution
    points: list[HistoryPointPublic]
    reference: list[HistoryPointPublic]  # the market reference in the city's currency per kg
    reference_name: str | None  # "Copper (IMF via FRED, monthly)"; None without a reference


class SparklinePublic(CamelModel):
    material_slug: str
    points: list[MoneyText]  # daily prices per kg over the last 30 days, oldest first
    points_exact: list[ExactMoneyText]  # the same at four decimals per kg


def sparkline_public(line: Sparkline) -> SparklinePublic:
    return SparklinePublic(
        material_slug=line.material_slug, points=line.points, points_exact=line.points
    )

"""The bulk API's answers (for API-key clients): rows flat enough for a spreadsheet."""

import datetime as dt
from typing import Literal

from pydantic import Field

from scrapindex.price_kinds import PriceKind
from scrapindex.schemas.common import CamelModel, ExactMoneyText, Page
from scrapindex.schemas.yard_licences import LicenceBadge

DEFAULT_BULK_PAGE_SIZE = 500
MAX_BULK_PAGE_SIZE = 1000


class BulkPrice(CamelModel):
    city: str
    city_slug: str
    material: str
    material_slug: str
    price: ExactMoneyText = Field(description="Per unit, at the stored precision (4 decimals)")
    unit: Literal["kg", "piece"]
    currency: str
    kind: PriceKind = Field(description="Where the price came from: feed, manual, report, …")
    source: str = Field(description="The source's name")
    date: dt.date = Field(description="The day the price is for")
    stale: bool = Field(description="Older than the site's freshness limit")


class BulkPricePage(Page[BulkPrice]):
    pass


class BulkSeriesDay(CamelModel):
    date: dt.date
    price: ExactMoneyText
    currency: str
    kind: PriceKind
    source: str


class BulkSeriesPage(Page[BulkSeriesDay]):
    city_slug: str
    material_slug: str
    unit: Literal["kg", "piece"]


class BulkYard(CamelModel):
    id: int
    name: str
    address: str
    city: str
    city_slug: str
    latitude: float
    longitude: float
    phone: str | None
    email: str | None
    website: str | None
    source: str = Field(description="The source's name, e.g. OpenStreetMap")
    source_kind: str = Field(description="feed, manual or demo")
    osm_id: str | None = Field(description="Set for yards from OpenStreetMap (ODbL)")
    permanently_closed: bool
    licence: LicenceBadge | None = Field(
        description="A dealers' register entry an operator confirmed, unexpired (with its credit)"
    )


class BulkYardPage(Page[BulkYard]):
    attribution: list[str] = Field(
        description="What a reuse of these rows must credit (see /terms-of-service)"
    )

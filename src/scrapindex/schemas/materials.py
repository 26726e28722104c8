"""Materials."""

from pydantic import Field

from scrapindex.formatting import SaleUnit
from scrapindex.schemas.common import CamelModel
from scrapindex.schemas.prices import SALE_UNIT


class MaterialPublic(CamelModel):
    id: int
    name: str
    slug: str
    category: str
    grade: str | None
    description: str
    sale_unit: SaleUnit = Field(description=SALE_UNIT)

"""Header search."""

from pydantic import Field

from scrapindex.formatting import SaleUnit
from scrapindex.schemas.common import CamelModel
from scrapindex.schemas.places import CityRef
from scrapindex.schemas.prices import SALE_UNIT


class MaterialHit(CamelModel):
    id: int
    name: str
    slug: str
    category: str
    sale_unit: SaleUnit = Field(description=SALE_UNIT)


class CityMaterialHit(CamelModel):
    """A city and a material the text names together: the city's price of that material."""

    city: CityRef
    material: MaterialHit


class SearchResults(CamelModel):
    cities: list[CityRef]
    materials: list[MaterialHit]
    pairs: list[CityMaterialHit] | None = Field(
        default=None,
        description=(
            'Present when the text names a city and a material together ("copper '
            "johannesburg\"): each pair leads to that city's price of that material"
        ),
    )

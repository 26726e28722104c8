"""Header search."""

from scrapindex.schemas.common import CamelModel
from scrapindex.schemas.places import CityRef


class MaterialHit(CamelModel):
    id: int
    name: str
    slug: str
    category: str


class SearchResults(CamelModel):
    cities: list[CityRef]
    materials: list[MaterialHit]

"""A material as every answer names it: a module of its own, so that places' answers (a city's
overview) can name materials without importing the price schemas, which import places'."""

from pydantic import Field

from scrapindex.formatting import SaleUnit
from scrapindex.models import Material
from scrapindex.queries.prices import MaterialInfo
from scrapindex.schemas.common import CamelModel

SALE_UNIT = (
    "How it is sold: by weight (kg: shown per kg, lb or tonne), precious metal by weight "
    "(troy_oz: shown per troy ounce or kg) or by the piece (piece: priced per piece, never "
    "converted)"
)


class MaterialRef(CamelModel):
    id: int
    name: str
    slug: str
    grade: str | None
    category: str
    sale_unit: SaleUnit = Field(description=SALE_UNIT)


def material_ref(material: Material | MaterialInfo) -> MaterialRef:
    return MaterialRef.model_validate(material)

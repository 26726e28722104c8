"""Materials: the list, one material, and its latest price in every city."""

from fastapi import APIRouter
from sqlalchemy import select

from scrapindex.api.deps import MaterialDep, SessionDep
from scrapindex.api.prices import MaterialPriceRow, material_price_row
from scrapindex.api.schemas import NOT_FOUND, CamelModel
from scrapindex.models import Material
from scrapindex.queries.prices import latest_quotes, latest_usd_rates

router = APIRouter(prefix="/api/materials", tags=["materials"])


class MaterialPublic(CamelModel):
    id: int
    name: str
    slug: str
    category: str
    grade: str | None
    description: str


@router.get("", response_model=list[MaterialPublic], summary="All materials")
def list_materials(session: SessionDep) -> list[MaterialPublic]:
    materials = session.scalars(select(Material).order_by(Material.id))
    return [MaterialPublic.model_validate(m) for m in materials]


@router.get(
    "/{material_slug}", response_model=MaterialPublic, responses=NOT_FOUND, summary="One material"
)
def get_material(material: MaterialDep) -> MaterialPublic:
    return MaterialPublic.model_validate(material)


@router.get(
    "/{material_slug}/prices",
    response_model=list[MaterialPriceRow],
    responses=NOT_FOUND,
    summary="Latest price of the material in every city, highest in US dollars first",
)
def material_prices(session: SessionDep, material: MaterialDep) -> list[MaterialPriceRow]:
    rates = latest_usd_rates(session)
    rows = [material_price_row(q, rates) for q in latest_quotes(session, material_id=material.id)]
    return sorted(rows, key=lambda r: r.price_usd or 0, reverse=True)

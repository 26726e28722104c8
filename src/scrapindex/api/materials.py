"""Materials: the list, one material, and its latest price in every city."""

from fastapi import APIRouter

from scrapindex.api.deps import MaterialDep, SessionDep, SettingsDep
from scrapindex.queries.prices import latest_quotes, latest_usd_rates
from scrapindex.queries.site import all_materials
from scrapindex.schemas.common import NOT_FOUND
from scrapindex.schemas.materials import MaterialPublic
from scrapindex.schemas.prices import MaterialPriceRow, material_price_row

router = APIRouter(prefix="/api/materials", tags=["materials"])


@router.get("", response_model=list[MaterialPublic], summary="All materials")
def list_materials(session: SessionDep) -> list[MaterialPublic]:
    return [MaterialPublic.model_validate(m) for m in all_materials(session)]


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
def material_prices(
    session: SessionDep, settings: SettingsDep, material: MaterialDep
) -> list[MaterialPriceRow]:
    rates = latest_usd_rates(session)
    quotes = latest_quotes(session, material_id=material.id, stale_days=settings.price_stale_days)
    rows = [material_price_row(q, rates) for q in quotes]
    return sorted(rows, key=lambda r: r.price_usd or 0, reverse=True)

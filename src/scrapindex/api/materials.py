"""Materials: the list, one material, and its latest price in every city."""

from decimal import Decimal

from fastapi import APIRouter

from scrapindex.api.deps import MaterialDep, SessionDep, SettingsDep
from scrapindex.queries.prices import Quote, latest_quotes, latest_usd_rates
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
    return [material_price_row(q, rates) for q in sorted(quotes, key=lambda q: _rank(q, rates))]


def _rank(quote: Quote, rates: dict[str, Decimal]) -> tuple[bool, Decimal, str, str]:
    """Dearest first on price x rate, unrounded (the rounded priceUsd can put R171.25 above
    R171.27); equal prices by city name, as the page ranks them; no rate, last."""
    rate = rates.get(quote.currency)
    exact = Decimal(0) if rate is None else quote.price_per_kg * rate
    return (rate is None, -exact, quote.city.name, quote.city.country_name)

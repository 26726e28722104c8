"""Countries, their regions (states, provinces), their legal guidance and seller's checklist."""

from fastapi import APIRouter

from scrapindex.api.deps import CountryDep, RegionDep, SessionDep, SettingsDep
from scrapindex.data.seller_checklist import seller_checklist
from scrapindex.queries.places import (
    cities_in_region,
    countries_with_counts,
    legal_rules,
    region_price_board,
    regions_with_counts,
    yard_count_in_cities,
)
from scrapindex.schemas.common import NOT_FOUND, CountryRef
from scrapindex.schemas.places import (
    CountryPublic,
    LegalItem,
    RegionPublic,
    RegionSummary,
    city_public,
)
from scrapindex.schemas.prices import RegionPriceRow, material_ref
from scrapindex.schemas.seller_checklist import SellerChecklist

router = APIRouter(prefix="/api/countries", tags=["countries"])


@router.get("", response_model=list[CountryPublic], summary="Countries, most cities first")
def list_countries(session: SessionDep) -> list[CountryPublic]:
    return [
        CountryPublic(
            code=c.code, name=c.name, currency=c.currency, city_count=cities, yard_count=yards
        )
        for c, cities, yards in countries_with_counts(session)
    ]


@router.get(
    "/{country_code}/regions",
    response_model=list[RegionSummary],
    responses=NOT_FOUND,
    summary="The country's regions",
)
def list_regions(session: SessionDep, country: CountryDep) -> list[RegionSummary]:
    return [
        RegionSummary(slug=r.slug, name=r.name, city_count=count)
        for r, count in regions_with_counts(session, country.code)
    ]


@router.get(
    "/{country_code}/regions/{region_slug}",
    response_model=RegionPublic,
    responses=NOT_FOUND,
    summary="One region with its cities",
)
def get_region(session: SessionDep, region: RegionDep) -> RegionPublic:
    cities = cities_in_region(session, region.id)
    return RegionPublic(
        slug=region.slug,
        name=region.name,
        country=CountryRef(code=region.country.code, name=region.country.name),
        cities=[city_public(c) for c in cities],
        scrap_yard_count=yard_count_in_cities(session, [c.id for c in cities]),
    )


@router.get(
    "/{country_code}/regions/{region_slug}/prices",
    response_model=list[RegionPriceRow],
    responses=NOT_FOUND,
    summary="Latest price of each material averaged over the region's cities",
)
def region_prices(session: SessionDep, region: RegionDep) -> list[RegionPriceRow]:
    return [
        RegionPriceRow(
            material=material_ref(row.material),
            currency=row.currency,
            average_price=row.average,
            average_price_exact=row.average,
            min_price=row.low,
            min_price_exact=row.low,
            max_price=row.high,
            max_price_exact=row.high,
            city_count=row.city_count,
            date=row.date,
        )
        for row in region_price_board(session, region.id)
    ]


@router.get(
    "/{country_code}/legal",
    response_model=list[LegalItem],
    responses=NOT_FOUND,
    summary="Scrap trading rules of the country (empty when we hold none)",
)
def legal_guidance(session: SessionDep, country: CountryDep) -> list[LegalItem]:
    return [LegalItem.model_validate(r) for r in legal_rules(session, country.code)]


@router.get(
    "/{country_code}/seller-checklist",
    response_model=SellerChecklist,
    responses=NOT_FOUND,
    summary="What a seller should bring and expect in the country (who may buy, ID, payment, "
    "records, holding, catalytic converters, special items), each line with its sources, review "
    "date and whether it was confirmed; regional lines where a state or province differs",
)
def get_seller_checklist(settings: SettingsDep, country: CountryDep) -> SellerChecklist:
    return seller_checklist(settings.content_dir, country.code)

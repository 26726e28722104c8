"""Market insights: the week's biggest movers per country and the most-tracked materials."""

import datetime as dt

from fastapi import APIRouter

from scrapindex.api.deps import SessionDep
from scrapindex.api.places import CityRef
from scrapindex.api.prices import MaterialRef
from scrapindex.api.schemas import CamelModel, CountryRef, MoneyText
from scrapindex.queries.insights import Mover, TrackedMaterial, market_insights
from scrapindex.queries.prices import Quote

router = APIRouter(prefix="/api/insights", tags=["insights"])


class MoverPublic(CamelModel):
    material: MaterialRef
    city: CityRef
    currency: str
    price: MoneyText
    date: dt.date
    week_ago_price: MoneyText
    week_ago_date: dt.date
    change_percent: float


class CountryMoversPublic(CamelModel):
    code: str
    name: str
    risers: list[MoverPublic]
    fallers: list[MoverPublic]


class TrackedMaterialPublic(CamelModel):
    material: MaterialRef
    city_count: int
    country_count: int
    average_price_usd: MoneyText | None


class InsightsPublic(CamelModel):
    as_of: dt.date | None
    compared_with: dt.date | None
    countries: list[CountryMoversPublic]
    most_tracked: list[TrackedMaterialPublic]


def material_ref(quote: Quote) -> MaterialRef:
    m = quote.material
    return MaterialRef(id=m.id, name=m.name, slug=m.slug, grade=m.grade, category=m.category)


def city_ref(quote: Quote) -> CityRef:
    c = quote.city
    return CityRef(
        id=c.id,
        name=c.name,
        slug=c.slug,
        country=CountryRef(code=c.country_code, name=c.country_name),
    )


def mover_public(mover: Mover) -> MoverPublic:
    quote = mover.quote
    return MoverPublic(
        material=material_ref(quote),
        city=city_ref(quote),
        currency=quote.currency,
        price=quote.price_per_kg,
        date=quote.price_date,
        week_ago_price=mover.week_ago_price,
        week_ago_date=mover.week_ago_date,
        change_percent=mover.change_percent,
    )


def tracked_public(tracked: TrackedMaterial) -> TrackedMaterialPublic:
    return TrackedMaterialPublic(
        material=material_ref(tracked.quote),
        city_count=tracked.city_count,
        country_count=tracked.country_count,
        average_price_usd=tracked.average_usd,
    )


@router.get(
    "", response_model=InsightsPublic, summary="The week's movers and the most-tracked materials"
)
def insights(session: SessionDep) -> InsightsPublic:
    found = market_insights(session)
    return InsightsPublic(
        as_of=found.as_of,
        compared_with=found.compared_with,
        countries=[
            CountryMoversPublic(
                code=c.code,
                name=c.name,
                risers=[mover_public(m) for m in c.risers],
                fallers=[mover_public(m) for m in c.fallers],
            )
            for c in found.countries
        ],
        most_tracked=[tracked_public(t) for t in found.most_tracked],
    )

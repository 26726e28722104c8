"""Market insights: the week's movers per country and the most-tracked materials."""

import datetime as dt

from pydantic import Field

from scrapindex.queries.insights import CountryMovers, Insights, Mover, TrackedMaterial
from scrapindex.schemas.common import CamelModel, ExactMoneyText, MoneyText
from scrapindex.schemas.places import CityRef, city_ref
from scrapindex.schemas.prices import USD_EXACT, MaterialRef, material_ref


class MoverPublic(CamelModel):
    material: MaterialRef
    city: CityRef
    currency: str
    price: MoneyText
    price_exact: ExactMoneyText
    date: dt.date
    week_ago_price: MoneyText
    week_ago_price_exact: ExactMoneyText
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
    average_price_usd_exact: ExactMoneyText | None = Field(
        description=f"The mean of the current prices in US dollars {USD_EXACT}"
    )


class InsightsPublic(CamelModel):
    as_of: dt.date | None
    compared_with: dt.date | None
    countries: list[CountryMoversPublic]
    most_tracked: list[TrackedMaterialPublic]


def mover_public(mover: Mover) -> MoverPublic:
    return MoverPublic(
        material=material_ref(mover.material),
        city=city_ref(mover.city),
        currency=mover.currency,
        price=mover.price_per_kg,
        price_exact=mover.price_per_kg,
        date=mover.price_date,
        week_ago_price=mover.week_ago_price,
        week_ago_price_exact=mover.week_ago_price,
        week_ago_date=mover.week_ago_date,
        change_percent=mover.change_percent,
    )


def country_movers_public(country: CountryMovers) -> CountryMoversPublic:
    return CountryMoversPublic(
        code=country.code,
        name=country.name,
        risers=[mover_public(m) for m in country.risers],
        fallers=[mover_public(m) for m in country.fallers],
    )


def tracked_public(tracked: TrackedMaterial) -> TrackedMaterialPublic:
    return TrackedMaterialPublic(
        material=material_ref(tracked.material),
        city_count=tracked.city_count,
        country_count=tracked.country_count,
        average_price_usd=tracked.average_usd,
        average_price_usd_exact=tracked.average_usd_exact,
    )


def insights_public(found: Insights) -> InsightsPublic:
    return InsightsPublic(
        as_of=found.as_of,
        compared_with=found.compared_with,
        countries=[country_movers_public(c) for c in found.countries],
        most_tracked=[tracked_public(t) for t in found.most_tracked],
    )

"""Places: countries, regions, cities, a city's overview and a country's legal guidance."""

import dataclasses
import datetime as dt
from decimal import Decimal
from typing import Any

from pydantic import Field, TypeAdapter
from pydantic_core import to_json

from scrapindex.models import City, Material
from scrapindex.price_kinds import PriceKind
from scrapindex.queries.places import CityFigures, ListedCity, ListedCopper
from scrapindex.queries.prices import CityInfo
from scrapindex.queries.yard_prices import PostedPrice
from scrapindex.schemas.common import (
    CamelModel,
    CountryRef,
    ExactMoneyText,
    MoneyText,
    exact_money_text,
    money_text,
)
from scrapindex.schemas.material_ref import MaterialRef, material_ref


class CountryPublic(CamelModel):
    code: str
    name: str
    currency: str
    city_count: int
    yard_count: int


class RegionRef(CamelModel):
    slug: str
    name: str


class CityCountry(CountryRef):
    currency: str


class CityPublic(CamelModel):
    id: int
    name: str
    slug: str
    latitude: float
    longitude: float
    time_zone: str
    country: CityCountry
    region: RegionRef | None


class CityRef(CamelModel):
    id: int
    name: str
    slug: str
    country: CountryRef


def city_public(city: City) -> CityPublic:
    return CityPublic(
        id=city.id,
        name=city.name,
        slug=city.slug,
        latitude=city.latitude,
        longitude=city.longitude,
        time_zone=city.time_zone,
        country=CityCountry(
            code=city.country.code, name=city.country.name, currency=city.country.currency
        ),
        region=RegionRef(slug=city.region.slug, name=city.region.name) if city.region else None,
    )


class CityCopperPrice(CamelModel):
    """A city's headline copper price: #1 Copper's, or its first copper grade's without one."""

    material_name: str
    material_slug: str
    price: MoneyText = Field(description="Per kg, in currency")
    price_exact: ExactMoneyText = Field(description="price at the stored precision")
    currency: str
    kind: PriceKind = Field(description="Where the price came from")
    date: dt.date


class CityListItem(CityPublic):
    """A city in the list of all cities: the city, and the copper price its card shows."""

    copper_price: CityCopperPrice | None = Field(
        description="The city's #1 Copper price (or first copper grade's); null without one"
    )


CITY_LIST = TypeAdapter(list[CityListItem])  # what /api/cities answers, as FastAPI would write it


def city_list_json(cities: list[ListedCity], coppers: dict[int, ListedCopper]) -> bytes:
    """The cities as the JSON of ``list[CityListItem]``, in one serialisation: a model for each
    of 750 cities, validated again by FastAPI, cost more than the query. The bytes are
    ``CITY_LIST.dump_json`` of the same cities (tests/integration/test_api_cities.py)."""
    return to_json(
        [{**listed_city(city), "copperPrice": copper_json(coppers.get(city.id))} for city in cities]
    )


def copper_json(copper: ListedCopper | None) -> dict[str, Any] | None:
    """One city's copper price as CityCopperPrice's JSON."""
    if copper is None:
        return None
    return {
        "materialName": copper.material_name,
        "materialSlug": copper.material_slug,
        "price": money_text(copper.price_per_kg),
        "priceExact": exact_money_text(copper.price_per_kg),
        "currency": copper.currency,
        "kind": copper.kind,
        "date": copper.price_date.isoformat(),
    }


def listed_city(city: ListedCity) -> dict[str, Any]:
    """One city as CityPublic's JSON."""
    region = (
        None if city.region_slug is None else {"slug": city.region_slug, "name": city.region_name}
    )
    return {
        "id": city.id,
        "name": city.name,
        "slug": city.slug,
        "latitude": city.latitude,
        "longitude": city.longitude,
        "timeZone": city.time_zone,
        "country": {
            "code": city.country_code,
            "name": city.country_name,
            "currency": city.country_currency,
        },
        "region": region,
    }


def city_ref(city: City | CityInfo) -> CityRef:
    if isinstance(city, City):
        country = CountryRef(code=city.country.code, name=city.country.name)
    else:
        country = CountryRef(code=city.country_code, name=city.country_name)
    return CityRef(id=city.id, name=city.name, slug=city.slug, country=country)


class PostedYardRef(CamelModel):
    id: int
    name: str


class BestPostedPrice(CamelModel):
    material: MaterialRef
    yard: PostedYardRef
    price: MoneyText = Field(description="Per kg (per piece for saleUnit piece), in currency")
    price_exact: ExactMoneyText = Field(description="price at the stored precision")
    date: dt.date = Field(description="The day the yard posted it for")


class CityPostedPrices(CamelModel):
    """The prices the city's yards posted themselves (kind ``yard``), current ones only."""

    yards: int = Field(description="Yards of the city with current posted prices")
    prices: int = Field(description="Their current posted prices, all materials")
    best: list[BestPostedPrice] = Field(
        description="Per material, the highest current posted price and its yard"
    )


class CityOverview(CamelModel):
    currency: str
    top_price: MoneyText | None
    top_price_exact: ExactMoneyText | None
    top_material: str | None
    top_material_slug: str | None
    average_price: MoneyText | None
    average_price_exact: ExactMoneyText | None
    copper_price: MoneyText | None = Field(
        description="#1 Copper's price per kg, or the first copper grade's when it has none"
    )
    copper_price_exact: ExactMoneyText | None = Field(
        description="copperPrice at the stored precision, four decimals per kg"
    )
    copper_material: str | None
    copper_material_slug: str | None
    copper_kind: PriceKind | None = Field(description="Where the copper price came from")
    price_changes: int
    materials_down: int
    materials_tracked: int
    scrap_yard_count: int
    last_updated: dt.datetime | None = Field(
        description="The newest stored time of this city's shown prices (null without prices): "
        "a feed, manual, report or estimate price's write time, or, when lastUpdatedDayOnly, "
        "midnight UTC of a demo price's day"
    )
    last_updated_day_only: bool = Field(
        description="lastUpdated is a demo price's day, which keeps no write time: show its "
        "date (UTC) alone"
    )
    time_zone: str
    posted_prices: CityPostedPrices = Field(
        description="The yards' own prices: the city's prices above stay the market's view"
    )


def city_overview_public(figures: CityFigures, posted: CityPostedPrices) -> CityOverview:
    return CityOverview.model_validate(
        {
            **dataclasses.asdict(figures),
            "top_price_exact": figures.top_price,
            "average_price_exact": figures.average_price,
            "copper_price_exact": figures.copper_price,
            "posted_prices": posted,
        }
    )


def _best_first(price: PostedPrice) -> tuple[Decimal, int, int]:
    return (-price.price_per_kg, -price.price_date.toordinal(), price.yard_id)


def city_posted_prices(
    boards: dict[int, list[PostedPrice]], yards: dict[int, str], materials: dict[int, Material]
) -> CityPostedPrices:
    """``boards`` (queries.yard_prices.city_boards) summed up: per material the highest price,
    the newer of equal ones, then the lower yard id; by material name."""
    prices = [price for board in boards.values() for price in board]
    best: dict[int, PostedPrice] = {}
    for price in sorted(
        prices, key=lambda p: (-p.price_per_kg, -p.price_date.toordinal(), p.yard_id)
    ):
        best.setdefault(price.material_id, price)
    lines = [
        BestPostedPrice(
            material=material_ref(materials[price.material_id]),
            yard=PostedYardRef(id=price.yard_id, name=yards[price.yard_id]),
            price=price.price_per_kg,
            price_exact=price.price_per_kg,
            date=price.price_date,
        )
        for price in best.values()
    ]
    lines.sort(key=lambda line: (line.material.name, line.material.id))
    return CityPostedPrices(yards=len(boards), prices=len(prices), best=lines)


class RegionSummary(CamelModel):
    slug: str
    name: str
    city_count: int


class RegionPublic(CamelModel):
    slug: str
    name: str
    country: CountryRef
    cities: list[CityPublic]
    scrap_yard_count: int


class LegalItem(CamelModel):
    title: str
    description: str
    requirement: str
    penalty: str | None
    category: str
    source: str | None

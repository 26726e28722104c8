"""Scrap yards: one yard as lists show it, its detail, and the directory's pages."""

import datetime as dt
from typing import Any, Literal

from pydantic import Field, TypeAdapter
from pydantic_core import to_json

from scrapindex.data.imports.osm import OSM_SOURCE_NAME, OSM_SOURCE_URL
from scrapindex.formatting import stored_unit
from scrapindex.models import Material
from scrapindex.queries.places import ListedCity
from scrapindex.queries.yard_prices import PostedPrice
from scrapindex.queries.yards import ListedYard, YardView, shown_hours, yard_hours_text
from scrapindex.schemas.common import CamelModel, ExactMoneyText, MoneyText, Page
from scrapindex.schemas.places import CityPublic, city_public, listed_city
from scrapindex.schemas.prices import MaterialRef, SourceRef, material_ref
from scrapindex.schemas.yard_licences import LicenceBadge


class HoursInterval(CamelModel):
    day: int
    opens: str
    closes: str


class YardPublic(CamelModel):
    id: int
    name: str
    address: str
    phone: str | None
    email: str | None
    website: str | None
    rating: float | None
    review_count: int
    is_open: bool | None
    opening_hours: str | None
    weekly_hours: list[HoursInterval]
    latitude: float
    longitude: float
    city: CityPublic


class PostedPriceLine(CamelModel):
    material: MaterialRef
    price: MoneyText = Field(description="Per `unit`, in the yard's currency")
    price_exact: ExactMoneyText = Field(description="price at the stored precision")
    date: dt.date = Field(description="The day the yard posted it for")
    unit: Literal["kg", "piece"] = Field(description="What the price is for: one kg or a piece")


class PostedBoard(CamelModel):
    """The yard's own buying prices (kind ``yard``: "Posted by the yard"), current ones only."""

    posted_on: dt.date = Field(description="The newest day among the prices")
    prices: list[PostedPriceLine]


class DataAttribution(CamelModel):
    """The credit a source's licence asks for wherever its rows are shown."""

    text: str = Field(description='What to show, e.g. "© OpenStreetMap contributors"')
    licence: str
    url: str = Field(description="Where the licence and the credit are explained")


OSM_ATTRIBUTION = DataAttribution(
    text="© OpenStreetMap contributors",
    licence="Open Database License (ODbL) 1.0",
    url=OSM_SOURCE_URL,
)


def attributions(source_names: set[str]) -> list[DataAttribution]:
    """The credits owed for yards of these sources (only OpenStreetMap's licence asks one)."""
    return [OSM_ATTRIBUTION] if OSM_SOURCE_NAME in source_names else []


class YardDetail(YardPublic):
    source: SourceRef
    attribution: DataAttribution | None = Field(
        default=None, description="The credit the yard's source asks for (OpenStreetMap's)"
    )
    left_source_at: dt.datetime | None = Field(
        default=None,
        description="When a fetch of the yard's source (OpenStreetMap) no longer had it: the "
        "yard is in no list since then, and its page says so; null while it is listed",
    )
    services: list[str] | None = Field(description="What the yard offers; null when not known")
    permanently_closed: bool
    corrected_at: dt.datetime | None = Field(
        description="When the newest approved correction was applied"
    )
    claimed: bool = Field(description="An owner account (not suspended) speaks for the yard")
    posted_board: PostedBoard | None = Field(
        description="The yard's own current prices (posted within YARD_PRICE_MAX_AGE_DAYS); "
        "null: none current, the city's prices are the ones to show, as the city's"
    )
    last_posted_on: dt.date | None = Field(
        description="The newest day the yard posted a price for, current or not"
    )
    accepted_materials: list[str] | None = Field(
        description="Slugs of the materials the yard says it buys; null: not said"
    )
    payment_methods: list[str] | None = Field(
        description="How the yard says it pays (content/payment-methods.json); null: not said"
    )
    visit_notes: str | None = Field(description="How a visit works, as the owner says; null")
    licence: LicenceBadge | None = Field(
        default=None,
        description="The yard's dealer licence as a public register lists it, once an operator "
        "confirmed the match; null: none confirmed, or the entry expired or left the register",
    )


class YardStatsPublic(CamelModel):
    total: int
    countries: int
    cities: int
    open_now: int
    center_latitude: float | None
    center_longitude: float | None


class DirectoryYard(YardPublic):
    distance_km: float | None = Field(
        description="Kilometres from the `near` point; null without one"
    )


class CityYardPage(Page[YardPublic]):
    unfiltered_total: int = Field(description="All the city's yards, whatever the filters")
    attributions: list[DataAttribution] = Field(
        default=[], description="Credits owed for the page's yards (OpenStreetMap's, when any)"
    )


class YardPage(Page[DirectoryYard]):
    stats: YardStatsPublic
    unfiltered_total: int
    attributions: list[DataAttribution] = Field(
        default=[], description="Credits owed for the page's yards (OpenStreetMap's, when any)"
    )


def yard_public(view: YardView) -> YardPublic:
    yard = view.yard
    return YardPublic(
        id=yard.id,
        name=yard.name,
        address=yard.address,
        phone=yard.phone,
        email=yard.email,
        website=yard.website,
        rating=yard.rating,
        review_count=yard.review_count,
        is_open=view.is_open,
        opening_hours=yard_hours_text(yard),
        weekly_hours=[HoursInterval.model_validate(i) for i in yard.weekly_hours],
        latitude=yard.latitude,
        longitude=yard.longitude,
        city=city_public(yard.city),
    )


def posted_board(board: list[PostedPrice], materials: dict[int, Material]) -> PostedBoard | None:
    """A yard's current posted prices (queries.yard_prices.current_boards), by material name."""
    if not board:
        return None
    lines = [
        PostedPriceLine(
            material=material_ref(materials[price.material_id]),
            price=price.price_per_kg,
            price_exact=price.price_per_kg,
            date=price.price_date,
            unit=stored_unit(materials[price.material_id].sale_unit),
        )
        for price in board
    ]
    return PostedBoard(
        posted_on=max(price.price_date for price in board),
        prices=sorted(lines, key=lambda line: (line.material.name, line.material.id)),
    )


def directory_yard(view: YardView, distance_km: float | None) -> DirectoryYard:
    rounded = None if distance_km is None else round(distance_km, 2)
    return DirectoryYard(**yard_public(view).model_dump(), distance_km=rounded)


YARD_LIST = TypeAdapter(list[YardPublic])  # what /all answers, as FastAPI would write it


def yard_list_json(yards: list[ListedYard]) -> bytes:
    """Yards of ``ranked_yards`` as the JSON of ``list[YardPublic]``, in one serialisation.

    A thousand yards as models (each built, validated, then validated again by FastAPI) cost
    several times the query; here each yard becomes the JSON's own shape, camelCase and all, and
    pydantic's core writes it. The bytes are ``YARD_LIST.dump_json`` of the same yards, which
    tests/integration/test_yard_directory_sql.py proves on both databases.
    """
    return to_json([_listed(yard) for yard in yards])


def _listed(yard: ListedYard) -> dict[str, Any]:
    """One yard as YardPublic's JSON."""
    city = ListedCity(
        yard.city_id,
        yard.city_name,
        yard.city_slug,
        yard.city_latitude,
        yard.city_longitude,
        yard.city_time_zone,
        yard.country_code,
        yard.country_name,
        yard.country_currency,
        yard.region_slug,
        yard.region_name,
    )
    return {
        "id": yard.id,
        "name": yard.name,
        "address": yard.address,
        "phone": yard.phone,
        "email": yard.email,
        "website": yard.website,
        "rating": yard.rating,
        "reviewCount": yard.review_count,
        "isOpen": yard.is_open,
        "openingHours": shown_hours(yard.weekly_hours, yard.opening_hours_text),
        "weeklyHours": [
            {"day": i["day"], "opens": i["opens"], "closes": i["closes"]} for i in yard.weekly_hours
        ],
        "latitude": yard.latitude,
        "longitude": yard.longitude,
        "city": listed_city(city),
    }

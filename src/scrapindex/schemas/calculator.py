"""The calculator's answer: what a list of scrap is worth in a city, and at the yards near it.

Built from scrapindex.calculator's dataclasses, whose fields these models name one for one.
"""

import datetime as dt
from typing import Any, Literal

from pydantic import Field

from scrapindex.calculator import MAX_YARDS, Calculation
from scrapindex.formatting import SaleUnit
from scrapindex.price_kinds import PriceKind
from scrapindex.schemas.common import CamelModel, ExactMoneyText, MoneyText
from scrapindex.schemas.material_ref import SALE_UNIT

PER_STORED = "per kg, or per piece for a material sold by the piece"


class CalculatorCity(CamelModel):
    slug: str
    name: str
    country_code: str
    currency: str = Field(description="ISO 4217: every money figure of the answer is in it")
    time_zone: str = Field(description="IANA zone: `at` is a wall-clock time in it")


class CalculatorOrigin(CamelModel):
    latitude: float
    longitude: float
    from_: Literal["city", "location"] = Field(
        alias="from",
        description="city: the city's centre (no `near` given); location: the `near` point",
    )


class CalculatorTripCost(CamelModel):
    per_distance: ExactMoneyText = Field(
        description="The cost of driving one distanceUnit used here: costPerDistance, or the "
        "default"
    )
    default_per_distance: ExactMoneyText = Field(
        description="The country's default: an official published vehicle rate (sourceName)"
    )
    is_default: bool = Field(description="perDistance is the default")
    basis: str = Field(description="What the default is, and how far it was confirmed")
    source_name: str
    source_url: str
    as_of: dt.date = Field(description="The day the default's rate took effect")


class CalculatorMaterial(CamelModel):
    slug: str
    name: str
    sale_unit: SaleUnit = Field(description=SALE_UNIT)


class CalculatorCityPrice(CamelModel):
    price: MoneyText = Field(description=f"The city's shown price, {PER_STORED}, to the cent")
    price_exact: ExactMoneyText = Field(description="The same at the stored precision")
    kind: PriceKind = Field(description="Where the price came from (content/price-kinds.json)")
    date: dt.date
    stale: bool = Field(description="Older than the site's freshness limit")


class CalculatorYardRange(CamelModel):
    low: MoneyText
    high: MoneyText
    yards: int = Field(description="How many of the city's yards post a current price of it")


class CalculatorLine(CamelModel):
    material: CalculatorMaterial
    amount: str = Field(description="As given")
    unit: Literal["kg", "lb", "t", "ozt", "piece"] = Field(description="As given")
    quantity: str = Field(description="The amount in kg (or pieces), exact")
    city_price: CalculatorCityPrice | None = Field(description="null: the city has no price")
    value: MoneyText | None = Field(
        description="quantity x the city's exact price, to the cent (half up); null when unpriced"
    )
    yard_range: CalculatorYardRange | None = Field(
        description=f"The city's yards' current posted prices, {PER_STORED}; null when none "
        "posts one"
    )
    hint: str | None = Field(description="How to tell this grade, where it helps")


class CalculatorYardLine(CamelModel):
    material_slug: str
    price: MoneyText | None = Field(
        description=f"The yard's own current posted price, else the city's, {PER_STORED}; null "
        "when the yard does not take it or nobody prices it"
    )
    kind: PriceKind | None = Field(description="yard: the yard's own price; else the city's kind")
    date: dt.date | None
    value: MoneyText | None = Field(description="quantity x the exact price, to the cent")
    accepted: bool | None = Field(
        description="false: the yard says it does not take it; null: the yard has not said"
    )


class CalculatorYard(CamelModel):
    id: int
    name: str
    address: str
    latitude: float
    longitude: float
    distance: float = Field(description="Straight line from the origin, in distanceUnit, 1 dp")
    trip_cost: MoneyText = Field(description="2 x distance (as shown) x perDistance, to the cent")
    gross: MoneyText = Field(description="The sum of the lines' values")
    net: MoneyText = Field(description="gross - tripCost: what the visitor takes home")
    open_at: bool | None = Field(description="Open at `at`; null when its hours are unknown")
    posted_on: dt.date | None = Field(
        description="The day of its newest current posted price; null when it posts none"
    )
    lines: list[CalculatorYardLine] = Field(description="One per line of the answer, in order")
    not_accepted: list[str] = Field(description="Slugs of the lines the yard does not take")


class CalculatorTip(CamelModel):
    kind: Literal["strip-insulated", "sort-grades"]
    material_slug: str = Field(
        description="strip-insulated: the insulated grade; sort-grades: the lowest grade, "
        "which a mixed load would be paid at"
    )
    gain: MoneyText = Field(description="How much more, at the city's prices")
    text: str


class CalculatorAnswer(CamelModel):
    city: CalculatorCity
    origin: CalculatorOrigin
    distance_unit: Literal["km", "mi"] = Field(description="mi in the US and GB, else km")
    at: str = Field(description="The local time (YYYY-MM-DDTHH:MM) open/closed is read at")
    trip_cost: CalculatorTripCost
    lines: list[CalculatorLine] = Field(description="One per item, in the order given")
    total: MoneyText = Field(description="The sum of the lines' values (unpriced lines count 0)")
    unpriced: list[str] = Field(description="Slugs of the lines the city has no price for")
    yards: list[CalculatorYard] = Field(
        description="Same country, within `radius` of the origin, not permanently closed: the "
        f"best net first, then the nearer; at most {MAX_YARDS}"
    )
    tips: list[CalculatorTip] = Field(description="Computed from these figures; may be empty")
    assumptions: list[str] = Field(description="What the figures assume, in words")


def calculator_answer(calculation: Calculation) -> CalculatorAnswer:
    return CalculatorAnswer.model_validate(calculation)


# The answer to the OpenAPI example's query (Johannesburg, two lines, one yard).
EXAMPLE: dict[str, Any] = {
    "city": {
        "slug": "johannesburg",
        "name": "Johannesburg",
        "countryCode": "ZA",
        "currency": "ZAR",
        "timeZone": "Africa/Johannesburg",
    },
    "origin": {"latitude": -26.2041, "longitude": 28.0473, "from": "city"},
    "distanceUnit": "km",
    "at": "2026-12-02T10:00",
    "tripCost": {
        "perDistance": "4.7600",
        "defaultPerDistance": "4.7600",
        "isDefault": True,
        "basis": "SARS's simplified rate per kilometre for a reimbursed business trip ...",
        "sourceName": "SARS, rate per kilometre",
        "sourceUrl": "https://www.sars.gov.za/tax-rates/employers/rates-per-kilometer/",
        "asOf": "2025-03-01",
    },
    "lines": [
        {
            "material": {"slug": "copper-1", "name": "#1 Copper", "saleUnit": "kg"},
            "amount": "10",
            "unit": "kg",
            "quantity": "10",
            "cityPrice": {
                "price": "175.00",
                "priceExact": "175.0000",
                "kind": "manual",
                "date": "2026-11-29",
                "stale": False,
            },
            "value": "1750.00",
            "yardRange": {"low": "178.00", "high": "180.00", "yards": 2},
            "hint": "Clean, unalloyed pipe, bus bar or thick wire ...",
        },
        {
            "material": {
                "slug": "catalytic-converters",
                "name": "Catalytic Converters",
                "saleUnit": "piece",
            },
            "amount": "2",
            "unit": "piece",
            "quantity": "2",
            "cityPrice": {
                "price": "2950.00",
                "priceExact": "2950.0000",
                "kind": "manual",
                "date": "2026-11-29",
                "stale": False,
            },
            "value": "5900.00",
            "yardRange": None,
            "hint": "Sold by the piece ...",
        },
    ],
    "total": "7650.00",
    "unpriced": [],
    "yards": [
        {
            "id": 571,
            "name": "Test Metals Johannesburg",
            "address": "1 Test Road, Johannesburg",
            "latitude": -26.1141,
            "longitude": 28.0473,
            "distance": 10.0,
            "tripCost": "95.20",
            "gross": "7700.00",
            "net": "7604.80",
            "openAt": True,
            "postedOn": "2026-11-29",
            "lines": [
                {
                    "materialSlug": "copper-1",
                    "price": "180.00",
                    "kind": "yard",
                    "date": "2026-11-29",
                    "value": "1800.00",
                    "accepted": None,
                },
                {
                    "materialSlug": "catalytic-converters",
                    "price": "2950.00",
                    "kind": "manual",
                    "date": "2026-11-29",
                    "value": "5900.00",
                    "accepted": None,
                },
            ],
            "notAccepted": [],
        }
    ],
    "tips": [],
    "assumptions": [
        "Distances are straight lines from the centre of Johannesburg, not road distances: "
        "the drive is longer."
    ],
}

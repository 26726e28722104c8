"""What is my scrap worth, and where should I sell it (built in issue 38)."""

import datetime as dt
from decimal import Decimal
from typing import Annotated

from fastapi import APIRouter, HTTPException, Query
from sqlalchemy.orm import Session

from scrapindex.api.deps import SessionDep, SettingsDep, city_or_404
from scrapindex.api.near import near_query, parse_near
from scrapindex.calculator import (
    ITEM_PATTERN,
    MAX_ITEMS,
    CalculatorRefused,
    CalculatorRequest,
    Origin,
    calculate,
    calculator_reference,
    nearest_city,
    parse_items,
    parse_local_time,
)
from scrapindex.models import City
from scrapindex.queries.prices import material_infos
from scrapindex.queries.yards import Near
from scrapindex.schemas.calculator import EXAMPLE, CalculatorAnswer, calculator_answer
from scrapindex.schemas.common import NOT_FOUND, Message

router = APIRouter(prefix="/api/calculator", tags=["calculator"])

AT_PATTERN = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}$"
ItemQuery = Annotated[
    list[str],
    Query(
        description=f"1 to {MAX_ITEMS} times, `<materialSlug>:<amount>:<unit>`: an amount above "
        "0 and at most 1,000,000 with up to 3 decimals, in one of the units the material is "
        "given in (kg, lb or t; ozt too for precious metal; piece, in whole pieces, for a "
        "material sold by the piece). Each material once.",
        json_schema_extra={
            "items": {"type": "string", "pattern": ITEM_PATTERN, "maxLength": 100},
            "maxItems": MAX_ITEMS,
        },
        examples=[["copper-1:10:kg", "catalytic-converters:2:piece"]],
    ),
]
CityQuery = Annotated[
    str | None,
    Query(
        max_length=120,
        description="The city's slug: its prices (and, without `near`, its centre as origin)",
        examples=["johannesburg"],
    ),
]
NearQuery = Annotated[
    str | None,
    near_query(
        "measure from here; without `city`, the prices are those of the nearest of our cities"
    ),
]
CostQuery = Annotated[
    Decimal | None,
    Query(
        alias="costPerDistance",
        ge=0,
        le=100,
        decimal_places=4,
        description="The cost of driving one km (one mile in the US and GB) in the country's "
        "currency; the country's default (an official published rate) when left out",
    ),
]
RadiusQuery = Annotated[
    float, Query(ge=1, le=200, description="How far from the origin to look for yards, in km")
]
AtQuery = Annotated[
    str | None,
    Query(
        max_length=16,
        json_schema_extra={"pattern": AT_PATTERN},
        description="A local time in the city's zone, `YYYY-MM-DDTHH:MM`, for open/closed; "
        "now when left out",
        examples=["2026-12-02T10:00"],
    ),
]


@router.get(
    "",
    response_model=CalculatorAnswer,
    responses={
        200: {"content": {"application/json": {"example": EXAMPLE}}},
        **NOT_FOUND,
        422: {"model": Message, "description": "A bad item or value, and which and why"},
    },
    summary="What a list of scrap is worth in a city, and what each yard nearby would leave you",
    description=(
        "Values each item at the city's shown price, then ranks the yards within `radius` by "
        "what the visitor takes home: each line at the yard's own current posted price where "
        "it has one (else the city's), less the round trip (2 x straight-line distance x "
        "`costPerDistance`). Yards that do not take a material, or are closed at `at`, are "
        "marked. Tips (stripping insulated wire, sorting grades) are computed from the same "
        "figures. Give `city`, `near`, or both; `near` is neither logged nor cached."
    ),
)
def get_calculator(
    session: SessionDep,
    settings: SettingsDep,
    item: ItemQuery = [],  # noqa: B006 (FastAPI copies a parameter's default)
    city: CityQuery = None,
    near: NearQuery = None,
    cost_per_distance: CostQuery = None,
    radius: RadiusQuery = 50,
    at: AtQuery = None,
) -> CalculatorAnswer:
    if city is None and near is None:
        raise HTTPException(
            422, "Invalid request: give city (a city's slug) or near (latitude,longitude)"
        )
    chosen, origin = place(session, city, None if near is None else parse_near(near, radius))
    try:
        request = CalculatorRequest(
            city=chosen,
            origin=origin,
            items=parse_items(item, material_infos(session).values()),
            radius_km=radius,
            cost_per_distance=cost_per_distance,
            at=None if at is None else parse_local_time(at),
            now=dt.datetime.now(dt.UTC),
        )
    except CalculatorRefused as refused:
        raise HTTPException(422, f"Invalid request: {refused}") from None
    reference = calculator_reference(settings.content_dir)
    calculation = calculate(
        session,
        request,
        reference,
        stale_days=settings.price_stale_days,
        yard_price_max_age_days=settings.yard_price_max_age_days,
    )
    return calculator_answer(calculation)


def place(session: Session, city: str | None, point: Near | None) -> tuple[City, Origin]:
    """The city whose prices count, and where distances are measured from: the point when
    given, else the city's centre; without a city, the nearest of ours to the point."""
    if point is None:
        assert city is not None
        chosen = city_or_404(session, city)
        return chosen, Origin(chosen.latitude, chosen.longitude, "city")
    found = (
        city_or_404(session, city)
        if city is not None
        else nearest_city(session, point.latitude, point.longitude)
    )
    return found, Origin(point.latitude, point.longitude, "location")

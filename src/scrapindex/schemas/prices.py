"""Prices: a series' latest quote as each list shows it, per-material summaries, history."""

import datetime as dt
from decimal import Decimal
from typing import Literal, TypedDict

from pydantic import Field

from scrapindex.data.estimate_formula import formula_text, reference_when
from scrapindex.formatting import stored_unit
from scrapindex.price_kinds import PriceKind
from scrapindex.queries.prices import (
    ESTIMATE_INPUTS_MAX_AGE_DAYS,
    Quote,
    inputs_note,
    to_usd,
    to_usd_exact,
)
from scrapindex.schemas.common import CamelModel, ExactMoneyText, MoneyText, Page

# Named here too, where the other schemas always found them.
from scrapindex.schemas.material_ref import SALE_UNIT as SALE_UNIT
from scrapindex.schemas.material_ref import MaterialRef as MaterialRef
from scrapindex.schemas.material_ref import material_ref as material_ref
from scrapindex.schemas.places import CityRef, city_ref
from scrapindex.settings import get_settings


class SourceRef(CamelModel):
    name: str
    kind: PriceKind


class EstimatePublic(CamelModel):
    """How an estimated price was made; ``formula`` says it in one line."""

    metal: str
    reference_usd_per_tonne: MoneyText
    reference_date: dt.date
    reference_period: str
    reference_source: str
    grade_factor: str
    margin: str
    usd_per_unit: str
    fx_date: dt.date
    formula: str
    inputs_outdated: bool = Field(
        description="The market reference (see referenceOutdated) or the exchange rate is "
        f"more than {ESTIMATE_INPUTS_MAX_AGE_DAYS} days older than the price's date: the "
        "estimate restates old inputs, not the day's market"
    )
    reference_outdated: bool = Field(
        description="The estimate rests on an old market reference: a monthly average (World "
        "Bank, FRED) whose month ended more than MONTHLY_REFERENCE_MAX_AGE_DAYS (default 62) "
        f"days before the price's date, or a daily price more than {ESTIMATE_INPUTS_MAX_AGE_DAYS} "
        "days"
    )
    inputs_note: str | None = Field(
        description="When inputsOutdated, what the pages say of it: the old reference alone "
        '("old reference: World Bank monthly average, Aug 2026"), else the months of the old '
        'inputs ("inputs from Oct 2025", "inputs from Apr\u2013Oct 2025"); null otherwise'
    )


def estimate_public(quote: Quote) -> EstimatePublic | None:
    """The estimate's inputs and formula, and whether they are old (a monthly reference's limit:
    MONTHLY_REFERENCE_MAX_AGE_DAYS, as the environment sets it)."""
    inputs = quote.estimate
    if inputs is None:
        return None
    monthly_max_age_days = get_settings().monthly_reference_max_age_days
    outdated = inputs.outdated_inputs(quote.price_date, monthly_max_age_days)
    old_reference = inputs.reference_outdated(quote.price_date, monthly_max_age_days)
    return EstimatePublic(
        metal=inputs.metal,
        reference_usd_per_tonne=inputs.reference_usd_per_tonne,
        reference_date=inputs.reference_date,
        reference_period=inputs.reference_period,
        reference_source=inputs.reference_source,
        grade_factor=f"{inputs.grade_factor.normalize():f}",
        margin=f"{inputs.margin.normalize():f}",
        usd_per_unit=f"{inputs.usd_per_unit.normalize():f}",
        fx_date=inputs.fx_date,
        formula=formula_text(inputs, quote.material.name, quote.city.country_code, quote.currency),
        inputs_outdated=bool(outdated),
        reference_outdated=old_reference,
        inputs_note=(
            f"old reference: {reference_when(inputs)}"
            if outdated == [inputs.reference_date] and old_reference
            else inputs_note(outdated)
        ),
    )


EXACT = (
    "at the stored precision, four decimals per kg (or per piece): convert units and compare "
    "from this"
)
# A figure in US dollars not rounded to the cent: "$0.13" a kg is $130 a tonne, 0.1284 is $128.40.
USD_EXACT = "to four decimals per kg (not the cent) from price x rate: convert units from this"


# An estimate's change is its move since the previous estimate (its inputs' move); against a
# price of another kind it would be the gap between two methods, not a market move.
NO_CHANGE = (
    "null without a previous price, and for an estimate whose previous price is not an estimate"
)


class PriceBase(CamelModel):
    id: int
    material_id: int
    city_id: int
    price: MoneyText = Field(description="Per unit (a kg, or a piece) to the cent")
    price_exact: ExactMoneyText = Field(description=f"The price {EXACT}")
    currency: str
    unit: Literal["kg", "piece"] = Field(
        description="What the price is for: one kg, or one piece for a material sold by the piece"
    )
    date: dt.date
    updated_at: dt.datetime
    previous_price: MoneyText | None = Field(
        description="The series' previous stored price, of whatever kind"
    )
    previous_price_exact: ExactMoneyText | None = Field(description=f"The previous price {EXACT}")
    change: MoneyText | None = Field(description=f"price - previousPrice to the cent; {NO_CHANGE}")
    change_exact: ExactMoneyText | None = Field(
        description=f"priceExact - previousPriceExact, {EXACT}; {NO_CHANGE}"
    )
    change_percent: float | None = Field(
        description=f"From the exact prices, to one place; {NO_CHANGE}"
    )
    trend: Literal["up", "down", "flat"] = Field(description="The change's sign; flat when null")
    source: SourceRef
    stale: bool = Field(description="Older than the site's freshness limit: show its date")
    estimate: EstimatePublic | None = Field(
        description="The formula's inputs when source.kind is 'estimate', else null"
    )


class CityPriceRow(PriceBase):
    material: MaterialRef


class MaterialPriceRow(PriceBase):
    city: CityRef
    price_usd: MoneyText | None
    price_usd_exact: ExactMoneyText | None = Field(
        description=f"The price in US dollars {USD_EXACT}"
    )


class PricePublic(PriceBase):
    price_usd: MoneyText | None
    price_usd_exact: ExactMoneyText | None = Field(
        description=f"The price in US dollars {USD_EXACT}"
    )


class PricePage(Page[PricePublic]):
    pass


class MaterialSummary(CamelModel):
    material_id: int
    material_slug: str
    currency: str
    average_price: MoneyText
    min_price: MoneyText
    max_price: MoneyText
    cities_tracked: int
    countries: int


class PriceFields(TypedDict):
    id: int
    material_id: int
    city_id: int
    price: Decimal
    price_exact: Decimal
    currency: str
    unit: Literal["kg", "piece"]
    date: dt.date
    updated_at: dt.datetime
    previous_price: Decimal | None
    previous_price_exact: Decimal | None
    change: Decimal | None
    change_exact: Decimal | None
    change_percent: float | None
    trend: Literal["up", "down", "flat"]
    source: SourceRef
    stale: bool
    estimate: EstimatePublic | None


def price_fields(quote: Quote) -> PriceFields:
    return PriceFields(
        id=quote.price_id,
        material_id=quote.material.id,
        city_id=quote.city.id,
        price=quote.price_per_kg,
        price_exact=quote.price_per_kg,
        currency=quote.currency,
        unit=stored_unit(quote.material.sale_unit),
        date=quote.price_date,
        updated_at=quote.updated_at,
        previous_price=quote.previous,
        previous_price_exact=quote.previous,
        change=quote.change,
        change_exact=quote.change,
        change_percent=quote.change_percent,
        trend=quote.trend,
        source=SourceRef(name=quote.source_name, kind=quote.source_kind),
        stale=quote.stale,
        estimate=estimate_public(quote),
    )


def city_price_row(quote: Quote) -> CityPriceRow:
    return CityPriceRow(**price_fields(quote), material=material_ref(quote.material))


class UsdFields(TypedDict):
    price_usd: Decimal | None
    price_usd_exact: Decimal | None


def usd_fields(quote: Quote, rates: dict[str, Decimal]) -> UsdFields:
    return UsdFields(
        price_usd=to_usd(quote.price_per_kg, quote.currency, rates),
        price_usd_exact=to_usd_exact(quote.price_per_kg, quote.currency, rates),
    )


def material_price_row(quote: Quote, rates: dict[str, Decimal]) -> MaterialPriceRow:
    return MaterialPriceRow(
        **price_fields(quote), city=city_ref(quote.city), **usd_fields(quote, rates)
    )


def price_public(quote: Quote, rates: dict[str, Decimal]) -> PricePublic:
    return PricePublic(**price_fields(quote), **usd_fields(quote, rates))


class RegionPriceRow(CamelModel):
    material: MaterialRef
    currency: str
    average_price: MoneyText
    average_price_exact: ExactMoneyText
    min_price: MoneyText
    min_price_exact: ExactMoneyText
    max_price: MoneyText
    max_price_exact: ExactMoneyText
    city_count: int
    date: dt.date

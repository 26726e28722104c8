"""An estimated price's formula in one line, as the API and the pages show it."""

import datetime as dt
from decimal import Decimal

from scrapindex.formatting import format_money
from scrapindex.queries.prices import EstimateInputs

TIMES = " \N{MULTIPLICATION SIGN} "
# The short names a monthly reference goes by, from the start of its source's stored name
# (WORLD_BANK_SOURCE, FRED_SOURCE; not imported: the World Bank fetcher brings openpyxl).
MONTHLY_SOURCE_NAMES = {"World Bank": "World Bank", "FRED:": "FRED"}


def formula_text(inputs: EstimateInputs, material_name: str, country: str, currency: str) -> str:
    """ "Estimate: Copper $9,412/t (World Bank monthly average, Oct 2025) x 0.955 Bare Bright
    Copper factor x 0.82 ZA yard margin x R18.21/USD (21 Nov 2025)", with the multiplication
    sign for x."""
    metal = inputs.metal.replace("_", " ").capitalize()
    reference = format_money(inputs.reference_usd_per_tonne, "USD").removesuffix(".00")
    parts = [
        f"Estimate: {metal} {reference}/t ({reference_when(inputs)})",
        f"{inputs.grade_factor.normalize():f} {material_name} factor",
        f"{inputs.margin.normalize():f} {country} yard margin",
    ]
    if currency != "USD":
        per_usd = format_money(Decimal(1) / inputs.usd_per_unit, currency)
        parts.append(f"{per_usd}/USD ({_day(inputs.fx_date)})")
    return TIMES.join(parts)


def reference_when(inputs: EstimateInputs) -> str:
    """ "World Bank monthly average, Oct 2025" for a monthly reference, else its day."""
    if inputs.reference_period == "monthly":
        month = f"{inputs.reference_date:%b %Y}"
        return f"{_source_name(inputs.reference_source)} monthly average, {month}"
    return _day(inputs.reference_date)


def _source_name(source: str) -> str:
    return next((v for k, v in MONTHLY_SOURCE_NAMES.items() if source.startswith(k)), source)


def _day(day: dt.date) -> str:
    return f"{day.day} {day:%b %Y}"

"""Money and percentages as the site shows them, on the server. The rules are those of
frontend/src/lib/format.ts; tests/fixtures/format-cases.json holds cases both sides must agree on.

Amounts are ``Decimal`` (or the API's decimal strings), never floats: "1.005" rounds to 1.01,
half away from zero, as the browser's Intl.NumberFormat rounds the same text.
"""

import json
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, Literal, get_args

from scrapindex.settings import PROJECT_ROOT

WeightUnit = Literal["kg", "lb", "t", "ozt"]
# The units a price may be given or shown in: a weight, or one piece (materials sold by the piece).
Unit = Literal["kg", "lb", "t", "ozt", "piece"]
# How a material is sold (materials.sale_unit): by weight, precious metal by weight (shown per
# troy ounce first), or by the piece. Prices of the first two are stored per kg, of the last per
# piece.
SaleUnit = Literal["kg", "troy_oz", "piece"]


def _shared(name: str) -> Any:
    """A table of content/ that the browser's format.ts reads too."""
    return json.loads((PROJECT_ROOT / "content" / name).read_text(encoding="utf-8"))


def _kg_per_unit() -> dict[WeightUnit, Decimal]:
    table = _shared("units.json")["kgPerUnit"]
    return {unit: Decimal(table[unit]) for unit in get_args(WeightUnit)}


def _sale_units(key: str) -> dict[SaleUnit, tuple[Unit, ...]]:
    table = _shared("units.json")["saleUnits"]
    return {sale: tuple(table[sale][key]) for sale in get_args(SaleUnit)}


SYMBOLS: dict[str, str] = _shared("currencies.json")["symbols"]
KG_PER_UNIT = _kg_per_unit()
# Stored units (a kg, or a piece) in one of each unit: what a stored price is multiplied by.
STORED_PER_UNIT: dict[Unit, Decimal] = {
    **{unit: KG_PER_UNIT[unit] for unit in get_args(WeightUnit)},
    "piece": Decimal(1),
}
# Per sale unit, the units a price may be given in and shown in (first: the default shown).
GIVEN_UNITS = _sale_units("given")
SHOWN_UNITS = _sale_units("shown")
UNIT_SUFFIXES: dict[Unit, str] = {
    "kg": "/kg",
    "lb": "/lb",
    "t": "/t",
    "ozt": "/troy oz",
    "piece": " per piece",
}
# Distances are shown in miles in the US and GB (the calculator), measured in km.
KM_PER_MILE = Decimal(_shared("units.json")["kmPerMile"])
CENT = Decimal("0.01")
TENTH = Decimal("0.1")


def currency_symbol(currency: str) -> str:
    return SYMBOLS.get(currency, f"{currency} ")


def format_money(amount: Decimal | str, currency: str) -> str:
    """ "R1,234.50": symbol, thousands separators, two decimals; "-$0.50" below zero."""
    value = Decimal(amount)
    cents = abs(value).quantize(CENT, ROUND_HALF_UP)
    digits = f"{cents:,.2f}"
    sign = "-" if value < 0 and cents else ""
    return f"{sign}{currency_symbol(currency)}{digits}"


def format_price(price_per_kg: Decimal | str, currency: str, unit: Unit = "kg") -> str:
    """A stored price (per kg, or per piece) shown in the chosen unit."""
    return format_money(Decimal(price_per_kg) * STORED_PER_UNIT[unit], currency)


def unit_refusal(unit: str, sale_unit: SaleUnit, material: str) -> str | None:
    """Why a price of ``material`` cannot be given per ``unit``, or None when it can:
    "Catalytic Converters sell by the piece: give the price per piece"."""
    given = GIVEN_UNITS[sale_unit]
    if unit in given:
        return None
    if sale_unit == "piece":
        return f"{material} sell by the piece: give the price per piece"
    return f"{material} is priced by weight: give the price per {', '.join(given)}"


def stored_unit(sale_unit: SaleUnit) -> Literal["kg", "piece"]:
    """What a stored price of a material sold so is for: one kg, or one piece."""
    return "piece" if sale_unit == "piece" else "kg"


def price_text(stored: Decimal | str, currency: str, sale_unit: SaleUnit) -> str:
    """A stored price as a page or a mail says it, in the material's default unit:
    "R172.00/kg", "$880.00/troy oz", "R2,450.00 per piece"."""
    unit = SHOWN_UNITS[sale_unit][0]
    return format_price(stored, currency, unit) + UNIT_SUFFIXES[unit]


def stored_price_text(stored: Decimal | str, currency: str, sale_unit: SaleUnit) -> str:
    """A stored price as stored, for operators' messages: "R172.00/kg", "R2,450.00 per piece"."""
    unit = stored_unit(sale_unit)
    return format_money(stored, currency) + UNIT_SUFFIXES[unit]


def percent_change(price: Decimal, previous: Decimal) -> float:
    """The change from ``previous`` (not zero) to ``price`` in percent, to one place."""
    return round(float((price - previous) / previous * 100), 1)


def format_percent(change: float | Decimal | None) -> str:
    """ "+2.3%" / "-0.4%" / "0.0%"; an em dash when there is nothing to compare with."""
    if change is None:
        return "—"
    value = Decimal(change)  # a float's exact value, as JavaScript's toFixed reads it
    sign = "+" if value > 0 else "-" if value < 0 else ""
    return f"{sign}{abs(value).quantize(TENTH, ROUND_HALF_UP)}%"

"""Money and percentages as the site shows them, on the server. The rules are those of
frontend/src/lib/format.ts; tests/fixtures/format-cases.json holds cases both sides must agree on.

Amounts are ``Decimal`` (or the API's decimal strings), never floats: "1.005" rounds to 1.01,
half away from zero, as the browser's Intl.NumberFormat rounds the same text.
"""

import json
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, Literal, get_args

from scrapindex.settings import PROJECT_ROOT

Unit = Literal["kg", "lb", "t"]


def _shared(name: str) -> Any:
    """A table of content/ that the browser's format.ts reads too."""
    return json.loads((PROJECT_ROOT / "content" / name).read_text(encoding="utf-8"))


def _kg_per_unit() -> dict[Unit, Decimal]:
    table = _shared("units.json")["kgPerUnit"]
    return {unit: Decimal(table[unit]) for unit in get_args(Unit)}


SYMBOLS: dict[str, str] = _shared("currencies.json")["symbols"]
KG_PER_UNIT = _kg_per_unit()
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
    """A stored per-kg price shown in the chosen unit."""
    return format_money(Decimal(price_per_kg) * KG_PER_UNIT[unit], currency)


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

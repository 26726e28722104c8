"""How an alert is put in words, in mail subjects, bodies and the manage page."""

from decimal import Decimal
from typing import cast

from scrapindex.formatting import UNIT_SUFFIXES, Unit, format_money


def describe(kind: str, material: str | None, city: str, threshold: str | None) -> str:
    """What the alert is about: "Copper #1 in Cape Town above R160.00/kg"."""
    if kind == "digest-daily":
        return f"Daily prices in {city}"
    if kind == "digest-weekly":
        return f"Weekly prices in {city}"
    return f"{material} in {city} {kind} {threshold}"


def threshold_text(threshold: Decimal, unit: str, currency: str) -> str:
    """ "R150.00/kg", "$30.00/troy oz", "R2,000.00 per piece": as the alert was given."""
    suffix = UNIT_SUFFIXES.get(cast(Unit, unit), f"/{unit}")
    return f"{format_money(threshold, currency)}{suffix}"

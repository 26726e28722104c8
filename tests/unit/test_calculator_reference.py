"""content/reference/calculator.json: a trip-cost default for every country, hints and stripping
only for materials that exist, each figure with where it comes from."""

import datetime as dt
import json
from decimal import Decimal
from typing import Any

from scrapindex.calculator import calculator_reference
from scrapindex.data.reference import MaterialRef, load_materials
from tests.conftest import CONTENT_DIR

MILES = {"US", "GB"}
# The grades the issue asks a "how to tell" hint for: magnet test, copper grades, insulated
# wire, clean aluminium, brass colours, cast and extruded aluminium, lead, converters.
HINTED = {
    "steel",
    "stainless-steel",
    "bare-bright-copper",
    "copper-1",
    "copper-2",
    "insulated-copper-wire",
    "aluminum",
    "yellow-brass",
    "red-brass",
    "cast-aluminum",
    "aluminum-extrusion",
    "lead",
    "catalytic-converters",
}


def raw() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (CONTENT_DIR / "reference" / "calculator.json").read_text("utf-8")
    )
    return data


def countries() -> dict[str, str]:
    places = json.loads((CONTENT_DIR / "reference" / "places.json").read_text("utf-8"))
    return {country["code"]: country["currency"] for country in places["countries"]}


def materials() -> dict[str, MaterialRef]:
    return {material["slug"]: material for material in load_materials(CONTENT_DIR)}


def test_every_country_has_a_trip_cost_in_its_currency_and_unit() -> None:
    reference = calculator_reference(CONTENT_DIR)
    assert set(reference.trip_costs) == set(countries())
    for code, currency in countries().items():
        cost = reference.trip_costs[code]
        assert cost.currency == currency, code
        assert cost.distance_unit == ("mi" if code in MILES else "km"), code
        # Within what the API lets a visitor type instead (costPerDistance 0-100).
        assert Decimal(0) < cost.per_distance <= Decimal(100), code
        assert cost.source_url.startswith("https://"), code
        assert cost.source_name, code
        assert cost.basis.endswith("."), code
        assert dt.date(2020, 1, 1) <= cost.as_of, code


def test_trip_cost_figures_are_exact_decimal_text() -> None:
    for code, entry in raw()["tripCost"].items():
        assert isinstance(entry["perDistance"], str), code
        places = -int(Decimal(entry["perDistance"]).as_tuple().exponent)
        assert places <= 4, code  # sent as Money4


def test_hints_name_existing_materials_and_cover_the_tricky_grades() -> None:
    hints = calculator_reference(CONTENT_DIR).hints
    assert set(hints) <= set(materials())
    assert set(hints) >= HINTED
    assert all(text.strip() and len(text) <= 300 for text in hints.values())


def test_stripping_names_existing_grades_sold_alike_with_a_recovery_in_its_range() -> None:
    known = materials()
    stripping = calculator_reference(CONTENT_DIR).stripping
    assert "insulated-copper-wire" in stripping
    for slug, rule in stripping.items():
        assert slug in known, slug
        assert rule.stripped_slug in known, slug
        assert known[slug]["saleUnit"] == known[rule.stripped_slug]["saleUnit"] == "kg"
        assert 0 < rule.recovery_low <= rule.recovery <= rule.recovery_high <= 1, slug
        # Either a source, or the basis that says what the assumption rests on.
        assert rule.source or rule.basis, slug

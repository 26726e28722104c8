"""The calculator's pure parts: reading items, distances as shown, and the tips' arithmetic."""

import datetime as dt
from decimal import Decimal

import pytest

from scrapindex.calculator import (
    CalculatorRefused,
    Item,
    Prices,
    calculator_reference,
    exact_text,
    parse_items,
    parse_local_time,
    per_distance_text,
    shown_distance,
    sort_tips,
    strip_tips,
)
from scrapindex.formatting import SaleUnit
from scrapindex.queries.prices import CityInfo, MaterialInfo, Quote
from tests.conftest import CONTENT_DIR

SALE_UNITS: dict[str, SaleUnit] = {
    "copper-1": "kg",
    "copper-2": "kg",
    "bare-bright-copper": "kg",
    "insulated-copper-wire": "kg",
    "catalytic-converters": "piece",
    "silver": "troy_oz",
}
MATERIALS = {
    slug: MaterialInfo(number, slug.replace("-", " ").title(), slug, None, "Copper", unit)
    for number, (slug, unit) in enumerate(SALE_UNITS.items(), start=1)
}
CITY = CityInfo(1, "Johannesburg", "johannesburg", "ZA", "South Africa")
REFERENCE = calculator_reference(CONTENT_DIR)


def items(*texts: str) -> list[Item]:
    return parse_items(list(texts), MATERIALS.values())


def refusal(*texts: str) -> str:
    with pytest.raises(CalculatorRefused) as refused:
        items(*texts)
    return str(refused.value)


def test_items_keep_their_order_and_convert_to_stored_units_exactly() -> None:
    read = items("copper-1:10:lb", "catalytic-converters:3:piece", "silver:2.5:ozt")
    assert [i.material.slug for i in read] == ["copper-1", "catalytic-converters", "silver"]
    # 10 lb x 0.45359237 kg; 3 pieces; 2.5 troy oz x 0.0311034768 kg.
    assert [exact_text(i.quantity) for i in read] == ["4.5359237", "3", "0.077758692"]
    assert read[0].amount_text == "10"


@pytest.mark.parametrize(
    ("texts", "says"),
    [
        ((), "item: give 1 to 20 items as material:amount:unit, e.g. copper-1:12.5:kg"),
        (("copper-1:1:kg",) * 21, "item: at most 20 items, not 21"),
        (("copper-1:1",), "item 1: expected material:amount:unit, e.g. copper-1:12.5:kg"),
        (("copper-1:1:kg", "gold:1:kg"), "item 2: no material 'gold': use a slug from"),
        (("Copper 1:1:kg",), "item 1: the material must be a slug such as copper-1"),
        (("copper-1:1:g",), "item 1: the unit must be one of kg, lb, t, ozt, piece"),
        (("copper-1:0:kg",), "item 1: the amount must be above 0 and at most 1,000,000"),
        (("copper-1:1000000.5:kg",), "item 1: the amount must be above 0 and at most"),
        (("copper-1:1.2345:kg",), "item 1: the amount must be a number such as 12.5, with up"),
        (("copper-1:-1:kg",), "item 1: the amount must be a number"),
        (("copper-1:1e3:kg",), "item 1: the amount must be a number"),
        (
            ("copper-1:1:kg", "catalytic-converters:3:kg"),
            "item 2: catalytic-converters is priced per piece: give pieces, "
            "e.g. catalytic-converters:3:piece",
        ),
        (
            ("copper-1:2:piece",),
            "item 1: copper-1 is priced by weight: give kg, lb or t, e.g. copper-1:12.5:kg",
        ),
        (("copper-1:2:ozt",), "item 1: copper-1 is priced by weight: give kg, lb or t"),
        (("catalytic-converters:2.5:piece",), "item 1: pieces are counted: give a whole number"),
        (
            ("copper-1:1:kg", "copper-2:1:kg", "copper-1:2:lb"),
            "item 3: copper-1 is also item 1: give each material once",
        ),
    ],
)
def test_a_bad_item_is_refused_saying_which_and_why(texts: tuple[str, ...], says: str) -> None:
    assert refusal(*texts).startswith(says)


def test_precious_metal_is_given_in_troy_ounces_or_by_weight() -> None:
    assert [i.unit for i in items("silver:1:ozt")] == ["ozt"]
    assert refusal("silver:1:piece") == (
        "item 1: silver is priced by weight: give ozt, kg, lb or t, e.g. silver:12.5:ozt"
    )


def test_local_time() -> None:
    assert parse_local_time("2026-12-02T10:00") == dt.datetime(2026, 12, 2, 10, 0)
    for bad in ("2026-12-02 10:00", "2026-13-02T10:00", "2026-12-02T24:00", "tomorrow"):
        with pytest.raises(CalculatorRefused, match="at: expected a local time"):
            parse_local_time(bad)


def test_distances_are_shown_to_a_tenth_half_up_in_km_or_miles() -> None:
    assert shown_distance(10.00756, "km") == Decimal("10.0")
    assert shown_distance(4.95, "km") == Decimal("5.0")  # the float just above 4.95
    # 11.11951 km / 1.609344 = 6.9094 mi.
    assert shown_distance(11.11951, "mi") == Decimal("6.9")
    assert shown_distance(1.609344 * 2.25, "mi") == Decimal("2.3")


def test_a_cost_per_distance_is_shown_at_its_own_precision() -> None:
    assert per_distance_text(Decimal("4.76"), "ZAR") == "R4.76"
    assert per_distance_text(Decimal("0.725"), "USD") == "$0.725"
    assert per_distance_text(Decimal("1"), "GBP") == "£1.00"


def quote(slug: str, price: str) -> Quote:
    return Quote(
        price_id=1,
        price_per_kg=Decimal(price),
        currency="ZAR",
        price_date=dt.date(2026, 11, 29),
        updated_at=dt.datetime(2026, 11, 29, tzinfo=dt.UTC),
        previous=None,
        source_name="Test",
        source_kind="manual",
        material=MATERIALS[slug],
        city=CITY,
    )


def prices(**board: str) -> Prices:
    city = {slug.replace("_", "-"): quote(slug.replace("_", "-"), p) for slug, p in board.items()}
    return Prices(city=city, posted={}, currency="ZAR")


def test_stripping_pays_the_recovered_copper_less_the_insulated_value() -> None:
    board = prices(insulated_copper_wire="66", copper_1="175")
    (tip,) = strip_tips(items("insulated-copper-wire:20:kg"), board, REFERENCE)
    # 20 kg x 50% x R175 = R1,750.00, less 20 kg x R66 = R1,320.00: R430.00.
    assert tip.gain == Decimal("430.00")
    assert tip.material_slug == "insulated-copper-wire"
    assert tip.text.startswith(
        "Stripping your insulated copper wire would pay about R430.00 more, if you have the "
        "time (recovery assumed 50%, usually 35-85% of the weight: "
    )
    # Insulated wire dearer than half of #1 copper: stripping pays nothing, no tip.
    dear = prices(insulated_copper_wire="90", copper_1="175")
    assert strip_tips(items("insulated-copper-wire:20:kg"), dear, REFERENCE) == []
    # No price for the bare grade: nothing to say.
    unpriced = prices(insulated_copper_wire="66")
    assert strip_tips(items("insulated-copper-wire:20:kg"), unpriced, REFERENCE) == []


def test_sorting_pays_each_grade_its_price_over_all_at_the_lowest() -> None:
    board = prices(bare_bright_copper="185", copper_1="175", copper_2="156")
    listed = items("copper-2:5:kg", "bare-bright-copper:2:kg", "copper-1:10:kg")
    (tip,) = sort_tips(listed, board, REFERENCE)
    # Sorted: 2 x 185 + 10 x 175 + 5 x 156 = 370 + 1,750 + 780 = 2,900;
    # mixed: 17 kg x 156 = 2,652. Gain R248.00.
    assert tip.gain == Decimal("248.00")
    assert tip.material_slug == "copper-2"
    assert tip.text == (
        "Keeping your Bare Bright Copper and Copper 1 apart from your Copper 2 would pay about "
        "R248.00 more: a yard pays a mixed load at its lowest grade (Copper 2 at R156.00/kg)."
    )
    # One grade alone, or a grade without a price: no tip.
    assert sort_tips(items("copper-1:10:kg"), board, REFERENCE) == []
    partial = prices(copper_1="175")
    assert sort_tips(items("copper-1:10:kg", "copper-2:5:kg"), partial, REFERENCE) == []

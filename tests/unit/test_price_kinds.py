"""Price kinds: every kind has a label the pages share, trust orders them, formulas read right."""

import datetime as dt
from dataclasses import replace
from decimal import Decimal

from scrapindex.data.estimate_formula import formula_text, reference_when
from scrapindex.data.feeds.fred import FRED_SOURCE
from scrapindex.data.feeds.worldbank import WORLD_BANK_IRON_ORE_SOURCE
from scrapindex.price_kinds import PRICE_KIND_LABELS, PRICE_KINDS, outranks
from scrapindex.queries.prices import EstimateInputs


def test_every_kind_has_a_label() -> None:
    assert set(PRICE_KIND_LABELS) == set(PRICE_KINDS)


def test_trust_orders_the_kinds() -> None:
    assert outranks("feed", "estimate")
    assert outranks("manual", "report")
    assert outranks("report", "estimate")
    assert outranks("estimate", "demo")
    assert not outranks("demo", "estimate")
    assert not outranks("feed", "manual")  # equals: the newer write wins


def inputs(period: str, usd_per_unit: str) -> EstimateInputs:
    return EstimateInputs(
        metal="iron_ore",
        reference_usd_per_tonne=Decimal("104.5"),
        reference_date=dt.date(2026, 11, 20),
        reference_source="A licensed daily feed",
        reference_period=period,
        grade_factor=Decimal("3.2000"),
        margin=Decimal("0.8600"),
        usd_per_unit=Decimal(usd_per_unit),
        fx_date=dt.date(2026, 11, 21),
    )


def test_a_daily_reference_names_its_day_and_the_rate_is_per_dollar() -> None:
    text = formula_text(inputs("daily", "1.25"), "HMS 1&2 Steel", "GB", "GBP")
    assert text == (
        "Estimate: Iron ore $104.50/t (20 Nov 2026) × 3.2 HMS 1&2 Steel factor"
        " × 0.86 GB yard margin × £0.80/USD (21 Nov 2026)"
    )


def test_dollar_prices_need_no_exchange_rate() -> None:
    monthly = replace(inputs("monthly", "1"), reference_source=WORLD_BANK_IRON_ORE_SOURCE)
    text = formula_text(monthly, "Steel", "US", "USD")
    assert text.endswith(
        "(World Bank monthly average, Nov 2026) × 3.2 Steel factor × 0.86 US yard margin"
    )


def test_a_monthly_reference_names_its_source_and_month() -> None:
    fred = replace(inputs("monthly", "1"), reference_source=FRED_SOURCE)
    assert reference_when(fred) == "FRED monthly average, Nov 2026"
    assert reference_when(inputs("monthly", "1")) == (
        "A licensed daily feed monthly average, Nov 2026"  # another source: its own name
    )

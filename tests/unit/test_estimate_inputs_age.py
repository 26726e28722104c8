"""When an estimate's inputs are old enough for its row to say so (issues 37 and 39)."""

import datetime as dt
from decimal import Decimal

import pytest

from scrapindex.queries.prices import ESTIMATE_INPUTS_MAX_AGE_DAYS, EstimateInputs, inputs_note
from scrapindex.settings import Settings

MONTHLY = 62  # MONTHLY_REFERENCE_MAX_AGE_DAYS's default


def inputs(reference: dt.date, fx: dt.date, period: str = "monthly") -> EstimateInputs:
    return EstimateInputs(
        metal="copper",
        reference_usd_per_tonne=Decimal(9412),
        reference_date=reference,
        reference_source="FRED",
        reference_period=period,
        grade_factor=Decimal("0.935"),
        margin=Decimal("0.82"),
        usd_per_unit=Decimal("0.05491488"),
        fx_date=fx,
    )


def test_the_thresholds_are_45_days_and_for_a_monthly_average_62() -> None:
    assert ESTIMATE_INPUTS_MAX_AGE_DAYS == 45
    assert Settings().monthly_reference_max_age_days == MONTHLY


def test_a_monthly_average_counts_from_its_months_end() -> None:
    october = inputs(dt.date(2025, 10, 1), dt.date(2025, 12, 30))
    assert october.reference_as_of() == dt.date(2025, 10, 31)
    assert october.outdated_inputs(dt.date(2026, 1, 1), MONTHLY) == []  # 62 days after Oct 31
    assert october.outdated_inputs(dt.date(2026, 1, 2), MONTHLY) == [dt.date(2025, 10, 1)]
    assert october.reference_outdated(dt.date(2026, 1, 2), MONTHLY)
    assert october.reference_outdated(dt.date(2025, 12, 16), 45)  # the limit is the caller's
    assert inputs(dt.date(2024, 2, 1), dt.date(2024, 2, 1)).reference_as_of() == dt.date(
        2024, 2, 29
    )


def test_a_daily_reference_and_the_rate_count_from_their_day() -> None:
    daily = inputs(dt.date(2026, 1, 1), dt.date(2026, 1, 2), period="daily")
    assert daily.outdated_inputs(dt.date(2026, 2, 15), MONTHLY) == []
    assert daily.outdated_inputs(dt.date(2026, 2, 16), MONTHLY) == [dt.date(2026, 1, 1)]
    assert daily.outdated_inputs(dt.date(2026, 2, 17), MONTHLY) == [
        dt.date(2026, 1, 1),
        dt.date(2026, 1, 2),
    ]


@pytest.mark.parametrize(
    ("dates", "note"),
    [
        ([], None),
        ([dt.date(2025, 10, 1)], "inputs from Oct 2025"),
        ([dt.date(2025, 10, 1), dt.date(2025, 10, 24)], "inputs from Oct 2025"),
        ([dt.date(2025, 10, 1), dt.date(2025, 4, 25)], "inputs from Apr\N{EN DASH}Oct 2025"),
        ([dt.date(2025, 1, 1), dt.date(2024, 12, 30)], "inputs from Dec 2024\N{EN DASH}Jan 2025"),
    ],
)
def test_the_note_names_the_old_inputs_months(dates: list[dt.date], note: str | None) -> None:
    assert inputs_note(dates) == note

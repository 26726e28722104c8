"""Open-now from weekly hours, across time zones and midnight; hours shown one line per day."""

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from scrapindex.hours import (
    DAY_NAMES,
    format_clock,
    hours_from_text,
    hours_lines,
    hours_text,
    is_open_at,
    is_open_now,
    opens_text,
)

WEEKDAYS = [{"day": d, "opens": "08:00", "closes": "17:00"} for d in range(5)]
NIGHT_SHIFT = [{"day": 4, "opens": "22:00", "closes": "02:00"}]  # Friday night into Saturday


def local(day: int, hour: int, minute: int = 0) -> dt.datetime:
    # 2026-11-16 is a Monday.
    return dt.datetime(2026, 11, 16 + day, hour, minute)


def test_open_inside_and_closed_outside_hours() -> None:
    assert is_open_at(WEEKDAYS, local(0, 8, 0))
    assert is_open_at(WEEKDAYS, local(2, 16, 59))
    assert not is_open_at(WEEKDAYS, local(2, 17, 0))
    assert not is_open_at(WEEKDAYS, local(0, 7, 59))
    assert not is_open_at(WEEKDAYS, local(5, 10))


def test_interval_past_midnight_counts_on_the_next_day() -> None:
    assert is_open_at(NIGHT_SHIFT, local(4, 23))
    assert is_open_at(NIGHT_SHIFT, local(5, 1, 59))
    assert not is_open_at(NIGHT_SHIFT, local(5, 2))
    assert not is_open_at(NIGHT_SHIFT, local(4, 21))
    # Sunday 01:00 is not covered by Friday's shift.
    assert not is_open_at(NIGHT_SHIFT, local(6, 1))


def test_sunday_night_wraps_to_monday() -> None:
    hours = [{"day": 6, "opens": "20:00", "closes": "03:00"}]
    assert is_open_at(hours, local(0, 2))


def test_whole_day() -> None:
    hours = [{"day": d, "opens": "00:00", "closes": "00:00"} for d in range(7)]
    assert all(is_open_at(hours, local(d, h)) for d in range(7) for h in range(24))


def test_open_now_uses_the_yards_time_zone() -> None:
    # 2026-11-16 15:00 UTC is Monday 17:00 in Johannesburg (closed) and 10:00 in New York (open).
    moment = dt.datetime(2026, 11, 16, 15, 0, tzinfo=dt.UTC)
    assert is_open_now(WEEKDAYS, "Africa/Johannesburg", moment) is False
    assert is_open_now(WEEKDAYS, "America/New_York", moment) is True
    # The same instant is already Tuesday 04:00 in Auckland.
    assert is_open_now(WEEKDAYS, "Pacific/Auckland", moment) is False


def test_unknown_hours_are_neither_open_nor_closed() -> None:
    assert is_open_now([], "Europe/London") is None


def test_clock_and_lines() -> None:
    assert [format_clock(t) for t in ("00:00", "08:05", "12:00", "17:30")] == [
        "12:00 AM", "8:05 AM", "12:00 PM", "5:30 PM"
    ]  # fmt: skip
    lines = hours_lines([*WEEKDAYS, {"day": 5, "opens": "08:00", "closes": "12:00"}])
    assert lines[0] == "Monday: 8:00 AM - 5:00 PM"
    assert lines[5] == "Saturday: 8:00 AM - 12:00 PM"
    assert lines[6] == "Sunday: Closed"
    assert len(lines) == 7


HOURS_CASES = json.loads(
    (Path(__file__).parents[1] / "fixtures" / "hours-cases.json").read_text("utf-8")
)


@pytest.mark.parametrize("case", HOURS_CASES["cases"], ids=lambda case: case["why"])
def test_cases_shared_with_the_front_end(case: dict[str, Any]) -> None:
    # The same table frontend/src/lib/hours-cases.test.ts runs against the browser's rule.
    hours = HOURS_CASES["hours"][case["hours"]]
    moment = dt.datetime.fromisoformat(case["at"])
    assert is_open_now(hours, case["timeZone"], moment) is case["open"]
    assert opens_text(hours, case["timeZone"], moment) == case["opens"]


def test_hours_are_read_back_from_the_text_they_show() -> None:
    """What a yard's history keeps of its hours (the text shown) gives the hours back."""
    weeks = [
        *(hours for hours in HOURS_CASES["hours"].values() if hours),
        WEEKDAYS,
        NIGHT_SHIFT,
        [
            {"day": 0, "opens": "12:30", "closes": "13:00"},
            {"day": 0, "opens": "06:00", "closes": "11:45"},
        ],
        [{"day": 6, "opens": "00:00", "closes": "00:00"}],
    ]
    for hours in weeks:
        text = hours_text(hours)
        back = hours_from_text(text)
        assert back is not None, text
        assert hours_text(back) == text
        assert sorted(map(spans, back)) == sorted(map(spans, hours))
    for given in ["By appointment only", "Mo-Fr 08:00-17:00", "Monday: 8:00 AM - 5:00 PM", ""]:
        assert hours_from_text(given) is None  # a text a yard kept as given stays text
    closed_all_week = "\n".join(f"{name}: Closed" for name in DAY_NAMES)
    assert hours_from_text(closed_all_week) is None
    assert hours_from_text(hours_text(WEEKDAYS).replace("8:00 AM", "13:00 PM")) is None


def spans(interval: dict[str, Any]) -> tuple[int, str, str]:
    closes = "00:00" if interval["closes"] == "24:00" else interval["closes"]
    return interval["day"], interval["opens"], closes

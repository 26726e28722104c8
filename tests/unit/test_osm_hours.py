"""OpenStreetMap opening_hours: the common forms parsed, the rest left as raw text (None)."""

from typing import Any

import pytest

from scrapindex.data.imports.osm_hours import parse_opening_hours
from scrapindex.hours import hours_lines

WEEKDAYS = range(5)


def every(days: range | list[int], opens: str, closes: str) -> list[dict[str, Any]]:
    return [{"day": d, "opens": opens, "closes": closes} for d in days]


PARSED = [
    ("Mo-Fr 08:00-17:00", every(WEEKDAYS, "08:00", "17:00")),
    (
        "Mo-Fr 08:00-17:00; Sa 08:00-12:00",
        every(WEEKDAYS, "08:00", "17:00") + every([5], "08:00", "12:00"),
    ),
    (
        "Mo-Fr 07:30-16:30, Sa 08:00-13:00",  # "," before a day: an additional rule
        every(WEEKDAYS, "07:30", "16:30") + every([5], "08:00", "13:00"),
    ),
    ("24/7", every(range(7), "00:00", "00:00")),
    ("Mo-Su 00:00-24:00", every(range(7), "00:00", "00:00")),
    (
        "Mo,We,Fr 08:00-12:00,13:00-17:00",
        sorted(
            every([0, 2, 4], "08:00", "12:00") + every([0, 2, 4], "13:00", "17:00"),
            key=lambda i: (i["day"], i["opens"]),
        ),
    ),
    ("Mo-Sa 08:00-17:00; Th off", every([0, 1, 2, 4, 5], "08:00", "17:00")),
    ("Mo-Fr 08:00-17:00; Sa,Su closed", every(WEEKDAYS, "08:00", "17:00")),
    ("Mo-Fr 08:00-17:00; PH off", every(WEEKDAYS, "08:00", "17:00")),
    ("Mo-Fr 08:00-17:00, PH off", every(WEEKDAYS, "08:00", "17:00")),
    ("Mo-Fr 07:00-15:30; Sa 07:00-11:30; Su,PH off",
     every(WEEKDAYS, "07:00", "15:30") + every([5], "07:00", "11:30")),
    ("Fr-Sa 22:00-02:00", every([4, 5], "22:00", "02:00")),  # past midnight
    ("Sa-Mo 09:00-13:00", every([0, 5, 6], "09:00", "13:00")),  # a range across the week's end
    ("Mo-Fr 18:00-26:00", every(WEEKDAYS, "18:00", "02:00")),  # extended hours
    ("Mo-Fr 08:00-24:00", every(WEEKDAYS, "08:00", "00:00")),
    ("08:00-17:00", every(range(7), "08:00", "17:00")),  # no day selector: every day
    ("Mo-Fr 8:00-17:00", every(WEEKDAYS, "08:00", "17:00")),
    ("  mo-fr 08:00 - 17:00 ", every(WEEKDAYS, "08:00", "17:00")),
    ("Mo-Fr 08:00-12:00, 13:00-17:00", sorted(
        every(WEEKDAYS, "08:00", "12:00") + every(WEEKDAYS, "13:00", "17:00"),
        key=lambda i: (i["day"], i["opens"]),
    )),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), PARSED)
def test_common_forms_become_weekly_hours(text: str, expected: list[dict[str, Any]]) -> None:
    assert parse_opening_hours(text) == expected


UNPARSED = [
    "Jan-Mar Mo-Fr 08:00-16:00",  # months
    "Mo-Fr sunrise-sunset",
    "sunrise-sunset",
    'Mo-Fr 08:00-17:00 "call ahead"',  # comments
    "week 01-10 Mo 08:00-12:00",
    "Mo[1] 08:00-12:00",  # the first Monday of the month
    "Mo-Fr 08:00+",  # open end
    'Mo-Fr 08:00-17:00 || "by appointment"',
    "Mo-Fr: 08:00-17:00",
    "Mo-Fr 8-17",
    "Mo-Fr",  # days without times
    "Mo-Fr 25:00-26:00",
    "Mo-Fr 08:60-17:00",
    "SH off",
    "PH off",  # nothing about ordinary days
    "off",
    "By appointment only",
    "",
]


@pytest.mark.parametrize("text", UNPARSED)
def test_other_forms_are_not_guessed(text: str) -> None:
    assert parse_opening_hours(text) is None


def test_parsed_hours_read_like_a_yard_board() -> None:
    hours = parse_opening_hours("Mo-Fr 07:30-16:30; Sa 08:00-12:00; PH off")
    assert hours is not None
    assert hours_lines(hours) == [
        "Monday: 7:30 AM - 4:30 PM",
        "Tuesday: 7:30 AM - 4:30 PM",
        "Wednesday: 7:30 AM - 4:30 PM",
        "Thursday: 7:30 AM - 4:30 PM",
        "Friday: 7:30 AM - 4:30 PM",
        "Saturday: 8:00 AM - 12:00 PM",
        "Sunday: Closed",
    ]

"""Weekly opening hours: whether a yard is open at a moment, and how to show its hours.

Hours are a list of intervals ``{"day": 0..6 (Monday=0), "opens": "HH:MM", "closes": "HH:MM"}``
in the yard's local time, hours and minutes always of two digits (the directory's SQL reads them
by position: scrapindex.queries.yards). An interval whose closing time is not after its opening
time runs past midnight into the next day ("22:00"-"02:00"); "00:00"-"00:00" means the whole day.
"""

import datetime as dt
import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo

DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MINUTES_PER_DAY = 24 * 60
SHOWN_CLOCK = re.compile(r"(1[0-2]|[1-9]):([0-5][0-9]) (AM|PM)")  # what format_clock writes


def _minutes(hhmm: str) -> int:
    hours, minutes = hhmm.split(":")
    return int(hours) * 60 + int(minutes)


def _span(interval: Mapping[str, Any]) -> tuple[int, int]:
    """Opening and closing minute counted from the start of the interval's own day."""
    opens, closes = _minutes(interval["opens"]), _minutes(interval["closes"])
    if closes <= opens:
        closes += MINUTES_PER_DAY
    return opens, closes


def is_open_at(hours: Iterable[Mapping[str, Any]], local: dt.datetime) -> bool:
    """True when ``local`` (a wall-clock time in the yard's zone) falls in any interval."""
    now = local.hour * 60 + local.minute
    today = local.weekday()
    yesterday = (today - 1) % 7
    for interval in hours:
        opens, closes = _span(interval)
        if interval["day"] == today and opens <= now < closes:
            return True
        if interval["day"] == yesterday and now + MINUTES_PER_DAY < closes:
            return True
    return False


def week_minute(time_zone: str, moment: dt.datetime) -> int:
    """The minute of the week (Monday 00:00 = 0) that ``moment`` is in ``time_zone``.

    What ``is_open_at`` reads of a wall-clock time. The directory asks the database instead,
    which holds each yard's intervals as spans of these minutes (models.YardOpenHours).
    """
    local = moment.astimezone(zone(time_zone))
    return local.weekday() * MINUTES_PER_DAY + local.hour * 60 + local.minute


@lru_cache(maxsize=1024)
def zone(name: str) -> ZoneInfo:
    """The zone, loaded once: ZoneInfo keeps only its eight newest zones from being collected,
    and the directory asks for every city's zone (22 of them) on each request, each read from
    disk again (2 ms a request)."""
    return ZoneInfo(name)


def is_open_now(
    hours: list[dict[str, Any]], time_zone: str, now: dt.datetime | None = None
) -> bool | None:
    """Open or closed right now in the yard's time zone; None when its hours are unknown."""
    if not hours:
        return None
    moment = (now or dt.datetime.now(dt.UTC)).astimezone(zone(time_zone))
    return is_open_at(hours, moment)


def next_opening(hours: Iterable[Mapping[str, Any]], local: dt.datetime) -> tuple[int, str] | None:
    """When a closed yard opens next: in how many days (0 = later today) and at what "HH:MM".

    None while it is open or when its hours are unknown. An interval of today's weekday that has
    already opened counts a week on, so a yard open only on Mondays, asked on a Monday evening,
    opens in seven days.
    """
    intervals = list(hours)
    if not intervals or is_open_at(intervals, local):
        return None
    now, today = local.hour * 60 + local.minute, local.weekday()
    soonest: tuple[int, int, str] | None = None
    for interval in intervals:
        opens = _minutes(interval["opens"])
        ahead = (interval["day"] - today) % 7
        if ahead == 0 and opens <= now:
            ahead = 7
        if soonest is None or (ahead, opens) < soonest[:2]:
            soonest = (ahead, opens, interval["opens"])
    return None if soonest is None else (soonest[0], soonest[2])


def opens_text(
    hours: list[dict[str, Any]], time_zone: str, now: dt.datetime | None = None
) -> str | None:
    """'Opens 7:30 AM' (later today), 'Opens tomorrow 7:30 AM' or 'Opens Monday 7:30 AM', read
    in the yard's own zone; None while it is open or when its hours are unknown."""
    local = (now or dt.datetime.now(dt.UTC)).astimezone(zone(time_zone))
    upcoming = next_opening(hours, local)
    if upcoming is None:
        return None
    ahead, opens = upcoming
    if ahead == 0:
        when = ""
    elif ahead == 1:
        when = "tomorrow "
    else:
        when = f"{DAY_NAMES[(local.weekday() + ahead) % 7]} "
    return f"Opens {when}{format_clock(opens)}"


def format_clock(hhmm: str) -> str:
    """'08:00' -> '8:00 AM', '17:30' -> '5:30 PM', '00:00' -> '12:00 AM'."""
    hours, minutes = (int(part) for part in hhmm.split(":"))
    suffix = "AM" if hours < 12 or hours == 24 else "PM"
    return f"{(hours % 12) or 12}:{minutes:02d} {suffix}"


def hours_lines(hours: list[dict[str, Any]]) -> list[str]:
    """One 'Day: 8:00 AM - 5:00 PM' line per day, Monday first; 'Closed' for days without hours."""
    lines = []
    for day, name in enumerate(DAY_NAMES):
        spans = [i for i in hours if i["day"] == day]
        if not spans:
            lines.append(f"{name}: Closed")
        elif any(i["opens"] == i["closes"] == "00:00" for i in spans):
            lines.append(f"{name}: Open 24 hours")
        else:
            text = ", ".join(
                f"{format_clock(i['opens'])} - {format_clock(i['closes'])}"
                for i in sorted(spans, key=lambda i: str(i["opens"]))
            )
            lines.append(f"{name}: {text}")
    return lines


@lru_cache(maxsize=4096)
def _hours_text(intervals: tuple[tuple[int, str, str], ...]) -> str:
    hours = [{"day": day, "opens": opens, "closes": closes} for day, opens, closes in intervals]
    return "\n".join(hours_lines(hours))


def hours_text(hours: list[dict[str, Any]]) -> str:
    """``hours_lines`` as one text. Most yards keep one of a few weeks, so each is made once."""
    return _hours_text(tuple((i["day"], i["opens"], i["closes"]) for i in hours))


def hours_from_text(text: str) -> list[dict[str, Any]] | None:
    """The weekly hours ``hours_text`` shows as ``text``; None when it is no such text.

    A yard's history keeps its hours as shown (queries/yard_suggestions.yard_values): reverting a
    correction reads them back. Only a text that these hours show again exactly is read, so a
    text a yard kept as it was given (hours that did not parse) is never mistaken for hours.
    """
    lines = text.split("\n")
    if len(lines) != len(DAY_NAMES):
        return None
    hours: list[dict[str, Any]] = []
    for day, (name, line) in enumerate(zip(DAY_NAMES, lines, strict=True)):
        label, _, spans = line.partition(": ")
        if label != name:
            return None
        if spans == "Closed":
            continue
        if spans == "Open 24 hours":
            hours.append({"day": day, "opens": "00:00", "closes": "00:00"})
            continue
        for span in spans.split(", "):
            opens, _, closes = (_clock_from_text(part) for part in span.partition(" - "))
            if opens is None or closes is None:
                return None
            hours.append({"day": day, "opens": opens, "closes": closes})
    return hours if hours and hours_text(hours) == text else None


def _clock_from_text(text: str) -> str | None:
    """'8:00 AM' -> '08:00', '12:00 AM' -> '00:00': format_clock read back."""
    match = SHOWN_CLOCK.fullmatch(text)
    if match is None:
        return None
    hour = int(match[1]) % 12 + (12 if match[3] == "PM" else 0)
    return f"{hour:02d}:{match[2]}"

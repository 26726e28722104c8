"""OpenStreetMap ``opening_hours`` values turned into our weekly hours, for the common forms.

Understood: rules separated by ";" (a later rule replaces the hours of the days it names) or by
"," before a new day selector (it adds to them); day ranges and lists ("Mo-Fr", "Mo,We,Fr",
"Fr-Mo"); one or more time ranges ("08:00-12:00,13:00-17:00"), including past midnight
("22:00-02:00", "18:00-26:00") and "24:00"; "24/7"; "off" and "closed"; rules for public holidays
("PH off") are ignored, as our hours have no holidays. Anything else (months, weeks,
"sunrise", comments, "open" without times, "||" fallbacks) is not guessed at: the caller keeps
the raw text instead.
"""

import re
from dataclasses import dataclass
from typing import Any

DAYS = ("Mo", "Tu", "We", "Th", "Fr", "Sa", "Su")
ALL_DAYS = frozenset(range(7))
TOKEN = re.compile(
    r"\s*(?:(?P<always>24/7)|(?P<time>\d{1,2}:\d{2})|(?P<word>[A-Za-z]+)|(?P<punct>[-,;]))"
)
OFF_WORDS = frozenset({"off", "closed"})
HOLIDAY_WORDS = frozenset({"PH"})

Interval = tuple[int, str, str]  # (day, opens, closes)


class UnsupportedHours(ValueError):
    pass


def parse_opening_hours(text: str) -> list[dict[str, Any]] | None:
    """Weekly hours for ``text``, or None when it uses a form we do not understand.

    Hours that come out empty (no day open) are None too: "closed" for good, or holiday rules
    alone, say nothing our weekly hours can show.
    """
    try:
        tokens = _tokens(text)
        hours = _Parser(tokens).hours()
    except UnsupportedHours:
        return None
    if not hours:
        return None
    return [{"day": d, "opens": o, "closes": c} for d, o, c in sorted(hours)]


def _tokens(text: str) -> list[tuple[str, str]]:
    tokens: list[tuple[str, str]] = []
    position = 0
    stripped = text.strip()
    while position < len(stripped):
        match = TOKEN.match(stripped, position)
        if match is None or match.end() == position:
            raise UnsupportedHours(text)
        kind = match.lastgroup
        assert kind is not None
        tokens.append((kind, match.group(kind)))
        position = match.end()
    return tokens


@dataclass
class _Rule:
    days: set[int]
    intervals: list[tuple[str, str]]
    off: bool


class _Parser:
    """Recursive descent over the tokens: rules, each an optional day selector and times."""

    def __init__(self, tokens: list[tuple[str, str]]) -> None:
        self.tokens = tokens
        self.at = 0

    def peek(self) -> tuple[str, str] | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self) -> tuple[str, str]:
        token = self.peek()
        if token is None:
            raise UnsupportedHours("unexpected end")
        self.at += 1
        return token

    def hours(self) -> set[Interval]:
        week: dict[int, list[tuple[str, str]]] = {day: [] for day in range(7)}
        additional = False
        while self.peek() is not None:
            rule = self.rule()
            for day in rule.days:
                if not additional or rule.off:
                    week[day] = []
                if not rule.off:
                    week[day] = [*week[day], *rule.intervals]
            separator = self.peek()
            if separator is None:
                break
            if separator not in (("punct", ";"), ("punct", ",")):
                raise UnsupportedHours(str(separator))
            self.take()
            additional = separator[1] == ","
        return {(day, opens, closes) for day, spans in week.items() for opens, closes in spans}

    def rule(self) -> _Rule:
        token = self.peek()
        if token == ("always", "24/7"):
            self.take()
            return _Rule(set(ALL_DAYS), [("00:00", "00:00")], off=False)
        selects_days = token and token[0] == "word" and token[1].lower() not in OFF_WORDS
        days = self.day_selector() if selects_days else None
        token = self.peek()
        if token and token[0] == "word" and token[1].lower() in OFF_WORDS:
            self.take()
            return _Rule(set(ALL_DAYS) if days is None else days, [], off=True)
        if token is None or token[0] != "time":
            raise UnsupportedHours("a day selector without times")
        intervals = self.time_ranges()
        return _Rule(set(ALL_DAYS) if days is None else days, intervals, off=False)

    def day_selector(self) -> set[int]:
        days: set[int] = set()
        while True:
            days |= self.day_item()
            following = self.tokens[self.at + 1] if self.at + 1 < len(self.tokens) else None
            if self.peek() == ("punct", ",") and following and following[0] == "word":
                if following[1].lower() in OFF_WORDS:
                    break
                self.take()
                continue
            return days
        return days

    def day_item(self) -> set[int]:
        _, word = self.take()
        if word in HOLIDAY_WORDS:
            return set()  # public holidays: not part of weekly hours
        first = _day_number(word)
        if self.peek() != ("punct", "-"):
            return {first}
        self.take()
        _, last_word = self.take()
        last = _day_number(last_word)
        span = (last - first) % 7
        return {(first + n) % 7 for n in range(span + 1)}

    def time_ranges(self) -> list[tuple[str, str]]:
        ranges = [self.time_range()]
        while self.peek() == ("punct", ",") and self._next_is("time"):
            self.take()
            ranges.append(self.time_range())
        return ranges

    def _next_is(self, kind: str) -> bool:
        return self.at + 1 < len(self.tokens) and self.tokens[self.at + 1][0] == kind

    def time_range(self) -> tuple[str, str]:
        opens = _clock(self.take(), latest_hour=23)
        if self.take() != ("punct", "-"):
            raise UnsupportedHours("a time without an end")
        closes = _clock(self.take(), latest_hour=47)
        if opens == closes and opens != "00:00":
            raise UnsupportedHours("an empty time range")
        return opens, closes


def _day_number(word: str) -> int:
    normalised = word[:1].upper() + word[1:].lower()
    if normalised not in DAYS:
        raise UnsupportedHours(word)
    return DAYS.index(normalised)


def _clock(token: tuple[str, str], latest_hour: int) -> str:
    """'8:00' -> '08:00'; a closing time past midnight ('26:00', '24:00') wraps to the next day."""
    kind, text = token
    if kind != "time":
        raise UnsupportedHours(text)
    hours, minutes = (int(part) for part in text.split(":"))
    if hours > latest_hour or minutes > 59 or (hours == latest_hour == 47 and minutes):
        raise UnsupportedHours(text)
    return f"{hours % 24:02d}:{minutes:02d}"

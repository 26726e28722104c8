"""Parsing one field of an imported row: each parser returns the value or raises ValueError."""

import datetime as dt
import re
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import ParamSpec, TypeVar

T = TypeVar("T")
P = ParamSpec("P")
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


class InvalidRow(Exception):
    """A row that cannot be imported; ``messages`` say every reason found."""

    def __init__(self, messages: list[str]) -> None:
        super().__init__("; ".join(messages))
        self.messages = messages


class FieldChecks:
    """Runs field parsers, keeping every failure so a row's report names all its problems."""

    def __init__(self) -> None:
        self.messages: list[str] = []

    def take(self, parse: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T | None:
        """``parse(*args)``, or None with its message kept when it raises ValueError."""
        try:
            return parse(*args, **kwargs)
        except ValueError as error:
            self.messages.append(str(error))
            return None

    def fail(self, message: str) -> None:
        self.messages.append(message)

    def raise_if_any(self) -> None:
        if self.messages:
            raise InvalidRow(self.messages)

    def need(self, value: T | None) -> T:
        """A required value that parsed (so not None once raise_if_any has passed)."""
        if value is None:
            raise InvalidRow(self.messages or ["a required value is missing"])
        return value


def utc_today() -> dt.date:
    return dt.datetime.now(dt.UTC).date()


def past_date(text: str, today: dt.date, column: str = "date") -> dt.date:
    """A YYYY-MM-DD date that is not after ``today``."""
    day = _iso_date(text, column)
    if day > today:
        raise ValueError(f"{column} {text} is in the future (today is {today} UTC)")
    return day


@lru_cache(maxsize=4096)  # a feed repeats the same few dates on every row
def _iso_date(text: str, column: str) -> dt.date:
    if not ISO_DATE.fullmatch(text):
        raise ValueError(f"{column} {text!r} is not a date in the form YYYY-MM-DD")
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{column} {text!r} is not a real date") from None


def finite_decimal(text: str, column: str) -> Decimal:
    """An exact, finite decimal. Thousands separators and signs of money are refused."""
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise ValueError(f"{column} {text!r} is not a number") from None
    if not value.is_finite():
        raise ValueError(f"{column} {text!r} is not a finite number")
    return value


def positive_decimal(text: str, column: str) -> Decimal:
    """An exact, finite decimal above zero. Thousands separators and signs of money are refused."""
    value = finite_decimal(text, column)
    if value <= 0:
        raise ValueError(f"{column} {text} is not above zero")
    return value


def fits_column(value: Decimal, places: int, integer_digits: int, column: str) -> Decimal:
    """``value`` rounded half-even to ``places``; refused if it rounds to 0 or is too large."""
    limit = Decimal(10) ** integer_digits
    if value >= limit:  # checked first: quantize itself fails on numbers past 28 digits
        raise ValueError(f"{column} {value} is too large")
    rounded = value.quantize(Decimal(1).scaleb(-places))
    if rounded >= limit:
        raise ValueError(f"{column} {value} is too large")
    if rounded == 0:
        raise ValueError(f"{column} {value} is too small to store with {places} decimal places")
    return rounded


def decimal_for_column(text: str, column: str, places: int, integer_digits: int) -> Decimal:
    """A positive decimal (``positive_decimal``) that fits its column (``fits_column``)."""
    return fits_column(positive_decimal(text, column), places, integer_digits, column)


def required_text(text: str, column: str, max_length: int) -> str:
    if not text:
        raise ValueError(f"{column} is empty")
    if len(text) > max_length:
        raise ValueError(f"{column} is longer than {max_length} characters")
    return text

"""Schema pieces shared by several resources. JSON is camelCase; Python names stay snake_case."""

import math
from decimal import ROUND_HALF_UP, Decimal
from typing import Annotated, Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, PlainSerializer
from pydantic.alias_generators import to_camel


# Money leaves the API as a string with exactly two decimals ("1234.50"), the figure SPEC.md
# names; the field beside it ending in "Exact" holds the same figure as ExactMoneyText.
def money_text(value: Decimal) -> str:
    """Two decimals; a change of under half a cent downwards is "0.00", never "-0.00"."""
    text = f"{value:.2f}"
    return "0.00" if text == "-0.00" else text


MoneyText = Annotated[Decimal, PlainSerializer(money_text, return_type=str, when_used="json")]

# Prices are stored to four decimals per kg: £128.50 a tonne is 0.1285 a kg, which two decimals
# would send as 0.13 (£130.00 a tonne). The browser converts units, and works out changes, from
# this text and rounds only what it shows. Means are rounded half up to the same four decimals.
STORED_PLACES = Decimal("0.0001")


def exact_money_text(value: Decimal) -> str:
    return f"{value.quantize(STORED_PLACES, ROUND_HALF_UP)}"


ExactMoneyText = Annotated[
    Decimal, PlainSerializer(exact_money_text, return_type=str, when_used="json")
]


class CamelModel(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, from_attributes=True)


class Message(CamelModel):
    message: str


class CountryRef(CamelModel):
    code: str
    name: str


class Pagination(CamelModel):
    page: int
    pages: int
    total: int
    limit: int

    @classmethod
    def of(cls, page: int, limit: int, total: int) -> "Pagination":
        return cls(page=page, pages=max(1, math.ceil(total / limit)), total=total, limit=limit)


T = TypeVar("T")


class Page(CamelModel, Generic[T]):
    """One page of a list. Subclass it with a name (``class PricePage(Page[PricePublic])``) so
    the OpenAPI component, and the generated TypeScript type, keep a readable name."""

    data: list[T]
    pagination: Pagination


NOT_FOUND: dict[int | str, dict[str, Any]] = {
    404: {"model": Message, "description": "No such resource"}
}

# What the layers around every operation may answer (middleware/, web/health.py).
EVERY_OPERATION: dict[int | str, dict[str, Any]] = {
    400: {"model": Message, "description": "The URL or body holds a NUL character"},
    414: {"model": Message, "description": "The URL is too long"},
    429: {"model": Message, "description": "Too many requests from this client; see Retry-After"},
    503: {
        "model": Message,
        "description": "The database is unreachable or the answer took too long; see Retry-After",
    },
}
# What the body-size limit adds for operations that take a body.
WITH_A_BODY: dict[int | str, dict[str, Any]] = {
    413: {"model": Message, "description": "The request body is too large"},
}

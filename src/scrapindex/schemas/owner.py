"""What a yard's owner reads and sends: their yards, the posting screen, a post, the profile."""

import datetime as dt
from typing import Annotated, Self

from pydantic import Field, model_validator

from scrapindex.formatting import SaleUnit, Unit
from scrapindex.price_kinds import PriceKind
from scrapindex.schemas.common import CamelModel, ExactMoneyText, Message, MoneyText
from scrapindex.schemas.prices import SALE_UNIT
from scrapindex.schemas.reports import ServiceText, Text
from scrapindex.schemas.yards import HoursInterval

CLOCK = r"^([01][0-9]|2[0-3]):[0-5][0-9]$"
# A material's or a payment method's key: what content/ spells (and never a NUL, which
# PostgreSQL cannot compare).
KeyText = Annotated[str, Field(min_length=1, max_length=120, pattern=r"^[a-z0-9-]+$")]
MAX_POSTED_PRICES = 200  # more than the materials we list
MAX_HOURS_INTERVALS = 28  # four a day
MAX_ACCEPTED = 200
MAX_SERVICES = 12  # as a correction may give
VISIT_NOTES_LENGTH = 1000


class OwnerCity(CamelModel):
    slug: str
    name: str


class MyYardItem(CamelModel):
    id: int
    name: str
    city: OwnerCity
    currency: str


class MyYardRef(MyYardItem):
    time_zone: str = Field(description="IANA zone of the yard's city: `today` is a day of it")


class LastPosted(CamelModel):
    price: MoneyText = Field(description="Per kg, or per piece for saleUnit piece")
    price_exact: ExactMoneyText = Field(description="price at the stored precision")
    date: dt.date


class CityPriceNow(CamelModel):
    price: MoneyText = Field(description="The city's shown price, per kg (or per piece)")
    price_exact: ExactMoneyText
    kind: PriceKind = Field(description="Where the city's price came from")
    date: dt.date


class OwnerMaterial(CamelModel):
    slug: str
    name: str
    category: str
    sale_unit: SaleUnit = Field(description=SALE_UNIT)
    units: list[Unit] = Field(description="The units a price of it may be given in")
    last_posted: LastPosted | None = Field(
        description="The yard's newest posted price of it, whatever its age (to prefill)"
    )
    city_price: CityPriceNow | None


class YardProfile(CamelModel):
    weekly_hours: list[HoursInterval] = Field(description="Empty: the hours are not known")
    accepted_materials: list[str] | None = Field(description="Material slugs; null: not said")
    services: list[str] | None = Field(description="null: not said")
    payment_methods: list[str] | None = Field(
        description="Keys of content/payment-methods.json; null: not said"
    )
    visit_notes: str | None = Field(description="How a visit works; null: not said")


class MyYard(CamelModel):
    yard: MyYardRef
    today: dt.date = Field(description="Today in the yard's zone: the day a post is for")
    max_age_days: int = Field(description="How many days a posted price stays current")
    materials: list[OwnerMaterial]
    profile: YardProfile


class PostedLine(CamelModel):
    material_slug: KeyText
    price: str = Field(
        min_length=1,
        max_length=20,
        description="Decimal text in `unit`, in the yard's currency: over 0, at most "
        "1,000,000, up to four decimals",
        examples=["172.50"],
    )
    unit: Annotated[str, Field(pattern=r"^[a-z]{1,8}$", description="kg, lb, t, ozt or piece")]


class PostPrices(CamelModel):
    prices: list[PostedLine] = Field(min_length=1, max_length=MAX_POSTED_PRICES)


class HoursGiven(CamelModel):
    day: int = Field(ge=0, le=6, description="Monday = 0")
    opens: str = Field(pattern=CLOCK, examples=["08:00"])
    closes: str = Field(
        pattern=CLOCK,
        examples=["17:00"],
        description="Not after `opens`: past midnight; 00:00-00:00 is the whole day",
    )

    @model_validator(mode="after")
    def not_empty(self) -> Self:
        if self.opens == self.closes != "00:00":
            raise ValueError("opens and closes at the same time: give a time range")
        return self


class ProfileUpdate(CamelModel):
    """The whole profile, as the screen holds it (null: not said)."""

    weekly_hours: list[HoursGiven] = Field(max_length=MAX_HOURS_INTERVALS)
    accepted_materials: list[KeyText] | None = Field(max_length=MAX_ACCEPTED)
    services: list[ServiceText] | None = Field(max_length=MAX_SERVICES)
    payment_methods: list[KeyText] | None = Field(max_length=20)
    visit_notes: Text | None = Field(max_length=VISIT_NOTES_LENGTH)


class OwnerRefusal(Message):
    """A post or profile refused by its rules: nothing was stored."""

    detail: str = Field(description="What was refused, in one line (`message` says the same)")
    problems: list[str] = Field(description="Each problem: a line, a grade's order, a band")


class InvalidRequest(Message):
    """A body out of its schema (the app's answer to any such request): nothing was stored."""

    errors: list[str] = Field(description="Each field that is wrong, and why")

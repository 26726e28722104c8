"""A seller's checklist for a country (content/legal/checklists/<cc>.yaml): what to bring and
expect when selling scrap, each line with its sources, the day it was reviewed and whether the
statute or an official page confirmed it."""

import datetime as dt
from typing import Literal, Self

from pydantic import ConfigDict, Field, model_validator

from scrapindex.schemas.common import CamelModel

TOPICS = (
    "who_may_buy",
    "id",
    "payment",
    "records",
    "holding",
    "catalytic_converters",
    "special_items",
)
Topic = Literal[
    "who_may_buy", "id", "payment", "records", "holding", "catalytic_converters", "special_items"
]


class ChecklistSource(CamelModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    url: str = Field(pattern=r"^https://\S+$", description="The statute or official page")


class ChecklistLine(CamelModel):
    model_config = ConfigDict(extra="forbid")

    text: str = Field(min_length=1)
    sources: list[ChecklistSource] = Field(min_length=1)
    reviewed_on: dt.date = Field(
        description="The day the line was last checked against its sources"
    )
    confirmed: bool = Field(
        description="True only when the statute or an official page said so; otherwise the note "
        "says what could not be confirmed"
    )
    note: str | None = None

    @model_validator(mode="after")
    def unconfirmed_says_why(self) -> Self:
        if not self.confirmed and not self.note:
            raise ValueError("an unconfirmed line needs a note saying what could not be confirmed")
        return self


class RegionalLine(ChecklistLine):
    """Where a state, province or nation changes the answer."""

    name: str = Field(min_length=1, description="The jurisdiction, e.g. 'British Columbia'")
    region: str | None = Field(
        default=None, description="Our region's slug, when the site has a page for it"
    )


class ChecklistItem(ChecklistLine):
    topic: Topic
    title: str = Field(min_length=1)
    regions: list[RegionalLine] = Field(default_factory=list)


class SellerChecklist(CamelModel):
    country_code: str
    items: list[ChecklistItem] = Field(description="In topic order; empty when we hold none")

"""Dealer licences from public registers: the operators' match queue and the yard page's badge."""

import datetime as dt
from typing import Literal

from pydantic import Field

from scrapindex.schemas.common import CamelModel, Page

LicenceStatus = Literal["proposed", "confirmed", "rejected", "unmatched", "removed"]
LicenceType = Literal["site", "collector", "unknown"]


class LicenceBadge(CamelModel):
    """A yard's licence as a public register lists it, confirmed by an operator."""

    register_name: str = Field(
        description="The register, e.g. England's from the Environment Agency"
    )
    register_no: str
    checked_on: dt.date = Field(description="The day the register last listed the entry")
    expires_on: dt.date | None
    register_url: str = Field(description="The entry's page on the register")
    attribution: str = Field(description="The credit the register's licence asks for")
    licence_url: str = Field(description="The register data's licence")


class LicencedYard(CamelModel):
    id: int
    name: str
    address: str
    city_slug: str
    city_name: str


class AdminYardLicence(CamelModel):
    id: int
    register_code: str = Field(description='The register\'s key, e.g. "ea-england"')
    register_no: str
    licence_type: LicenceType = Field(description="site, or a mobile collector (never a yard)")
    holder_name: str
    site_address: str | None
    postcode: str | None
    local_authority: str | None
    expires_on: dt.date | None
    register_url: str | None
    checked_on: dt.date
    yard: LicencedYard | None = Field(description="The yard proposed (or decided) for it")
    score: float | None = Field(description="0..1: how sure the match is")
    reasons: list[str] = Field(description='Why, e.g. "same postcode SW8 5BP", "name 0.82 alike"')
    status: LicenceStatus
    decided_by: str | None
    decided_at: dt.datetime | None


class AdminYardLicencePage(Page[AdminYardLicence]):
    pass

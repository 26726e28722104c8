"""What a visitor sends to claim a yard's listing, and what its link shows and takes."""

import datetime as dt
from typing import Literal

from pydantic import Field

from scrapindex.auth.passwords import MAX_PASSWORD_LENGTH
from scrapindex.schemas.common import CamelModel
from scrapindex.schemas.forms import FormEmail, HeaderText, Honeypot
from scrapindex.schemas.reports import Text

ClaimRoute = Literal["listing-email", "operators"]


class YardClaimCreate(CamelModel):
    name: HeaderText = Field(min_length=1, max_length=120, description="The claimant's name")
    email: FormEmail = Field(description="The claimant's address: the owner account's login")
    route: ClaimRoute = Field(
        description="listing-email: a link to the address the listing shows; operators: the "
        "operators decide on the evidence"
    )
    evidence: Text | None = Field(
        default=None,
        max_length=2000,
        description="How the yard is yours (route operators: required, at least 20 characters)",
    )
    website: Honeypot = None


class YardClaimAccepted(CamelModel):
    route: ClaimRoute
    message: str


class ClaimYard(CamelModel):
    id: int
    name: str
    address: str


class YardClaimPublic(CamelModel):
    """What a claim link is for: the yard, the account it makes (or adds the yard to)."""

    yard: ClaimYard
    email: str = Field(description="The owner account's login")
    expires_at: dt.datetime
    has_account: bool = Field(
        description="The address has an account already: confirming needs its password"
    )


class ClaimConfirm(CamelModel):
    password: str = Field(
        min_length=1,
        max_length=MAX_PASSWORD_LENGTH,
        description="The new account's password, or the existing account's (hasAccount)",
    )

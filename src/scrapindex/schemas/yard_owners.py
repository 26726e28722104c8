"""The operators' view of yard claims and owner accounts."""

import datetime as dt
from typing import Literal

from pydantic import Field

from scrapindex.schemas.common import CamelModel, Page
from scrapindex.schemas.forms import FormEmail, StoredText

ClaimStatus = Literal["pending", "approved", "confirmed", "refused", "replaced", "expired"]
ClaimRouteAny = Literal["listing-email", "operators", "added"]


class ClaimedYard(CamelModel):
    id: int
    name: str
    address: str
    email: str | None = Field(description="The address the listing shows")
    city_slug: str
    city_name: str
    owners: int = Field(description="Owner accounts the yard has now")


class AdminYardClaim(CamelModel):
    id: int
    yard: ClaimedYard
    route: ClaimRouteAny
    name: str
    email: str = Field(description="The claimant's address (the account's login)")
    evidence: str | None
    status: ClaimStatus
    sender: str = Field(description="Short form of the sender's salted address hash")
    created_at: dt.datetime
    expires_at: dt.datetime | None = Field(description="When its link stops working")
    decided_at: dt.datetime | None
    decided_by: str | None
    reason: str | None


class AdminYardClaimPage(Page[AdminYardClaim]):
    pass


class ClaimRefuseBody(CamelModel):
    reason: StoredText = Field(min_length=1, max_length=500, description="Mailed to the claimant")


class OwnedYard(CamelModel):
    id: int
    name: str
    city_slug: str
    city_name: str


class AdminYardOwner(CamelModel):
    id: int
    user_id: int
    email: str
    yard: OwnedYard
    added_by: str = Field(description='"claim", the operator\'s address, or "cli"')
    added_at: dt.datetime
    suspended_at: dt.datetime | None
    suspended_by: str | None
    last_login_at: dt.datetime | None


class AdminYardOwnerPage(Page[AdminYardOwner]):
    pass


class OwnerAdd(CamelModel):
    yard_id: int = Field(ge=1, le=2**31 - 1)
    email: FormEmail


class OwnerAdded(CamelModel):
    status: Literal["added", "link-sent"] = Field(
        description="added: an existing owner account got the yard now; link-sent: a new "
        "address was mailed a set-password link, and owns the yard once it sets one"
    )
    message: str
    owner: AdminYardOwner | None
    claim_id: int | None = Field(description="link-sent: the claim carrying the link")

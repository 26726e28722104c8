"""The console's API keys: what an operator sends to make one, and what it sees of them."""

import datetime as dt

from pydantic import Field

from scrapindex.api_keys.keys import MAX_QUOTA
from scrapindex.schemas.common import CamelModel, Page
from scrapindex.schemas.forms import FormEmail, HeaderText


class ApiKeyCreate(CamelModel):
    name: HeaderText = Field(min_length=1, max_length=120, description="Who the key is for")
    contact_email: FormEmail | None = None
    quota_per_day: int | None = Field(
        default=None, ge=1, le=MAX_QUOTA, description="Default: API_KEY_DEFAULT_PER_DAY"
    )
    quota_per_minute: int | None = Field(
        default=None, ge=1, le=MAX_QUOTA, description="Default: API_KEY_DEFAULT_PER_MINUTE"
    )


class AdminApiKey(CamelModel):
    id: int
    name: str
    contact_email: str | None
    prefix: str = Field(description="The key's first characters, to tell keys apart")
    quota_per_day: int
    quota_per_minute: int
    created_by: str
    created_at: dt.datetime
    rotated_from: int | None
    revoked_at: dt.datetime | None
    last_used_at: dt.datetime | None
    requests_today: int = Field(description="Answered requests on today's UTC day")


class AdminApiKeyPage(Page[AdminApiKey]):
    pass


class ApiKeyCreated(CamelModel):
    key: AdminApiKey
    secret: str = Field(description="The key itself: shown this once, never stored")
    message: str


class ApiKeyUsageDay(CamelModel):
    date: dt.date
    requests: int = Field(description="Answered")
    refused: int = Field(description="Answered 429: past the key's quota")


class ApiKeyUsage(CamelModel):
    key_id: int
    days: list[ApiKeyUsageDay] = Field(description="Newest first; days without use left out")

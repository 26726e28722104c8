"""Keys that businesses use on the API: their own quotas instead of the anonymous limits."""

import datetime as dt

from sqlalchemy import Date, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from scrapindex.dbtypes import UtcDateTime
from scrapindex.models.base import Base


class ApiKey(Base):
    """A key handed to one client. Only the SHA-256 of the secret is stored (it is 32 random
    bytes, so a plain hash is enough: nothing to guess); ``prefix`` is its first characters, so
    an operator can tell keys apart. Rotating makes a new key (``rotated_from``) and revokes the
    old one."""

    __tablename__ = "api_keys"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    contact_email: Mapped[str | None] = mapped_column(String(254))
    prefix: Mapped[str] = mapped_column(String(16))
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    quota_per_day: Mapped[int] = mapped_column(Integer)
    quota_per_minute: Mapped[int] = mapped_column(Integer)
    created_by: Mapped[str] = mapped_column(String(254))  # an operator's e-mail, or "cli"
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())
    rotated_from: Mapped[int | None] = mapped_column(ForeignKey("api_keys.id"))
    revoked_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())
    last_used_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())


class ApiKeyUsage(Base):
    """Requests a key made on one UTC day (its daily quota is counted here, across hosts)."""

    __tablename__ = "api_key_usage"

    key_id: Mapped[int] = mapped_column(
        ForeignKey("api_keys.id", ondelete="CASCADE"), primary_key=True
    )
    day: Mapped[dt.date] = mapped_column(Date, primary_key=True)
    requests: Mapped[int] = mapped_column(Integer, default=0)
    refused: Mapped[int] = mapped_column(Integer, default=0)  # answered 429

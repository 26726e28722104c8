"""The scrap yard directory: yards, their opening hours, their owners and their own prices."""

import datetime as dt
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scrapindex.dbtypes import UtcDateTime
from scrapindex.models.base import Base, money
from scrapindex.models.places import City


class ScrapYard(Base):
    __tablename__ = "scrap_yards"
    __table_args__ = (Index("ix_scrap_yards_city_id_rating", "city_id", "rating"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    city_id: Mapped[int] = mapped_column(ForeignKey("cities.id"))
    name: Mapped[str] = mapped_column(String(200))
    address: Mapped[str] = mapped_column(String(300))
    latitude: Mapped[float] = mapped_column(Float)
    longitude: Mapped[float] = mapped_column(Float)
    phone: Mapped[str | None] = mapped_column(String(40))
    email: Mapped[str | None] = mapped_column(String(200))
    website: Mapped[str | None] = mapped_column(String(300))
    rating: Mapped[float | None] = mapped_column(Float)
    review_count: Mapped[int] = mapped_column(Integer, default=0)
    # [{"day": 0..6 (Monday=0), "opens": "08:00", "closes": "17:00"}, ...]; empty = unknown
    weekly_hours: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    opening_hours_text: Mapped[str | None] = mapped_column(Text)  # raw text that did not parse
    osm_id: Mapped[str | None] = mapped_column(String(40), unique=True)
    source_id: Mapped[int] = mapped_column(ForeignKey("sources.id"))
    # What the yard offers, as confirmed by a correction; None = not known (the page's default).
    services: Mapped[list[str] | None] = mapped_column(JSON)
    permanently_closed: Mapped[bool] = mapped_column(Boolean, default=False)
    # What the yard's owner says about it (None = not said): the materials it buys (slugs), how
    # it pays ("cash", "eft", "cheque", ...), and how a visit works, in the owner's words.
    accepted_materials: Mapped[list[str] | None] = mapped_column(JSON)
    payment_methods: Mapped[list[str] | None] = mapped_column(JSON)
    visit_notes: Mapped[str | None] = mapped_column(Text)
    # When a fetch of the yard's source (OpenStreetMap) no longer had it: the yard is kept, not
    # deleted (owners, reports and links may point at it), and the directory leaves it out.
    left_source_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())

    city: Mapped[City] = relationship(lazy="joined")


class YardOpenHours(Base):
    """A yard's weekly hours as spans of minutes of the week (Monday 00:00 = 0, up to 10,080).

    Derived from ``scrap_yards.weekly_hours`` by the database itself: triggers written by
    migration 0009 rewrite a yard's rows whenever its hours are written, so every writer keeps
    them in step. The directory asks "open now" of them through an index instead of parsing
    JSON for every yard. An interval running past Sunday midnight is two spans.
    """

    __tablename__ = "yard_open_hours"
    __table_args__ = (Index("ix_yard_open_hours_yard_id_opens_at", "yard_id", "opens_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    yard_id: Mapped[int] = mapped_column(ForeignKey("scrap_yards.id", ondelete="CASCADE"))
    opens_at: Mapped[int] = mapped_column(Integer)  # first minute open
    closes_at: Mapped[int] = mapped_column(Integer)  # first minute closed again


class YardPrice(Base):
    """A buying price the yard posted itself (kind ``yard``): per yard, per material, per day.

    Kept apart from ``prices``: the city's shown price stays the market view (feed/manual >
    reports > estimate > demo) and a yard's board never competes for it. Stored as ``prices``
    is: per kg, or per piece for a material sold by the piece, in the yard's country's currency.
    """

    __tablename__ = "yard_prices"
    __table_args__ = (
        UniqueConstraint("yard_id", "material_id", "price_date"),
        Index("ix_yard_prices_material_id_price_date", "material_id", "price_date"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    yard_id: Mapped[int] = mapped_column(ForeignKey("scrap_yards.id", ondelete="CASCADE"))
    material_id: Mapped[int] = mapped_column(ForeignKey("materials.id"))
    price_date: Mapped[dt.date] = mapped_column(Date)
    price_per_kg: Mapped[Decimal] = mapped_column(money())
    currency: Mapped[str] = mapped_column(String(3))
    posted_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))  # None: the CLI
    posted_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())


class YardOwner(Base):
    """An account that may post a yard's prices and profile: made by a confirmed claim or by
    an operator; an operator may suspend it."""

    __tablename__ = "yard_owners"
    __table_args__ = (UniqueConstraint("user_id", "yard_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    yard_id: Mapped[int] = mapped_column(
        ForeignKey("scrap_yards.id", ondelete="CASCADE"), index=True
    )
    added_by: Mapped[str] = mapped_column(String(254))  # "claim", an operator's e-mail, or "cli"
    added_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())
    suspended_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())
    suspended_by: Mapped[str | None] = mapped_column(String(254))


class YardClaim(Base):
    """Someone asking to own a yard's listing.

    ``route`` "listing-email": a link was mailed to the listing's own address (``token_nonce``
    makes it single-use; the link expires); "operators": the listing has no address or the
    claimant cannot reach it, and an operator decides on the ``evidence`` given.
    ``status``: pending, confirmed, refused or expired.
    """

    __tablename__ = "yard_claims"
    __table_args__ = (Index("ix_yard_claims_status_created_at", "status", "created_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    yard_id: Mapped[int] = mapped_column(
        ForeignKey("scrap_yards.id", ondelete="CASCADE"), index=True
    )
    route: Mapped[str] = mapped_column(String(20))
    email: Mapped[str] = mapped_column(String(254))  # the claimant's (the account's) address
    name: Mapped[str] = mapped_column(String(120))
    evidence: Mapped[str | None] = mapped_column(Text)
    token_nonce: Mapped[str | None] = mapped_column(String(64), unique=True)
    status: Mapped[str] = mapped_column(String(16))
    client_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())
    expires_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())
    decided_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())
    decided_by: Mapped[str | None] = mapped_column(String(254))
    reason: Mapped[str | None] = mapped_column(String(500))


class YardLicence(Base):
    """An entry of a public register of scrap metal dealers (England's, from the Environment
    Agency), and how it matches one of our yards.

    ``licence_type``: "site" (a yard) or "collector" (a mobile collector: never matched to a
    yard). ``match_score`` 0..1 with ``match_reasons`` saying why; ``status``: "proposed" (shown
    to operators only), "confirmed" (the yard page shows the badge) or "rejected"; an entry
    no match was found for has no ``yard_id``.
    """

    __tablename__ = "yard_licences"
    __table_args__ = (
        UniqueConstraint("register", "register_no"),
        Index("ix_yard_licences_status", "status"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    register: Mapped[str] = mapped_column(String(40))  # e.g. "ea-england"
    register_no: Mapped[str] = mapped_column(String(60))
    licence_type: Mapped[str] = mapped_column(String(16))
    holder_name: Mapped[str] = mapped_column(String(300))
    site_address: Mapped[str | None] = mapped_column(String(500))
    postcode: Mapped[str | None] = mapped_column(String(16))
    latitude: Mapped[float | None] = mapped_column(Float)
    longitude: Mapped[float | None] = mapped_column(Float)
    local_authority: Mapped[str | None] = mapped_column(String(200))
    expires_on: Mapped[dt.date | None] = mapped_column(Date)
    register_url: Mapped[str | None] = mapped_column(String(500))
    checked_on: Mapped[dt.date] = mapped_column(Date)  # the day the register was last read
    yard_id: Mapped[int | None] = mapped_column(
        ForeignKey("scrap_yards.id", ondelete="SET NULL"), index=True
    )
    match_score: Mapped[float | None] = mapped_column(Float)
    match_reasons: Mapped[list[str]] = mapped_column(JSON, default=list)
    status: Mapped[str] = mapped_column(String(16))
    decided_by: Mapped[str | None] = mapped_column(String(254))  # an operator, or "auto"
    decided_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())

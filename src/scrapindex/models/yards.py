"""The scrap yard directory: yards and their opening hours."""

from typing import Any

from sqlalchemy import JSON, Boolean, Float, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scrapindex.models.base import Base
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

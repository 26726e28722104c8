"""What visitors send for an operator to handle: contact messages, price reports and yard
corrections."""

import datetime as dt
from decimal import Decimal
from typing import Any

from sqlalchemy import JSON, Boolean, Date, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from scrapindex.dbtypes import ExactDecimal, UtcDateTime
from scrapindex.models.base import Base, money


class ContactMessage(Base):
    __tablename__ = "contact_messages"
    __table_args__ = (Index("ix_contact_messages_client_created", "client_hash", "created_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    email: Mapped[str] = mapped_column(String(254))
    category: Mapped[str | None] = mapped_column(String(20))
    subject: Mapped[str] = mapped_column(String(200))
    message: Mapped[str] = mapped_column(Text)
    client_hash: Mapped[str] = mapped_column(String(64))  # salted hash, never the raw address
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())
    handled_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())
    handled_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))


class PriceReport(Base):
    """A price a seller says they were paid. Public only once approved, and only in aggregate."""

    __tablename__ = "price_reports"
    __table_args__ = (
        Index("ix_price_reports_series", "material_id", "city_id", "status", "report_date"),
        Index("ix_price_reports_queue", "status", "flagged", "created_at"),
        Index("ix_price_reports_client_created", "client_hash", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    material_id: Mapped[int] = mapped_column(ForeignKey("materials.id"))
    city_id: Mapped[int] = mapped_column(ForeignKey("cities.id"))
    yard_id: Mapped[int | None] = mapped_column(ForeignKey("scrap_yards.id"))
    price: Mapped[Decimal] = mapped_column(ExactDecimal(14, 4))  # as entered, in unit/currency
    unit: Mapped[str] = mapped_column(String(5))  # kg, lb, t, ozt or piece (formatting.Unit)
    currency: Mapped[str] = mapped_column(String(3))
    price_per_kg: Mapped[Decimal] = mapped_column(money())  # in ``currency``
    report_date: Mapped[dt.date] = mapped_column(Date)
    note: Mapped[str | None] = mapped_column(Text)  # for the moderator only
    client_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(10))  # pending, approved or rejected
    flagged: Mapped[bool] = mapped_column(Boolean, default=False)
    flag_reason: Mapped[str | None] = mapped_column(String(300))
    review_reason: Mapped[str | None] = mapped_column(Text)
    reviewed_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    reviewed_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())


class YardSuggestion(Base):
    """A correction to a yard sent by a visitor; once approved, applied and kept as history."""

    __tablename__ = "yard_suggestions"
    __table_args__ = (
        Index("ix_yard_suggestions_yard_status", "yard_id", "status"),
        Index("ix_yard_suggestions_queue", "status", "created_at"),
        Index("ix_yard_suggestions_client_created", "client_hash", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    yard_id: Mapped[int] = mapped_column(ForeignKey("scrap_yards.id"))
    changes: Mapped[dict[str, Any]] = mapped_column(JSON)  # field -> proposed value
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # the yard's values when applied
    email: Mapped[str] = mapped_column(String(254))
    note: Mapped[str | None] = mapped_column(Text)
    client_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(10))  # pending, approved or rejected
    review_reason: Mapped[str | None] = mapped_column(Text)
    reviewed_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    reviewed_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())

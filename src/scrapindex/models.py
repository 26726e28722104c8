"""ORM tables (SQLAlchemy 2 typed style). Names follow DESIGN.md section 3."""

import datetime as dt
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Date,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from scrapindex.dbtypes import ExactDecimal, UtcDateTime

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


def money() -> ExactDecimal:
    """A price per kg: four places, so that lb and tonne conversions stay exact to the cent."""
    return ExactDecimal(14, 4)


class Country(Base):
    __tablename__ = "countries"

    code: Mapped[str] = mapped_column(String(2), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    currency: Mapped[str] = mapped_column(String(3))

    cities: Mapped[list["City"]] = relationship(back_populates="country")


class Region(Base):
    __tablename__ = "regions"
    __table_args__ = (UniqueConstraint("country_code", "slug"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    country_code: Mapped[str] = mapped_column(ForeignKey("countries.code"))
    slug: Mapped[str] = mapped_column(String(80))
    name: Mapped[str] = mapped_column(String(120))

    country: Mapped[Country] = relationship()
    cities: Mapped[list["City"]] = relationship(back_populates="region")


class City(Base):
    __tablename__ = "cities"

    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(80), unique=True)
    name: Mapped[str] = mapped_column(String(120))
    country_code: Mapped[str] = mapped_column(ForeignKey("countries.code"), index=True)
    region_id: Mapped[int | None] = mapped_column(ForeignKey("regions.id"), index=True)
    latitude: Mapped[float] = mapped_column(Float)
    longitude: Mapped[float] = mapped_column(Float)
    time_zone: Mapped[str] = mapped_column(String(64))
    population: Mapped[int | None] = mapped_column(Integer)

    country: Mapped[Country] = relationship(back_populates="cities", lazy="joined")
    region: Mapped[Region | None] = relationship(back_populates="cities", lazy="joined")


class Material(Base):
    __tablename__ = "materials"

    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(80), unique=True)
    name: Mapped[str] = mapped_column(String(120))
    category: Mapped[str] = mapped_column(String(40), index=True)
    grade: Mapped[str | None] = mapped_column(String(40))
    description: Mapped[str] = mapped_column(Text, default="")


class Source(Base):
    """Where a row came from: a named feed, a manual entry, or the demo generator."""

    __tablename__ = "sources"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120), unique=True)
    # feed, manual, report, estimate or demo: the order of trust (see PRICE_KIND_TRUST)
    kind: Mapped[str] = mapped_column(String(16))
    url: Mapped[str | None] = mapped_column(String(500))


class Price(Base):
    """One price per material, city and day. This table is the price history."""

    __tablename__ = "prices"
    __table_args__ = (
        UniqueConstraint("material_id", "city_id", "price_date"),
        # Week-over-week figures and the daily update read one or two days across every series.
        Index("ix_prices_price_date", "price_date"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    material_id: Mapped[int] = mapped_column(ForeignKey("materials.id"))
    city_id: Mapped[int] = mapped_column(ForeignKey("cities.id"))
    price_date: Mapped[dt.date] = mapped_column(Date)
    price_per_kg: Mapped[Decimal] = mapped_column(money())
    currency: Mapped[str] = mapped_column(String(3))
    source_id: Mapped[int] = mapped_column(ForeignKey("sources.id"))
    updated_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())


class PriceEstimate(Base):
    """How an estimated price was made: the formula's inputs, one row per estimated price.

    price = reference USD per tonne / 1000 x grade factor x margin / FX (USD per unit).
    """

    __tablename__ = "price_estimates"

    price_id: Mapped[int] = mapped_column(
        ForeignKey("prices.id", ondelete="CASCADE"), primary_key=True
    )
    metal: Mapped[str] = mapped_column(String(20))
    reference_usd_per_tonne: Mapped[Decimal] = mapped_column(ExactDecimal(14, 4))
    reference_date: Mapped[dt.date] = mapped_column(Date)
    reference_source: Mapped[str] = mapped_column(String(120))
    reference_period: Mapped[str] = mapped_column(String(10))  # daily or monthly
    grade_factor: Mapped[Decimal] = mapped_column(ExactDecimal(6, 4))
    margin: Mapped[Decimal] = mapped_column(ExactDecimal(6, 4))
    usd_per_unit: Mapped[Decimal] = mapped_column(ExactDecimal(18, 8))
    fx_date: Mapped[dt.date] = mapped_column(Date)


class MarketPrice(Base):
    """A market reference price of a metal (an exchange or index price), USD per metric ton."""

    __tablename__ = "market_prices"

    metal: Mapped[str] = mapped_column(String(20), primary_key=True)
    price_date: Mapped[dt.date] = mapped_column(Date, primary_key=True)
    usd_per_tonne: Mapped[Decimal] = mapped_column(ExactDecimal(14, 4))
    period: Mapped[str] = mapped_column(String(10))  # daily or monthly
    source_id: Mapped[int] = mapped_column(ForeignKey("sources.id"))


class CurrentPrice(Base):
    """The newest stored price of each material in each city, and the one before it.

    Derived from ``prices`` so that every page showing today's board reads a few rows by key
    instead of searching a year of history. Whatever writes prices calls
    ``scrapindex.queries.current_prices.refresh_current_prices`` in the same transaction.
    """

    __tablename__ = "current_prices"

    material_id: Mapped[int] = mapped_column(ForeignKey("materials.id"), primary_key=True)
    city_id: Mapped[int] = mapped_column(ForeignKey("cities.id"), primary_key=True, index=True)
    price_id: Mapped[int] = mapped_column(ForeignKey("prices.id"))
    previous_price_id: Mapped[int | None] = mapped_column(ForeignKey("prices.id"))
    # The current price's own values (copies of its prices row), so that figures over the whole
    # board read this table alone instead of one scattered page of prices per series.
    price_per_kg: Mapped[Decimal] = mapped_column(money())
    currency: Mapped[str] = mapped_column(String(3))
    price_date: Mapped[dt.date] = mapped_column(Date)
    # The series' last price in the week up to seven days before the newest stored day (any
    # series'), for the week's movers; None when it has none in that week.
    week_ago_price: Mapped[Decimal | None] = mapped_column(money())
    week_ago_date: Mapped[dt.date | None] = mapped_column(Date)
    # The change from week_ago_price in whole tenths of a percent, as the database rounds it (see
    # refresh_current_prices); None without a nonzero week-ago price older than the current one.
    change_tenths: Mapped[int | None] = mapped_column(BigInteger)


class MaterialMarketFigures(Base):
    """Each material's current prices summed up across cities, in whole US cents.

    Derived from ``current_prices`` and the newest exchange rates so that the price summary
    and the most-tracked materials read one row per material instead of converting every
    series, and the site's coverage and the sitemap read its dates instead of grouping every
    series. ``scrapindex.queries.market_figures.refresh_market_figures`` rewrites it whenever
    either changes (refresh_current_prices calls it; so does whatever writes exchange rates).
    "Priced" series are those whose currency has a rate.
    """

    __tablename__ = "material_market_figures"

    material_id: Mapped[int] = mapped_column(ForeignKey("materials.id"), primary_key=True)
    cities: Mapped[int] = mapped_column(Integer)
    countries: Mapped[int] = mapped_column(Integer)
    first_city_id: Mapped[int] = mapped_column(Integer)  # the board's order: its first city
    priced_cities: Mapped[int] = mapped_column(Integer)
    priced_countries: Mapped[int] = mapped_column(Integer)
    priced_first_city_id: Mapped[int | None] = mapped_column(Integer)
    total_usd_cents: Mapped[int | None] = mapped_column(BigInteger)
    lowest_usd_cents: Mapped[int | None] = mapped_column(BigInteger)
    highest_usd_cents: Mapped[int | None] = mapped_column(BigInteger)
    newest_price_date: Mapped[dt.date] = mapped_column(Date)  # of the material's series
    # The material's series whose price is of the board's newest date (any material's newest).
    series_on_newest_date: Mapped[int] = mapped_column(Integer)


class FxRate(Base):
    """How many US dollars one unit of a currency bought on a day."""

    __tablename__ = "fx_rates"

    currency: Mapped[str] = mapped_column(String(3), primary_key=True)
    rate_date: Mapped[dt.date] = mapped_column(Date, primary_key=True)
    usd_per_unit: Mapped[Decimal] = mapped_column(ExactDecimal(18, 8))
    source_id: Mapped[int] = mapped_column(ForeignKey("sources.id"))


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


class LegalRule(Base):
    __tablename__ = "legal_rules"

    id: Mapped[int] = mapped_column(primary_key=True)
    country_code: Mapped[str] = mapped_column(ForeignKey("countries.code"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    category: Mapped[str] = mapped_column(String(20))
    title: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text)
    requirement: Mapped[str] = mapped_column(Text)
    penalty: Mapped[str | None] = mapped_column(Text)
    source: Mapped[str | None] = mapped_column(String(300))


class DataRevision(Base):
    """One row whose number goes up with every change to the published data.

    Writers (seed, imports, the daily update) call ``scrapindex.revision.bump`` in their
    transaction; the API's response cache keys on it, so no process serves data older than it.
    """

    __tablename__ = "data_revision"

    id: Mapped[int] = mapped_column(primary_key=True)
    revision: Mapped[int] = mapped_column(Integer)
    changed_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())


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


class NewsletterSubscription(Base):
    __tablename__ = "newsletter_subscriptions"
    __table_args__ = (
        Index("ix_newsletter_subscriptions_client_created", "client_hash", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(254), unique=True)
    client_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())
    # Double opt-in: a subscriber only once the link in the confirmation mail was opened.
    # Unconfirmed rows older than 30 days are purged; unsubscribing deletes the row.
    confirmed_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())
    confirmation_sent_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())


class OutboxMessage(Base):
    """One outgoing mail, written in the transaction of the change that caused it.

    `scrapindex.mail.sender.send_due` claims due rows (status queued -> sending), delivers
    them and marks them sent, or queued again later (exponential backoff), or dead.
    """

    __tablename__ = "outbox_messages"
    __table_args__ = (Index("ix_outbox_messages_status_next_attempt", "status", "next_attempt_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(40))  # operator-notice, alert-fired, ...
    to_address: Mapped[str] = mapped_column(String(254))
    subject: Mapped[str] = mapped_column(String(200))
    text_body: Mapped[str] = mapped_column(Text)
    html_body: Mapped[str] = mapped_column(Text)
    headers: Mapped[dict[str, str]] = mapped_column(JSON, default=dict)  # extra headers
    status: Mapped[str] = mapped_column(String(10))  # queued, sending, sent or dead
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())
    claimed_by: Mapped[str | None] = mapped_column(String(100))
    claimed_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())
    last_error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())
    sent_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())
    dead_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())  # gave up: operator told


class User(Base):
    """An operator: a moderator works the queues, an admin also manages accounts and data."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(254), unique=True)  # stored lower-case
    password_hash: Mapped[str] = mapped_column(String(200))  # Argon2id, PHC string
    role: Mapped[str] = mapped_column(String(16))  # admin or moderator
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())
    last_login_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())
    disabled_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())


class UserSession(Base):
    """A login. The cookie holds a random token; only its SHA-256 is stored, so a leaked table
    cannot be replayed. Revoked, idle past its limit or past its absolute expiry: no longer valid.
    """

    __tablename__ = "user_sessions"

    id: Mapped[int] = mapped_column(primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    csrf_token: Mapped[str] = mapped_column(String(64))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    client_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())
    last_seen_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())
    expires_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())  # the absolute limit
    revoked_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())

    user: Mapped[User] = relationship(lazy="joined")


class LoginAttempt(Base):
    """Failed logins, counted per account and per client to throttle guessing."""

    __tablename__ = "login_attempts"
    __table_args__ = (
        Index("ix_login_attempts_email_created", "email_hash", "created_at"),
        Index("ix_login_attempts_client_created", "client_hash", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    email_hash: Mapped[str] = mapped_column(String(64))  # salted hash of the address tried
    client_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())


class AuditEntry(Base):
    """Who changed what and when, with the state before and after: one row per admin action."""

    __tablename__ = "audit_log"
    __table_args__ = (Index("ix_audit_log_created_at", "created_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))  # None: the CLI
    actor: Mapped[str] = mapped_column(String(254))  # the user's e-mail, or "cli"
    action: Mapped[str] = mapped_column(String(60))  # e.g. price-report.approve
    entity_type: Mapped[str] = mapped_column(String(40))
    entity_id: Mapped[str | None] = mapped_column(String(60))
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())


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
    unit: Mapped[str] = mapped_column(String(3))  # kg, lb or t
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


class ImportRun(Base):
    """One import of a file (command, inbox or console): what it did or why it was refused.

    A run refused only for outliers keeps its file in ``stored_path`` so that an admin can
    re-run it with the outliers allowed (an override) from the console.
    """

    __tablename__ = "import_runs"
    __table_args__ = (Index("ix_import_runs_started_at", "started_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(20))  # prices, fx, yards, market
    file_name: Mapped[str] = mapped_column(String(300))
    stored_path: Mapped[str | None] = mapped_column(String(500))
    trigger: Mapped[str] = mapped_column(String(20))  # cli, inbox, console
    status: Mapped[str] = mapped_column(String(20))  # imported, rejected, outliers, overridden
    rows: Mapped[int] = mapped_column(Integer, default=0)
    inserted: Mapped[int] = mapped_column(Integer, default=0)
    updated: Mapped[int] = mapped_column(Integer, default=0)
    outliers: Mapped[int] = mapped_column(Integer, default=0)
    problem_count: Mapped[int] = mapped_column(Integer, default=0)
    problems: Mapped[list[str]] = mapped_column(JSON, default=list)  # the first 100, as lines
    started_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())
    finished_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())
    overridden_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))


class PriceAlert(Base):
    """An address's alert on a city's prices: a material going above or below a threshold, or a
    daily or weekly digest of the city's board. Counts once confirmed; unsubscribing deletes it.

    Crossing detection (``scrapindex.alerts.evaluate``): ``is_beyond`` is where the price stood
    at the last evaluation (None: not evaluated yet), so an alert fires once per crossing.
    """

    __tablename__ = "price_alerts"
    __table_args__ = (
        Index("ix_price_alerts_series", "kind", "material_id", "city_id"),
        Index("ix_price_alerts_client_created", "client_hash", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(254), index=True)
    kind: Mapped[str] = mapped_column(String(16))  # above, below, digest-daily, digest-weekly
    city_id: Mapped[int] = mapped_column(ForeignKey("cities.id"))
    material_id: Mapped[int | None] = mapped_column(ForeignKey("materials.id"))  # above/below
    threshold: Mapped[Decimal | None] = mapped_column(ExactDecimal(14, 4))  # as entered, in unit
    unit: Mapped[str | None] = mapped_column(String(3))  # kg, lb or t
    threshold_per_kg: Mapped[Decimal | None] = mapped_column(money())
    currency: Mapped[str] = mapped_column(String(3))  # the city's, when the alert was made
    client_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())
    confirmed_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())
    is_beyond: Mapped[bool | None] = mapped_column(Boolean)
    last_price_id: Mapped[int | None] = mapped_column(Integer)  # evaluated last (no key: history)
    last_sent_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())  # fired or digest

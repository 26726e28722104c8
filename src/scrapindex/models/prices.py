"""Prices: materials, the daily price history, how estimates were made, market references,
exchange rates, and the tables derived from them for the current board."""

import datetime as dt
from decimal import Decimal

from sqlalchemy import (
    BigInteger,
    Date,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from scrapindex.dbtypes import ExactDecimal, UtcDateTime
from scrapindex.formatting import SaleUnit
from scrapindex.models.base import Base, money


class Material(Base):
    __tablename__ = "materials"

    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(80), unique=True)
    name: Mapped[str] = mapped_column(String(120))
    category: Mapped[str] = mapped_column(String(40), index=True)
    grade: Mapped[str | None] = mapped_column(String(40))
    description: Mapped[str] = mapped_column(Text, default="")
    # How it is sold (formatting.SaleUnit): by weight ("kg"), precious metal by weight
    # ("troy_oz", shown per troy ounce first) or by the piece ("piece"), whose prices are stored
    # per piece in the price_per_kg columns of prices, current_prices, reports and alerts.
    # Checked where it is written, on loading content/reference/materials.json (data.reference):
    # a CHECK constraint would make SQLite rebuild this table, which every price references.
    sale_unit: Mapped[SaleUnit] = mapped_column(String(8), default="kg", server_default="kg")


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

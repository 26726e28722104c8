"""A material's markets (its current price in each city), ranked, paged and summed up.

The material page shows a handful of them (the best-paying, the dearest and cheapest, a page of
the table), so the ranking reads one light row per city from current_prices and only the
markets shown are loaded as full quotes. Prices rank on their exact value in US dollars (price x
rate, unrounded: rounded to the cent, R171.25 and R171.27 would tie), equal prices by city name;
markets in a currency without a rate come last, whichever the direction.
"""

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from typing import Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from scrapindex.models import City, Country, CurrentPrice
from scrapindex.queries.prices import Quote, latest_quotes, to_usd, to_usd_exact

MarketSort = Literal["price", "city"]
SortOrder = Literal["asc", "desc"]
DEFAULT_ORDER: dict[MarketSort, SortOrder] = {"price": "desc", "city": "asc"}
TOP_MARKETS = 5  # SPEC: "Top Paying Markets"


@dataclass(frozen=True)
class Market:
    city_id: int
    city_slug: str
    city_name: str
    country_code: str
    country_name: str
    usd_exact: Decimal | None  # None: no rate for the currency
    usd: Decimal | None  # rounded to the cent, as the rows' priceUsd


@dataclass(frozen=True)
class MarketFigures:
    city_count: int
    country_count: int
    usd_count: int  # markets with a USD price; the figures below are over these
    average_usd: Decimal | None  # of the prices rounded to the cent
    min_usd: Decimal | None
    max_usd: Decimal | None
    average_usd_exact: Decimal | None  # the same three of the unrounded prices
    min_usd_exact: Decimal | None
    max_usd_exact: Decimal | None


def material_markets(session: Session, material_id: int, rates: dict[str, Decimal]) -> list[Market]:
    """Every market of the material, in no particular order (see sort_markets)."""
    rows = session.execute(
        select(
            CurrentPrice.city_id,
            City.slug,
            City.name,
            Country.code,
            Country.name,
            CurrentPrice.price_per_kg,
            CurrentPrice.currency,
        )
        .join(City, City.id == CurrentPrice.city_id)
        .join(Country, Country.code == City.country_code)
        .where(CurrentPrice.material_id == material_id)
    )
    return [_market(*row, rates) for row in rows]


def quote_markets(quotes: list[Quote], rates: dict[str, Decimal]) -> list[Market]:
    """The markets of quotes already read, as material_markets would read them again."""
    markets = []
    for quote in quotes:
        city = quote.city
        markets.append(
            _market(
                city.id,
                city.slug,
                city.name,
                city.country_code,
                city.country_name,
                quote.price_per_kg,
                quote.currency,
                rates,
            )
        )
    return markets


def _market(
    city_id: int,
    slug: str,
    name: str,
    country_code: str,
    country_name: str,
    price: Decimal,
    currency: str,
    rates: dict[str, Decimal],
) -> Market:
    """One market, its fields in material_markets' column order."""
    return Market(
        city_id=city_id,
        city_slug=slug,
        city_name=name,
        country_code=country_code,
        country_name=country_name,
        usd_exact=to_usd_exact(price, currency, rates),
        usd=to_usd(price, currency, rates),
    )


def best_paying_first(
    session: Session, material_id: int, rates: dict[str, Decimal]
) -> list[Market]:
    return sort_markets(material_markets(session, material_id, rates), "price", "desc")


def sort_markets(markets: list[Market], sort: MarketSort, order: SortOrder) -> list[Market]:
    """Price: by the exact USD value, equal ones by city name (code points, then country) in
    either direction, unpriced last. City: by name as a reader orders them (accents and case
    aside), then country; descending is the exact reverse."""
    if sort == "city":
        return sorted(markets, key=_by_city_name, reverse=order == "desc")
    sign = 1 if order == "asc" else -1
    return sorted(markets, key=_by_price(sign))


def _by_price(sign: int) -> Callable[[Market], tuple[bool, Decimal, str, str]]:
    def key(market: Market) -> tuple[bool, Decimal, str, str]:
        value = Decimal(0) if market.usd_exact is None else sign * market.usd_exact
        return (market.usd_exact is None, value, market.city_name, market.country_name)

    return key


# Kept: the same names are sorted again after every data change (a 10x list folds 1,500).
@lru_cache(maxsize=8192)
def _folded(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _by_city_name(market: Market) -> tuple[str, str, str, str]:
    return (
        _folded(market.city_name),
        _folded(market.country_name),
        market.city_name,
        market.country_name,
    )


def market_figures(markets: list[Market]) -> MarketFigures:
    """Counts, and the mean, lowest and highest of the prices in US dollars: each rounded to
    the cent first (the mean is that of the prices the page lists), and unrounded, for the
    page to convert units from."""
    usd = [m.usd for m in markets if m.usd is not None]
    exact = [m.usd_exact for m in markets if m.usd_exact is not None]
    return MarketFigures(
        city_count=len(markets),
        country_count=len({m.country_code for m in markets}),
        usd_count=len(usd),
        average_usd=sum(usd, Decimal(0)) / len(usd) if usd else None,
        min_usd=min(usd, default=None),
        max_usd=max(usd, default=None),
        average_usd_exact=sum(exact, Decimal(0)) / len(exact) if exact else None,
        min_usd_exact=min(exact, default=None),
        max_usd_exact=max(exact, default=None),
    )


def cheapest(ranked: list[Market]) -> Market | None:
    """The lowest price of markets ranked dearest first; among equals, the first by name."""
    priced = [m for m in ranked if m.usd_exact is not None]
    if not priced:
        return None
    lowest = priced[-1].usd_exact
    return next(m for m in priced if m.usd_exact == lowest)


def quotes_of(
    session: Session, material_id: int, markets: list[Market], stale_days: int
) -> list[Quote]:
    """The full quotes of ``markets``, in their order."""
    if not markets:
        return []
    quotes = latest_quotes(
        session,
        material_id=material_id,
        city_ids=[m.city_id for m in markets],
        stale_days=stale_days,
    )
    by_city = {q.city.id: q for q in quotes}
    return [by_city[m.city_id] for m in markets if m.city_id in by_city]

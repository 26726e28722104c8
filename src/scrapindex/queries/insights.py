"""Market insights from stored prices: the week's movers per country and the most-tracked materials.

Everything is counted back from the newest stored price day, so an old data set still reads as
"the week up to its last update" rather than as an empty week.
"""

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from scrapindex.models import Price
from scrapindex.queries.prices import Quote, latest_quotes, latest_usd_rates, to_usd

WEEK = dt.timedelta(days=7)
# A series without a price in the week before the comparison day has no weekly change.
LOOKBACK = dt.timedelta(days=7)


@dataclass(frozen=True)
class Mover:
    quote: Quote
    week_ago_price: Decimal
    week_ago_date: dt.date

    @property
    def change_percent(self) -> float:
        return round(
            float((self.quote.price_per_kg - self.week_ago_price) / self.week_ago_price * 100), 1
        )


@dataclass(frozen=True)
class CountryMovers:
    code: str
    name: str
    risers: list[Mover]
    fallers: list[Mover]


@dataclass(frozen=True)
class TrackedMaterial:
    quote: Quote  # any one quote of the material, for its name, slug and category
    city_count: int
    country_count: int
    average_usd: Decimal | None


@dataclass(frozen=True)
class Insights:
    as_of: dt.date | None
    compared_with: dt.date | None
    countries: list[CountryMovers]
    most_tracked: list[TrackedMaterial]


def newest_price_date(session: Session) -> dt.date | None:
    return session.execute(select(func.max(Price.price_date))).scalar_one_or_none()


def prices_on_or_before(
    session: Session, day: dt.date
) -> dict[tuple[int, int], tuple[dt.date, Decimal]]:
    """Each series' last price on or before ``day`` (looking back at most a week)."""
    rows = session.execute(
        select(Price.material_id, Price.city_id, Price.price_date, Price.price_per_kg)
        .where(Price.price_date <= day, Price.price_date > day - LOOKBACK)
        .order_by(Price.price_date)
    )
    return {(m, c): (d, p) for m, c, d, p in rows}  # later days overwrite earlier ones


def week_movers(
    quotes: list[Quote], week_ago: dict[tuple[int, int], tuple[dt.date, Decimal]]
) -> list[Mover]:
    movers = []
    for quote in quotes:
        before = week_ago.get((quote.material.id, quote.city.id))
        if before is None or before[1] == 0 or before[0] >= quote.price_date:
            continue
        movers.append(Mover(quote=quote, week_ago_price=before[1], week_ago_date=before[0]))
    return movers


def movers_by_country(movers: list[Mover], per_side: int) -> list[CountryMovers]:
    grouped: dict[tuple[str, str], list[Mover]] = defaultdict(list)
    for mover in movers:
        grouped[(mover.quote.city.country_code, mover.quote.city.country_name)].append(mover)
    result = []
    for (code, name), items in sorted(grouped.items(), key=lambda kv: kv[0][1]):
        by_change = sorted(items, key=lambda m: (m.change_percent, m.quote.material.name))
        risers = [m for m in reversed(by_change) if m.change_percent > 0][:per_side]
        fallers = [m for m in by_change if m.change_percent < 0][:per_side]
        result.append(CountryMovers(code=code, name=name, risers=risers, fallers=fallers))
    return result


def most_tracked(
    quotes: list[Quote], rates: dict[str, Decimal], limit: int
) -> list[TrackedMaterial]:
    by_material: dict[int, list[Quote]] = defaultdict(list)
    for quote in quotes:
        by_material[quote.material.id].append(quote)
    tracked = []
    for items in by_material.values():
        usd = [v for q in items if (v := to_usd(q.price_per_kg, q.currency, rates)) is not None]
        tracked.append(
            TrackedMaterial(
                quote=items[0],
                city_count=len({q.city.id for q in items}),
                country_count=len({q.city.country_code for q in items}),
                average_usd=(sum(usd, Decimal(0)) / len(usd)).quantize(Decimal("0.01"))
                if usd
                else None,
            )
        )
    tracked.sort(key=lambda t: (-t.city_count, -t.country_count, t.quote.material.name))
    return tracked[:limit]


def market_insights(session: Session, *, per_side: int = 5, tracked_limit: int = 10) -> Insights:
    newest = newest_price_date(session)
    if newest is None:
        return Insights(as_of=None, compared_with=None, countries=[], most_tracked=[])
    quotes = latest_quotes(session)
    compared_with = newest - WEEK
    movers = week_movers(quotes, prices_on_or_before(session, compared_with))
    return Insights(
        as_of=newest,
        compared_with=compared_with,
        countries=movers_by_country(movers, per_side),
        most_tracked=most_tracked(quotes, latest_usd_rates(session), tracked_limit),
    )

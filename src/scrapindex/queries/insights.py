"""Market insights from stored prices: the week's movers per country and the most-tracked materials.

Everything is counted back from the newest stored price day, so an old data set still reads as
"the week up to its last update" rather than as an empty week.
"""

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import func, select, type_coerce
from sqlalchemy.orm import Session, aliased

from scrapindex.models import CurrentPrice, Price
from scrapindex.queries.prices import (
    CityInfo,
    MaterialInfo,
    city_infos,
    latest_usd_rates,
    material_infos,
    to_usd,
)

WEEK = dt.timedelta(days=7)
# A series without a price in the week before the comparison day has no weekly change.
LOOKBACK = dt.timedelta(days=7)


@dataclass(frozen=True)
class Mover:
    material: MaterialInfo
    city: CityInfo
    currency: str
    price_per_kg: Decimal
    price_date: dt.date
    week_ago_price: Decimal
    week_ago_date: dt.date

    @property
    def change_percent(self) -> float:
        return round(
            float((self.price_per_kg - self.week_ago_price) / self.week_ago_price * 100), 1
        )


@dataclass(frozen=True)
class CountryMovers:
    code: str
    name: str
    risers: list[Mover]
    fallers: list[Mover]


@dataclass(frozen=True)
class TrackedMaterial:
    material: MaterialInfo
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


@dataclass(frozen=True)
class SeriesWeek:
    """One series' current price and its price a week before (None when it has none)."""

    material: MaterialInfo
    city: CityInfo
    currency: str
    price_per_kg: Decimal
    price_date: dt.date
    week_ago_price: Decimal | None
    week_ago_date: dt.date | None


def series_weeks(session: Session, compared_with: dt.date) -> list[SeriesWeek]:
    """Every current series with its last price on or before ``compared_with`` (a week back).

    Read from current_prices in the board's order (city, material); the week-ago price is a
    correlated subquery seeking the (material, city, date) key, newest first. Reading the
    week's prices of every series (as this did) grew with the history.
    """
    before = aliased(Price)
    in_week = (
        select(before.id)
        .where(
            before.material_id == CurrentPrice.material_id,
            before.city_id == CurrentPrice.city_id,
            before.price_date <= compared_with,
            before.price_date > compared_with - LOOKBACK,
        )
        .order_by(before.price_date.desc())
        .limit(1)
    )

    def week_ago(column: str) -> Any:
        return in_week.with_only_columns(getattr(before, column)).scalar_subquery()

    rows = session.execute(
        select(
            CurrentPrice.material_id,
            CurrentPrice.city_id,
            CurrentPrice.price_per_kg,
            CurrentPrice.currency,
            CurrentPrice.price_date,
            type_coerce(week_ago("price_per_kg"), Price.price_per_kg.type),
            type_coerce(week_ago("price_date"), Price.price_date.type),
        ).order_by(CurrentPrice.city_id, CurrentPrice.material_id)
    ).all()
    materials = material_infos(session)
    cities = city_infos(session)
    return [
        SeriesWeek(materials[m], cities[c], currency, price, day, before_price, before_day)
        for m, c, price, currency, day, before_price, before_day in rows
    ]


def week_movers(series: list[SeriesWeek]) -> list[Mover]:
    movers = []
    for row in series:
        if row.week_ago_price is None or row.week_ago_date is None:
            continue
        if row.week_ago_price == 0 or row.week_ago_date >= row.price_date:
            continue
        movers.append(
            Mover(
                material=row.material,
                city=row.city,
                currency=row.currency,
                price_per_kg=row.price_per_kg,
                price_date=row.price_date,
                week_ago_price=row.week_ago_price,
                week_ago_date=row.week_ago_date,
            )
        )
    return movers


def movers_by_country(movers: list[Mover], per_side: int) -> list[CountryMovers]:
    grouped: dict[tuple[str, str], list[Mover]] = defaultdict(list)
    for mover in movers:
        grouped[(mover.city.country_code, mover.city.country_name)].append(mover)
    result = []
    for (code, name), items in sorted(grouped.items(), key=lambda kv: kv[0][1]):
        changes = [(m.change_percent, m) for m in items]  # each computed once
        by_change = sorted(changes, key=lambda cm: (cm[0], cm[1].material.name))
        risers = [m for change, m in reversed(by_change) if change > 0][:per_side]
        fallers = [m for change, m in by_change if change < 0][:per_side]
        result.append(CountryMovers(code=code, name=name, risers=risers, fallers=fallers))
    return result


def most_tracked(
    series: list[SeriesWeek], rates: dict[str, Decimal], limit: int
) -> list[TrackedMaterial]:
    by_material: dict[int, list[SeriesWeek]] = defaultdict(list)
    for row in series:
        by_material[row.material.id].append(row)
    tracked = []
    for items in by_material.values():
        usd = [v for q in items if (v := to_usd(q.price_per_kg, q.currency, rates)) is not None]
        tracked.append(
            TrackedMaterial(
                material=items[0].material,
                city_count=len({q.city.id for q in items}),
                country_count=len({q.city.country_code for q in items}),
                average_usd=(sum(usd, Decimal(0)) / len(usd)).quantize(Decimal("0.01"))
                if usd
                else None,
            )
        )
    tracked.sort(key=lambda t: (-t.city_count, -t.country_count, t.material.name))
    return tracked[:limit]


def market_insights(session: Session, *, per_side: int = 5, tracked_limit: int = 10) -> Insights:
    newest = newest_price_date(session)
    if newest is None:
        return Insights(as_of=None, compared_with=None, countries=[], most_tracked=[])
    compared_with = newest - WEEK
    series = series_weeks(session, compared_with)
    return Insights(
        as_of=newest,
        compared_with=compared_with,
        countries=movers_by_country(week_movers(series), per_side),
        most_tracked=most_tracked(series, latest_usd_rates(session), tracked_limit),
    )

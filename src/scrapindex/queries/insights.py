"""Market insights from stored prices: the week's movers per country and the most-tracked materials.

Everything is counted back from the newest stored price day, so an old data set still reads as
"the week up to its last update" rather than as an empty week.
"""

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import (
    Select,
    and_,
    func,
    or_,
    select,
)
from sqlalchemy.orm import Session, aliased

from scrapindex.formatting import percent_change
from scrapindex.models import City, CurrentPrice, MaterialMarketFigures, Price, Source
from scrapindex.price_kinds import measures_a_move_in_sql
from scrapindex.queries.current_prices import WEEK
from scrapindex.queries.prices import (
    USD_CENT,
    CityInfo,
    MaterialInfo,
    city_infos,
    dollars,
    latest_usd_rates,
    material_infos,
)


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
        return percent_change(self.price_per_kg, self.week_ago_price)


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
    average_usd: Decimal | None  # of the prices rounded to the cent
    average_usd_exact: Decimal | None  # of the unrounded prices (price x rate)


@dataclass(frozen=True)
class Insights:
    as_of: dt.date | None
    compared_with: dt.date | None
    countries: list[CountryMovers]
    most_tracked: list[TrackedMaterial]


def newest_price_date(session: Session) -> dt.date | None:
    return session.execute(select(func.max(Price.price_date))).scalar_one_or_none()


# A candidate's change in whole tenths of a percent, as the database rounds it: within one
# tenth of Mover.change_percent (Decimal, then float, then round), so ranking on it with a
# margin of two tenths keeps every mover the exact ranking can show.
MARGIN_TENTHS = 2


def candidate_movers(session: Session, per_side: int) -> list[Mover]:
    """The series that can be among a country's ``per_side`` risers or fallers, board order.

    The database ranks each country's distinct changes over the week (in whole tenths, as
    refresh_current_prices stores them) with dense_rank, keeping the series whose change ranks
    within ``per_side`` plus a margin on either side: the exact change, its rounding and the
    ties by name are then settled on these few rows as before. Ranking the few hundred
    distinct changes rather than every series spares two sorts of all of them.
    """
    changes = week_changes().distinct().subquery("changes")
    ranked = select(
        changes,
        func.dense_rank()
        .over(partition_by=changes.c.country_code, order_by=changes.c.tenths.desc())
        .label("rise_rank"),
        func.dense_rank()
        .over(partition_by=changes.c.country_code, order_by=changes.c.tenths.asc())
        .label("fall_rank"),
    ).subquery("ranked")
    keep = per_side + MARGIN_TENTHS
    kept = (
        select(ranked.c.country_code, ranked.c.tenths)
        .where(
            or_(
                and_(ranked.c.tenths >= 0, ranked.c.rise_rank <= keep),
                and_(ranked.c.tenths <= 0, ranked.c.fall_rank <= keep),
            )
        )
        .subquery("kept")
    )
    rows = session.execute(
        week_changes()
        .with_only_columns(
            CurrentPrice.material_id,
            CurrentPrice.city_id,
            CurrentPrice.price_per_kg,
            CurrentPrice.currency,
            CurrentPrice.price_date,
            CurrentPrice.week_ago_price,
            CurrentPrice.week_ago_date,
        )
        .join(
            kept,
            and_(
                kept.c.country_code == City.country_code,
                kept.c.tenths == CurrentPrice.change_tenths,
            ),
        )
        .order_by(CurrentPrice.city_id, CurrentPrice.material_id)
    ).all()
    materials = material_infos(session)
    cities = city_infos(session, {row.city_id for row in rows})
    return [
        Mover(
            material=materials[row.material_id],
            city=cities[row.city_id],
            currency=row.currency,
            price_per_kg=row.price_per_kg,
            price_date=row.price_date,
            week_ago_price=row.week_ago_price,
            week_ago_date=row.week_ago_date,
        )
        for row in rows
    ]


def week_changes() -> Select[str, int | None]:
    """Every series' country and change over the week in whole tenths of a percent (see
    refresh_current_prices), for the series that have one and whose week-ago price measures a
    move of the current one (an estimate against an estimate only: see measures_a_move)."""
    now, now_source = aliased(Price), aliased(Source)
    then, then_source = aliased(Price), aliased(Source)
    week_ago_row = and_(
        then.material_id == CurrentPrice.material_id,
        then.city_id == CurrentPrice.city_id,
        then.price_date == CurrentPrice.week_ago_date,
    )
    return (
        select(City.country_code, CurrentPrice.change_tenths.label("tenths"))
        .join(City, City.id == CurrentPrice.city_id)
        .join(now, now.id == CurrentPrice.price_id)
        .join(now_source, now_source.id == now.source_id)
        .join(then, week_ago_row)
        .join(then_source, then_source.id == then.source_id)
        .where(
            CurrentPrice.change_tenths.is_not(None),
            measures_a_move_in_sql(now_source.kind, then_source.kind),
        )
    )


def movers_by_country(movers: list[Mover], per_side: int) -> list[CountryMovers]:
    """Each country's ``per_side`` biggest risers and fallers, countries by name.

    Ties: risers by change, then material name, both descending, then the board's order
    reversed; fallers by change and material name ascending, then the board's order.
    """
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


def most_tracked(session: Session, limit: int) -> list[TrackedMaterial]:
    """The materials quoted in the most cities (then countries, then by name), with the mean of
    their current prices in US dollars, each converted and rounded to the cent as ``to_usd``
    does, and the mean of the unrounded ones (exact_usd_means); prices in a currency without a
    rate are counted but not averaged.

    One row per material from material_market_figures; ties beyond the name go by the board's
    order (the first city quoting each, then the material's id).
    """
    figures = MaterialMarketFigures
    rows = session.execute(
        select(
            figures.material_id,
            figures.cities,
            figures.countries,
            figures.total_usd_cents,
            figures.priced_cities,
            figures.first_city_id,
        )
    ).all()
    materials = material_infos(session)
    ranked = sorted(
        rows,
        key=lambda row: (
            -row.cities,
            -row.countries,
            materials[row.material_id].name,
            row.first_city_id,
            row.material_id,
        ),
    )[:limit]
    exact = exact_usd_means(session, [row.material_id for row in ranked])
    return [
        TrackedMaterial(
            material=materials[material_id],
            city_count=cities,
            country_count=countries,
            average_usd=None
            if total is None
            else (dollars(total) / priced_count).quantize(USD_CENT),
            average_usd_exact=exact.get(material_id),
        )
        for material_id, cities, countries, total, priced_count, _ in ranked
    ]


def exact_usd_means(session: Session, material_ids: list[int]) -> dict[int, Decimal]:
    """The mean of each material's current prices in US dollars, unrounded (price x the newest
    rate); materials without a priced series are left out.

    The prices are summed per currency in the database (exactly: NUMERIC, or SQLite's integer
    units) and each sum multiplied by its rate here, in Decimal: the sum of the products.
    """
    if not material_ids:
        return {}
    rates = latest_usd_rates(session)
    rows = session.execute(
        select(
            CurrentPrice.material_id,
            CurrentPrice.currency,
            func.sum(CurrentPrice.price_per_kg),
            func.count(),
        )
        .where(CurrentPrice.material_id.in_(material_ids))
        .group_by(CurrentPrice.material_id, CurrentPrice.currency)
    )
    totals: dict[int, Decimal] = defaultdict(Decimal)
    counts: dict[int, int] = defaultdict(int)
    for material_id, currency, total, count in rows:
        rate = rates.get(currency)
        if rate is not None:
            totals[material_id] += total * rate
            counts[material_id] += count
    return {material_id: totals[material_id] / counts[material_id] for material_id in totals}


def market_insights(session: Session, *, per_side: int = 5, tracked_limit: int = 10) -> Insights:
    newest = newest_price_date(session)
    if newest is None:
        return Insights(as_of=None, compared_with=None, countries=[], most_tracked=[])
    compared_with = newest - WEEK
    return Insights(
        as_of=newest,
        compared_with=compared_with,
        countries=movers_by_country(candidate_movers(session, per_side), per_side),
        most_tracked=most_tracked(session, tracked_limit),
    )

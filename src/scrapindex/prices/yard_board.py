"""The one way a yard's own price is written (kind ``yard``; DESIGN.md §7's rules, per yard).

A yard's owner posts today's buying prices (today in the yard's city's zone). In the caller's
transaction, ``post_board``:

- takes the price lock (scrapindex.prices.record.take_price_lock), so a post and the city's
  price writers take turns and each reads what the other committed;
- checks each line: a known material, given once, in a unit its sale unit allows
  (content/units.json), a price above nothing, converted exactly to what is stored (per kg, or
  per piece for a material sold by the piece, to four places);
- holds the yard's board to the publish checks the city's prices meet (publish_checks): a
  family's dearer grade may not stand below a cheaper one on the yard's own current board, and
  no price may be over 3x or under a third of the city's baseline (series_baseline);
- stores the prices (one row per yard, material and day: posting again the same day replaces
  the day's price), moves the data revision forward (cached pages and answers are made again)
  and audits ``yard-price.post`` with the board's prices before and after.

A refusal (BoardRefused) says every problem at once, and nothing is written. The city's own
prices are never touched: ``prices`` and current_prices are scrapindex.prices.record's alone,
and yard_prices this module's (tests/integration/test_price_writes.py holds both).
"""

import datetime as dt
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any, cast

from sqlalchemy import CursorResult, Select, delete, select
from sqlalchemy.orm import Session

from scrapindex import revision
from scrapindex.audit import record_audit
from scrapindex.data.estimate_table import load_estimate_table
from scrapindex.data.imports.checks import OUTLIER_FACTOR
from scrapindex.db import upsert
from scrapindex.formatting import SaleUnit, Unit, stored_price_text, stored_unit, unit_refusal
from scrapindex.hours import zone
from scrapindex.models import Material, ScrapYard, User, YardPrice
from scrapindex.prices.publish_checks import OutlierFlag, series_baseline
from scrapindex.prices.record import take_price_lock
from scrapindex.queries.price_reports import REPORT_BASELINE_DAYS, per_kg
from scrapindex.queries.yard_prices import PostedPrice, current_boards
from scrapindex.settings import Settings

AUDIT_ACTION = "yard-price.post"
AUDITED_AS = "scrap-yard"
MAX_PRICE = Decimal(1_000_000)  # in the unit given, as a price report may say
PRICE_STEP = Decimal("0.0001")  # the most precision a given price may have
# A yard's price is held to the city's baseline of up to a year back, as an approved report is:
# a city whose prices went stale still has a figure a yard's price can be far from.
BASELINE_DAYS = REPORT_BASELINE_DAYS


@dataclass(frozen=True)
class BoardLine:
    """One price as the owner gave it: in ``unit`` (kg, lb, t, ozt or piece)."""

    material_slug: str
    price: str  # decimal text, as typed
    unit: str


class BoardRefused(ValueError):
    """The post broke a rule; ``problems`` says each, and nothing was written."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(self.problems))


@dataclass(frozen=True)
class _Priced:
    """A line that passed its own checks: what will be stored."""

    material: Material
    price_per_kg: Decimal  # per piece for a material sold by the piece


@dataclass(frozen=True)
class PostReport:
    day: dt.date
    written: int


def remove_yard_prices(session: Session, yards: Select[Any]) -> int:
    """Delete every posted price of the yards ``yards`` selects (ids), for the yards' removal
    (the demo set's); the caller moves the revision. Returns how many went."""
    take_price_lock(session.connection())
    removed = session.execute(delete(YardPrice).where(YardPrice.yard_id.in_(yards)))
    return cast(CursorResult[Any], removed).rowcount


def yard_today(yard: ScrapYard, now: dt.datetime) -> dt.date:
    """The calendar day it is at the yard (its city's zone) at ``now``."""
    return now.astimezone(zone(yard.city.time_zone)).date()


def post_board(
    session: Session,
    yard: ScrapYard,
    lines: Sequence[BoardLine],
    actor: User | None,
    settings: Settings,
    now: dt.datetime,
) -> PostReport:
    """Check and store the yard's prices of today, in the session's transaction (uncommitted);
    BoardRefused, with nothing written, when a line or the board breaks a rule."""
    take_price_lock(session.connection())
    day = yard_today(yard, now)
    priced = _checked_lines(session, lines)
    board = _current_board(session, yard, day, settings.yard_price_max_age_days)
    problems = _order_problems(session, yard, board, priced, day, settings) + _band_problems(
        session, yard, priced, day
    )
    if problems:
        raise BoardRefused(problems)
    before = _audited(board, [line.material for line in priced])
    _store(session, yard, priced, day, actor, now)
    now_bought = _buying_now(yard, priced)
    revision.bump(session.connection())
    after: dict[str, Any] = {
        "yardId": yard.id,
        "day": day.isoformat(),
        "prices": {line.material.slug: _audited_price(line.price_per_kg, day) for line in priced},
    }
    if now_bought:
        after["nowBought"] = now_bought
    record_audit(
        session,
        actor,
        AUDIT_ACTION,
        AUDITED_AS,
        yard.id,
        {"yardId": yard.id, "prices": before},
        after,
    )
    return PostReport(day, len(priced))


def _buying_now(yard: ScrapYard, priced: Sequence[_Priced]) -> list[str]:
    """A price posted for a material is the yard saying it buys it: a profile that lists what
    the yard buys gains the posted materials it left out (else the calculator would mark the
    yard as not taking what it just priced). Returns the slugs added."""
    if yard.accepted_materials is None:
        return []
    added = sorted({line.material.slug for line in priced} - set(yard.accepted_materials))
    if added:
        yard.accepted_materials = sorted({*yard.accepted_materials, *added})
    return added


# A line's own checks ---------------------------------------------------------------------------


def _checked_lines(session: Session, lines: Sequence[BoardLine]) -> list[_Priced]:
    """Each line's material, unit and price; BoardRefused naming every line that is wrong."""
    if not lines:
        raise BoardRefused(["give at least one price"])
    slugs = {line.material_slug for line in lines}
    materials = {
        material.slug: material
        for material in session.scalars(select(Material).where(Material.slug.in_(slugs)))
    }
    problems: list[str] = []
    priced: list[_Priced] = []
    seen: set[str] = set()
    for number, line in enumerate(lines, start=1):
        checked = _checked_line(line, materials.get(line.material_slug), seen)
        seen.add(line.material_slug)
        if isinstance(checked, str):
            problems.append(f"line {number}: {checked}")
        else:
            priced.append(checked)
    if problems:
        raise BoardRefused(problems)
    return priced


def _checked_line(line: BoardLine, material: Material | None, seen: set[str]) -> _Priced | str:
    """What the line stores, or why it cannot."""
    if material is None:
        return f"no material '{line.material_slug}'"
    if line.material_slug in seen:
        return f"{material.name} is given twice: give one price per material"
    unit_problem = unit_refusal(line.unit, material.sale_unit, material.name)
    if unit_problem is not None:
        return unit_problem
    value = _price_value(line.price)
    if isinstance(value, str):
        return f"{material.name}: {value}"
    stored = per_kg(value, cast(Unit, line.unit))
    if stored <= 0:
        return f"{material.name}: the price is under 0.0001 a {stored_unit(material.sale_unit)}"
    return _Priced(material, stored)


def _price_value(text: str) -> Decimal | str:
    """The price ``text`` gives (a plain decimal, over 0, at most 1,000,000, four places), or
    why it is none."""
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        value = Decimal("NaN")
    if not value.is_finite():  # the text is not said back: it may be anything at all
        if "," in text:
            return "the price is no number: write it with a decimal point, e.g. 172.50"
        return "the price is no number: give it as e.g. 172.50"
    if value <= 0:
        return "the price must be more than 0"
    if value > MAX_PRICE:
        return "the price must be at most 1,000,000"
    if value != value.quantize(PRICE_STEP):
        return "give the price with at most 4 decimals"
    return value


# The board's checks ----------------------------------------------------------------------------


def _current_board(
    session: Session, yard: ScrapYard, day: dt.date, max_age_days: int
) -> dict[int, PostedPrice]:
    """The yard's current posted prices by material id, as they stand before this post."""
    board = current_boards(session, [yard.id], day, max_age_days).get(yard.id, [])
    return {price.material_id: price for price in board}


def _order_problems(
    session: Session,
    yard: ScrapYard,
    board: dict[int, PostedPrice],
    priced: list[_Priced],
    day: dt.date,
    settings: Settings,
) -> list[str]:
    """A family's dearer grade below a cheaper one on the yard's board as it would stand (its
    current prices with this post's over them), for pairs with a posted side; every pair of a
    family (families from the content's estimate table, dearest first), as the city's check."""
    posted = {line.material.slug: line for line in priced}
    standing = _standing(session, board, priced, day)
    problems = []
    for family in load_estimate_table(settings.content_dir).families.values():
        for dearer, cheaper in itertools.combinations(family, 2):
            if dearer not in posted and cheaper not in posted:
                continue
            high, low = standing.get(cheaper), standing.get(dearer)
            if high is None or low is None or high.sale_unit != low.sale_unit:
                continue
            if low.price < high.price:
                problems.append(_order_message(yard, low, high))
    return problems


@dataclass(frozen=True)
class _Standing:
    name: str
    sale_unit: SaleUnit
    price: Decimal
    day: dt.date


def _standing(
    session: Session, board: dict[int, PostedPrice], priced: list[_Priced], day: dt.date
) -> dict[str, _Standing]:
    """The board after the post, by material slug."""
    posted_ids = {line.material.id for line in priced}
    kept = [price for material_id, price in board.items() if material_id not in posted_ids]
    materials = _materials(session, [price.material_id for price in kept])
    standing = {
        materials[price.material_id].slug: _Standing(
            materials[price.material_id].name,
            materials[price.material_id].sale_unit,
            price.price_per_kg,
            price.price_date,
        )
        for price in kept
    }
    for line in priced:
        material = line.material
        standing[material.slug] = _Standing(
            material.name, material.sale_unit, line.price_per_kg, day
        )
    return standing


def _materials(session: Session, ids: list[int]) -> dict[int, Material]:
    if not ids:
        return {}
    return {m.id: m for m in session.scalars(select(Material).where(Material.id.in_(ids)))}


def _order_message(yard: ScrapYard, dearer: _Standing, cheaper: _Standing) -> str:
    """ "at Metro Metals, #1 Copper (R172.00/kg) is above Bare Bright Copper (R170.26/kg) on
    2026-11-29", in OrderBreak's words; each price with its own day when the two differ."""
    currency = yard.city.country.currency
    high = stored_price_text(cheaper.price, currency, cheaper.sale_unit)
    low = stored_price_text(dearer.price, currency, dearer.sale_unit)
    if cheaper.day == dearer.day:
        return (
            f"at {yard.name}, {cheaper.name} ({high}) is above {dearer.name} ({low}) "
            f"on {cheaper.day}"
        )
    return (
        f"at {yard.name}, {cheaper.name} ({high} on {cheaper.day}) is above "
        f"{dearer.name} ({low} on {dearer.day})"
    )


def _band_problems(
    session: Session, yard: ScrapYard, priced: list[_Priced], day: dt.date
) -> list[str]:
    """Posted prices over 3x or under a third of the city's baseline for the material (its
    latest feed or manual price, else its latest estimate, else its median; never a report),
    in OutlierFlag's words. A material the city has no price of is not held."""
    connection = session.connection()
    currency = yard.city.country.currency
    problems = []
    for line in priced:
        found = series_baseline(connection, line.material.id, yard.city_id, day, BASELINE_DAYS)
        if found is None or not found[1]:
            continue
        basis, baseline, baseline_day = found
        price = line.price_per_kg
        if baseline / OUTLIER_FACTOR <= price <= baseline * OUTLIER_FACTOR:
            continue
        flag = OutlierFlag(
            line.material.id,
            yard.city_id,
            line.material.name,
            yard.city.name,
            day,
            price,
            currency,
            basis,
            baseline,
            baseline_day,
            BASELINE_DAYS,
            line.material.sale_unit,
        )
        problems.append(flag.message())
    return problems


# Writing ---------------------------------------------------------------------------------------


def _store(
    session: Session,
    yard: ScrapYard,
    priced: list[_Priced],
    day: dt.date,
    actor: User | None,
    now: dt.datetime,
) -> None:
    rows = [
        {
            "yard_id": yard.id,
            "material_id": line.material.id,
            "price_date": day,
            "price_per_kg": line.price_per_kg,
            "currency": yard.city.country.currency,
            "posted_by": actor.id if actor else None,
            "posted_at": now,
        }
        for line in priced
    ]
    session.execute(
        upsert(
            session.connection(),
            YardPrice,
            rows,
            key=["yard_id", "material_id", "price_date"],
            values=["price_per_kg", "currency", "posted_by", "posted_at"],
        )
    )


def _audited(board: dict[int, PostedPrice], materials: list[Material]) -> dict[str, Any]:
    """The posted materials' current prices before the post (None: none current)."""
    found: dict[str, Any] = {}
    for material in materials:
        price = board.get(material.id)
        found[material.slug] = (
            None if price is None else _audited_price(price.price_per_kg, price.price_date)
        )
    return found


def _audited_price(price_per_kg: Decimal, day: dt.date) -> dict[str, str]:
    return {"pricePerKg": f"{price_per_kg:.4f}", "date": day.isoformat()}

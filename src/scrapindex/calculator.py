"""What is my scrap worth, and where should I sell it: the calculator's figures (issue 38).

The prices come from the queries the pages use: the city's shown board (latest_quotes), each
yard's current posted board (current_boards), the yards near a point (the directory's distance
in SQL). The rest is arithmetic here, exact in Decimal. Each money figure shown is rounded once,
to the cent, half up (as formatting.format_money rounds); a sum shown (a total, a yard's gross)
is the sum of the figures shown above it, so that a reader adding up a column gets it exactly.
"""

import datetime as dt
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from functools import cache
from pathlib import Path
from typing import Any, Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from scrapindex.data.estimate_table import load_estimate_table
from scrapindex.data.imports.yards import distance_km
from scrapindex.formatting import (
    CENT,
    GIVEN_UNITS,
    KM_PER_MILE,
    STORED_PER_UNIT,
    Unit,
    currency_symbol,
    format_money,
    price_text,
)
from scrapindex.hours import is_open_now, zone
from scrapindex.models import City, ScrapYard
from scrapindex.price_kinds import PRICE_KIND_LABELS, YARD_KIND
from scrapindex.queries.prices import MaterialInfo, Quote, latest_quotes
from scrapindex.queries.yard_prices import PostedPrice, current_boards
from scrapindex.queries.yards import Near, bounding_box, haversine_km

CALCULATOR_FILE = Path("reference") / "calculator.json"
DistanceUnit = Literal["km", "mi"]
TENTH = Decimal("0.1")
MAX_ITEMS = 20
MAX_AMOUNT = Decimal(1_000_000)
MAX_YARDS = 20
# An item as the query gives it: <material slug>:<amount>:<unit>, the amount with up to three
# decimals and no sign, exponent or leading zero. The API documents this pattern; parse_items
# refuses what it does not match, part by part, with a message that says which part.
SLUG = r"[a-z0-9][a-z0-9-]{0,79}"
AMOUNT = r"(?:0|[1-9][0-9]{0,6})(?:\.[0-9]{1,3})?"
UNITS: tuple[Unit, ...] = ("kg", "lb", "t", "ozt", "piece")
ITEM_PATTERN = rf"^{SLUG}:{AMOUNT}:(?:{'|'.join(UNITS)})$"
ITEM_EXAMPLE = "copper-1:12.5:kg"


# Reference data ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TripCostDefault:
    """A country's default cost of driving one km (or mile): an official published rate."""

    distance_unit: DistanceUnit
    per_distance: Decimal
    currency: str
    basis: str
    source_name: str
    source_url: str
    as_of: dt.date


@dataclass(frozen=True)
class Stripping:
    """What stripping an insulated grade gives: ``recovery`` of its weight as ``stripped_slug``."""

    stripped_slug: str
    recovery: Decimal
    recovery_low: Decimal
    recovery_high: Decimal
    source: str | None  # None: the recovery is an assumption, which ``basis`` explains
    basis: str


@dataclass(frozen=True)
class CalculatorReference:
    trip_costs: dict[str, TripCostDefault]  # by country code
    hints: dict[str, str]  # by material slug
    stripping: dict[str, Stripping]  # by the insulated grade's slug
    families: dict[str, list[str]]  # grades of one metal, dearest first (estimates.yaml)


@cache
def calculator_reference(content_dir: Path) -> CalculatorReference:
    """content/reference/calculator.json and the grade families, read once per content folder."""
    data: dict[str, Any] = json.loads((content_dir / CALCULATOR_FILE).read_text("utf-8"))
    return CalculatorReference(
        trip_costs={
            code: TripCostDefault(
                distance_unit=entry["distanceUnit"],
                per_distance=Decimal(entry["perDistance"]),
                currency=entry["currency"],
                basis=entry["basis"],
                source_name=entry["sourceName"],
                source_url=entry["sourceUrl"],
                as_of=dt.date.fromisoformat(entry["asOf"]),
            )
            for code, entry in data["tripCost"].items()
        },
        hints=dict(data["hints"]),
        stripping={
            slug: Stripping(
                stripped_slug=entry["strippedSlug"],
                recovery=Decimal(entry["recovery"]),
                recovery_low=Decimal(entry["recoveryLow"]),
                recovery_high=Decimal(entry["recoveryHigh"]),
                source=entry["source"],
                basis=entry["basis"],
            )
            for slug, entry in data["stripping"].items()
        },
        families=load_estimate_table(content_dir).families,
    )


# The request --------------------------------------------------------------------------------


class CalculatorRefused(ValueError):
    """The request cannot be answered as asked; the message says why (for a 422)."""


@dataclass(frozen=True)
class Item:
    material: MaterialInfo
    amount: Decimal
    amount_text: str  # as given
    unit: Unit

    @property
    def quantity(self) -> Decimal:
        """In the unit prices are stored per: kg, or pieces. Exact."""
        return self.amount * STORED_PER_UNIT[self.unit]


def parse_items(texts: Sequence[str], materials: Iterable[MaterialInfo]) -> list[Item]:
    """The items of the query, in order, or CalculatorRefused naming the first bad one."""
    if not texts:
        raise CalculatorRefused(
            f"item: give 1 to {MAX_ITEMS} items as material:amount:unit, e.g. {ITEM_EXAMPLE}"
        )
    if len(texts) > MAX_ITEMS:
        raise CalculatorRefused(f"item: at most {MAX_ITEMS} items, not {len(texts)}")
    by_slug = {material.slug: material for material in materials}
    items: list[Item] = []
    for number, text in enumerate(texts, start=1):
        try:
            item = parse_item(text, by_slug)
        except CalculatorRefused as refused:
            raise CalculatorRefused(f"item {number}: {refused}") from None
        earlier = next((n for n, i in enumerate(items, 1) if i.material == item.material), None)
        if earlier is not None:
            raise CalculatorRefused(
                f"item {number}: {item.material.slug} is also item {earlier}: "
                "give each material once"
            )
        items.append(item)
    return items


def parse_item(text: str, materials: Mapping[str, MaterialInfo]) -> Item:
    parts = text.split(":")
    if len(parts) != 3:
        raise CalculatorRefused(f"expected material:amount:unit, e.g. {ITEM_EXAMPLE}")
    slug, amount_text, unit = parts
    if not re.fullmatch(SLUG, slug):
        raise CalculatorRefused("the material must be a slug such as copper-1")
    material = materials.get(slug)
    if material is None:
        raise CalculatorRefused(f"no material '{slug}': use a slug from /api/materials")
    if unit not in UNITS:
        raise CalculatorRefused(f"the unit must be one of {', '.join(UNITS)}")
    if not re.fullmatch(AMOUNT, amount_text):
        raise CalculatorRefused("the amount must be a number such as 12.5, with up to 3 decimals")
    amount = Decimal(amount_text)
    if not 0 < amount <= MAX_AMOUNT:
        raise CalculatorRefused(f"the amount must be above 0 and at most {MAX_AMOUNT:,}")
    refusal = unit_refusal(material, unit)
    if refusal is not None:
        raise CalculatorRefused(refusal)
    if unit == "piece" and amount != amount.to_integral_value():
        raise CalculatorRefused("pieces are counted: give a whole number of pieces")
    return Item(material, amount, amount_text, unit)


def unit_refusal(material: MaterialInfo, unit: str) -> str | None:
    """Why ``material`` cannot be given in ``unit``: "catalytic-converters is priced per piece:
    give pieces, e.g. catalytic-converters:3:piece"; None when it can."""
    given = GIVEN_UNITS[material.sale_unit]
    slug = material.slug
    if material.sale_unit == "piece":
        if unit != "piece":
            return f"{slug} is priced per piece: give pieces, e.g. {slug}:3:piece"
        return None
    if unit not in given:
        units = ", ".join(given[:-1]) + f" or {given[-1]}"
        return f"{slug} is priced by weight: give {units}, e.g. {slug}:12.5:{given[0]}"
    return None


@dataclass(frozen=True)
class Origin:
    """Where distances are measured from: the city's centre or the visitor's location."""

    latitude: float
    longitude: float
    from_: Literal["city", "location"]


def nearest_city(session: Session, latitude: float, longitude: float) -> City:
    """The nearest of our cities to a point, wherever it is."""
    cities = session.scalars(select(City).order_by(City.id)).all()
    return min(cities, key=lambda c: distance_km(latitude, longitude, c.latitude, c.longitude))


def parse_local_time(text: str) -> dt.datetime:
    """``YYYY-MM-DDTHH:MM`` (a wall-clock time, no zone), or CalculatorRefused."""
    try:
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}", text):
            raise ValueError
        return dt.datetime.strptime(text, "%Y-%m-%dT%H:%M")
    except ValueError:
        raise CalculatorRefused(
            "at: expected a local time as YYYY-MM-DDTHH:MM, e.g. 2026-11-29T10:00"
        ) from None


@dataclass(frozen=True)
class CalculatorRequest:
    city: City
    origin: Origin
    items: list[Item]
    radius_km: float
    cost_per_distance: Decimal | None  # None: the country's default
    at: dt.datetime | None  # the wall-clock time in the city's zone; None: now
    now: dt.datetime  # aware


# The answer ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class CityAnswer:
    slug: str
    name: str
    country_code: str
    currency: str
    time_zone: str


@dataclass(frozen=True)
class TripCost:
    per_distance: Decimal
    default_per_distance: Decimal
    is_default: bool
    basis: str
    source_name: str
    source_url: str
    as_of: dt.date


@dataclass(frozen=True)
class LineMaterial:
    slug: str
    name: str
    sale_unit: str


@dataclass(frozen=True)
class CityPrice:
    price: Decimal  # to the cent
    price_exact: Decimal
    kind: str
    date: dt.date
    stale: bool


@dataclass(frozen=True)
class YardRange:
    low: Decimal
    high: Decimal
    yards: int


@dataclass(frozen=True)
class Line:
    material: LineMaterial
    amount: str
    unit: str
    quantity: str
    city_price: CityPrice | None
    value: Decimal | None
    yard_range: YardRange | None
    hint: str | None


@dataclass(frozen=True)
class YardLine:
    material_slug: str
    price: Decimal | None
    kind: str | None
    date: dt.date | None
    value: Decimal | None
    accepted: bool | None


@dataclass(frozen=True)
class YardAnswer:
    id: int
    name: str
    address: str
    latitude: float
    longitude: float
    distance: float
    trip_cost: Decimal
    gross: Decimal
    net: Decimal
    open_at: bool | None
    posted_on: dt.date | None
    lines: list[YardLine]
    not_accepted: list[str]


@dataclass(frozen=True)
class Tip:
    kind: Literal["strip-insulated", "sort-grades"]
    material_slug: str
    gain: Decimal
    text: str


@dataclass(frozen=True)
class Calculation:
    city: CityAnswer
    origin: Origin
    distance_unit: DistanceUnit
    at: str
    trip_cost: TripCost
    lines: list[Line]
    total: Decimal
    unpriced: list[str]
    yards: list[YardAnswer]
    tips: list[Tip]
    assumptions: list[str]


def cents(amount: Decimal) -> Decimal:
    return amount.quantize(CENT, ROUND_HALF_UP)


def exact_text(amount: Decimal) -> str:
    """An exact decimal as plain text without trailing zeros: 4.5359237, 10, 0.5."""
    text = f"{amount:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


# Yards near the origin ----------------------------------------------------------------------


@dataclass(frozen=True)
class NearbyYard:
    id: int
    name: str
    address: str
    latitude: float
    longitude: float
    weekly_hours: list[dict[str, Any]]
    accepted_materials: list[str] | None
    time_zone: str
    distance_km: float


def nearby_yards(session: Session, country_code: str, near: Near) -> list[NearbyYard]:
    """The country's yards within ``near``'s radius that are not permanently closed, with their
    straight-line distance, measured by the database as the directory measures it."""
    distance = haversine_km(near.latitude, near.longitude)
    query = (
        select(
            ScrapYard.id,
            ScrapYard.name,
            ScrapYard.address,
            ScrapYard.latitude,
            ScrapYard.longitude,
            ScrapYard.weekly_hours,
            ScrapYard.accepted_materials,
            City.time_zone,
            distance.label("distance_km"),
        )
        .join(City, City.id == ScrapYard.city_id)
        .where(
            City.country_code == country_code,
            ScrapYard.permanently_closed.is_(False),
            ScrapYard.left_source_at.is_(None),  # gone from its source: in no list
            bounding_box(near),
            distance <= near.radius_km,
        )
        .order_by(ScrapYard.id)
    )
    rows = session.execute(query)
    return [NearbyYard(**{**row._asdict(), "distance_km": float(row.distance_km)}) for row in rows]


def city_yard_ids(session: Session, city_id: int) -> list[int]:
    """The city's yards that are not permanently closed: whose posted prices make its range."""
    return list(
        session.scalars(
            select(ScrapYard.id).where(
                ScrapYard.city_id == city_id,
                ScrapYard.permanently_closed.is_(False),
                ScrapYard.left_source_at.is_(None),
            )
        )
    )


def shown_distance(km: float, unit: DistanceUnit) -> Decimal:
    """The distance as shown, in ``unit`` to a tenth (half up): what the trip cost multiplies."""
    exact = Decimal(km) if unit == "km" else Decimal(km) / KM_PER_MILE
    return exact.quantize(TENTH, ROUND_HALF_UP)


# The arithmetic -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Prices:
    """What the figures are made of: the city's board and the yards' current posted boards."""

    city: dict[str, Quote]  # by material slug
    posted: dict[int, dict[int, PostedPrice]]  # by yard id, then material id
    currency: str


def calculate(
    session: Session,
    request: CalculatorRequest,
    reference: CalculatorReference,
    *,
    stale_days: int,
    yard_price_max_age_days: int,
) -> Calculation:
    city = request.city
    currency = city.country.currency
    trip = trip_cost(reference, city.country_code, request.cost_per_distance)
    unit = reference.trip_costs[city.country_code].distance_unit
    local_zone = zone(city.time_zone)
    moment = (
        request.now.astimezone(local_zone)
        if request.at is None
        else request.at.replace(tzinfo=local_zone)
    )
    origin = request.origin
    yards = nearby_yards(
        session, city.country_code, Near(origin.latitude, origin.longitude, request.radius_km)
    )
    in_city = city_yard_ids(session, city.id)
    today = request.now.astimezone(local_zone).date()
    boards = current_boards(
        session, {y.id for y in yards} | set(in_city), today, yard_price_max_age_days
    )
    quotes = latest_quotes(
        session, city_id=city.id, stale_days=stale_days, today=request.now.astimezone(dt.UTC).date()
    )
    prices = Prices(
        city={quote.material.slug: quote for quote in quotes},
        posted={
            yard_id: {p.material_id: p for p in board if p.currency == currency}
            for yard_id, board in boards.items()
        },
        currency=currency,
    )
    lines = [
        line_answer(item, prices, [prices.posted.get(i, {}) for i in in_city], reference)
        for item in request.items
    ]
    ranked = sorted(
        (yard_answer(y, request.items, prices, trip, unit, moment) for y in yards),
        key=lambda y: (-y.net, y.distance, y.id),
    )
    return Calculation(
        city=CityAnswer(city.slug, city.name, city.country_code, currency, city.time_zone),
        origin=origin,
        distance_unit=unit,
        at=f"{moment:%Y-%m-%dT%H:%M}",
        trip_cost=trip,
        lines=lines,
        # The sum of the lines' shown (rounded) values: the column adds up to it.
        total=sum((line.value for line in lines if line.value is not None), Decimal(0)),
        unpriced=[line.material.slug for line in lines if line.city_price is None],
        yards=ranked[:MAX_YARDS],
        tips=strip_tips(request.items, prices, reference)
        + sort_tips(request.items, prices, reference),
        assumptions=assumptions(request, lines, trip, unit, moment, stale_days),
    )


def trip_cost(reference: CalculatorReference, country_code: str, given: Decimal | None) -> TripCost:
    default = reference.trip_costs[country_code]
    per_distance = default.per_distance if given is None else given
    return TripCost(
        per_distance=per_distance,
        default_per_distance=default.per_distance,
        is_default=per_distance == default.per_distance,
        basis=default.basis,
        source_name=default.source_name,
        source_url=default.source_url,
        as_of=default.as_of,
    )


def line_answer(
    item: Item,
    prices: Prices,
    city_boards: list[dict[int, PostedPrice]],
    reference: CalculatorReference,
) -> Line:
    slug, material_id = item.material.slug, item.material.id
    quote = prices.city.get(slug)
    posted = [board[material_id].price_per_kg for board in city_boards if material_id in board]
    return Line(
        material=LineMaterial(slug, item.material.name, item.material.sale_unit),
        amount=item.amount_text,
        unit=item.unit,
        quantity=exact_text(item.quantity),
        city_price=None if quote is None else city_price(quote),
        value=None if quote is None else cents(item.quantity * quote.price_per_kg),
        yard_range=YardRange(cents(min(posted)), cents(max(posted)), len(posted))
        if posted
        else None,
        hint=reference.hints.get(slug),
    )


def city_price(quote: Quote) -> CityPrice:
    return CityPrice(
        price=cents(quote.price_per_kg),
        price_exact=quote.price_per_kg,
        kind=quote.source_kind,
        date=quote.price_date,
        stale=quote.stale,
    )


def yard_answer(
    yard: NearbyYard,
    items: Sequence[Item],
    prices: Prices,
    trip: TripCost,
    unit: DistanceUnit,
    moment: dt.datetime,
) -> YardAnswer:
    board = prices.posted.get(yard.id, {})
    lines = [yard_line(item, board, prices, yard.accepted_materials) for item in items]
    distance = shown_distance(yard.distance_km, unit)
    trip_money = cents(2 * distance * trip.per_distance)
    # The gross is the sum of the lines' shown (rounded) values, the net that less the shown
    # trip cost: both exact sums of figures the answer shows.
    gross = sum((line.value for line in lines if line.value is not None), Decimal(0))
    return YardAnswer(
        id=yard.id,
        name=yard.name,
        address=yard.address,
        latitude=yard.latitude,
        longitude=yard.longitude,
        distance=float(distance),
        trip_cost=trip_money,
        gross=gross,
        net=gross - trip_money,
        open_at=is_open_now(yard.weekly_hours, yard.time_zone, moment),
        posted_on=max((p.price_date for p in board.values()), default=None),
        lines=lines,
        not_accepted=[line.material_slug for line in lines if line.accepted is False],
    )


def yard_line(
    item: Item,
    board: dict[int, PostedPrice],
    prices: Prices,
    accepted_materials: list[str] | None,
) -> YardLine:
    """The yard's own current price of the item, else the city's; nothing for a material the
    yard says it does not take. ``accepted`` is None when the yard has not said."""
    slug = item.material.slug
    accepted = None if accepted_materials is None else slug in accepted_materials
    posted, quote = board.get(item.material.id), prices.city.get(slug)
    if accepted is False or (posted is None and quote is None):
        return YardLine(slug, None, None, None, None, accepted)
    kind: str
    if posted is not None:
        exact, kind, date = posted.price_per_kg, YARD_KIND, posted.price_date
    else:
        assert quote is not None
        exact, kind, date = quote.price_per_kg, quote.source_kind, quote.price_date
    return YardLine(slug, cents(exact), kind, date, cents(item.quantity * exact), accepted)


# Tips ---------------------------------------------------------------------------------------


def percent(share: Decimal) -> str:
    return f"{(share * 100).normalize():f}"


def strip_tips(items: Sequence[Item], prices: Prices, reference: CalculatorReference) -> list[Tip]:
    """Insulated grades that would pay more stripped, at the city's prices: the stripped metal
    (quantity x recovery x the bare grade's price) less the insulated value, when positive."""
    tips = []
    for item in items:
        stripping = reference.stripping.get(item.material.slug)
        if stripping is None:
            continue
        insulated = prices.city.get(item.material.slug)
        bare = prices.city.get(stripping.stripped_slug)
        if insulated is None or bare is None:
            continue
        stripped = item.quantity * stripping.recovery * bare.price_per_kg
        gain = cents(stripped - item.quantity * insulated.price_per_kg)
        if gain <= 0:
            continue
        how = stripping.source or (
            f"usually {percent(stripping.recovery_low)}-{percent(stripping.recovery_high)}% "
            f"of the weight: {stripping.basis}"
        )
        tips.append(
            Tip(
                kind="strip-insulated",
                material_slug=item.material.slug,
                gain=gain,
                text=(
                    f"Stripping your {item.material.name.lower()} would pay about "
                    f"{format_money(gain, prices.currency)} more, if you have the time "
                    f"(recovery assumed {percent(stripping.recovery)}%, {how})."
                ),
            )
        )
    return tips


def sort_tips(items: Sequence[Item], prices: Prices, reference: CalculatorReference) -> list[Tip]:
    """Two or more grades of one family, all priced in the city: what keeping them apart pays
    over selling them mixed, which a yard pays at the lowest grade's price."""
    tips = []
    for grades in reference.families.values():
        family = sorted(
            (item for item in items if item.material.slug in grades),
            key=lambda item: grades.index(item.material.slug),
        )
        quotes = [prices.city.get(item.material.slug) for item in family]
        priced = [quote.price_per_kg for quote in quotes if quote is not None]
        if len(family) < 2 or len(priced) < len(family):
            continue
        lowest, lowest_price = family[-1], priced[-1]
        sorted_value = sum(
            (item.quantity * price for item, price in zip(family, priced, strict=True)),
            Decimal(0),
        )
        mixed_value = sum((item.quantity for item in family), Decimal(0)) * lowest_price
        gain = cents(sorted_value - mixed_value)
        if gain <= 0:
            continue
        others = [item.material.name for item in family[:-1]]
        kept = others[0] if len(others) == 1 else ", ".join(others[:-1]) + f" and {others[-1]}"
        lowest_text = price_text(lowest_price, prices.currency, "kg")
        tips.append(
            Tip(
                kind="sort-grades",
                material_slug=lowest.material.slug,
                gain=gain,
                text=(
                    f"Keeping your {kept} apart from your {lowest.material.name} would pay "
                    f"about {format_money(gain, prices.currency)} more: a yard pays a mixed "
                    f"load at its lowest grade ({lowest.material.name} at {lowest_text})."
                ),
            )
        )
    return tips


# What the figures assume --------------------------------------------------------------------


def per_distance_text(amount: Decimal, currency: str) -> str:
    """A cost per km or mile at its own precision, at least to the cent: "$0.725", "R4.76"."""
    places = -int(amount.as_tuple().exponent)
    shown = amount if places > 2 else amount.quantize(CENT)
    return f"{currency_symbol(currency)}{shown:f}"


def assumptions(
    request: CalculatorRequest,
    lines: Sequence[Line],
    trip: TripCost,
    unit: DistanceUnit,
    moment: dt.datetime,
    stale_days: int,
) -> list[str]:
    city = request.city
    currency = city.country.currency
    origin = "your location" if request.origin.from_ == "location" else f"the centre of {city.name}"
    rate = f"{per_distance_text(trip.per_distance, currency)} per {unit}"
    default = f"{per_distance_text(trip.default_per_distance, currency)} per {unit}"
    said = [
        f"Distances are straight lines from {origin}, not road distances: the drive is longer.",
        f"Trip cost: there and back, 2 x distance x {rate}. {trip.basis}"
        if trip.is_default
        else f"Trip cost: there and back, 2 x distance x {rate}, your figure (the default is "
        f"{default}: {trip.source_name}).",
        f"Yards: those in {city.country.name} within {request.radius_km:g} km that are not "
        f"permanently closed, at most {MAX_YARDS}, the best take-home first.",
    ]
    kinds = sorted({line.city_price.kind for line in lines if line.city_price is not None})
    if kinds:
        labels = ", ".join(PRICE_KIND_LABELS.get(kind, kind) for kind in kinds)
        said.append(
            f"Values use {city.name}'s shown prices ({labels}); at a yard with its own current "
            "posted price, that price is used for that yard."
        )
    stale = [line.material.name for line in lines if line.city_price and line.city_price.stale]
    if stale:
        said.append(
            f"Some of {city.name}'s prices are older than {stale_days} days "
            f"({', '.join(stale)}): check them with the yard."
        )
    unpriced = [line.material.name for line in lines if line.city_price is None]
    if unpriced:
        said.append(
            f"{city.name} has no price for {', '.join(unpriced)}: it counts 0 in the total, and "
            "at a yard only where the yard posts a price."
        )
    said.append(
        f"Open or closed at {moment:%Y-%m-%d %H:%M} ({city.name} time) is read from each yard's "
        "listed hours; a yard without hours shows as unknown."
    )
    said.append(
        "A yard that has not said which materials it takes is counted as taking them all: "
        "ask before you go."
    )
    return said

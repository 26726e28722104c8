"""Where a price came from, and which kind wins when two give the same series a price for a day.

A stored price is the one the site shows for its day, so precedence is applied when prices are
written: an estimate never replaces a feed's, manual or reported price, and a feed's price
replaces an estimate or demo price of the same day.
"""

import json
from typing import Literal

from sqlalchemy import ColumnElement, or_
from sqlalchemy.orm import InstrumentedAttribute

from scrapindex.settings import PROJECT_ROOT

# "yard": a price a yard posted itself (models.YardPrice). It is per yard and never enters the
# city's prices, so it has no place in TRUST: the city's shown price is the market view.
PriceKind = Literal["feed", "manual", "report", "estimate", "demo", "yard"]
PRICE_KINDS: tuple[PriceKind, ...] = ("feed", "manual", "report", "estimate", "demo", "yard")
YARD_KIND: PriceKind = "yard"
DEMO_KIND: PriceKind = "demo"  # the generated demo data set's source
ESTIMATE_KIND: PriceKind = "estimate"  # computed from a market reference and a rate

# Higher is more trusted; feed and manual prices are both what someone stands behind.
TRUST: dict[str, int] = {"feed": 4, "manual": 4, "report": 3, "estimate": 2, "demo": 1}


def outranks(kind: str, other: str) -> bool:
    """True when a price of ``kind`` may not be replaced by one of ``other``."""
    return TRUST.get(kind, 0) > TRUST.get(other, 0)


def measures_a_move(kind: str, previous_kind: str | None) -> bool:
    """Whether a change from a price of ``previous_kind`` to one of ``kind`` is a market move.
    An estimate is compared with an estimate only: against a demo, report or feed price its
    change would be the difference of two methods (R150 demo, then R154 from the formula,
    showed "+2.4%" on an estimate whose inputs had not changed)."""
    return kind != ESTIMATE_KIND or previous_kind == ESTIMATE_KIND


def measures_a_move_in_sql(
    kind: ColumnElement[str] | InstrumentedAttribute[str],
    previous_kind: ColumnElement[str] | InstrumentedAttribute[str],
) -> ColumnElement[bool]:
    """measures_a_move, for a query that compares stored prices."""
    return or_(kind != ESTIMATE_KIND, previous_kind == ESTIMATE_KIND)


def _labels() -> dict[str, str]:
    """What the pages call each kind; content/price-kinds.json is shared with the browser."""
    path = PROJECT_ROOT / "content" / "price-kinds.json"
    labels: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return labels


PRICE_KIND_LABELS = _labels()

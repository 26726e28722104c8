"""Taking the demo data set out, in one transaction: every row whose source is of the demo kind
(prices, exchange rates, market references, yards) and what hangs on a demo yard, leaving real
rows as they are.

What goes, and why:
- prices of a demo source, through the price-write service (their estimate formulas with them;
  the shown prices of their series rebuilt from what is left: a real price or estimate of the
  series takes over, else the series shows nothing). Estimates stay: they never rest on demo
  data (data/estimates.py takes only real exchange rates and market references).
- demo exchange rates and market references (the market figures made again).
- demo yards, with their opening spans, posted prices, owners' links, claims and suggested
  corrections; a price report keeps its city and loses its yard link; a register entry matched
  to a demo yard stays, unmatched.
- the demo sources themselves, once nothing names them.

Places, materials, legal rules, accounts, alerts and the audit log are not demo rows and stay.
Nothing of the demo is kept on disk (the seed records no import runs), so no file goes. The
demo notice follows by itself: it shows while any shown price is from a demo source.
"""

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    CursorResult,
    Delete,
    Engine,
    Select,
    Update,
    delete,
    func,
    select,
    update,
)
from sqlalchemy.orm import Session

from scrapindex import revision
from scrapindex.models import (
    FxRate,
    MarketPrice,
    Price,
    PriceReport,
    ScrapYard,
    Source,
    YardClaim,
    YardLicence,
    YardOpenHours,
    YardOwner,
    YardSuggestion,
)
from scrapindex.price_kinds import DEMO_KIND
from scrapindex.prices.record import begin_price_write, publish
from scrapindex.prices.yard_board import remove_yard_prices
from scrapindex.settings import Settings


@dataclass
class DemoRemoval:
    """Rows removed (or, for links, cleared) per table, in the order they went."""

    counts: dict[str, int] = field(default_factory=dict)
    dry_run: bool = False

    @property
    def total(self) -> int:
        return sum(self.counts.values())


def remove_demo(engine: Engine, settings: Settings, *, dry_run: bool = False) -> DemoRemoval:
    """Remove the demo set in one transaction; ``dry_run`` counts the same and rolls back."""
    removal = DemoRemoval(dry_run=dry_run)
    with Session(engine) as session:
        session.begin()
        demo = select(Source.id).where(Source.kind == DEMO_KIND)
        yards = select(ScrapYard.id).where(ScrapYard.source_id.in_(demo))
        _remove_yards(session, yards, removal)
        _remove_prices(session, settings, demo, removal)
        removal.counts["sources"] = _rows(session, delete(Source).where(Source.kind == DEMO_KIND))
        if removal.total and not dry_run:
            revision.bump(session.connection())
        if dry_run:
            session.rollback()
        else:
            session.commit()
    return removal


def _remove_yards(session: Session, yards: Select[Any], removal: DemoRemoval) -> None:
    counts = removal.counts
    counts["yard_prices"] = remove_yard_prices(session, yards)
    for name, model in (
        ("yard_open_hours", YardOpenHours),
        ("yard_owners", YardOwner),
        ("yard_claims", YardClaim),
        ("yard_suggestions", YardSuggestion),
    ):
        counts[name] = _rows(session, delete(model).where(model.yard_id.in_(yards)))
    linked = PriceReport.yard_id.in_(yards)
    counts["price_reports (yard link cleared)"] = _rows(
        session, update(PriceReport).where(linked).values(yard_id=None)
    )
    matched = YardLicence.yard_id.in_(yards)
    counts["yard_licences (match cleared)"] = _rows(
        session,
        update(YardLicence).where(matched).values(yard_id=None, match_score=None, match_reasons=[]),
    )
    counts["scrap_yards"] = _rows(session, delete(ScrapYard).where(ScrapYard.id.in_(yards)))


def _remove_prices(
    session: Session, settings: Settings, demo: Select[Any], removal: DemoRemoval
) -> None:
    # Removing rows is no new value: the publish checks (outliers, grade order) are for those.
    write = begin_price_write(session.connection(), override=True)
    removal.counts["prices"] = write.remove(select(Price.id).where(Price.source_id.in_(demo)))
    removal.counts["fx_rates"] = _rows(session, delete(FxRate).where(FxRate.source_id.in_(demo)))
    removal.counts["market_prices"] = _rows(
        session, delete(MarketPrice).where(MarketPrice.source_id.in_(demo))
    )
    if removal.counts["fx_rates"] or removal.counts["market_prices"]:
        write.touched_exchange_rates()  # the market figures are made again
    publish(write, settings)


def _rows(session: Session, statement: Delete | Update) -> int:
    result = session.execute(statement)
    return int(result.rowcount) if isinstance(result, CursorResult) else 0


def demo_rows_left(engine: Engine) -> int:
    """Rows that still name a demo source (prices, rates, references, yards)."""
    demo = select(Source.id).where(Source.kind == DEMO_KIND)
    with engine.connect() as connection:
        return sum(
            connection.execute(
                select(func.count()).select_from(model).where(model.source_id.in_(demo))
            ).scalar_one()
            for model in (Price, FxRate, MarketPrice, ScrapYard)
        )

"""Evaluating the confirmed above/below alerts against the current prices, in the database.

Each alert keeps the side of its threshold the price stood on at the last evaluation
(``is_beyond``). One query joins the alerts to ``current_prices`` and returns only the alerts
whose side changed, that is the series that moved across a threshold since: an alert whose
price went beyond its threshold fires (one mail), one whose price came back re-arms, and one
never evaluated (no price when it was confirmed) takes the price's side without firing. So an
alert fires once per crossing, not every day the price stays beyond.

The state change is a conditional UPDATE ... RETURNING (only rows still on the old side), and
each fired alert's mail is queued in that same transaction: two evaluations running at once
never send one crossing twice. Evaluation runs after every price update (``scrapindex prices
import / estimate / update``, a report's approval, an import override) and every few minutes
from ``scrapindex schedule``, which catches up with any update that happened elsewhere.
"""

import datetime as dt
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, and_, case, or_, select, tuple_, update
from sqlalchemy.orm import Session

from scrapindex.alerts.links import mail_links, unsubscribe_headers
from scrapindex.alerts.wording import describe, threshold_text
from scrapindex.formatting import STORED_PER_UNIT, UNIT_SUFFIXES, Unit, format_price
from scrapindex.mail.outbox import enqueue
from scrapindex.models import City, Country, CurrentPrice, Material, Price, PriceAlert
from scrapindex.paths import place_path
from scrapindex.settings import Settings

FIRED_KIND = "alert-fired"
CHUNK = 1000  # ids per IN (...) list
T = TypeVar("T")


@dataclass
class EvaluationReport:
    fired: int = 0
    rearmed: int = 0
    started: int = 0  # took their first side without firing

    def __add__(self, other: "EvaluationReport | None") -> "EvaluationReport":
        if other is None:
            return self
        return EvaluationReport(
            self.fired + other.fired, self.rearmed + other.rearmed, self.started + other.started
        )


def _current() -> Any:
    return (
        select(
            CurrentPrice.material_id,
            CurrentPrice.city_id,
            Price.id.label("price_id"),
            Price.price_per_kg,
            Price.currency,
        )
        .join(Price, Price.id == CurrentPrice.price_id)
        .subquery("current")
    )


def _beyond(price: Any) -> Any:
    return case(
        (PriceAlert.kind == "above", price > PriceAlert.threshold_per_kg),
        else_=price < PriceAlert.threshold_per_kg,
    )


def set_baseline(session: Session, alert: PriceAlert) -> None:
    """The side of the threshold the current price stands on, without firing."""
    current = session.execute(
        select(Price.id, Price.price_per_kg)
        .join(CurrentPrice, CurrentPrice.price_id == Price.id)
        .where(
            CurrentPrice.material_id == alert.material_id,
            CurrentPrice.city_id == alert.city_id,
            Price.currency == alert.currency,
        )
    ).first()
    if current is None or alert.threshold_per_kg is None:
        return
    price = current.price_per_kg
    above = alert.kind == "above"
    alert.is_beyond = price > alert.threshold_per_kg if above else price < alert.threshold_per_kg
    alert.last_price_id = current.id


def evaluate_alerts(engine: Engine, settings: Settings, now: dt.datetime) -> EvaluationReport:
    """Fire, re-arm or start every confirmed above/below alert whose side changed; one
    transaction, mails included. The schedule's catch-up; a price write evaluates its own
    series in its transaction (scrapindex.prices.record)."""
    with engine.begin() as connection:
        return evaluate_alerts_in(connection, settings, now)


def evaluate_alerts_in(
    connection: Connection,
    settings: Settings,
    now: dt.datetime,
    series: Collection[tuple[int, int]] | None = None,
) -> EvaluationReport:
    """As evaluate_alerts, in the caller's transaction, for the (material id, city id)
    ``series`` only when given."""
    report = EvaluationReport()
    current = _current()
    now_beyond = _beyond(current.c.price_per_kg)
    changed = (
        select(PriceAlert.id, PriceAlert.is_beyond, now_beyond.label("now_beyond"))
        .join(
            current,
            and_(
                current.c.material_id == PriceAlert.material_id,
                current.c.city_id == PriceAlert.city_id,
                current.c.currency == PriceAlert.currency,
            ),
        )
        .where(
            PriceAlert.kind.in_(("above", "below")),
            PriceAlert.confirmed_at.is_not(None),
            or_(PriceAlert.is_beyond.is_(None), PriceAlert.is_beyond != now_beyond),
        )
    )
    rows: list[Any] = []
    for chunk in [None] if series is None else _chunks(sorted(series)):
        query = changed
        if chunk is not None:
            query = changed.where(
                tuple_(PriceAlert.material_id, PriceAlert.city_id).in_(list(chunk))
            )
        rows.extend(connection.execute(query).all())
    fire = [row.id for row in rows if row.now_beyond and row.is_beyond is False]
    rearm = [row.id for row in rows if not row.now_beyond and row.is_beyond is True]
    start = [(row.id, bool(row.now_beyond)) for row in rows if row.is_beyond is None]
    fired = _move(connection, fire, was=False, now=now, sent=True)
    report.fired = len(fired)
    report.rearmed = len(_move(connection, rearm, was=True, now=now, sent=False))
    for side in (True, False):
        ids = [alert_id for alert_id, beyond in start if beyond is side]
        report.started += len(_move(connection, ids, was=None, now=now, sent=False, to=side))
    _queue_fired_mail(connection, settings, fired, now)
    return report


def _chunks(ids: Sequence[T]) -> Iterator[Sequence[T]]:
    for start in range(0, len(ids), CHUNK):
        yield ids[start : start + CHUNK]


def _move(
    connection: Connection,
    ids: Sequence[int],
    *,
    was: bool | None,
    now: dt.datetime,
    sent: bool,
    to: bool | None = None,
) -> list[int]:
    """Set the alerts' side (to the opposite of ``was``) where it is still ``was``; the ids of
    the rows changed."""
    new_side = (not was) if was is not None else to
    still = PriceAlert.is_beyond.is_(None) if was is None else PriceAlert.is_beyond.is_(was)
    price_now = (
        select(CurrentPrice.price_id)
        .where(
            CurrentPrice.material_id == PriceAlert.material_id,
            CurrentPrice.city_id == PriceAlert.city_id,
        )
        .scalar_subquery()
    )
    values: dict[str, Any] = {"is_beyond": new_side, "last_price_id": price_now}
    if sent:
        values["last_sent_at"] = now
    moved: list[int] = []
    for chunk in _chunks(ids):
        result = connection.execute(
            update(PriceAlert)
            .where(PriceAlert.id.in_(chunk), still)
            .values(**values)
            .returning(PriceAlert.id)
        )
        moved.extend(result.scalars())
    return moved


def _queue_fired_mail(
    connection: Connection, settings: Settings, ids: Sequence[int], now: dt.datetime
) -> None:
    for chunk in _chunks(sorted(ids)):
        rows = connection.execute(
            select(
                PriceAlert.id,
                PriceAlert.nonce,
                PriceAlert.email,
                PriceAlert.kind,
                PriceAlert.threshold,
                PriceAlert.unit,
                PriceAlert.currency,
                Material.name.label("material"),
                City.name.label("city"),
                City.slug.label("city_slug"),
                City.country_code,
                Price.price_per_kg,
                Price.price_date,
            )
            .join(Material, Material.id == PriceAlert.material_id)
            .join(City, City.id == PriceAlert.city_id)
            .join(Country, Country.code == City.country_code)
            .join(Price, Price.id == PriceAlert.last_price_id)
            .where(PriceAlert.id.in_(chunk))
            .order_by(PriceAlert.id)
        ).all()
        for row in rows:
            unit: Unit = row.unit if row.unit in STORED_PER_UNIT else "kg"
            threshold = threshold_text(row.threshold or Decimal(0), unit, row.currency)
            price = format_price(row.price_per_kg, row.currency, unit) + UNIT_SUFFIXES[unit]
            what = describe(row.kind, row.material, row.city, threshold)
            enqueue(
                connection,
                FIRED_KIND,
                row.email,
                f"{row.material} in {row.city} is now {row.kind} {threshold}",
                FIRED_KIND,
                {
                    **mail_links(settings, row.id, row.nonce, row.email, now),
                    "what": what,
                    "material": row.material,
                    "city": row.city,
                    "direction": row.kind,
                    "threshold": threshold,
                    "price": price,
                    "price_date": row.price_date.isoformat(),
                    "city_url": settings.link_root() + place_path(row.country_code, row.city_slug),
                },
                unsubscribe_headers(settings, row.id, row.nonce, now),
                now=now,
            )

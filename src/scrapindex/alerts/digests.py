"""Daily and weekly digests of a city's prices, at a fixed local time of the city.

A daily digest goes out at DIGEST_TIME (07:00) in the city's time zone, a weekly one at that time
on Mondays. ``send_due_digests`` (run by ``scrapindex schedule`` every few minutes) queues the
digests whose period began since the last was sent, at most one per alert and local day (or
week): the UPDATE that stamps ``last_sent_at`` is conditional and the mail is queued in its
transaction, so two runs at once send one. A digest confirmed in the middle of a period starts
with the next one. A scheduler that was down sends the missed period's digest once, late.
"""

import datetime as dt
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import Connection, Engine, func, select, update

from scrapindex.alerts.links import mail_links, unsubscribe_headers
from scrapindex.alerts.wording import describe
from scrapindex.formatting import format_percent, percent_change, price_text
from scrapindex.mail.outbox import enqueue
from scrapindex.models import City, CurrentPrice, Material, Price, PriceAlert, Source
from scrapindex.paths import place_path
from scrapindex.price_kinds import PRICE_KIND_LABELS, measures_a_move
from scrapindex.settings import Settings

DIGEST_TIME = dt.time(7, 0)
DIGEST_KIND = "alert-digest"
WEEKLY_DAY = 0  # Monday


def period_start(kind: str, now: dt.datetime, time_zone: str) -> dt.datetime:
    """When the current period of a ``kind`` digest began in ``time_zone`` (aware, UTC)."""
    zone = ZoneInfo(time_zone)
    local = now.astimezone(zone)
    day = local.date()
    if kind == "digest-weekly":
        day -= dt.timedelta(days=(day.weekday() - WEEKLY_DAY) % 7)
    start = dt.datetime.combine(day, DIGEST_TIME, tzinfo=zone)
    if start > local:
        step = dt.timedelta(days=7 if kind == "digest-weekly" else 1)
        start = dt.datetime.combine(day - step, DIGEST_TIME, tzinfo=zone)
    return start.astimezone(dt.UTC)


def send_due_digests(engine: Engine, settings: Settings, now: dt.datetime) -> int:
    """Queue every digest due at ``now``; how many."""
    last = func.coalesce(PriceAlert.last_sent_at, PriceAlert.confirmed_at)
    with engine.connect() as connection:
        groups = connection.execute(
            select(PriceAlert.kind, City.time_zone)
            .join(City, City.id == PriceAlert.city_id)
            .where(PriceAlert.kind.in_(("digest-daily", "digest-weekly")))
            .where(PriceAlert.confirmed_at.is_not(None))
            .distinct()
        ).all()
    sent = 0
    for kind, time_zone in groups:
        start = period_start(kind, now, time_zone)
        in_city_zone = select(City.id).where(City.time_zone == time_zone).scalar_subquery()
        with engine.begin() as connection:
            stamped = connection.execute(
                update(PriceAlert)
                .where(
                    PriceAlert.kind == kind,
                    PriceAlert.confirmed_at.is_not(None),
                    PriceAlert.city_id.in_(in_city_zone),
                    last < start,
                )
                .values(last_sent_at=now)
                .returning(PriceAlert.id, PriceAlert.email, PriceAlert.city_id, PriceAlert.nonce)
            ).all()
            boards: dict[int, dict[str, Any]] = {}
            for alert_id, email, city_id, nonce in sorted(stamped):
                if city_id not in boards:
                    boards[city_id] = city_board(connection, settings, city_id, now)
                board = boards[city_id]
                enqueue(
                    connection,
                    DIGEST_KIND,
                    email,
                    f"{board['city']} scrap prices, {board['day']}",
                    DIGEST_KIND,
                    {
                        **mail_links(settings, alert_id, nonce, email, now),
                        **board,
                        "what": describe(kind, None, board["city"], None),
                    },
                    unsubscribe_headers(settings, alert_id, nonce, now),
                    now=now,
                )
            sent += len(stamped)
    return sent


def city_board(
    connection: Connection, settings: Settings, city_id: int, now: dt.datetime
) -> dict[str, Any]:
    """A city's current prices, as the digest shows them."""
    city = connection.execute(
        select(City.name, City.slug, City.country_code, City.time_zone).where(City.id == city_id)
    ).one()
    previous = Price.__table__.alias("previous")
    previous_source = Source.__table__.alias("previous_source")
    rows = connection.execute(
        select(
            Material.name,
            Material.sale_unit,
            Price.price_per_kg,
            Price.currency,
            Price.price_date,
            Source.kind,
        )
        .add_columns(
            previous.c.price_per_kg.label("previous"), previous_source.c.kind.label("previous_kind")
        )
        .select_from(CurrentPrice)
        .join(Price, Price.id == CurrentPrice.price_id)
        .join(Source, Source.id == Price.source_id)
        .join(Material, Material.id == CurrentPrice.material_id)
        .outerjoin(previous, previous.c.id == CurrentPrice.previous_price_id)
        .outerjoin(previous_source, previous_source.c.id == previous.c.source_id)
        .where(CurrentPrice.city_id == city_id)
        .order_by(Material.category, Material.name)
    ).all()
    return {
        "city": city.name,
        "day": now.astimezone(ZoneInfo(city.time_zone)).date().isoformat(),
        "city_url": settings.link_root() + place_path(city.country_code, city.slug),
        "prices": [
            {
                "material": row.name,
                "price": price_text(row.price_per_kg, row.currency, row.sale_unit),
                "change": city_board_change(
                    row.price_per_kg,
                    row.previous if measures_a_move(row.kind, row.previous_kind) else None,
                ),
                "date": row.price_date.isoformat(),
                "kind": PRICE_KIND_LABELS.get(row.kind, row.kind),
            }
            for row in rows
        ],
    }


def city_board_change(price: Decimal, previous: Decimal | None) -> str:
    """A digest row's change, as the site shows it; nothing when there is none to show (no
    previous price, or one of another method: see measures_a_move)."""
    return format_percent(percent_change(price, previous)) if previous else ""

"""Evaluate 10,000 confirmed price alerts after a full daily update, on SQLite and PostgreSQL.

Seeds the demo (a week of history), spreads 10,000 confirmed above/below alerts over its
series with thresholds within 5% of the current price (so a real share of them cross), takes
their starting side with one evaluation, runs the daily update (the demo walks on one day: every
series gets a new price), then times one evaluation, the fired alerts' mails included. Figures,
not a pass/fail test (target: under 2 s).

    .venv/bin/python bench/alerts.py [--db sqlite|postgresql|both] [--alerts 10000]
"""

import argparse
import datetime as dt
import random
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import func, insert, select  # noqa: E402
from tests.databases import CONTENT_DIR  # noqa: E402

from bench import common  # noqa: E402
from scrapindex.alerts.evaluate import evaluate_alerts  # noqa: E402
from scrapindex.data.daily_update import run_daily_update  # noqa: E402
from scrapindex.data.demo import DemoConfig  # noqa: E402
from scrapindex.db import create_db_engine  # noqa: E402
from scrapindex.models import CurrentPrice, OutboxMessage, Price, PriceAlert  # noqa: E402
from scrapindex.settings import Settings  # noqa: E402

SEEDED = DemoConfig(end_date=common.END_DATE, days=7)


def seed_alerts(url: str, count: int) -> None:
    engine = create_db_engine(url)
    rng = random.Random(18)
    with engine.begin() as connection:
        series = connection.execute(
            select(
                CurrentPrice.material_id, CurrentPrice.city_id, Price.price_per_kg, Price.currency
            ).join(Price, Price.id == CurrentPrice.price_id)
        ).all()
        now = dt.datetime.now(dt.UTC)
        rows = []
        for number in range(count):
            material_id, city_id, price, currency = rng.choice(series)
            threshold = (price * Decimal(str(rng.uniform(0.95, 1.05)))).quantize(Decimal("0.0001"))
            rows.append(
                {
                    "email": f"reader{number % 2000}@example.org",
                    "kind": rng.choice(["above", "below"]),
                    "city_id": city_id,
                    "material_id": material_id,
                    "threshold": threshold,
                    "unit": "kg",
                    "threshold_per_kg": threshold,
                    "currency": currency,
                    "client_hash": "bench",
                    "created_at": now,
                    "confirmed_at": now,
                }
            )
        connection.execute(insert(PriceAlert), rows)
    engine.dispose()


def measure(name: str, url: str, count: int, work: Path) -> None:
    seed_alerts(url, count)
    engine = create_db_engine(url)
    settings = Settings(site_root="https://scrapindex.example", database_url=url)
    started = time.perf_counter()
    baseline = evaluate_alerts(engine, settings, dt.datetime.now(dt.UTC))
    first = time.perf_counter() - started
    started = time.perf_counter()
    inbox = work / f"inbox-{name}"
    run_daily_update(
        engine,
        inbox_dir=inbox,
        content_dir=CONTENT_DIR,
        today=common.END_DATE + dt.timedelta(days=1),
        demo=True,
    )
    update = time.perf_counter() - started
    started = time.perf_counter()
    report = evaluate_alerts(engine, settings, dt.datetime.now(dt.UTC))
    seconds = time.perf_counter() - started
    with engine.connect() as connection:
        mails = connection.scalar(select(func.count()).select_from(OutboxMessage))
    engine.dispose()
    print(
        f"| {name} | {count:,} | {baseline.started:,} in {first:.2f} | {update:.1f} "
        f"| {report.fired:,} | {report.rearmed:,} | {mails:,} | **{seconds:.2f}** |",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--alerts", type=int, default=10_000)
    args = parser.parse_args()
    print(f"Alert evaluation after a daily update: {args.alerts:,} alerts, {SEEDED.days} days")
    print(
        "| database | alerts | first evaluation (started, s) | daily update s | fired "
        "| re-armed | mails queued | evaluation s |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    with (
        tempfile.TemporaryDirectory() as folder,
        common.seeded_templates(args.db, Path(folder), postgres_optional=True) as found,
    ):
        work = Path(folder)
        for name, templates in found:
            url = common.fresh_clone(templates, SEEDED, work, name)
            measure(name, url, args.alerts, work)
            common.drop_clone(templates, url)


if __name__ == "__main__":
    main()

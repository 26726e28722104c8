"""Write prices through the price-write service (scrapindex.prices.record) on SQLite and
PostgreSQL: a full day's import, one approved report, and two imports at once.

Seeds the demo (35 days by default) once per database and clones it for each measurement:

1. A full day: a prices CSV with one row for every series (cities x materials), each the
   series' current price x 1.01 (one factor for all, so every grade family keeps its order),
   dated the day after the newest stored day, imported with ``import_prices`` on a fresh clone,
   ``--runs`` times; the median seconds, and the median of each part of it (the service's
   functions wrapped with timers: the upserts (of which lookup: reading the stored rows of the
   keys written, PriceWrite._stored; band: the outlier band the service checks), and publish
   with its grade-order check, its rebuild of current_prices and its alert evaluation; the
   rest: reading and checking the file (the same band, by line) and the commit).
2. One approved report: for each of ``--approvals`` series, three pending reports at the series'
   current price, two approved untimed, and the third's ``approve_report`` (which publishes the
   reports' median as the newest day's price) timed with its commit; and, to compare, a bare
   ``price_write`` block upserting one row (one series' newest day, at a new source) and
   committing.
3. Two writers at once (PostgreSQL): the day's CSV split by city into two files, imported in
   two threads released by a barrier, ``--concurrent-runs`` times on successive days; whether
   both succeeded and whether current_prices equals a full rebuild (refresh_current_prices in a
   rolled-back transaction) after each.

Figures, not a pass/fail test.

    .venv/bin/python bench/price_write.py [--db sqlite|postgresql|both] [--days 35] [--runs 3]
"""

import argparse
import contextlib
import datetime as dt
import functools
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import Engine, func, insert, select  # noqa: E402
from sqlalchemy.orm import Session  # noqa: E402
from tests.concurrency import at_once, rebuilt, shown  # noqa: E402
from tests.operators import add_operator  # noqa: E402

from bench import common  # noqa: E402
from scrapindex.data.demo import DemoConfig  # noqa: E402
from scrapindex.data.imports.prices import import_prices  # noqa: E402
from scrapindex.data.imports.sources import named_source_id  # noqa: E402
from scrapindex.db import create_db_engine  # noqa: E402
from scrapindex.formatting import stored_unit  # noqa: E402
from scrapindex.models import (  # noqa: E402
    City,
    CurrentPrice,
    Material,
    Price,
    PriceReport,
    Source,
    User,
)
from scrapindex.moderation.price_reports import REPORT_KIND, approve_report  # noqa: E402
from scrapindex.prices import record  # noqa: E402
from scrapindex.settings import Settings  # noqa: E402

HEADER = "date,country,city,material,price,currency,unit,source\n"
FACTOR = Decimal("1.01")
FEED_SOURCE = "Bench feed"
PARTS = ("upsert", "lookup", "band (service)", "publish", "order check", "current prices", "alerts")

# Series: (country code, city slug, material slug, material id, city id, stored price, currency,
# stored unit: kg, or piece for a material sold by the piece)
Series = tuple[str, str, str, int, int, Decimal, str, str]


def settings_for(url: str) -> Settings:
    return Settings(site_root="https://scrapindex.example", database_url=url)


def current_series(engine: Engine) -> list[Series]:
    with engine.connect() as connection:
        rows = connection.execute(
            select(
                City.country_code,
                City.slug,
                Material.slug,
                Material.id,
                City.id,
                CurrentPrice.price_per_kg,
                CurrentPrice.currency,
                Material.sale_unit,
            )
            .join(City, City.id == CurrentPrice.city_id)
            .join(Material, Material.id == CurrentPrice.material_id)
            .order_by(City.slug, Material.slug)
        ).all()
    return [(*row[:7], stored_unit(row[7])) for row in rows]


def newest_day(engine: Engine) -> dt.date:
    with engine.connect() as connection:
        day: dt.date = connection.execute(select(func.max(Price.price_date))).scalar_one()
    return day


def write_day(path: Path, series: Sequence[Series], day: dt.date) -> int:
    """One row per series: its current price x FACTOR (four places, as stored), dated ``day``."""
    with path.open("w", encoding="utf-8") as out:
        out.write(HEADER)
        for country, city, material, _, _, price, currency, unit in series:
            quote = (price * FACTOR).quantize(Decimal("0.0001"))
            out.write(
                f"{day},{country},{city},{material},{quote},{currency},{unit},{FEED_SOURCE}\n"
            )
    return len(series)


# Timers around the service's functions (part 1 only: one writer at a time)


class Timers:
    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)

    def wrap(self, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(function)
        def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                self.seconds[name] += time.perf_counter() - started

        return timed


@contextlib.contextmanager
def timed_service(timers: Timers) -> Iterator[None]:
    """Wrap the service's parts with ``timers`` for the block (module attributes, looked up at
    each call by the importer and by publish)."""
    targets: list[tuple[ModuleType | type, str, str]] = [
        (record.PriceWrite, "upsert", "upsert"),
        (record.PriceWrite, "_stored", "lookup"),
        (record, "publish", "publish"),
        (record, "outliers_against_baseline", "band (service)"),
        (record, "grade_order_breaks", "order check"),
        (record, "refresh_current_prices", "current prices"),
        (record, "evaluate_alerts_in", "alerts"),
    ]
    originals = [(owner, attribute, getattr(owner, attribute)) for owner, attribute, _ in targets]
    for owner, attribute, name in targets:
        setattr(owner, attribute, timers.wrap(name, getattr(owner, attribute)))
    try:
        yield
    finally:
        for owner, attribute, original in originals:
            setattr(owner, attribute, original)


# 1. A full day through the service


def full_day(
    name: str, templates: common.Templates, config: DemoConfig, work: Path, runs: int
) -> None:
    totals: list[float] = []
    parts: dict[str, list[float]] = defaultdict(list)
    rows = inserted = 0
    for run in range(runs):
        url = common.fresh_clone(templates, config, work, f"{name}-day-{run}")
        engine = create_db_engine(url)
        day = newest_day(engine) + dt.timedelta(days=1)
        path = work / f"{name}-day-{run}.csv"
        write_day(path, current_series(engine), day)
        timers = Timers()
        with timed_service(timers):
            started = time.perf_counter()
            report = import_prices(engine, path, today=day, settings=settings_for(url))
            totals.append(time.perf_counter() - started)
        engine.dispose()
        common.drop_clone(templates, url)
        if not report.ok:
            raise SystemExit("\n".join(report.problem_lines()[:10]))
        rows, inserted = report.rows, report.inserted
        for part in PARTS:
            parts[part].append(timers.seconds[part])
    median = {part: statistics.median(values) for part, values in parts.items()}
    upserts, publishes = parts["upsert"], parts["publish"]
    rest = statistics.median(t - u - p for t, u, p in zip(totals, upserts, publishes, strict=True))
    print(
        common.table_row(
            name,
            f"{rows:,}",
            f"{inserted:,}",
            runs,
            f"**{statistics.median(totals):.2f}**",
            f"{min(totals):.2f}-{max(totals):.2f}",
            *(f"{median[part]:.2f}" for part in PARTS),
            f"{rest:.2f}",
        ),
        flush=True,
    )


# 2. One approved report, and one bare price_write of one row


def add_reports(engine: Engine, series: Series, day: dt.date, now: dt.datetime) -> list[int]:
    """Three pending reports at the series' current price, dated ``day``."""
    _, _, _, material_id, city_id, price, currency, unit = series
    values = {
        "material_id": material_id,
        "city_id": city_id,
        "price": price,
        "unit": unit,
        "currency": currency,
        "price_per_kg": price,
        "report_date": day,
        "status": "pending",
        "flagged": False,
        "created_at": now,
    }
    with engine.begin() as connection:
        rows = [{**values, "client_hash": f"bench-seller-{n}"} for n in range(3)]
        ids = connection.execute(insert(PriceReport).returning(PriceReport.id), rows).scalars()
        return sorted(ids)


def approve(engine: Engine, report_id: int, actor_id: int, now: dt.datetime, url: str) -> None:
    with Session(engine) as session, session.begin():
        report = session.get_one(PriceReport, report_id)
        actor = session.get_one(User, actor_id)
        held = approve_report(session, report, actor, None, now, settings_for(url))
    if held is not None:
        raise SystemExit(f"report {report_id} held: {held}")


def spread(series: Sequence[Series], count: int) -> list[Series]:
    """``count`` series spread evenly over the board (cities and materials both vary)."""
    step = max(1, len(series) // count)
    return [series[(n * step + n) % len(series)] for n in range(count)]


def one_series(
    name: str, templates: common.Templates, config: DemoConfig, work: Path, count: int
) -> None:
    url = common.fresh_clone(templates, config, work, f"{name}-report")
    engine = create_db_engine(url)
    day = newest_day(engine)
    now = dt.datetime.combine(day, dt.time(12), tzinfo=dt.UTC)
    moderator = add_operator(engine)
    chosen = spread(current_series(engine), count)
    approvals: list[float] = []
    for series in chosen:
        first, second, third = add_reports(engine, series, day, now)
        approve(engine, first, moderator.id, now, url)
        approve(engine, second, moderator.id, now, url)
        started = time.perf_counter()
        approve(engine, third, moderator.id, now, url)
        approvals.append(time.perf_counter() - started)
    with engine.connect() as connection:
        published = connection.scalar(
            select(func.count())
            .select_from(Price)
            .join(Source, Source.id == Price.source_id)
            .where(Source.kind == REPORT_KIND, Price.price_date == day)
        )
    # A bare write of one row: the newest day of other series, at a source of the bench's.
    bare: list[float] = []
    settings = settings_for(url)
    for series in spread(current_series(engine)[1:], count):
        _, _, _, material_id, city_id, price, currency, _ = series
        with engine.begin() as connection:
            source_id = named_source_id(connection, FEED_SOURCE, "feed")
        started = time.perf_counter()
        with engine.begin() as connection, record.price_write(connection, settings) as write:
            row = record.PriceRow(material_id, city_id, day, price, currency, source_id, now)
            write.upsert([row])
        bare.append(time.perf_counter() - started)
    engine.dispose()
    common.drop_clone(templates, url)
    for what, values, note in [
        ("approve_report (3rd approval)", approvals, f"{published} prices published"),
        ("price_write, one row", bare, "a new source on the newest day"),
    ]:
        ms = [value * 1000 for value in values]
        print(
            common.table_row(
                name,
                what,
                len(ms),
                f"**{statistics.median(ms):.1f}**",
                f"{min(ms):.1f}-{max(ms):.1f}",
                note,
            ),
            flush=True,
        )


# 3. Two writers at once


def two_writers(
    name: str, templates: common.Templates, config: DemoConfig, work: Path, runs: int
) -> None:
    url = common.fresh_clone(templates, config, work, f"{name}-concurrent")
    engine = create_db_engine(url)
    settings = settings_for(url)
    both_ok = whole = 0
    for run in range(runs):
        series = current_series(engine)
        cities = sorted({item[1] for item in series})
        half = set(cities[: len(cities) // 2])
        day = newest_day(engine) + dt.timedelta(days=1)
        first, second = work / f"{name}-a-{run}.csv", work / f"{name}-b-{run}.csv"
        count_a = write_day(first, [item for item in series if item[1] in half], day)
        count_b = write_day(second, [item for item in series if item[1] not in half], day)
        started = time.perf_counter()
        writers = [
            functools.partial(import_prices, engine, path, today=day, settings=settings)
            for path in (first, second)
        ]
        results = at_once(*writers)
        seconds = time.perf_counter() - started
        ok = all(getattr(result, "ok", False) is True for result in results)
        with engine.connect() as connection:
            landed = connection.scalar(
                select(func.count()).select_from(Price).where(Price.price_date == day)
            )
        equal = shown(engine) == rebuilt(engine)
        both_ok += ok
        whole += equal
        outcome = "both ok" if ok else "; ".join(describe(result) for result in results)
        print(
            common.table_row(
                name,
                run + 1,
                day,
                f"{count_a:,} + {count_b:,}",
                f"{landed:,}",
                f"{seconds:.2f}",
                outcome,
                "yes" if equal else "**NO**",
            ),
            flush=True,
        )
    engine.dispose()
    common.drop_clone(templates, url)
    print(f"\n{name}: both writers succeeded in {both_ok}/{runs} runs; ", end="")
    print(f"current_prices equal to a full rebuild after {whole}/{runs}")


def describe(result: Any) -> str:
    if isinstance(result, BaseException):
        return f"{type(result).__name__}: {result}"[:200]
    if getattr(result, "ok", False):
        return "ok"
    return "; ".join(result.problem_lines()[:3])[:200]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--days", type=int, default=35, help="days of demo history seeded")
    parser.add_argument("--runs", type=int, default=3, help="full-day imports per database")
    parser.add_argument("--approvals", type=int, default=10, help="approved reports timed")
    parser.add_argument("--concurrent-runs", type=int, default=5, help="runs of two writers")
    args = parser.parse_args()
    config = DemoConfig(end_date=common.END_DATE, days=args.days)
    print(f"Price writes through the service: demo set of {args.days} days to {config.end_date}")
    with (
        tempfile.TemporaryDirectory() as folder,
        common.seeded_templates(args.db, Path(folder)) as found,
    ):
        work = Path(folder)
        print(f"\n## 1. A full day: one import, one row per series ({FACTOR} x current price)\n")
        columns = ["database", "rows", "inserted", "runs", "median s", "range s"]
        columns += [f"{part} s" for part in PARTS] + ["rest s"]
        print("\n".join(common.table_head(columns, "l" + "r" * (len(columns) - 1))), flush=True)
        for name, templates in found:
            full_day(name, templates, config, work, args.runs)
        print("\n## 2. One series: the median write (with its commit)\n")
        columns = ["database", "write", "runs", "median ms", "range ms", "note"]
        print("\n".join(common.table_head(columns, "llrrrl")), flush=True)
        for name, templates in found:
            one_series(name, templates, config, work, args.approvals)
        for name, templates in found:
            if name != "PostgreSQL":
                continue
            print("\n## 3. Two imports at once (half the cities each, the same new day)\n")
            columns = ["database", "run", "day", "rows", "landed", "seconds", "writers"]
            columns.append("current_prices = rebuild")
            print("\n".join(common.table_head(columns, "lrlrrrll")), flush=True)
            two_writers(name, templates, config, work, args.concurrent_runs)


if __name__ == "__main__":
    main()

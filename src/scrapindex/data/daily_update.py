"""The daily update: import the feed files waiting in the inbox, and keep demo data current.

Inbox files are named for what they hold: ``prices…``, ``fx…`` or ``yards…`` followed by
``.csv`` or ``.json`` (for example ``prices-2026-11-22.csv``). Each is imported on its own,
all or nothing, then moved to ``processed/`` or, with a ``.problems.txt`` beside it, to
``failed/``. Names starting with a dot or ending in ``.part`` are files still being written.

With market feeds configured (MARKET_FEEDS), they are fetched next (each all or nothing; one
that fails is reported and the rest go on) and today's prices are estimated from the newest
stored references, grade factors, margins and exchange rates (``scrapindex.data.estimates``).

Without them, in demo mode (the newest prices all come from the demo generator, unless told
otherwise) the demo random walks are extended from each series' last stored value to today, so
a demo that runs for months never goes stale. Running the update twice on one day adds nothing.
"""

import datetime as dt
import logging
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from apscheduler.schedulers.blocking import BlockingScheduler
from apscheduler.triggers.cron import CronTrigger
from sqlalchemy import Connection, Engine, func, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import OperationalError

from scrapindex.alerts.evaluate import EvaluationReport
from scrapindex.data.check import DataCheckReport, check_data
from scrapindex.data.demo import (
    DEFAULT_SEED,
    FX_CENTRES,
    city_price_level,
    demo_walks,
    next_demo_price,
    next_fx_rate,
    seeded_rng,
)
from scrapindex.data.estimates import EstimateReport, estimate_prices
from scrapindex.data.feeds.configured import FeedFetcher, FeedOutcome
from scrapindex.data.imports.report import ImportReport, Progress
from scrapindex.data.imports.runs import ImportOptions, recorded_import
from scrapindex.data.imports.values import utc_today
from scrapindex.data.reference import load_materials
from scrapindex.data.run_lock import one_update_at_a_time
from scrapindex.models import City, CurrentPrice, FxRate, Material, Price, Source
from scrapindex.price_kinds import DEMO_KIND
from scrapindex.prices.record import PriceRow, PriceWrite, price_write
from scrapindex.queries.prices import DEFAULT_STALE_DAYS
from scrapindex.settings import Settings, get_settings

log = logging.getLogger(__name__)

INBOX_NAME = re.compile(r"(prices|fx|yards)(?![a-z]).*\.(csv|json|geojson)", re.IGNORECASE)
PROCESSED_DIR = "processed"
FAILED_DIR = "failed"
INSERT_BATCH_ROWS = 20_000

Importer = Callable[[Engine, Path], ImportReport]


@dataclass(frozen=True)
class InboxOutcome:
    name: str
    moved_to: Path
    report: ImportReport | None  # None when the file was not imported at all
    problem: str | None = None

    @property
    def ok(self) -> bool:
        return self.report is not None and self.report.ok


@dataclass(frozen=True)
class DemoExtension:
    fx_rates: int = 0
    prices: int = 0
    alerts: EvaluationReport | None = field(default=None, compare=False)


@dataclass
class DailyUpdateReport:
    today: dt.date
    inbox: list[InboxOutcome] = field(default_factory=list)
    feeds: list[FeedOutcome] = field(default_factory=list)
    estimate: EstimateReport | None = None  # None when no market feeds are configured
    demo: DemoExtension | None = None  # None when not in demo mode
    check: DataCheckReport | None = None  # what `scrapindex data check` says afterwards

    @property
    def ok(self) -> bool:
        return all(o.ok for o in self.inbox) and all(o.ok for o in self.feeds)

    def alerts(self) -> EvaluationReport:
        """The price alerts every write of the update evaluated, added up."""
        written = [o.report.alerts for o in self.inbox if o.report is not None]
        written += [self.estimate.alerts if self.estimate else None]
        written += [self.demo.alerts if self.demo else None]
        total = EvaluationReport()
        for each in written:
            total = total + each
        return total


def run_daily_update(
    engine: Engine,
    *,
    inbox_dir: Path,
    content_dir: Path,
    today: dt.date | None = None,
    demo: bool | None = None,
    feeds: FeedFetcher | None = None,
    stale_days: int = DEFAULT_STALE_DAYS,
    progress: Progress | None = None,
    settings: Settings | None = None,
) -> DailyUpdateReport:
    """Import the inbox; then, with market feeds, fetch them and estimate today's prices, or
    without, in demo mode (``demo=None``: detect it) extend the demo to today. Last, check the
    data and log what the check found.

    Each inbox file's import is recorded as an import run; a file refused only for outliers is
    kept in the database for an override.

    One update runs at a time: a second one started meanwhile raises AlreadyRunning at once and
    leaves the inbox alone. Alert mails are made with ``settings`` (default: the
    environment's, with ``content_dir``)."""
    settings = (settings or get_settings()).model_copy(update={"content_dir": content_dir})
    report = DailyUpdateReport(today or utc_today())
    with one_update_at_a_time(engine, inbox_dir):
        _run_parts(engine, settings, report, inbox_dir, demo, feeds, progress)
    report.check = check_data(
        engine,
        content_dir,
        today=report.today,
        stale_days=stale_days,
        yard_price_max_age_days=settings.yard_price_max_age_days,
        monthly_reference_max_age_days=settings.monthly_reference_max_age_days,
    )
    for line in report.check.summary_lines():
        log.log(logging.WARNING if report.check.findings else logging.INFO, "data check: %s", line)
    return report


def _run_parts(
    engine: Engine,
    settings: Settings,
    report: DailyUpdateReport,
    inbox_dir: Path,
    demo: bool | None,
    feeds: FeedFetcher | None,
    progress: Progress | None,
) -> None:
    options = ImportOptions(today=report.today, progress=progress, settings=settings)
    report.inbox = import_inbox(engine, inbox_dir, options)
    if feeds is not None:
        report.feeds = feeds(engine, report.today)
        report.estimate = estimate_prices(
            engine, settings.content_dir, report.today, settings=settings
        )
    else:
        if demo is None:
            demo = is_demo_data(engine)
        if demo:
            report.demo = extend_demo_data(
                engine, settings.content_dir, report.today, settings=settings
            )


def import_inbox(engine: Engine, inbox_dir: Path, options: ImportOptions) -> list[InboxOutcome]:
    inbox_dir.mkdir(parents=True, exist_ok=True)
    waiting = sorted(
        path
        for path in inbox_dir.iterdir()
        if path.is_file() and not path.name.startswith(".") and path.suffix != ".part"
    )
    return [_import_inbox_file(engine, path, options) for path in waiting]


def _import_inbox_file(engine: Engine, path: Path, options: ImportOptions) -> InboxOutcome:
    match = INBOX_NAME.fullmatch(path.name)
    if match is None:
        problem = "the name must start with prices, fx or yards and end in .csv or .json"
        return InboxOutcome(path.name, _move(path, FAILED_DIR, [problem]), None, problem)
    kind = match.group(1).lower()
    try:
        recorded = recorded_import(engine, kind, path, trigger="inbox", options=options)
    except OperationalError:
        raise  # the database is unreachable: leave the file for the next run
    except Exception as error:
        log.exception("importing %s failed", path)
        problem = f"the import failed: {error}"
        return InboxOutcome(path.name, _move(path, FAILED_DIR, [problem]), None, problem)
    report = recorded.report
    if report.ok:
        return InboxOutcome(path.name, _move(path, PROCESSED_DIR, None), report)
    return InboxOutcome(path.name, _move(path, FAILED_DIR, report.problem_lines()), report)


def _move(path: Path, folder: str, problems: list[str] | None) -> Path:
    """Move into ``folder`` under a UTC time stamp (so names never clash), with any problems.
    A file that cannot be moved (gone, or a full disk) is logged and left where it was: the
    import run already records what happened to its rows."""
    try:
        return _move_file(path, folder, problems)
    except OSError:
        log.exception("could not move %s into %s/", path, folder)
        return path


def _move_file(path: Path, folder: str, problems: list[str] | None) -> Path:
    target_dir = path.parent / folder
    target_dir.mkdir(exist_ok=True)
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%S%fZ")
    target = target_dir / f"{stamp}-{path.name}"
    shutil.move(path, target)
    if problems is not None:
        text = "\n".join(problems) + "\n"
        target.with_name(target.name + ".problems.txt").write_text(text, encoding="utf-8")
    return target


def is_demo_data(engine: Engine) -> bool:
    """True when there are prices and those of the newest day all come from the demo source."""
    with engine.connect() as connection:
        newest = connection.execute(select(func.max(Price.price_date))).scalar_one_or_none()
        if newest is None:
            return False
        not_demo = connection.execute(
            select(func.count())
            .select_from(Price)
            .join(Source, Source.id == Price.source_id)
            .where(Price.price_date == newest, Source.kind != DEMO_KIND)
        ).scalar_one()
    return not not_demo


def prices_are_stale(engine: Engine, today: dt.date | None = None) -> bool:
    with engine.connect() as connection:
        newest = connection.execute(select(func.max(Price.price_date))).scalar_one_or_none()
    return newest is None or newest < (today or utc_today())


def extend_demo_data(
    engine: Engine, content_dir: Path, today: dt.date, *, settings: Settings | None = None
) -> DemoExtension:
    """Walk every demo series (prices and exchange rates) on from its last day to ``today``.

    One transaction, through the price-write service: current_prices, the data revision and
    the alerts move with the new rows (their mails made with ``settings``, default the
    environment's).
    """
    settings = (settings or get_settings()).model_copy(update={"content_dir": content_dir})
    with engine.begin() as connection, price_write(connection, settings) as write:
        source_id = connection.execute(
            select(Source.id).where(Source.kind == DEMO_KIND).order_by(Source.id).limit(1)
        ).scalar_one_or_none()
        if source_id is None:
            return DemoExtension()
        fx_rates = _extend_fx(connection, source_id, today)
        if fx_rates:
            write.touched_exchange_rates()
        prices = _extend_prices(write, settings.content_dir, source_id, today)
    return DemoExtension(fx_rates, prices, write.report.alerts)


def _days_after(last: dt.date, today: dt.date) -> list[dt.date]:
    return [last + dt.timedelta(days=n) for n in range(1, (today - last).days + 1)]


def _extend_fx(connection: Connection, source_id: int, today: dt.date) -> int:
    newest = (
        select(FxRate.currency, func.max(FxRate.rate_date).label("rate_date"))
        .group_by(FxRate.currency)
        .subquery()
    )
    latest = connection.execute(
        select(FxRate.currency, FxRate.rate_date, FxRate.usd_per_unit, FxRate.source_id).join(
            newest,
            (newest.c.currency == FxRate.currency) & (newest.c.rate_date == FxRate.rate_date),
        )
    ).all()
    rows: list[dict[str, Any]] = []
    for currency, last_day, rate, rate_source in latest:
        if rate_source != source_id or currency not in FX_CENTRES:
            continue  # never continue a real feed's series with invented rates
        for day in _days_after(last_day, today):
            if currency != "USD":
                rng = seeded_rng(DEFAULT_SEED, "extend-fx", currency, day.isoformat())
                rate = next_fx_rate(rate, FX_CENTRES[currency], rng)
            rows.append(
                {
                    "currency": currency,
                    "rate_date": day,
                    "usd_per_unit": rate,
                    "source_id": source_id,
                }
            )
    if not rows:
        return 0
    # Another host extending at the same moment adds the same days: theirs stand.
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    statement = dialect.insert(FxRate).values(rows).on_conflict_do_nothing()
    return len(connection.execute(statement.returning(FxRate.currency)).all())


@dataclass(frozen=True)
class _DemoSeries:  # hashable: the walk keeps each series' latest price under it
    material_slug: str
    city_slug: str
    material_id: int
    city_id: int
    currency: str
    last_day: dt.date
    last_price: Decimal


def _extend_prices(write: PriceWrite, content_dir: Path, source_id: int, today: dt.date) -> int:
    """Day by day across all stale demo series; each day's rows are one insert.

    The grades of a family share their walk (see ``scrapindex.data.demo.Walk``): one market
    shock a day, and in each city one local shock and one "board stands" decision, so the
    family's order holds on every new day.
    """
    connection = write.connection
    materials = {m["slug"]: m for m in load_materials(content_dir)}
    walks = demo_walks(content_dir, list(materials.values()))
    stale = [
        s
        for s in _demo_series(connection, source_id)
        if s.material_slug in materials and s.last_day < today
    ]
    if not stale:
        return 0
    first_day = min(s.last_day for s in stale) + dt.timedelta(days=1)
    rates = _usd_rates_by_day(connection, first_day, today)
    levels = {s.city_slug: city_price_level(DEFAULT_SEED, s.city_slug) for s in stale}
    latest = {s: s.last_price for s in stale}
    written = 0
    for day in _days_after(first_day - dt.timedelta(days=1), today):
        shocks = {
            walk.name: seeded_rng(DEFAULT_SEED, "extend-market", walk.name, day).gauss(
                0, walk.volatility
            )
            for walk in set(walks.values())
        }
        rows = []
        for s in stale:
            rate = rates.get((s.currency, day))
            if s.last_day >= day or rate is None:
                continue
            walk = walks[s.material_slug]
            centre = materials[s.material_slug]["usdPerUnit"] * levels[s.city_slug] / rate
            # Seeded by the walk: a family's grades in a city draw the same shock and decision.
            rng = seeded_rng(DEFAULT_SEED, "extend", s.city_slug, walk.name, day)
            latest[s] = next_demo_price(latest[s], centre, walk.volatility, shocks[walk.name], rng)
            rows.append(_demo_price_row(s, day, latest[s], source_id))
        if rows:
            write.upsert(rows)
        written += len(rows)
    return written


def _demo_price_row(series: _DemoSeries, day: dt.date, price: Decimal, source_id: int) -> PriceRow:
    # Like the seed: updated on the day itself, so the demo data is the same whenever made.
    updated_at = dt.datetime.combine(day, dt.time(0, 0), tzinfo=dt.UTC)
    return PriceRow(
        series.material_id, series.city_id, day, price, series.currency, source_id, updated_at
    )


def _demo_series(connection: Connection, source_id: int) -> list[_DemoSeries]:
    """Every series whose newest stored price is a demo row (current_prices keeps the newest)."""
    rows = connection.execute(
        select(
            Material.slug,
            City.slug,
            Price.material_id,
            Price.city_id,
            Price.currency,
            Price.price_date,
            Price.price_per_kg,
        )
        .select_from(CurrentPrice)
        .join(Price, Price.id == CurrentPrice.price_id)
        .join(Material, Material.id == Price.material_id)
        .join(City, City.id == Price.city_id)
        .where(Price.source_id == source_id)
    )
    return [_DemoSeries(*row) for row in rows]


def _usd_rates_by_day(
    connection: Connection, first_day: dt.date, today: dt.date
) -> dict[tuple[str, dt.date], float]:
    """US dollars per unit of each currency on each day: the newest rate on or before it."""
    since = first_day - dt.timedelta(days=31)
    stored = connection.execute(
        select(FxRate.currency, FxRate.rate_date, FxRate.usd_per_unit)
        .where(FxRate.rate_date.between(since, today))
        .order_by(FxRate.rate_date)
    )
    known: dict[str, dict[dt.date, float]] = {"USD": {}}
    for currency, day, usd in stored:
        known.setdefault(currency, {})[day] = float(usd)
    rates: dict[tuple[str, dt.date], float] = {}
    for currency, by_day in known.items():
        current = 1.0 if currency == "USD" else None
        for day in _days_after(since - dt.timedelta(days=1), today):
            current = by_day.get(day, current)
            if current is not None:
                rates[(currency, day)] = current
    return rates


def build_scheduler(job: Callable[[], object], at: dt.time) -> BlockingScheduler:
    """A scheduler that runs ``job`` every day at ``at`` (UTC), one run at a time."""
    scheduler = BlockingScheduler(timezone=dt.UTC)
    scheduler.add_job(
        job,
        CronTrigger(hour=at.hour, minute=at.minute, timezone=dt.UTC),
        id="daily-update",
        name="daily price update",
        max_instances=1,
        coalesce=True,
        misfire_grace_time=3600,  # a run missed by less than an hour (busy, asleep) still happens
    )
    return scheduler

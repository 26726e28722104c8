"""The `scrapindex` command: database, demo data, imports, the daily update and serving."""

import datetime as dt
import json
import logging
import os
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, NoReturn

import typer
import uvicorn
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from scrapindex import migrate
from scrapindex.alerts.digests import send_due_digests
from scrapindex.alerts.evaluate import evaluate_alerts
from scrapindex.audit import record_audit
from scrapindex.auth.users import (
    AccountError,
    account_state,
    create_user,
    disable_user,
    find_user,
    list_users,
)
from scrapindex.data.check import DataCheckReport, check_data
from scrapindex.data.daily_update import (
    DailyUpdateReport,
    build_scheduler,
    prices_are_stale,
    run_daily_update,
)
from scrapindex.data.demo import DEFAULT_SEED, DemoConfig
from scrapindex.data.estimate_table import load_estimate_table
from scrapindex.data.estimates import EstimateReport, estimate_prices
from scrapindex.data.feeds import FeedError
from scrapindex.data.feeds.configured import configured_feeds, fetch_feed
from scrapindex.data.imports.report import ImportReport, progress_bar, summary_table
from scrapindex.data.imports.runs import (
    OUTLIERS,
    ImportOptions,
    kept_files_dir,
    recorded_import,
    run_status,
)
from scrapindex.data.seed import DatabaseNotEmptyError, database_is_empty, seed_demo
from scrapindex.db import create_db_engine
from scrapindex.deploy_check import Finding, deploy_findings, readiness_findings
from scrapindex.logs import log_config
from scrapindex.mail.newsletter import UNCONFIRMED_LIFETIME, purge_unconfirmed
from scrapindex.mail.sender import SendReport, send_due
from scrapindex.models import OutboxMessage
from scrapindex.server import BoundedHttpProtocol, server_options
from scrapindex.settings import Settings, get_settings

app = typer.Typer(help="ScrapIndex: scrap metal prices and scrap yards.", no_args_is_help=True)
db_app = typer.Typer(help="Database schema.", no_args_is_help=True)
demo_app = typer.Typer(help="The demo data set.", no_args_is_help=True)
prices_app = typer.Typer(help="Price feeds and the daily update.", no_args_is_help=True)
fx_app = typer.Typer(help="Exchange rates.", no_args_is_help=True)
market_app = typer.Typer(help="Market reference prices of metals.", no_args_is_help=True)
yards_app = typer.Typer(help="The scrap yard directory.", no_args_is_help=True)
data_app = typer.Typer(help="Checks of the stored data.", no_args_is_help=True)
mail_app = typer.Typer(help="Outgoing mail: the outbox and its sender.", no_args_is_help=True)
newsletter_app = typer.Typer(help="Newsletter sign-ups (double opt-in).", no_args_is_help=True)
users_app = typer.Typer(help="Operator accounts of the console (/admin).", no_args_is_help=True)
app.add_typer(db_app, name="db")
app.add_typer(demo_app, name="demo")
app.add_typer(prices_app, name="prices")
app.add_typer(fx_app, name="fx")
app.add_typer(market_app, name="market")
app.add_typer(yards_app, name="yards")
app.add_typer(data_app, name="data")
app.add_typer(mail_app, name="mail")
app.add_typer(newsletter_app, name="newsletter")
app.add_typer(users_app, name="users")
console = Console()
ALERTS_EVERY_MINUTES = 5  # alert catch-up evaluation and due digests, in `schedule`

Workers = Annotated[
    int, typer.Option(min=1, envvar="WEB_CONCURRENCY", help="Server worker processes")
]
ImportFile = Annotated[
    Path, typer.Argument(exists=True, dir_okay=False, readable=True, help="A .csv or .json file")
]
AllowOutliers = Annotated[
    bool,
    typer.Option(help="Accept values over 3x or under a third of their series' 7-day median"),
]


@db_app.command("upgrade")
def db_upgrade(revision: str = "head") -> None:
    """Apply migrations up to REVISION (default: the newest)."""
    engine = create_db_engine(get_settings().effective_database_url)
    migrate.upgrade(engine, revision)
    console.print(f"Database at revision {migrate.current_revision(engine)}")


@db_app.command("current")
def db_current() -> None:
    """Show the database's revision and the newest one the code knows."""
    engine = create_db_engine(get_settings().effective_database_url)
    console.print(f"database: {migrate.current_revision(engine)}  code: {migrate.head_revision()}")


@demo_app.command("seed")
def demo_seed(
    days: Annotated[int, typer.Option(min=1, max=3650, help="Days of price history")] = 365,
    seed: Annotated[int, typer.Option(help="Random seed: same seed, same rows")] = DEFAULT_SEED,
    end_date: Annotated[
        str | None, typer.Option(help="Last day of history, YYYY-MM-DD (default today, UTC)")
    ] = None,
    if_empty: Annotated[bool, typer.Option(help="Do nothing when data is already there")] = False,
    scale: Annotated[
        int,
        typer.Option(
            min=1, max=100, help="Times the real places: each city gains scale-1 demo towns"
        ),
    ] = 1,
) -> None:
    """Fill an empty database with the demo data set (marked as demo in every row)."""
    settings = get_settings()
    engine = create_db_engine(settings.effective_database_url)
    if if_empty and not database_is_empty(engine):
        console.print("Database already has data; demo seed skipped.")
        return
    last_day = dt.date.fromisoformat(end_date) if end_date else dt.datetime.now(dt.UTC).date()
    started = time.perf_counter()
    try:
        report = seed_demo(
            engine,
            settings.content_dir,
            DemoConfig(end_date=last_day, days=days, seed=seed, scale=scale),
        )
    except DatabaseNotEmptyError as error:
        console.print(f"[red]{error}[/red]")
        raise typer.Exit(1) from error
    table = Table(title=f"Demo data seeded in {time.perf_counter() - started:.1f} s")
    table.add_column("table")
    table.add_column("rows", justify="right")
    for name, count in vars(report).items():
        table.add_row(name, f"{count:,}")
    console.print(table)


@prices_app.command("import")
def prices_import(file: ImportFile, allow_outliers: AllowOutliers = False) -> None:
    """Import a price feed (date, country, city, material, price, currency, unit, source)."""
    _import_file("prices", file, allow_outliers)


@prices_app.command("estimate")
def prices_estimate(
    date: Annotated[
        str | None, typer.Option(help="Day to estimate, YYYY-MM-DD (default today, UTC)")
    ] = None,
) -> None:
    """Estimate prices from market references, grade factors, yard margins and FX rates."""
    settings = get_settings()
    day = dt.date.fromisoformat(date) if date else dt.datetime.now(dt.UTC).date()
    with _database(settings) as engine:
        report = estimate_prices(engine, settings.content_dir, day)
        if report.written:
            _evaluate_alerts(engine, settings)
    _print_estimate(report)
    if not report.written and not report.unchanged and not report.kept:
        raise typer.Exit(1)
    if report.written:
        _print_check_summary(_check_stored_data(settings))


def _print_estimate(report: EstimateReport) -> None:
    console.print(
        f"Estimates for {report.day}: {report.inserted:,} added, {report.updated:,} updated, "
        f"{report.unchanged:,} unchanged, {report.kept:,} kept (a feed, manual or reported "
        "price stands)."
    )
    for reason in report.skipped:
        console.print(f"[yellow]Not estimated: {reason}[/yellow]", highlight=False)


@fx_app.command("import")
def fx_import(file: ImportFile, allow_outliers: AllowOutliers = False) -> None:
    """Import daily exchange rates (date, currency, usd_per_unit, source)."""
    _import_file("fx", file, allow_outliers)


FeedFile = Annotated[
    Path | None,
    typer.Option(
        "--file",
        exists=True,
        dir_okay=False,
        readable=True,
        help="Read a downloaded copy of the feed instead of fetching it",
    ),
]


@fx_app.command("fetch")
def fx_fetch(
    source: Annotated[str, typer.Option(help="The feed: ecb")] = "ecb",
    history: Annotated[
        bool, typer.Option(help="Every day since 1999 (eurofxref-hist.zip), not the last day")
    ] = False,
    file: FeedFile = None,
    allow_outliers: AllowOutliers = False,
) -> None:
    """Fetch the ECB euro reference rates and import them as USD per unit of our currencies."""
    if source != "ecb":
        _feed_failed(f"unknown FX source {source!r}: the one there is, is ecb")
    settings = get_settings()
    with _database(settings) as engine, progress_bar(console) as progress:
        try:
            report = fetch_feed(
                engine,
                settings,
                "ecb",
                file=file,
                history=history,
                allow_outliers=allow_outliers,
                progress=progress,
            )
        except FeedError as error:
            _feed_failed(str(error))
    _finish_import(report)


@market_app.command("fetch")
def market_fetch(
    source: Annotated[
        str, typer.Option(help="fred, or a provider named in MARKET_FEEDS_FILE")
    ] = "fred",
    series: Annotated[
        str | None,
        typer.Option(help="Metals to fetch, comma-separated (copper,aluminium,...); default all"),
    ] = None,
    file: FeedFile = None,
    allow_outliers: AllowOutliers = False,
) -> None:
    """Fetch metal reference prices (FRED's monthly IMF series, or a licensed provider)."""
    settings = get_settings()
    metals = (
        [name.strip().lower() for name in series.split(",") if name.strip()] if series else None
    )
    with _database(settings) as engine, progress_bar(console) as progress:
        try:
            report = fetch_feed(
                engine,
                settings,
                source,
                file=file,
                series=metals,
                allow_outliers=allow_outliers,
                progress=progress,
            )
        except FeedError as error:
            _feed_failed(str(error))
    _finish_import(report)


@market_app.command("import")
def market_import(file: ImportFile, allow_outliers: AllowOutliers = False) -> None:
    """Import metal reference prices (date, metal, usd_per_tonne, period, source)."""
    _import_file("market", file, allow_outliers)


def _feed_failed(message: str) -> NoReturn:
    console.print(f"[red]{escape(message)}[/red]", highlight=False, soft_wrap=True)
    raise typer.Exit(1)


@yards_app.command("import")
def yards_import(file: ImportFile) -> None:
    """Import scrap yards from a CSV file or an OpenStreetMap export (Overpass JSON, GeoJSON)."""
    _import_file("yards", file)


def _import_file(kind: str, file: Path, allow_outliers: bool = False) -> None:
    """Import a file and record the run (the console lists it; outliers can be overridden)."""
    settings = get_settings()
    metals = load_estimate_table(settings.content_dir).references if kind == "market" else None
    with _database(settings) as engine, progress_bar(console) as progress:
        options = ImportOptions(allow_outliers=allow_outliers, progress=progress, metals=metals)
        recorded = recorded_import(
            engine, kind, file, trigger="cli", kept_dir=kept_files_dir(settings), options=options
        )
        if kind == "prices" and recorded.report.ok:
            _evaluate_alerts(engine, settings)
    kept = run_status(recorded.report) == OUTLIERS
    note = f"Or override import run {recorded.run_id} in the console (/admin)." if kept else None
    _finish_import(recorded.report, note)


@contextmanager
def _database(settings: Settings) -> Iterator[Engine]:
    engine = create_db_engine(settings.effective_database_url)
    try:
        yield engine
    finally:
        engine.dispose()


def _finish_import(report: ImportReport, note: str | None = None) -> None:
    _print_import(report)
    if note:
        console.print(note)
    if not report.ok:
        raise typer.Exit(1)
    if report.changed:
        _print_check_summary(_check_stored_data(get_settings()))


def _check_stored_data(settings: Settings) -> DataCheckReport:
    with _database(settings) as engine:
        return check_data(
            engine,
            settings.content_dir,
            today=dt.datetime.now(dt.UTC).date(),
            stale_days=settings.price_stale_days,
        )


def _print_check_summary(report: DataCheckReport) -> None:
    """After a change to the data: what `scrapindex data check` would say, in a few lines."""
    color = "green" if not report.findings else "red" if report.errors else "yellow"
    console.print(f"[{color}]Data check:[/{color}]")
    for line in report.summary_lines():
        console.print(f"  {line}", markup=False, highlight=False, soft_wrap=True)


def _print_import(report: ImportReport) -> None:
    console.print(summary_table(report))
    if report.skipped:
        console.print("[yellow]Skipped (not imported):[/yellow]")
        for line in report.skipped_lines():
            console.print(f"  {line}", markup=False, highlight=False, soft_wrap=True)
    if not report.ok:
        console.print("[red]Problems (nothing was written):[/red]")
        for line in report.problem_lines():
            console.print(f"  {line}", markup=False, highlight=False, soft_wrap=True)
        if report.outliers:
            console.print("To accept the outliers, import again with --allow-outliers.")


@prices_app.command("update")
def prices_update(
    demo: Annotated[
        bool | None,
        typer.Option(help="Extend the demo data to today (default: when the data is demo data)"),
    ] = None,
) -> None:
    """The daily update: import the inbox's feed files; in demo mode, extend the demo to today."""
    report = _daily_update(get_settings(), demo)
    if not report.ok:
        raise typer.Exit(1)


def _daily_update(settings: Settings, demo: bool | None = None) -> DailyUpdateReport:
    with _database(settings) as engine, progress_bar(console) as progress:
        report = run_daily_update(
            engine,
            inbox_dir=settings.effective_inbox_dir,
            content_dir=settings.content_dir,
            demo=demo,
            feeds=configured_feeds(settings),
            stale_days=settings.price_stale_days,
            progress=progress,
            kept_dir=kept_files_dir(settings),
        )
        _evaluate_alerts(engine, settings)
    _print_daily_update(report, settings.effective_inbox_dir)
    return report


def _print_daily_update(report: DailyUpdateReport, inbox_dir: Path) -> None:
    if not report.inbox:
        console.print(f"No feed files in {inbox_dir}.")
    for outcome in report.inbox:
        if outcome.report is not None:
            _print_import(outcome.report)
        else:
            console.print(f"[red]{outcome.name}: {outcome.problem}[/red]")
        console.print(f"{outcome.name} moved to {outcome.moved_to}")
    for feed in report.feeds:
        if feed.report is not None:
            _print_import(feed.report)
        else:
            console.print(f"[red]{feed.name}: {feed.problem}[/red]", highlight=False)
    if report.estimate is not None:
        _print_estimate(report.estimate)
    if report.check is not None:
        _print_check_summary(report.check)
    if report.demo is not None:
        console.print(
            f"Demo data extended to {report.today}: {report.demo.prices:,} prices, "
            f"{report.demo.fx_rates:,} exchange rates added."
        )


@app.command()
def schedule() -> None:
    """Run the daily update every day at DAILY_UPDATE_TIME (UTC), and send due mail every minute,
    until stopped."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    settings = get_settings()
    with _database(settings) as engine:
        stale = prices_are_stale(engine)
    if stale:
        console.print("Prices are older than today: updating now.")
        _daily_update(settings)
    at = settings.daily_update_time
    scheduler = build_scheduler(lambda: _daily_update(settings), at)
    scheduler.add_job(
        lambda: _send_mail(settings),
        "interval",
        minutes=1,
        id="mail-send",
        name="outbox sender",
        max_instances=1,
        coalesce=True,
    )
    scheduler.add_job(
        lambda: _alerts_pass(settings),
        "interval",
        minutes=ALERTS_EVERY_MINUTES,
        id="alerts",
        name="price alerts (catch-up evaluation) and digests",
        max_instances=1,
        coalesce=True,
    )
    scheduler.add_job(
        lambda: _purge_newsletter(settings),
        "interval",
        days=1,
        next_run_time=dt.datetime.now(dt.UTC),  # once at start, then daily
        id="newsletter-purge",
        name="purge of unconfirmed newsletter sign-ups",
        max_instances=1,
        coalesce=True,
    )
    console.print(
        f"Daily update scheduled at {at:%H:%M} UTC, mail sent every minute, unconfirmed "
        "newsletter sign-ups purged daily. Ctrl+C stops."
    )
    try:
        scheduler.start()
    except KeyboardInterrupt:
        console.print("Stopped.")


OUTBOX_STATUSES = ("queued", "sending", "sent", "dead", "all")


@mail_app.command("outbox")
def mail_outbox(
    status: Annotated[
        str, typer.Option(help="queued, sending, sent, dead or all", case_sensitive=False)
    ] = "queued",
    limit: Annotated[int, typer.Option(min=1, help="Show at most this many, newest first")] = 100,
) -> None:
    """List the messages in the outbox (by default those waiting to be sent)."""
    status = status.lower()
    if status not in OUTBOX_STATUSES:
        console.print(f"[red]--status must be one of {', '.join(OUTBOX_STATUSES)}[/red]")
        raise typer.Exit(2)
    query = select(OutboxMessage).order_by(OutboxMessage.id.desc()).limit(limit)
    if status != "all":
        query = query.where(OutboxMessage.status == status)
    with _database(get_settings()) as engine, Session(engine) as session:
        rows = list(session.scalars(query))
    if not rows:
        console.print(f"No {'' if status == 'all' else status + ' '}messages in the outbox.")
        return
    table = Table("id", "kind", "to", "subject", "status", "attempts", "next attempt")
    for column in table.columns:
        column.overflow = "fold"
    for row in rows:
        table.add_row(
            str(row.id),
            Text(row.kind),
            Text(row.to_address),
            Text(row.subject),
            row.status,
            str(row.attempts),
            f"{row.next_attempt_at:%Y-%m-%d %H:%M:%S} UTC" if row.status == "queued" else "",
        )
    console.print(table)


@mail_app.command("send")
def mail_send() -> None:
    """Send every message that is due, once (`scrapindex schedule` does this every minute)."""
    settings = get_settings()
    report = _send_mail(settings)
    if report.skipped:
        console.print(
            "SMTP_HOST is not set: nothing sent, messages stay in the outbox "
            "(`scrapindex mail outbox`)."
        )
        return
    console.print(f"{report.sent} sent, {report.retried} to retry later, {report.dead} dead.")


def _evaluate_alerts(engine: Engine, settings: Settings) -> None:
    report = evaluate_alerts(engine, settings, dt.datetime.now(dt.UTC))
    if report.fired:
        console.print(f"{report.fired} price alert{'' if report.fired == 1 else 's'} fired.")


def _alerts_pass(settings: Settings) -> None:
    """Evaluate the alerts (catching up with any price change made elsewhere) and queue the
    digests that are due."""
    with _database(settings) as engine:
        now = dt.datetime.now(dt.UTC)
        evaluate_alerts(engine, settings, now)
        send_due_digests(engine, settings, now)


def _send_mail(settings: Settings) -> SendReport:
    with _database(settings) as engine:
        return send_due(
            engine,
            settings,
            now=dt.datetime.now(dt.UTC),
            sender_id=f"{socket.gethostname()}:{os.getpid()}",
        )


@newsletter_app.command("purge")
def newsletter_purge() -> None:
    """Delete the sign-ups nobody confirmed within 30 days (`scrapindex schedule` does this
    daily)."""
    deleted = _purge_newsletter(get_settings())
    console.print(
        f"{deleted} unconfirmed sign-up{'' if deleted == 1 else 's'} older than "
        f"{UNCONFIRMED_LIFETIME.days} days deleted."
    )


def _purge_newsletter(settings: Settings) -> int:
    with _database(settings) as engine, Session(engine) as session:
        deleted = purge_unconfirmed(session, dt.datetime.now(dt.UTC))
        session.commit()
        return deleted


EmailOption = Annotated[str, typer.Option(help="The operator's e-mail address")]


@users_app.command("create")
def users_create(
    email: EmailOption,
    role: Annotated[str, typer.Option(help="admin (also manages accounts and data) or moderator")],
    password_stdin: Annotated[
        bool, typer.Option("--password-stdin", help="Read the password from one line of stdin")
    ] = False,
) -> None:
    """Make an operator account; the password is asked for (twice), or read from stdin."""
    password = _read_password(password_stdin)
    settings = get_settings()
    with _database(settings) as engine, Session(engine) as session:
        try:
            user = create_user(session, email, password, role)
        except AccountError as error:
            _refuse(error)
        record_audit(session, None, "user.create", "user", user.id, None, account_state(user))
        session.commit()
        console.print(
            f"{escape(user.email)} ({user.role}) can log in at {settings.site_root}/admin"
        )


@users_app.command("list")
def users_list() -> None:
    """List the operator accounts."""
    with _database(get_settings()) as engine, Session(engine) as session:
        users = list_users(session)
    if not users:
        console.print(
            "No operator accounts. Make one: scrapindex users create --email E --role admin"
        )
        return
    table = Table("id", "e-mail", "role", "created", "last login", "disabled")
    for user in users:
        table.add_row(
            str(user.id),
            Text(user.email),
            user.role,
            f"{user.created_at:%Y-%m-%d %H:%M}",
            f"{user.last_login_at:%Y-%m-%d %H:%M}" if user.last_login_at else "never",
            f"{user.disabled_at:%Y-%m-%d %H:%M}" if user.disabled_at else "",
        )
    console.print(table)


@users_app.command("disable")
def users_disable(email: EmailOption) -> None:
    """Disable an account: it can no longer log in, and its open sessions end now."""
    with _database(get_settings()) as engine, Session(engine) as session:
        user = find_user(session, email)
        if user is None:
            _refuse(AccountError(f"No account for {email.strip().lower()}."))
        if user.disabled_at is not None:
            console.print(f"{escape(user.email)} was already disabled.")
            return
        before = account_state(user)
        disable_user(session, user)
        record_audit(session, None, "user.disable", "user", user.id, before, account_state(user))
        session.commit()
        console.print(f"{escape(user.email)} is disabled; its sessions have ended.")


def _read_password(from_stdin: bool) -> str:
    if from_stdin:
        return typer.get_text_stream("stdin").readline().rstrip("\r\n")
    password: str = typer.prompt("Password", hide_input=True, confirmation_prompt=True)
    return password


def _refuse(error: AccountError) -> NoReturn:
    console.print(f"[red]{escape(str(error))}[/red]")
    raise typer.Exit(1)


@app.command()
def openapi(output: Path = Path("build/openapi.json")) -> None:
    """Write the API's OpenAPI schema (the front end's types are generated from it)."""
    from scrapindex.app import create_app

    schema = create_app(get_settings()).openapi()
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(json.dumps(schema, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    console.print(f"OpenAPI schema written to {output}")


@app.command()
def serve(
    host: Annotated[str | None, typer.Option(help="Default: HOST or 127.0.0.1")] = None,
    port: Annotated[int | None, typer.Option(help="Default: PORT or 8000")] = None,
    workers: Workers = 1,
    reload: bool = False,
) -> None:
    """Serve the site and the API."""
    # The app (in this process or each worker) reads its settings from the environment: an
    # address given here must reach it too, so that SITE_ROOT, when unset, follows it.
    if host is not None:
        os.environ["HOST"] = host
    if port is not None:
        os.environ["PORT"] = str(port)
    get_settings.cache_clear()
    settings = get_settings()
    uvicorn.run(
        "scrapindex.app:served_app",
        factory=True,
        host=host or settings.host,
        port=port or settings.port,
        workers=None if reload else workers,
        reload=reload,
        access_log=False,  # the request context middleware logs each request (with its id)
        log_config=log_config(),  # JSON lines on stderr, applied in every worker process
        **server_options(settings, BoundedHttpProtocol),  # limits read in each worker
    )


@app.command()
def check(
    deploy: Annotated[
        bool, typer.Option("--deploy", help="Also check the settings are safe for production")
    ] = False,
    workers: Workers = 1,
) -> None:
    """Check the site can serve (front end built, database migrated); exit 1 on any error."""
    settings = get_settings()
    findings = deploy_findings(settings, workers) if deploy else readiness_findings(settings)
    _print_findings(findings)
    if any(finding.level == "error" for finding in findings):
        raise typer.Exit(1)


def _print_findings(findings: list[Finding]) -> None:
    if not findings:
        console.print("[green]No problems found.[/green]")
        return
    table = Table(show_header=False, box=None, padding=(0, 1))
    for finding in findings:
        color = "red" if finding.level == "error" else "yellow"
        table.add_row(f"[{color}]{finding.level}[/{color}]", finding.code, finding.message)
    console.print(table)
    errors = sum(finding.level == "error" for finding in findings)
    console.print(f"{errors} error(s), {len(findings) - errors} warning(s).")


@data_app.command("check")
def data_check(
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON")] = False,
) -> None:
    """Check the stored data (grade order, staleness, FX, currencies, yards); exit 1 on errors."""
    report = _check_stored_data(get_settings())
    if as_json:
        typer.echo(json.dumps(report.as_dict(), indent=2))
    else:
        _print_data_check(report)
    if not report.ok:
        raise typer.Exit(1)


def _print_data_check(report: DataCheckReport) -> None:
    if report.findings:
        table = Table("level", "check", "count", "what (and examples)")
        table.columns[2].justify = "right"
        for finding in report.findings:
            color = "red" if finding.level == "error" else "yellow"
            examples = "".join(f"\n  {example}" for example in finding.examples)
            table.add_row(
                Text(finding.level, style=color),
                finding.code,
                f"{finding.count:,}",
                Text(finding.message + examples),
            )
        console.print(table)
    else:
        console.print("[green]No problems found in the data.[/green]")
    console.print(report.totals_line(), highlight=False)

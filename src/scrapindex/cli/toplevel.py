"""The commands outside any group: schedule, openapi, serve and check."""

import datetime as dt
import json
import logging
import os
from pathlib import Path
from typing import Annotated

import typer
import uvicorn
from rich.table import Table

from scrapindex.cli.common import console, refuse_without_link_root
from scrapindex.cli.prices import run_and_print_daily_update
from scrapindex.data.daily_update import prices_are_stale
from scrapindex.db import engine_scope
from scrapindex.deploy_check import Finding, deploy_findings, readiness_findings
from scrapindex.logs import log_config
from scrapindex.scheduler import (
    DAILY_UPDATE_JOB,
    LeasedJob,
    build_schedule,
    catch_up_round,
    run_leased,
)
from scrapindex.server import BoundedHttpProtocol, server_options
from scrapindex.settings import Settings, announce_site_root, get_settings, served_address

Workers = Annotated[
    int, typer.Option(min=1, envvar="WEB_CONCURRENCY", help="Server worker processes")
]


def schedule() -> None:
    """Run the daily update every day at DAILY_UPDATE_TIME (UTC), and send due mail every minute,
    until stopped."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    settings = get_settings()
    with engine_scope(settings) as engine:
        refuse_without_link_root(engine, settings, operators=True)
        stale = prices_are_stale(engine)
    update = LeasedJob(DAILY_UPDATE_JOB, catch_up_round, lambda *_: run_daily(settings))
    if stale and not run_leased(settings, update, dt.datetime.now(dt.UTC)):
        console.print("Prices are older than today: another host runs or ran today's catch-up.")
    scheduler = build_schedule(settings, lambda: run_daily(settings))
    console.print(
        f"Daily update scheduled at {settings.daily_update_time:%H:%M} UTC, mail sent every "
        f"{settings.mail_send_every_seconds} s, unconfirmed newsletter sign-ups and alerts "
        "purged daily; each round runs on one host. Ctrl+C stops."
    )
    try:
        scheduler.start()
    except KeyboardInterrupt:
        console.print("Stopped.")


def run_daily(settings: Settings) -> None:
    console.print("Running the daily update.")
    run_and_print_daily_update(settings)


def openapi(output: Path = Path("build/openapi.json")) -> None:
    """Write the API's OpenAPI schema (the front end's types are generated from it)."""
    from scrapindex.app import create_app

    schema = create_app(get_settings()).openapi()
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(json.dumps(schema, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    console.print(f"OpenAPI schema written to {output}")


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
    os.environ["WEB_CONCURRENCY"] = str(workers)  # what a worker shares with the others
    get_settings.cache_clear()
    settings = get_settings()
    if settings.site_root_origin != "given":
        # Its own address, not one an earlier serve recorded: the site is here now.
        os.environ["SITE_ROOT"] = served_address(settings.host, settings.port)
        get_settings.cache_clear()
        settings = get_settings()
    announce_site_root(settings)  # the commands that write mail link to this address
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


COMMANDS = (schedule, openapi, serve, check)  # in the order `scrapindex --help` lists them

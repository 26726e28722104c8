"""`scrapindex mail`: outgoing mail, the outbox and its sender; the purge of sign-ups nobody
confirmed."""

import datetime as dt
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text
from sqlalchemy import select
from sqlalchemy.orm import Session

from scrapindex.alerts.subscriptions import UNCONFIRMED_LIFETIME as ALERT_LIFETIME
from scrapindex.cli.common import console, refuse_without_link_root
from scrapindex.db import engine_scope
from scrapindex.mail.jobs import purge_sign_ups, send_due_mail
from scrapindex.mail.newsletter import UNCONFIRMED_LIFETIME as SIGN_UP_LIFETIME
from scrapindex.models import OutboxMessage
from scrapindex.settings import get_settings

app = typer.Typer(help="Outgoing mail: the outbox and its sender.", no_args_is_help=True)

OUTBOX_STATUSES = ("queued", "sending", "sent", "dead", "skipped", "all")


@app.command("outbox")
def mail_outbox(
    status: Annotated[
        str, typer.Option(help="queued, sending, sent, dead, skipped or all", case_sensitive=False)
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
    with engine_scope(get_settings()) as engine, Session(engine) as session:
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


@app.command("send")
def mail_send() -> None:
    """Send every message that is due, once (`scrapindex schedule` does this every minute)."""
    settings = get_settings()
    with engine_scope(settings) as engine:
        refuse_without_link_root(engine, settings, operators=True)
        report = send_due_mail(engine, settings, dt.datetime.now(dt.UTC))
    if report.skipped:
        console.print(
            "SMTP_HOST is not set: nothing sent, messages stay in the outbox "
            "(`scrapindex mail outbox`)."
        )
        return
    console.print(f"{report.sent} sent, {report.retried} to retry later, {report.dead} dead.")
    if report.lost:
        console.print(
            f"[yellow]{_count(report.lost, 'message')} lost: another sender took them after "
            "this one's claim lapsed (MAIL_CLAIM_TIMEOUT_SECONDS); not counted as sent (the "
            "log's warnings name them).[/yellow]"
        )


@app.command("purge")
def mail_purge() -> None:
    """Delete the newsletter sign-ups nobody confirmed within 30 days and the price alerts nobody
    confirmed within 7 (`scrapindex schedule` does this daily)."""
    with engine_scope(get_settings()) as engine:
        report = purge_sign_ups(engine, dt.datetime.now(dt.UTC))
    console.print(
        f"{_count(report.newsletter, 'unconfirmed newsletter sign-up')} older than "
        f"{SIGN_UP_LIFETIME.days} days and {_count(report.alerts, 'unconfirmed alert')} older "
        f"than {ALERT_LIFETIME.days} days deleted."
    )


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"

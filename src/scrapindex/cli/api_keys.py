"""`scrapindex api-keys`: keys for the API's business clients (also in the console, /admin)."""

import datetime as dt
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Column, Table
from sqlalchemy.orm import Session

from scrapindex.api_keys.keys import (
    MAX_QUOTA,
    PREFIX_LENGTH,
    KeyRefused,
    NewKey,
    create_key,
    revoke_key,
    rotate_key,
)
from scrapindex.cli.common import console
from scrapindex.db import engine_scope
from scrapindex.models import ApiKey
from scrapindex.queries.api_keys import key_list, requests_on, usage_days
from scrapindex.settings import get_settings

app = typer.Typer(help="API keys of business clients (only a hash is kept).", no_args_is_help=True)

KeyId = Annotated[int, typer.Argument(help="The key's id (scrapindex api-keys list)", min=1)]


def show_secret(made: NewKey) -> None:
    key = made.key
    console.print(
        f"Key {key.id} for {escape(key.name)}: {key.quota_per_day}/day, "
        f"{key.quota_per_minute}/minute. Copy it now, it is not kept and cannot be shown again:",
        highlight=False,
    )
    print(made.secret)  # alone on its line, unwrapped, for scripts


@app.command("create")
def api_keys_create(
    name: Annotated[str, typer.Option(help="Who the key is for", min=1)],
    quota: Annotated[
        int | None,
        typer.Option(help="Requests per UTC day [default: API_KEY_DEFAULT_PER_DAY]", min=1),
    ] = None,
    per_minute: Annotated[
        int | None,
        typer.Option(help="Requests per minute [default: API_KEY_DEFAULT_PER_MINUTE]", min=1),
    ] = None,
    email: Annotated[str | None, typer.Option(help="The client's contact address")] = None,
) -> None:
    """Make a key and print it (the only time it is shown)."""
    name = name.strip()
    if not name or len(name) > 120:
        console.print("[red]--name must be 1 to 120 characters[/red]")
        raise typer.Exit(1)
    if (quota or 0) > MAX_QUOTA or (per_minute or 0) > MAX_QUOTA:
        console.print(f"[red]Quotas are at most {MAX_QUOTA}[/red]")
        raise typer.Exit(1)
    settings = get_settings()
    with engine_scope(settings) as engine, Session(engine) as session:
        made = create_key(
            session,
            name=name,
            per_day=quota or settings.api_key_default_per_day,
            per_minute=per_minute or settings.api_key_default_per_minute,
            by=None,
            contact_email=email,
        )
        session.commit()
        show_secret(made)


@app.command("list")
def api_keys_list() -> None:
    """The keys, live ones first, with today's requests."""
    with engine_scope(get_settings()) as engine, Session(engine) as session:
        keys, _ = key_list(session, 1, 1000)
        used = requests_on(session, [key.id for key in keys], dt.datetime.now(dt.UTC).date())
    if not keys:
        console.print("No API keys. Make one: scrapindex api-keys create --name N --quota 1000")
        return
    prefix = Column("prefix", no_wrap=True, min_width=PREFIX_LENGTH)  # what tells keys apart
    table = Table("id", "name", prefix, "per day", "per minute", "today", "last used", "state")
    for key in keys:
        table.add_row(
            str(key.id),
            escape(key.name),
            key.prefix,
            str(key.quota_per_day),
            str(key.quota_per_minute),
            str(used.get(key.id, 0)),
            f"{key.last_used_at:%Y-%m-%d %H:%M}" if key.last_used_at else "never",
            f"revoked {key.revoked_at:%Y-%m-%d}" if key.revoked_at else "live",
        )
    console.print(table)


@app.command("usage")
def api_keys_usage(
    key_id: KeyId,
    days: Annotated[int, typer.Option(help="How many days back", min=1, max=366)] = 30,
) -> None:
    """A key's requests per UTC day (answered and refused past its quota)."""
    with engine_scope(get_settings()) as engine, Session(engine) as session:
        key = session.get(ApiKey, key_id)
        if key is None:
            console.print(f"[red]No API key {key_id}[/red]")
            raise typer.Exit(1)
        since = dt.datetime.now(dt.UTC).date() - dt.timedelta(days=days - 1)
        rows = usage_days(session, key_id, since)
    table = Table("day (UTC)", "requests", "refused", title=f"{key.prefix} ({escape(key.name)})")
    for row in rows:
        table.add_row(row.day.isoformat(), str(row.requests), str(row.refused))
    console.print(table if rows else f"Key {key_id} made no request in the last {days} days.")


def changed_key(key_id: int, rotate: bool) -> None:
    with engine_scope(get_settings()) as engine, Session(engine) as session:
        key = session.get(ApiKey, key_id)
        if key is None:
            console.print(f"[red]No API key {key_id}[/red]")
            raise typer.Exit(1)
        try:
            made = rotate_key(session, key, None) if rotate else None
            if not rotate:
                revoke_key(session, key, None)
        except KeyRefused as refused:
            console.print(f"[red]{escape(str(refused))}[/red]")
            raise typer.Exit(1) from None
        session.commit()
        console.print(f"Key {key.id} ({key.prefix}) is revoked: its requests get 401 from now on.")
        if made is not None:
            show_secret(made)


@app.command("revoke")
def api_keys_revoke(key_id: KeyId) -> None:
    """Revoke a key: it stops working at once, on every host."""
    changed_key(key_id, rotate=False)


@app.command("rotate")
def api_keys_rotate(key_id: KeyId) -> None:
    """Revoke a key and make a new one for the same client and quotas (printed once)."""
    changed_key(key_id, rotate=True)

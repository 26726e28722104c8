"""`scrapindex newsletter`: newsletter sign-ups (double opt-in)."""

import datetime as dt

import typer

from scrapindex.cli.common import console
from scrapindex.db import engine_scope
from scrapindex.mail.jobs import purge_newsletter
from scrapindex.mail.newsletter import UNCONFIRMED_LIFETIME
from scrapindex.settings import get_settings

app = typer.Typer(help="Newsletter sign-ups (double opt-in).", no_args_is_help=True)


@app.command("purge")
def newsletter_purge() -> None:
    """Delete the sign-ups nobody confirmed within 30 days (`scrapindex schedule` does this
    daily)."""
    with engine_scope(get_settings()) as engine:
        deleted = purge_newsletter(engine, dt.datetime.now(dt.UTC))
    console.print(
        f"{deleted} unconfirmed sign-up{'' if deleted == 1 else 's'} older than "
        f"{UNCONFIRMED_LIFETIME.days} days deleted."
    )

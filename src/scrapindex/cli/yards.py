"""`scrapindex yards`: the scrap yard directory, and its owners' accounts."""

import datetime as dt
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.markup import escape
from sqlalchemy.orm import Session

from scrapindex.cli.common import (
    FeedFile,
    ImportFile,
    console,
    feed_failed,
    finish_import,
    import_file_command,
)
from scrapindex.cli.ea_register import ea_register_command
from scrapindex.data.feeds import FeedError
from scrapindex.data.feeds.overpass import fetch_osm_yards
from scrapindex.data.imports.report import progress_bar
from scrapindex.data.operations import after_import
from scrapindex.db import engine_scope
from scrapindex.models import ScrapYard, YardOwner
from scrapindex.settings import get_settings
from scrapindex.yard_owners.owners import OwnerRefused, invite_owner

app = typer.Typer(help="The scrap yard directory.", no_args_is_help=True)


@app.command("import")
def yards_import(file: ImportFile) -> None:
    """Import scrap yards from a CSV file or an OpenStreetMap export (Overpass JSON, GeoJSON)."""
    import_file_command("yards", file)


FETCH_SOURCES = ("osm", "ea-register")


@app.command("fetch")
def yards_fetch(
    source: Annotated[str, typer.Option(help="osm (OpenStreetMap via Overpass) or ea-register")],
    country: Annotated[
        str | None, typer.Option(help="osm: the country's ISO code (za, us, gb, ...)")
    ] = None,
    file: FeedFile = None,
) -> None:
    """Fetch real yards: OpenStreetMap's scrap yards of a country (Overpass API; a yard gone
    from OSM is marked, not deleted), or England's register of scrap metal dealers."""
    if source == "osm":
        _fetch_osm(country, file)
    elif source == "ea-register":
        ea_register_command(file)
    else:
        _refuse(f"Unknown source {source!r}: one of {', '.join(FETCH_SOURCES)}.")


def _fetch_osm(country: str | None, file: Path | None) -> None:
    if not country:
        _refuse("--country is required with --source osm (za, us, gb, ...).")
    settings = get_settings()
    with engine_scope(settings) as engine, progress_bar(console) as progress:
        try:
            fetched = fetch_osm_yards(
                engine, country, base_url=settings.overpass_url, file=file, progress=progress
            )
        except FeedError as error:
            feed_failed(str(error))
        outcome = after_import(engine, settings, fetched.report, wrote_prices=False)
    console.print(
        f"OpenStreetMap, {fetched.country}: {fetched.answered} elements in the answer; "
        f"{fetched.marked_left} yards no longer in it marked (hidden from lists), "
        f"{fetched.came_back} back again.",
        highlight=False,
    )
    finish_import(outcome)


@app.command("add-owner")
def yards_add_owner(
    yard: Annotated[int, typer.Option(help="The yard's id (as in /scrap-yard/ID)", min=1)],
    email: Annotated[str, typer.Option(help="The owner's e-mail address: the account's login")],
) -> None:
    """Make an address an owner of a yard: an owner account gets the yard now; a new address is
    mailed a link to set its password (send it with `scrapindex mail send`). Audited as cli."""
    settings = get_settings()
    with engine_scope(settings) as engine, Session(engine) as session:
        found = session.get(ScrapYard, yard)
        if found is None:
            _refuse(f"No yard {yard}.")
        try:
            added = invite_owner(session, settings, found, email, None, dt.datetime.now(dt.UTC))
        except OwnerRefused as refused:
            _refuse(str(refused))
        session.commit()
        name = escape(found.name)
        if isinstance(added, YardOwner):
            console.print(f"{escape(email.strip().lower())} now owns {name}; a mail tells them.")
            return
        hours = settings.yard_claim_link_hours
        console.print(
            f"A link to set the password of {escape(added.email)} (owner of {name}) is queued; "
            f"it works {hours} hours. `scrapindex mail send` sends it now."
        )


def _refuse(message: str) -> NoReturn:
    console.print(f"[red]{escape(message)}[/red]")
    raise typer.Exit(1)

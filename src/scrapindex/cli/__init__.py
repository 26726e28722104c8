"""The `scrapindex` command: database, demo data, imports, the daily update and serving.

One module per command group; each parses its arguments, calls the services (most of them in
``scrapindex.data.operations``, ``scrapindex.mail.jobs`` and ``scrapindex.scheduler``) and
prints what they did."""

import sys
from typing import Any

import typer

from scrapindex.cli import (
    api_keys,
    common,
    data,
    db,
    demo,
    fx,
    mail,
    market,
    prices,
    toplevel,
    users,
    yards,
)
from scrapindex.settings import SiteRootUnknown


class _App(typer.Typer):
    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        # A command refuses up front when it may write links without the site's address; this
        # says the same for one that found out only as it wrote (an alert confirmed meanwhile).
        try:
            return super().__call__(*args, **kwargs)
        except SiteRootUnknown as error:
            common.console.print(f"[red]{error}[/red]", highlight=False, soft_wrap=True)
            sys.exit(1)


app = _App(help="ScrapIndex: scrap metal prices and scrap yards.", no_args_is_help=True)
for command in toplevel.COMMANDS:
    app.command()(command)
app.add_typer(db.app, name="db")
app.add_typer(demo.app, name="demo")
app.add_typer(prices.app, name="prices")
app.add_typer(fx.app, name="fx")
app.add_typer(market.app, name="market")
app.add_typer(yards.app, name="yards")
app.add_typer(data.app, name="data")
app.add_typer(mail.app, name="mail")
app.add_typer(users.app, name="users")
app.add_typer(api_keys.app, name="api-keys")

__all__ = ["app"]

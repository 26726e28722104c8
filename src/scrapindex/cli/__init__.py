"""The `scrapindex` command: database, demo data, imports, the daily update and serving.

One module per command group; each parses its arguments, calls the services (most of them in
``scrapindex.data.operations``, ``scrapindex.mail.jobs`` and ``scrapindex.scheduler``) and
prints what they did."""

import typer

from scrapindex.cli import (
    data,
    db,
    demo,
    fx,
    mail,
    market,
    newsletter,
    prices,
    toplevel,
    users,
    yards,
)

app = typer.Typer(help="ScrapIndex: scrap metal prices and scrap yards.", no_args_is_help=True)
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
app.add_typer(newsletter.app, name="newsletter")
app.add_typer(users.app, name="users")

__all__ = ["app"]

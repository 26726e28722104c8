"""`scrapindex fx`: exchange rates."""

from typing import Annotated

import typer

from scrapindex.cli.common import (
    AllowOutliers,
    FeedFile,
    ImportFile,
    feed_failed,
    fetch_feed_command,
    import_file_command,
)

app = typer.Typer(help="Exchange rates.", no_args_is_help=True)


@app.command("import")
def fx_import(file: ImportFile, allow_outliers: AllowOutliers = False) -> None:
    """Import daily exchange rates (date, currency, usd_per_unit, source)."""
    import_file_command("fx", file, allow_outliers)


@app.command("fetch")
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
        feed_failed(f"unknown FX source {source!r}: the one there is, is ecb")
    fetch_feed_command("ecb", file=file, allow_outliers=allow_outliers, history=history)

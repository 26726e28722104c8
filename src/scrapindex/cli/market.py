"""`scrapindex market`: market reference prices of metals."""

from typing import Annotated

import typer

from scrapindex.cli.common import (
    AllowOutliers,
    FeedFile,
    ImportFile,
    fetch_feed_command,
    import_file_command,
)

app = typer.Typer(help="Market reference prices of metals.", no_args_is_help=True)


@app.command("fetch")
def market_fetch(
    source: Annotated[
        str, typer.Option(help="fred, worldbank, or a provider named in MARKET_FEEDS_FILE")
    ] = "fred",
    series: Annotated[
        str | None,
        typer.Option(
            "--series",
            "--metals",
            help="Metals to fetch, comma-separated (copper,aluminium,...); default all",
        ),
    ] = None,
    file: FeedFile = None,
    allow_outliers: AllowOutliers = False,
) -> None:
    """Fetch metal reference prices (FRED's monthly IMF series, the World Bank's monthly Pink
    Sheet from its .xlsx or a CSV export of it, or a licensed provider)."""
    metals = (
        [name.strip().lower() for name in series.split(",") if name.strip()] if series else None
    )
    fetch_feed_command(source, file=file, allow_outliers=allow_outliers, series=metals)


@app.command("import")
def market_import(file: ImportFile, allow_outliers: AllowOutliers = False) -> None:
    """Import metal reference prices (date, metal, usd_per_tonne, period, source)."""
    import_file_command("market", file, allow_outliers)

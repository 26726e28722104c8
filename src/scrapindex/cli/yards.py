"""`scrapindex yards`: the scrap yard directory."""

import typer

from scrapindex.cli.common import ImportFile, import_file_command

app = typer.Typer(help="The scrap yard directory.", no_args_is_help=True)


@app.command("import")
def yards_import(file: ImportFile) -> None:
    """Import scrap yards from a CSV file or an OpenStreetMap export (Overpass JSON, GeoJSON)."""
    import_file_command("yards", file)

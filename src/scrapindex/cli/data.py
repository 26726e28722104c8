"""`scrapindex data`: checks of the stored data, and reloading the legal guidance."""

import datetime as dt
import json
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from scrapindex.cli.common import console
from scrapindex.data.check import DataCheckReport
from scrapindex.data.legal import reload_legal_rules
from scrapindex.data.operations import check_stored_data
from scrapindex.db import engine_scope
from scrapindex.settings import get_settings

app = typer.Typer(help="Checks of the stored data, and reloading content.", no_args_is_help=True)


@app.command("check")
def data_check(
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON")] = False,
) -> None:
    """Check the stored data (grade order, staleness, FX, currencies, yards); exit 1 on errors."""
    settings = get_settings()
    with engine_scope(settings) as engine:
        report = check_stored_data(engine, settings, dt.datetime.now(dt.UTC).date())
    if as_json:
        typer.echo(json.dumps(report.as_dict(), indent=2))
    else:
        print_data_check(report)
    if not report.ok:
        raise typer.Exit(1)


@app.command("legal-reload")
def legal_reload() -> None:
    """Replace the stored legal guidance with content/legal/*.yaml (one transaction)."""
    settings = get_settings()
    with engine_scope(settings) as engine:
        counts = reload_legal_rules(engine, settings.content_dir)
    for code, count in counts.items():
        console.print(f"{code}: {count} rules", highlight=False)
    console.print(f"{sum(counts.values())} legal rules loaded", highlight=False)


def print_data_check(report: DataCheckReport) -> None:
    if report.findings:
        table = Table("level", "check", "count", "what (and examples)")
        table.columns[2].justify = "right"
        for finding in report.findings:
            color = "red" if finding.level == "error" else "yellow"
            examples = "".join(f"\n  {example}" for example in finding.examples)
            table.add_row(
                Text(finding.level, style=color),
                finding.code,
                f"{finding.count:,}",
                Text(finding.message + examples),
            )
        console.print(table)
    else:
        console.print("[green]No problems found in the data.[/green]")
    console.print(report.totals_line(), highlight=False)

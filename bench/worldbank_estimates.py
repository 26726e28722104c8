"""The estimates the World Bank's Pink Sheet fixture yields for Johannesburg, New York and London
copper, aluminium and steel, as the site's API shows them (issue 39's closing note).

In a new SQLite database under a temporary folder, through the CLI an operator runs:

    scrapindex db upgrade
    scrapindex demo seed --days 30 --end-date DAY      (places and materials; demo prices)
    scrapindex fx fetch --source ecb --file tests/fixtures/feeds/eurofxref-daily.xml
    scrapindex market fetch --source worldbank \
        --file tests/fixtures/worldbank/CMO-Historical-Data-Monthly.xlsx
    scrapindex prices estimate --date DAY

then reads GET /api/cities/{slug}/prices through the app and prints a Markdown table. The demo
set only gives the places and materials a database has no other way to get yet: the estimates
replace its prices of DAY, and demo exchange rates are never used by an estimate. The Pink Sheet
fixture's values were written from memory, not downloaded (tests/fixtures/worldbank/README.md);
the ECB rates of 25 Apr 2025 are real.

    .venv/bin/python bench/worldbank_estimates.py [--day 2025-11-28]
"""

import argparse
import os
import subprocess
import sys
import tempfile
from decimal import Decimal
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fastapi.testclient import TestClient  # noqa: E402

from scrapindex.app import create_app  # noqa: E402
from scrapindex.settings import Settings  # noqa: E402

CLI = ROOT / ".venv" / "bin" / "scrapindex"
ECB = ROOT / "tests" / "fixtures" / "feeds" / "eurofxref-daily.xml"
PINK_SHEET = ROOT / "tests" / "fixtures" / "worldbank" / "CMO-Historical-Data-Monthly.xlsx"
CITIES = [("ZA", "johannesburg"), ("US", "new-york"), ("GB", "london")]
GROUPS = {
    "copper": ["bare-bright-copper", "copper-1", "copper-2"],
    "aluminium": ["aluminum-cans", "aluminum", "aluminum-extrusion"],
    "steel": ["hms-steel", "light-iron"],
}
KG_PER_LB = Decimal("0.45359237")
SYMBOL = {"ZAR": "R", "USD": "$", "GBP": "£"}


def run(env: dict[str, str], *args: str) -> str:
    done = subprocess.run([str(CLI), *args], env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"scrapindex {' '.join(args)} failed:\n{done.stdout}{done.stderr}")
    return done.stdout


def shown(price: str, currency: str, country: str) -> str:
    """Per kg, and per lb in the US, per tonne in GB (how the published levels are quoted)."""
    per_kg = Decimal(price)
    symbol = SYMBOL[currency]
    text = f"{symbol}{per_kg:,.2f}/kg"
    if country == "US":
        text += f" ({symbol}{per_kg * KG_PER_LB:,.2f}/lb)"
    if country == "GB":
        text += f" ({symbol}{per_kg * 1000:,.0f}/t)"
    return text


def table(client: TestClient) -> tuple[list[str], dict[str, Any]]:
    lines = ["| | copper | aluminium | steel |", "|---|---|---|---|"]
    examples: dict[str, Any] = {}
    for country, slug in CITIES:
        rows = {r["material"]["slug"]: r for r in client.get(f"/api/cities/{slug}/prices").json()}
        cells = []
        for materials in GROUPS.values():
            parts = []
            for material in materials:
                row = rows[material]
                kind = row["source"]["kind"]
                value = shown(row["price"], row["currency"], country)
                note = "" if kind == "estimate" else f" [{kind}, not an estimate]"
                parts.append(f"{row['material']['name']} {value}{note}")
                if material in ("copper-1", "aluminum", "hms-steel") and row["estimate"]:
                    examples[f"{slug} {material}"] = row["estimate"]
            cells.append("; ".join(parts))
        lines.append(f"| **{country}** ({slug}) | " + " | ".join(cells) + " |")
    return lines, examples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--day", default="2025-11-28", help="the day estimated, YYYY-MM-DD")
    day = parser.parse_args().day
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/worldbank.db"
        env = {**os.environ, "DATABASE_URL": url, "DATA_DIR": folder, "MARKET_FEEDS": ""}
        env["CONTENT_DIR"] = str(ROOT / "content")
        run(env, "db", "upgrade")
        run(env, "demo", "seed", "--days", "30", "--end-date", day)
        print(run(env, "fx", "fetch", "--source", "ecb", "--file", str(ECB)).strip())
        print(run(env, "market", "fetch", "--source", "worldbank", "--file", str(PINK_SHEET)))
        print(run(env, "prices", "estimate", "--date", day).strip())
        settings = Settings(
            database_url=url, content_dir=ROOT / "content", data_dir=Path(folder),
            price_stale_days=3650,
        )  # fmt: skip
        with TestClient(create_app(settings)) as client:
            lines, examples = table(client)
    print(f"\nEstimates of {day}\n")
    print("\n".join(lines))
    for name, estimate in examples.items():
        print(f"\n{name}: {estimate['formula']}")
        print(
            f"  referenceOutdated={estimate['referenceOutdated']}"
            f" inputsOutdated={estimate['inputsOutdated']} inputsNote={estimate['inputsNote']!r}"
        )


if __name__ == "__main__":
    main()

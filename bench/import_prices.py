"""Import a 200,000-row price CSV into SQLite and PostgreSQL: rows per second and peak memory.

Each import runs in a child process of its own (this script with --child) on a fresh clone of
a seeded database, so the child's peak resident memory (VmHWM: its own address space's high
water mark, which unlike ru_maxrss does not carry the parent's over exec) is that import's
alone. A file a tenth the size and a header-only file (the interpreter and libraries alone) run
the same way: an import that streams keeps the same peak whatever the file's length. Figures,
not a pass/fail test.

    .venv/bin/python bench/import_prices.py [--db sqlite|postgresql|both] [--rows 200000]
"""

import argparse
import datetime as dt
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import select  # noqa: E402

from bench import common  # noqa: E402
from scrapindex.data.demo import DemoConfig  # noqa: E402
from scrapindex.data.imports.prices import import_prices  # noqa: E402
from scrapindex.db import create_db_engine  # noqa: E402
from scrapindex.formatting import stored_unit  # noqa: E402
from scrapindex.models import City, CurrentPrice, Material, Price  # noqa: E402

# A week of history: the feed's last days update it.
SEEDED = DemoConfig(end_date=common.END_DATE, days=7)
HEADER = "date,country,city,material,price,currency,unit,source\n"


def write_feed(template_url: str, path: Path, rows: int) -> None:
    """``rows`` rows, day after day over every series, ending on the seeded data's last day."""
    engine = create_db_engine(template_url)
    with engine.connect() as connection:
        series = connection.execute(
            select(
                City.slug,
                City.country_code,
                Material.slug,
                Material.sale_unit,
                Price.price_per_kg,
                Price.currency,
            )
            .select_from(CurrentPrice)
            .join(Price, Price.id == CurrentPrice.price_id)
            .join(City, City.id == CurrentPrice.city_id)
            .join(Material, Material.id == CurrentPrice.material_id)
            .order_by(City.slug, Material.slug)
        ).all()
    engine.dispose()
    days = -(-rows // len(series))
    rng = random.Random(rows)
    written = 0
    with path.open("w", encoding="utf-8") as out:
        out.write(HEADER)
        for n in range(days):
            day = common.END_DATE - dt.timedelta(days=days - 1 - n)
            for city, country, material, sale_unit, price, currency in series:
                if written == rows:
                    return
                quote = (price * Decimal(str(rng.uniform(0.9, 1.1)))).quantize(Decimal("0.01"))
                unit = stored_unit(sale_unit)
                out.write(
                    f"{day},{country},{city},{material},{quote},{currency},{unit},Bench feed\n"
                )
                written += 1


def child(url: str, feed: Path) -> None:
    engine = create_db_engine(url)
    started = time.perf_counter()
    report = import_prices(engine, feed, allow_outliers=False, today=common.END_DATE)
    seconds = time.perf_counter() - started
    engine.dispose()
    if not report.ok:
        raise SystemExit("\n".join(report.problem_lines()[:10]))
    figures = {
        "rows": report.rows,
        "inserted": report.inserted,
        "updated": report.updated,
        "seconds": seconds,
        "peak_rss_mib": peak_rss_kib() / 1024,
    }
    print(json.dumps(figures))


def peak_rss_kib() -> float:
    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text().splitlines():
            if line.startswith("VmHWM:"):
                return float(line.split()[1])
    return float(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)  # Linux: KiB


def run_child(url: str, feed: Path) -> dict[str, float]:
    command = [sys.executable, __file__, "--child", url, str(feed)]
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    figures: dict[str, float] = json.loads(result.stdout.strip().splitlines()[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--rows", type=int, default=200_000)
    parser.add_argument("--child", nargs=2, metavar=("URL", "FILE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], Path(args.child[1]))
        return
    sizes = [args.rows, args.rows // 10, 0]
    print(f"Price import: {', '.join(f'{n:,}' for n in sizes)} rows, {SEEDED.days} days seeded")
    print("| database | rows | inserted | updated | seconds | rows/s | peak RSS MiB |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    with (
        tempfile.TemporaryDirectory() as folder,
        common.seeded_templates(args.db, Path(folder)) as found,
    ):
        work = Path(folder)
        feeds: dict[int, Path] = {}
        for name, templates in found:
            for size in sizes:
                url = common.fresh_clone(templates, SEEDED, work, f"{name}-{size}")
                if size not in feeds:
                    feeds[size] = work / f"feed-{size}.csv"
                    write_feed(url, feeds[size], size)
                figures = run_child(url, feeds[size])
                common.drop_clone(templates, url)
                rate = figures["rows"] / figures["seconds"] if figures["rows"] else 0
                print(
                    f"| {name} | {figures['rows']:,.0f} | {figures['inserted']:,.0f} "
                    f"| {figures['updated']:,.0f} | {figures['seconds']:.1f} | {rate:,.0f} "
                    f"| {figures['peak_rss_mib']:.0f} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()

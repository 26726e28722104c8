"""`scrapindex demo remove [--dry-run]`: every demo row out in one transaction, the counts
printed, real rows (OSM yards, a price file, ECB rates) untouched, the demo notice gone."""

import re
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, func, select

from scrapindex.data.demo_remove import demo_rows_left
from scrapindex.data.feeds.ecb import fetch_ecb_rates
from scrapindex.data.feeds.overpass import fetch_osm_yards
from scrapindex.data.imports.prices import import_prices
from scrapindex.models import (
    Base,
    CurrentPrice,
    DataRevision,
    FxRate,
    Price,
    ScrapYard,
    Source,
    YardOpenHours,
)
from scrapindex.price_kinds import DEMO_KIND
from scrapindex.web.fallback import demo_notice
from tests.databases import fingerprint
from tests.integration.test_feeds import FEEDS, run_cli
from tests.moderation import app_client

FIXTURES = Path(__file__).parents[1] / "fixtures"
COUNTED = re.compile(r"│ (\w[\w ()]*?)\s+│\s+([\d,]+) │")


def printed_counts(output: str) -> dict[str, int]:
    return {name: int(count.replace(",", "")) for name, count in COUNTED.findall(output)}


def demo_counts(db: Engine) -> dict[str, int]:
    """What the demo set holds, counted here by the source's kind."""
    demo = select(Source.id).where(Source.kind == DEMO_KIND)
    yards = select(ScrapYard.id).where(ScrapYard.source_id.in_(demo))
    with db.connect() as connection:

        def count(model: Any, *where: Any) -> int:
            return connection.execute(
                select(func.count()).select_from(model).where(*where)
            ).scalar_one()

        return {
            "scrap_yards": count(ScrapYard, ScrapYard.source_id.in_(demo)),
            "yard_open_hours": count(YardOpenHours, YardOpenHours.yard_id.in_(yards)),
            "prices": count(Price, Price.source_id.in_(demo)),
            "fx_rates": count(FxRate, FxRate.source_id.in_(demo)),
            "sources": count(Source, Source.kind == DEMO_KIND),
        }


def real_rows(db: Engine) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of prices, rates and yards that is not the demo's, as stored."""
    demo = select(Source.id).where(Source.kind == DEMO_KIND)
    with db.connect() as connection:
        return {
            table.name: [
                tuple(row)
                for row in connection.execute(
                    select(table)
                    .where(table.c.source_id.not_in(demo))
                    .order_by(*table.primary_key.columns)
                )
            ]
            for table in (
                Base.metadata.tables[name] for name in ("prices", "fx_rates", "scrap_yards")
            )
        }


def stored_revision(db: Engine) -> int:
    with db.connect() as connection:
        return connection.execute(select(DataRevision.revision)).scalar_one()


def test_dry_run_then_removal_leaves_only_the_real_rows(
    db: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert fetch_osm_yards(db, "za", base_url="unused", file=FIXTURES / "overpass/za.json")
    assert import_prices(db, FIXTURES / "imports/prices_valid.csv").ok
    assert fetch_ecb_rates(db, file=FEEDS / "eurofxref-daily.xml").ok
    expected = demo_counts(db)
    assert min(expected.values()) > 0
    real = real_rows(db)
    assert all(real.values())
    before, revision = fingerprint(db), stored_revision(db)

    dry = run_cli(db, monkeypatch, "demo", "remove", "--dry-run")
    assert dry.exit_code == 0, dry.output
    assert "Dry run: rolled back, nothing was changed." in dry.output
    assert expected.items() <= printed_counts(dry.output).items()
    assert fingerprint(db) == before

    done = run_cli(db, monkeypatch, "demo", "remove")
    assert done.exit_code == 0, done.output
    assert printed_counts(done.output) == printed_counts(dry.output)
    assert demo_rows_left(db) == 0
    assert real_rows(db) == real
    assert stored_revision(db) > revision
    with db.connect() as connection:
        shown = connection.execute(
            select(func.count(), func.count(Source.id).filter(Source.kind == DEMO_KIND))
            .select_from(CurrentPrice)
            .join(Price, Price.id == CurrentPrice.price_id)
            .join(Source, Source.id == Price.source_id)
        ).one()
    assert shown[0] > 0  # the price file's series still show its prices
    assert shown[1] == 0

    with app_client(db) as site:
        stats = site.get("/api/stats").json()
        assert stats["demoData"] is False
        assert stats["scrapYards"] == len(real["scrap_yards"])
        assert demo_notice()["text"] not in site.get("/za/johannesburg").text

    again = run_cli(db, monkeypatch, "demo", "remove")
    assert again.exit_code == 0, again.output
    assert set(printed_counts(again.output).values()) == {0}

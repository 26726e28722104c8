"""Legal guidance per country, kept as YAML in content/legal and loaded into legal_rules."""

from collections import Counter
from pathlib import Path
from typing import Any

import yaml
from sqlalchemy import Connection, Engine, delete, insert, select

from scrapindex import revision
from scrapindex.models import Country, LegalRule

CATEGORIES = ("licensing", "identification", "records", "materials", "safety")


def read_legal_rules(content_dir: Path) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for path in sorted((content_dir / "legal").glob("*.yaml")):
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
        country = str(document["country"]).upper()
        for position, item in enumerate(document["items"]):
            if item["category"] not in CATEGORIES:
                raise ValueError(f"{path.name}: unknown category {item['category']!r}")
            rows.append(
                {
                    "country_code": country,
                    "position": position,
                    "category": item["category"],
                    "title": item["title"],
                    "description": item["description"],
                    "requirement": item["requirement"],
                    "penalty": item.get("penalty"),
                    "source": item.get("source"),
                }
            )
    return rows


def replace_legal_rules(connection: Connection, rows: list[dict[str, Any]]) -> None:
    connection.execute(delete(LegalRule))
    if rows:
        connection.execute(insert(LegalRule), rows)


def reload_legal_rules(engine: Engine, content_dir: Path) -> dict[str, int]:
    """The rules of content/legal in place of the stored ones, in one transaction that moves the
    data revision (cached answers go stale); rules per country. Seeding loads them once; a
    database seeded before a country's file existed gets it this way. Only countries we hold."""
    rows = read_legal_rules(content_dir)
    with engine.begin() as connection:
        held = set(connection.execute(select(Country.code)).scalars())
        kept = [row for row in rows if row["country_code"] in held]
        replace_legal_rules(connection, kept)
        revision.bump(connection)
    return dict(sorted(Counter(row["country_code"] for row in kept).items()))

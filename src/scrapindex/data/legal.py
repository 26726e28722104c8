"""Legal guidance per country, kept as YAML in content/legal and loaded into legal_rules."""

from pathlib import Path
from typing import Any

import yaml
from sqlalchemy import Connection, delete, insert

from scrapindex.models import LegalRule

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

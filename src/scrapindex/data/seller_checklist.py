"""Seller's checklists, read from content/legal/checklists/<cc>.yaml once per process (the
content ships with the code, like the blog)."""

from functools import lru_cache
from pathlib import Path

import yaml
from pydantic import ValidationError

from scrapindex.schemas.seller_checklist import TOPICS, SellerChecklist


def checklist_dir(content_dir: Path) -> Path:
    return content_dir / "legal" / "checklists"


def read_checklist(path: Path) -> SellerChecklist:
    """One country's file, checked: every topic once, in TOPICS order, every line sourced."""
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    try:
        checklist = SellerChecklist.model_validate(
            {"country_code": str(document["country"]).upper(), "items": document["items"]}
        )
    except (ValidationError, KeyError, TypeError) as error:
        raise ValueError(f"{path.name}: {error}") from error
    if path.stem.upper() != checklist.country_code:
        raise ValueError(f"{path.name}: names country {checklist.country_code}")
    topics = tuple(item.topic for item in checklist.items)
    if topics != TOPICS:
        raise ValueError(f"{path.name}: topics {topics}, expected {TOPICS}")
    return checklist


@lru_cache(maxsize=4)
def load_checklists(directory: Path) -> dict[str, SellerChecklist]:
    return {path.stem.upper(): read_checklist(path) for path in sorted(directory.glob("*.yaml"))}


def seller_checklist(content_dir: Path, country_code: str) -> SellerChecklist:
    """The country's checklist; no items when we hold none."""
    code = country_code.upper()
    found = load_checklists(checklist_dir(content_dir)).get(code)
    return found or SellerChecklist(country_code=code, items=[])

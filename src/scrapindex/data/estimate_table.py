"""The estimate table (content/reference/estimates.yaml): reference metals, grade factors,
yard margins and grade families, read and checked once."""

from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

import yaml

ESTIMATES_FILE = Path("reference") / "estimates.yaml"


class EstimateTableError(ValueError):
    pass


@dataclass(frozen=True)
class Reference:
    metal: str
    name: str
    fred_series: str | None


@dataclass(frozen=True)
class GradeFactor:
    material_slug: str
    metal: str | None  # None: never estimated (needs reported or imported prices)
    factor: Decimal | None
    source: str


@dataclass(frozen=True)
class EstimateTable:
    references: dict[str, Reference]
    materials: dict[str, GradeFactor]
    default_margin: Decimal
    country_margins: dict[str, Decimal]
    city_margins: dict[str, Decimal]
    families: dict[str, list[str]]  # dearest grade first

    def margin(self, country_code: str, city_slug: str) -> Decimal:
        return self.city_margins.get(
            city_slug, self.country_margins.get(country_code, self.default_margin)
        )

    def estimated(self) -> list[GradeFactor]:
        return [m for m in self.materials.values() if m.metal is not None]

    def family_of(self, material_slug: str) -> str | None:
        for name, grades in self.families.items():
            if material_slug in grades:
                return name
        return None


def load_estimate_table(content_dir: Path) -> EstimateTable:
    path = content_dir / ESTIMATES_FILE
    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    try:
        return _table(data)
    except (KeyError, TypeError, ArithmeticError) as error:
        raise EstimateTableError(f"{path}: {error!r}") from error


def _fraction(value: Any, what: str, high: Decimal = Decimal(10)) -> Decimal:
    number = Decimal(str(value))
    if not Decimal(0) < number <= high:
        raise EstimateTableError(f"{what} must be above 0 and at most {high}, not {value}")
    return number


def _table(data: dict[str, Any]) -> EstimateTable:
    references = {
        metal: Reference(metal, ref["name"], ref.get("fred"))
        for metal, ref in data["references"].items()
    }
    materials: dict[str, GradeFactor] = {}
    for slug, entry in data["materials"].items():
        metal = entry["reference"]
        if metal == "none":
            materials[slug] = GradeFactor(slug, None, None, entry["source"])
            continue
        if metal not in references:
            raise EstimateTableError(f"{slug}: reference {metal!r} is not one of the references")
        factor = _fraction(entry["factor"], f"{slug}'s factor")
        materials[slug] = GradeFactor(slug, metal, factor, entry["source"])
    margins = data["margins"]
    families = {name: list(grades) for name, grades in data["families"].items()}
    for name, grades in families.items():
        unknown = [g for g in grades if g not in materials]
        if unknown:
            raise EstimateTableError(f"family {name} names unknown materials: {unknown}")
    return EstimateTable(
        references=references,
        materials=materials,
        default_margin=_fraction(margins["default"], "the default margin", Decimal(1)),
        country_margins={
            code: _fraction(m, f"{code}'s margin", Decimal(1))
            for code, m in (margins.get("countries") or {}).items()
        },
        city_margins={
            slug: _fraction(m, f"{slug}'s margin", Decimal(1))
            for slug, m in (margins.get("cities") or {}).items()
        },
        families=families,
    )

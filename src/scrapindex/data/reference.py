"""Reference data shipped in content/reference: real places and the materials we track."""

import json
from pathlib import Path
from typing import TypedDict, get_args

from scrapindex.formatting import SaleUnit


class CityRef(TypedDict):
    slug: str
    name: str
    latitude: float
    longitude: float
    timeZone: str
    population: int
    areaCode: str
    postcode: str
    suburbs: list[str]


class RegionRef(TypedDict):
    slug: str
    name: str
    code: str
    cities: list[CityRef]


class CountryRef(TypedDict):
    code: str
    name: str
    currency: str
    phonePrefix: str
    streets: list[str]
    domains: str
    regions: list[RegionRef]


class MaterialRef(TypedDict):
    slug: str
    name: str
    category: str
    grade: str | None
    description: str
    saleUnit: SaleUnit
    usdPerUnit: float  # a demo level in US dollars per kg, or per piece when sold by the piece
    volatility: float


def load_places(content_dir: Path) -> list[CountryRef]:
    data = json.loads((content_dir / "reference" / "places.json").read_text(encoding="utf-8"))
    countries: list[CountryRef] = data["countries"]
    return countries


def load_materials(content_dir: Path) -> list[MaterialRef]:
    data = json.loads((content_dir / "reference" / "materials.json").read_text(encoding="utf-8"))
    materials: list[MaterialRef] = data["materials"]
    # Checked here, where it is written from: a unit of sale decides how stored prices are read.
    for material in materials:
        if material.get("saleUnit") not in get_args(SaleUnit):
            raise ValueError(
                f"materials.json: {material['slug']} has saleUnit {material.get('saleUnit')!r}, "
                f"not one of {', '.join(get_args(SaleUnit))}"
            )
    return materials

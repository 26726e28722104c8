"""A material's unit of sale, as content/reference/materials.json states it and as loaded."""

import json
from pathlib import Path

import pytest

from scrapindex.data.reference import load_materials
from tests.conftest import CONTENT_DIR


def test_converters_sell_by_the_piece_and_silver_by_the_troy_ounce() -> None:
    units = {material["slug"]: material["saleUnit"] for material in load_materials(CONTENT_DIR)}
    assert units["catalytic-converters"] == "piece"
    assert units["silver"] == "troy_oz"
    assert units["copper"] == "kg"


def test_an_unknown_unit_of_sale_is_refused_on_loading(tmp_path: Path) -> None:
    materials = json.loads((CONTENT_DIR / "reference" / "materials.json").read_text("utf-8"))
    materials["materials"][0]["saleUnit"] = "gallon"
    (tmp_path / "reference").mkdir()
    (tmp_path / "reference" / "materials.json").write_text(json.dumps(materials), "utf-8")
    with pytest.raises(ValueError, match="saleUnit 'gallon', not one of kg, troy_oz, piece"):
        load_materials(tmp_path)

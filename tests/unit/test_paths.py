"""The server's page addresses (scrapindex.paths): the cases the browser's builders share, and
each reaches the route of content/routes.json it is for."""

import json
from collections.abc import Callable
from typing import Any

import pytest

from scrapindex import paths
from scrapindex.settings import PROJECT_ROOT
from scrapindex.web.route_table import find_route

CASES = json.loads((PROJECT_ROOT / "tests" / "fixtures" / "path-cases.json").read_text())["cases"]
BUILDERS: dict[str, Callable[..., str]] = {
    "place": paths.place_path,
    "cityYards": paths.city_yards_path,
    "material": paths.material_path,
    "yard": paths.yard_path,
}


@pytest.mark.parametrize("case", CASES, ids=lambda case: case["path"])
def test_each_address_is_the_shared_case_and_reaches_its_route(case: dict[str, Any]) -> None:
    path = BUILDERS[case["builder"]](*case["args"])
    assert path == case["path"]
    assert find_route(PROJECT_ROOT / "content", path)[0].name == case["route"]


def test_every_builder_has_a_case() -> None:
    assert {case["builder"] for case in CASES} == set(BUILDERS)

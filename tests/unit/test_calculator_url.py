"""The calculator page's URL as the server reads it for its first render (web/pages.py): the
cases the browser's reader shares (tests/fixtures/calculator-url-cases.json), so the answer the
server embeds is under the very query the page then asks for."""

import json
from typing import Any
from urllib.parse import parse_qsl

import pytest

from scrapindex.settings import PROJECT_ROOT
from scrapindex.web.pages import calculator_query, calculator_search, calculator_url

CASES = json.loads((PROJECT_ROOT / "tests/fixtures/calculator-url-cases.json").read_text())


@pytest.mark.parametrize("case", CASES["cases"], ids=lambda case: case["url"] or "(empty)")
def test_the_server_reads_the_list_and_its_query_as_the_browser_does(case: dict[str, Any]) -> None:
    url = calculator_url(parse_qsl(case["url"], keep_blank_values=True))
    listed = {
        "city": url.city,
        "items": url.items,
        "costPerDistance": url.cost_per_distance,
        "at": url.at,
    }
    assert listed == case["list"]
    assert calculator_query(url) == case["api"]


def test_the_list_link_reads_back_as_the_same_list() -> None:
    pairs = parse_qsl("city=cape-town&item=lead:1.5:lb&material=copper-1&amount=12&unit=kg")
    url = calculator_url(pairs)
    link = calculator_search(url)
    assert link == "city=cape-town&item=lead:1.5:lb&item=copper-1:12:kg"
    assert calculator_url(parse_qsl(link)) == url

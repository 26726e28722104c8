"""The server's reader of a paged page's URL (scrapindex.web.search_query) gives the API query of
each shared case, which the browser's readers give too (frontend/src/lib/search-cases.test.ts)."""

import json
from typing import Any
from urllib.parse import parse_qsl

import pytest

from scrapindex.settings import PROJECT_ROOT
from scrapindex.web.search_query import search_queries

CASES = json.loads((PROJECT_ROOT / "tests" / "fixtures" / "search-cases.json").read_text())["cases"]
QUERIES = search_queries(PROJECT_ROOT / "content")


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"{case['query']}?{case['url'][:40]}")
def test_each_url_asks_for_the_shared_query(case: dict[str, Any]) -> None:
    url = dict(parse_qsl(case["url"], keep_blank_values=True))  # as web/spa.py reads a page's URL
    assert QUERIES[case["query"]].read(url) == case["api"]


def test_every_search_query_has_cases() -> None:
    assert {case["query"] for case in CASES} == set(QUERIES)


def test_each_default_that_depends_on_another_parameter_has_one_for_each_of_its_values() -> None:
    for query in QUERIES.values():
        for rule in query.params.values():
            if "defaultBy" in rule:
                assert set(rule["defaults"]) == set(query.params[rule["defaultBy"]]["values"])

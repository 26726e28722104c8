"""Cache keys from the query parameters a route declares, so that ``?x=<random>`` is no new entry.

A client adding parameters nobody reads, or reordering or re-encoding the ones we do, must not be
able to turn every request into a miss. The key keeps each declared parameter's values in the
order sent (the last one wins where only one is read) and sorts the names.
"""

from collections.abc import Callable, Collection
from functools import lru_cache
from urllib.parse import parse_qsl, urlencode

from fastapi import FastAPI

from scrapindex.api_paths import api_paths


def declared_query(query_string: str, names: Collection[str]) -> str:
    """The query string with only ``names``, sorted by name and encoded one way."""
    pairs = parse_qsl(query_string, keep_blank_values=True)
    kept = sorted(((n, v) for n, v in pairs if n in names), key=lambda pair: pair[0])
    return urlencode(kept)


def api_query_names(app: FastAPI) -> Callable[[str], frozenset[str]]:
    """The query parameters each GET operation of the API declares (its OpenAPI document)."""
    paths = api_paths(app)

    @lru_cache(maxsize=4096)
    def names(path: str) -> frozenset[str]:
        found = (p.query_names for p in paths() if "GET" in p.methods and p.regex.match(path))
        return next(found, frozenset())

    return names

"""How a paged page's URL becomes its list's API query, for the server's first render.

The rules are content/routes.json's "searchQueries" (each parameter's kind, allowed values and
default, the page size), which the browser reads too (frontend/src/lib/search-query.ts): the
server embeds its answer under the very query the page then asks for. tests/fixtures/
search-cases.json holds the two readers to the same answers, hostile URLs included.
"""

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from scrapindex.web.route_table import search_rules, written_page

Rule = Mapping[str, Any]  # one parameter's rule, as routes.json writes it
KINDS = frozenset({"page", "pageSize", "oneOf", "text", "pattern"})
# What the browser's String.prototype.trim removes: str.strip() would also take \x1c-\x1f and
# \x85 and keep \ufeff, and the server would ask for another text than the page does.
TRIMMED = "\t\n\v\f\r \xa0\u1680\u2028\u2029\u202f\u205f\u3000\ufeff" + "".join(
    map(chr, range(0x2000, 0x200B))
)


@dataclass(frozen=True)
class SearchQuery:
    name: str
    params: Mapping[str, Rule]  # by API parameter, in the order the query has them
    leave_defaults_out: bool
    max_page: int

    def __post_init__(self) -> None:
        unknown = {rule["kind"] for rule in self.params.values()} - KINDS
        if unknown:
            raise ValueError(f"routes.json searchQueries.{self.name}: unknown kind {unknown}")

    def state(self, url: Mapping[str, str]) -> dict[str, Any]:
        """What the page reads from its URL's query parameters: anything unknown at its default."""
        return {
            name: self.value(rule, url.get(name, ""))
            for name, rule in self.params.items()
            if rule["kind"] != "pageSize"
        }

    def value(self, rule: Rule, written: str) -> Any:
        match rule["kind"]:
            case "page":
                page = written_page(written)
                return page if page is not None and page <= self.max_page else 1
            case "oneOf":
                return written if written in rule["values"] else rule.get("default", "")
            case "text":
                return written[: rule["maxLength"]]
            case _:  # pattern
                lowered = written.lower()
                return lowered if re.fullmatch(rule["pattern"], lowered) else ""

    def query(self, state: Mapping[str, Any]) -> dict[str, Any]:
        """The API query for the page's state: empty values left out, and defaults if so ruled."""
        query: dict[str, Any] = {}
        for name, rule in self.params.items():
            value = rule["value"] if rule["kind"] == "pageSize" else state[name]
            if rule["kind"] == "text":
                value = value.strip(TRIMMED)
            default = rule.get("default")
            if "defaultBy" in rule:
                default = rule["defaults"][state[rule["defaultBy"]]]
                value = value or default
            if value != "" and not (self.leave_defaults_out and value == default):
                query[name] = value
        return query

    def read(self, url: Mapping[str, str]) -> dict[str, Any]:
        """The API query the page at a URL with these query parameters asks for."""
        return self.query(self.state(url))


@cache
def search_queries(content_dir: Path) -> dict[str, SearchQuery]:
    """routes.json's "searchQueries", by the name a route's query gives as its 'params'."""
    section = search_rules(content_dir)
    return {
        name: SearchQuery(name, item["params"], item["leaveDefaultsOut"], section["maxPage"])
        for name, item in section["queries"].items()
    }

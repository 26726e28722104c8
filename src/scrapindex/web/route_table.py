"""The site's routes, from content/routes.json: the same table the React router is built from.

For each route: its path pattern, the page module the browser loads (preloaded with the HTML),
and the API calls its first render makes, which the server makes first and embeds.
"""

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

PLACEHOLDER = re.compile(r"\{([\w.]+)\}")


@dataclass(frozen=True)
class QuerySpec:
    path: str  # a template: {name} is a path parameter, {a.b} a field of the entity's answer
    params: Mapping[str, Any] | str | None = None  # a str names a rule that reads the URL


@dataclass(frozen=True)
class PageSpec:
    module: str
    queries: tuple[QuerySpec, ...]
    then: tuple[QuerySpec, ...] = ()  # once the first query found the page's entity


@dataclass(frozen=True)
class Route:
    name: str
    path: str
    page: PageSpec | None  # None: a redirect, or an element made in the browser alone
    region: PageSpec | None = None
    redirect: str | None = None  # where a moved path now lives (answered with 301)
    search: tuple[str, ...] = ()  # the query parameters the page reads; others are ignored

    @property
    def paginated(self) -> bool:
        return "page" in self.search

    def match(self, parts: list[str]) -> dict[str, str] | None:
        """The path parameters when ``parts`` (the path's segments) fit this route."""
        if self.path == "*":
            return {}
        pattern = [segment for segment in self.path.split("/") if segment]
        if pattern[-1:] == ["*"]:  # "/admin/*": the path and everything below it
            pattern.pop()
            parts = parts[: len(pattern)]
        if len(pattern) != len(parts):
            return None
        params: dict[str, str] = {}
        for expected, part in zip(pattern, parts, strict=True):
            if expected.startswith(":"):
                params[expected[1:]] = part
            elif expected != part:
                return None
        return params


def _queries(items: list[dict[str, Any]]) -> tuple[QuerySpec, ...]:
    return tuple(QuerySpec(path=item["path"], params=item.get("params")) for item in items)


def _page(item: dict[str, Any]) -> PageSpec | None:
    if "module" not in item:
        return None
    return PageSpec(item["module"], _queries(item["queries"]), _queries(item.get("then", [])))


@cache
def _table(content_dir: Path) -> dict[str, Any]:
    table: dict[str, Any] = json.loads((content_dir / "routes.json").read_text("utf-8"))
    return table


@cache
def every_page_queries(content_dir: Path) -> tuple[QuerySpec, ...]:
    """The calls every public page's first render makes besides its route's own (the layout's)."""
    return _queries(_table(content_dir).get("everyPage", {}).get("queries", []))


@cache
def load_routes(content_dir: Path) -> tuple[Route, ...]:
    table = _table(content_dir)
    return tuple(
        Route(
            name=item["name"],
            path=item["path"],
            page=_page(item),
            region=_page(item["region"]) if "region" in item else None,
            redirect=item.get("redirect"),
            search=tuple(item.get("search", ())),
        )
        for item in table["routes"]
    )


def search_rules(content_dir: Path) -> dict[str, Any]:
    """The table's "searchQueries": how a paged page's URL becomes its list's API query."""
    rules: dict[str, Any] = _table(content_dir)["searchQueries"]
    return rules


def moved_paths(content_dir: Path) -> dict[str, str]:
    """Old path -> new path, for the table's redirect routes."""
    return {r.path: r.redirect for r in load_routes(content_dir) if r.redirect is not None}


def country_homes(content_dir: Path) -> dict[str, str]:
    """Country code (lower case) -> the path of its main city, where /{code} lands."""
    homes: dict[str, str] = _table(content_dir)["countryHomes"]
    return {code: f"/{code}/{city}" for code, city in homes.items()}


def find_route(content_dir: Path, path: str) -> tuple[Route, dict[str, str]]:
    """The first route of the table that fits ``path``, and its parameters."""
    parts = [part for part in path.split("/") if part]
    for route in load_routes(content_dir):
        params = route.match(parts)
        if params is not None:
            return route, params
    raise LookupError("routes.json must end with the catch-all route '*'")


def written_page(value: str) -> int | None:
    """A URL's ``page`` value as a page number: a whole number from 1 in ASCII digits, else None.

    (str.isdigit() alone also takes "²", which int() refuses.)
    """
    return int(value) if value.isascii() and value.isdigit() and int(value) >= 1 else None


def fill(template: str, values: Mapping[str, Any]) -> str:
    """``template`` with each {name} or {a.b} replaced from ``values`` (nested dicts)."""

    def value(match: re.Match[str]) -> str:
        found: Any = values
        for key in match.group(1).split("."):
            found = found[key]
        return str(found)

    return PLACEHOLDER.sub(value, template)

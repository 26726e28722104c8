"""content/routes.json is the one route table: the server embeds exactly the first-render calls it
lists for each route, and every page module it names is in the built app."""

import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
from fastapi.testclient import TestClient

from scrapindex.settings import PROJECT_ROOT
from scrapindex.web.route_table import PageSpec, Route, fill, find_route, load_routes
from tests.conftest import CONTENT_DIR
from tests.integration.test_web_pages import app_client, read_page
from tests.needs import unavailable

MANIFEST = PROJECT_ROOT / "frontend" / "dist" / ".vite" / "manifest.json"
# One address per route the server renders, and what it shows there.
EXAMPLES = [
    ("/", "home"),
    ("/cities", "cities"),
    ("/scrap-metal-prices", "materials"),
    ("/material/copper", "material"),
    ("/material/copper?sort=city&page=2", "material"),
    ("/material/unobtainium", "material"),
    ("/about", "about"),
    ("/contact", "contact"),
    ("/privacy-policy", "privacyPolicy"),
    ("/terms-of-service", "termsOfService"),
    ("/content-disclaimer", "contentDisclaimer"),
    ("/blog", "blog"),
    ("/blog/rhodium-price-per-ounce", "blogPost"),
    ("/scrap-yards", "directory"),
    ("/scrap-yards?country=za", "directory"),
    ("/scrap-yards?page=2&q=metal&sort=name&x=ignored", "directory"),
    ("/scrap-yards/atlantis", "oldCityYards"),
    ("/scrap-yard/1", "yard"),
    ("/insights", "insights"),
    ("/za/johannesburg", "city"),
    ("/us/california", "city"),
    ("/za/atlantis", "city"),
    ("/us/new-york/scrap-yards?page=2&sort=name", "cityYards"),
    ("/admin", "admin"),
    ("/admin/inbox", "admin"),
    ("/no/such/page/at/all", "notFound"),
]


@pytest.fixture(scope="module")
def pages(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with app_client(database_url, tmp_path_factory.mktemp("routes")) as client:
        yield client


def test_every_route_the_server_renders_has_an_example() -> None:
    rendered = {r.name for r in load_routes(CONTENT_DIR) if r.page is not None}
    assert rendered == {name for _, name in EXAMPLES}


def test_every_page_module_is_in_the_built_app() -> None:
    if not MANIFEST.is_file():
        unavailable("the front end is not built (make frontend)")
    manifest: dict[str, Any] = json.loads(MANIFEST.read_text())
    pages = [r.page for r in load_routes(CONTENT_DIR) if r.page is not None]
    pages += [r.region for r in load_routes(CONTENT_DIR) if r.region is not None]
    missing = [page.module for page in pages if page.module not in manifest]
    assert missing == []


def keys(page: PageSpec, params: dict[str, str], query: dict[str, str]) -> list[Any]:
    """The query keys the table promises for the page's first calls (not the 'then' ones)."""
    expanded: list[Any] = []
    for spec in page.queries:
        path = fill(spec.path, params)
        if isinstance(spec.params, str):
            expanded.append([path, URL_RULES[spec.params](query)])
        else:
            expanded.append([path, dict(spec.params)] if spec.params else [path])
    return expanded


def city_yards_query(query: dict[str, str]) -> dict[str, Any]:
    """What city-yards/yard-params.ts asks the API for."""
    page, sort, status = int(query.get("page", "1")), query.get("sort", "rating"), "all"
    return {"page": page, "limit": 10, "status": status, "sort": sort}


def directory_query(query: dict[str, str]) -> dict[str, Any]:
    """What directory/directory-params.ts (toQuery) asks the API for: defaults left out."""
    asked: dict[str, Any] = {"page": int(query.get("page", "1")), "limit": 20}
    return asked | {k: v for k, v in query.items() if k in ("q", "country", "city", "sort")}


def material_markets_query(query: dict[str, str]) -> dict[str, Any]:
    """What material/market-sort.ts asks the API for: every field, each sort's own order."""
    sort = query.get("sort", "price")
    order = query.get("order", "desc" if sort == "price" else "asc")
    return {"page": int(query.get("page", "1")), "limit": 20, "sort": sort, "order": order}


# The table's URL rules, as the example URLs below exercise them.
URL_RULES = {
    "cityYardsPage": city_yards_query,
    "directoryPage": directory_query,
    "materialMarketsPage": material_markets_query,
}


def expected_keys(route: Route, url: str, embedded: dict[str, Any]) -> list[Any]:
    parts = urlsplit(url)
    query = dict(parse_qsl(parts.query))
    _, params = find_route(CONTENT_DIR, parts.path)
    params = {k: v.lower() if k == "countryCode" else v for k, v in params.items()}
    assert route.page is not None
    expected = keys(route.page, params, query)
    if not route.page.then:
        return expected
    entity = embedded.get(json.dumps(expected[0]))
    if entity is not None:
        expected += keys(PageSpec("", route.page.then), {**entity, **params}, query)
    elif route.region is not None:
        expected += keys(route.region, params, query)
    return expected


@pytest.mark.parametrize(("url", "name"), EXAMPLES)
def test_the_server_embeds_exactly_the_calls_of_the_table(
    pages: TestClient, url: str, name: str
) -> None:
    route, _ = find_route(CONTENT_DIR, urlsplit(url).path)
    assert route.name == name
    initial = read_page(pages.get(url).text).initial_data()
    embedded = {json.dumps(key): value for key, value in initial["data"]}
    asked = [key for key, _ in initial["data"]] + [key for key, _, _ in initial["errors"]]
    assert sorted(map(json.dumps, asked)) == sorted(
        map(json.dumps, expected_keys(route, url, embedded))
    )

"""content/routes.json is the one route table: the server embeds exactly the first-render calls it
lists for each route (a paged list's query as tests/fixtures/search-cases.json says the browser
asks for it), with the answers the API gives those calls; every page module it names is in the
built app; and a paged page only asks its API for what that API takes."""

import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient

from scrapindex.app import create_app
from scrapindex.queries.material_markets import DEFAULT_ORDER
from scrapindex.settings import PROJECT_ROOT, Settings
from scrapindex.web.route_table import (
    PLACEHOLDER,
    PageSpec,
    Route,
    every_page_queries,
    fill,
    find_route,
    load_routes,
)
from scrapindex.web.search_query import search_queries
from tests.conftest import CONTENT_DIR
from tests.integration.test_web_pages import app_client, read_page
from tests.needs import unavailable

MANIFEST = PROJECT_ROOT / "frontend" / "dist" / ".vite" / "manifest.json"
SEARCH_CASES = PROJECT_ROOT / "tests" / "fixtures" / "search-cases.json"
# The API query of a paged list, by its rule's name and the page's URL query, as the browser asks.
LIST_QUERIES = {
    (case["query"], case["url"]): case["api"]
    for case in json.loads(SEARCH_CASES.read_text())["cases"]
}
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
    ("/scrap-yards?q=a%26b", "directory"),
    ("/scrap-yards/atlantis", "oldCityYards"),
    ("/scrap-yard/1", "yard"),
    ("/insights", "insights"),
    ("/calculator", "calculator"),
    ("/za/johannesburg", "city"),
    ("/us/california", "city"),
    ("/za/atlantis", "city"),
    ("/us/new-york/scrap-yards?page=2&sort=name", "cityYards"),
    ("/us/new-york/scrap-yards?q=metal&status=open", "cityYards"),
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


def keys(page: PageSpec, params: dict[str, str], query: str) -> list[Any]:
    """The query keys the table promises for the page's first calls (not the 'then' ones)."""
    expanded: list[Any] = []
    for spec in page.queries:
        path = fill(spec.path, params)
        if isinstance(spec.params, str):
            assert (spec.params, query) in LIST_QUERIES, (
                f"add {spec.params} ?{query} to {SEARCH_CASES}"
            )
            expanded.append([path, LIST_QUERIES[spec.params, query]])
        else:
            expanded.append([path, dict(spec.params)] if spec.params else [path])
    return expanded


def expected_keys(route: Route, url: str, embedded: dict[str, Any]) -> list[Any]:
    parts = urlsplit(url)
    query = parts.query
    _, params = find_route(CONTENT_DIR, parts.path)
    params = {k: v.lower() if k == "countryCode" else v for k, v in params.items()}
    assert route.page is not None
    expected = keys(route.page, params, query)
    if route.name != "admin":  # the layout's calls, on every public page
        expected += keys(PageSpec("", every_page_queries(CONTENT_DIR)), {}, query)
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


@pytest.mark.parametrize("url", [url for url, _ in EXAMPLES if "?" in url])
def test_a_paged_list_is_embedded_as_the_api_answers_its_query(pages: TestClient, url: str) -> None:
    """The embedded answer is the one the browser's own request would get (its text encoded)."""
    initial = read_page(pages.get(url).text).initial_data()
    listed = [(key, value) for key, value in initial["data"] if len(key) == 2]
    assert listed
    for (path, params), value in listed:
        assert pages.get(path, params=params).json() == value


def api_schema(schema: dict[str, Any], parameter: dict[str, Any]) -> dict[str, Any]:
    """A query parameter's schema: its enum's component, not the None an optional one allows."""
    found: dict[str, Any] = parameter["schema"]
    found = next((s for s in found.get("anyOf", [found]) if s.get("type") != "null"), found)
    if "$ref" in found:
        found = schema["components"]["schemas"][found["$ref"].rsplit("/", 1)[1]]
    return found


def test_each_paged_list_asks_only_for_what_its_api_takes() -> None:
    """The pages' allowed values, lengths and page sizes (routes.json) fit the API's own contract,
    a default a page leaves out of its query is the API's default, and every URL parameter a rule
    reads is one its route's 'search' keeps (the server sees no other)."""
    openapi = create_app(Settings(database_url="sqlite:////nonexistent/schema.sqlite3")).openapi()
    operations = {PLACEHOLDER.sub("{}", path): item for path, item in openapi["paths"].items()}
    rules = search_queries(CONTENT_DIR)
    listed = [
        (route, spec)
        for route in load_routes(CONTENT_DIR)
        if route.page is not None
        for spec in route.page.queries
        if isinstance(spec.params, str)
    ]
    assert {spec.params for _, spec in listed} == set(rules)
    for route, spec in listed:
        rule = rules[str(spec.params)]
        read = {name for name, param in rule.params.items() if param["kind"] != "pageSize"}
        assert read <= set(route.search), route.name
        parameters = operations[PLACEHOLDER.sub("{}", spec.path)]["get"]["parameters"]
        declared = {p["name"]: p for p in parameters if p["in"] == "query"}
        for name, param in rule.params.items():
            api = api_schema(openapi, declared[name])
            match param["kind"]:
                case "page":
                    assert (api["minimum"], api["maximum"]) == (1, rule.max_page)
                case "pageSize":
                    assert api["minimum"] <= param["value"] <= api["maximum"]
                case "oneOf":
                    assert set(param["values"]) <= set(api["enum"]), (spec.params, name)
                    if rule.leave_defaults_out:
                        assert param["default"] == declared[name]["schema"]["default"]
                case "text":
                    assert param["maxLength"] == api["maxLength"]
    order = rules["materialMarketsPage"].params["order"]
    assert order["defaults"] == DEFAULT_ORDER  # what the API orders by when asked for no order

"""HTTP as uptime monitors, link checkers and crawlers speak it: HEAD, OPTIONS, 405 and 404."""

import http.client
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from scrapindex.app import create_app
from scrapindex.cache.api_responses import ApiCacheMiddleware
from scrapindex.settings import PROJECT_ROOT, Settings
from scrapindex.web import pages, spa
from scrapindex.web.pages import PageContext, PageRender
from tests.clock import ManualClock
from tests.conftest import CONTENT_DIR
from tests.live_server import running_server
from tests.stack import middleware_of

pytestmark = pytest.mark.http_only  # SQLite alone: see tests/conftest.py

BUILT_ASSETS = PROJECT_ROOT / "frontend" / "dist" / "assets"
GET_ROUTES = [
    "/",
    "/za/johannesburg",
    "/scrap-metal-prices",
    "/no-such-page",
    "/api/cities",
    "/api/cities/johannesburg/prices",
    "/api/cities/atlantis",
    "/healthz",
    "/readyz",
    "/robots.txt",
    "/sitemap.xml",
    "/sw.js",
    "/favicon.svg",
    "/materials",  # a redirect
]


def an_asset() -> str:
    return "/assets/" + next(p.name for p in BUILT_ASSETS.iterdir() if p.suffix == ".js")


@pytest.fixture(scope="module")
def still_client(database_url: str) -> Iterator[TestClient]:
    """An app whose clock stands still: no cached answer goes stale between a GET and its HEAD.
    (The session's client keeps answers from earlier tests: a GET may get a stale one while its
    refresh runs, and the HEAD after it the refreshed one, with another lifetime.)"""
    settings = Settings(
        database_url=database_url,
        content_dir=CONTENT_DIR,
        data_dir=Path("/nonexistent"),
        page_rate_limit_per_minute=0,  # its minute never ends
    )
    with TestClient(create_app(settings, clock=ManualClock())) as client:
        yield client


@pytest.mark.parametrize("path", [*GET_ROUTES, "asset"])
def test_head_answers_as_get_without_the_body(still_client: TestClient, path: str) -> None:
    path = an_asset() if path == "asset" else path
    got = still_client.get(path, follow_redirects=False)
    head = still_client.head(path, follow_redirects=False)
    assert head.status_code == got.status_code
    assert head.content == b""
    ignored = {"x-request-id", "date"}
    assert {k: v for k, v in head.headers.items() if k not in ignored} == {
        k: v for k, v in got.headers.items() if k not in ignored
    }


def test_head_honours_validators(client: TestClient) -> None:
    etag = client.get("/api/cities").headers["etag"]
    head = client.head("/api/cities", headers={"If-None-Match": etag})
    assert head.status_code == 304


@pytest.mark.parametrize(
    ("path", "allow"),
    [
        ("/api/cities", "GET, HEAD, OPTIONS"),
        ("/api/contact", "OPTIONS, POST"),
        ("/", "GET, HEAD, OPTIONS"),
        ("/za/johannesburg", "GET, HEAD, OPTIONS"),
        ("/healthz", "GET, HEAD, OPTIONS"),
        # The mail links' pages, outside the route table: what their routes declare.
        ("/newsletter/confirm", "GET, HEAD, OPTIONS"),
        ("/newsletter/unsubscribe", "GET, HEAD, OPTIONS, POST"),
        ("/alerts/unsubscribe", "GET, HEAD, OPTIONS, POST"),
        ("/alerts/manage", "GET, HEAD, OPTIONS"),
    ],
)
def test_options_lists_the_methods(client: TestClient, path: str, allow: str) -> None:
    response = client.options(path)
    assert response.status_code == 204
    assert response.headers["allow"] == allow
    assert response.content == b""
    assert "access-control-allow-origin" not in response.headers


def test_options_sends_no_cors_headers_to_another_origin(client: TestClient) -> None:
    response = client.options(
        "/api/cities",
        headers={"Origin": "https://elsewhere.example", "Access-Control-Request-Method": "GET"},
    )
    assert response.status_code == 204
    assert not [name for name in response.headers if name.startswith("access-control-")]


@pytest.mark.parametrize(
    ("method", "path", "allow"),
    [
        ("POST", "/api/cities", "GET, HEAD, OPTIONS"),
        ("DELETE", "/api/cities/johannesburg", "GET, HEAD, OPTIONS"),
        ("GET", "/api/contact", "OPTIONS, POST"),
        ("HEAD", "/api/newsletter", "OPTIONS, POST"),
        ("POST", "/za/johannesburg", "GET, HEAD, OPTIONS"),
        ("PUT", "/sitemap.xml", "GET, HEAD, OPTIONS"),
        ("POST", "/alerts/confirm", "GET, HEAD, OPTIONS"),
        ("DELETE", "/newsletter/unsubscribe", "GET, HEAD, OPTIONS, POST"),
    ],
)
def test_a_method_the_path_does_not_serve_is_405_with_allow(
    client: TestClient, method: str, path: str, allow: str
) -> None:
    response = client.request(method, path)
    assert response.status_code == 405
    assert response.headers["allow"] == allow


@pytest.mark.parametrize("method", ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
@pytest.mark.parametrize("path", ["/api/nope", "/api", "/api/cities/johannesburg/nope"])
def test_an_unknown_api_path_is_404_for_every_method(
    client: TestClient, method: str, path: str
) -> None:
    response = client.request(method, path)
    assert response.status_code == 404
    assert "allow" not in response.headers


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "OPTIONS"])
def test_an_unknown_page_path_is_404_for_every_method(client: TestClient, method: str) -> None:
    assert client.request(method, "/no/such/page/here").status_code == 404


# What browsers and clients rewrite before sending (//cities, /assets/../) is sent here as is,
# over a socket to a real server.
@dataclass
class Served:
    port: int
    app: FastAPI


@pytest.fixture(scope="module")
def served(database_url: str) -> Iterator[Served]:
    settings = Settings(
        database_url=database_url, content_dir=CONTENT_DIR, data_dir=Path("/nonexistent")
    )
    app = create_app(settings)
    with running_server(app) as port:
        yield Served(port, app)


@pytest.fixture
def server(served: Served) -> int:
    return served.port


@dataclass
class RawAnswer:
    status: int
    headers: http.client.HTTPMessage
    body: bytes


def raw_request(port: int, target: str, method: str = "GET") -> RawAnswer:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.putrequest(method, target, skip_accept_encoding=True)
        connection.endheaders()
        response = connection.getresponse()
        return RawAnswer(response.status, response.headers, response.read())
    finally:
        connection.close()


@pytest.mark.parametrize(
    ("target", "location"),
    [
        ("/GB/london", "/gb/london"),
        ("/gb//london", "/gb/london"),
        ("//cities", "/cities"),
        ("/gb/london/", "/gb/london"),
        ("/Gb/london/scrap-yards/?sort=name", "/gb/london/scrap-yards?sort=name"),
        ("/scrap-yards?page=0&country=za", "/scrap-yards?country=za"),
        ("/scrap-yards?page=abc", "/scrap-yards"),
        ("/scrap-yards?page=-2&view=map", "/scrap-yards?view=map"),
        ("/us/new-york/scrap-yards?sort=name&page=", "/us/new-york/scrap-yards?sort=name"),
    ],
)
def test_one_url_per_page(server: int, target: str, location: str) -> None:
    answer = raw_request(server, target)
    assert (answer.status, answer.headers["location"]) == (301, location)
    assert raw_request(server, location).status == 200


@pytest.mark.parametrize("target", ["//evil.example//", "/\\evil.example/", "///evil.example"])
def test_a_canonical_redirect_never_leaves_the_site(server: int, target: str) -> None:
    answer = raw_request(server, target)
    location = answer.headers["location"] or ""
    assert answer.status == 404 or (answer.status == 301 and location.startswith("/"))
    assert not location.startswith(("//", "/\\"))


def test_the_canonical_url_names_itself(server: int) -> None:
    answer = raw_request(server, "/gb/london")
    assert answer.status == 200
    assert b'rel="canonical" href="http://127.0.0.1:8000/gb/london"' in answer.body


@pytest.mark.parametrize(
    "target",
    ["/gb/lon%09don", "/gb/lon%0adon", "/gb/london%0d", "/cities%7f", "/api/cities/lon%0bdon"],
)
def test_control_characters_in_a_path_name_nothing(server: int, target: str) -> None:
    assert raw_request(server, target).status == 404


def last_page(server: int, api_path: str, limit: int) -> int:
    answer = raw_request(server, f"{api_path}?limit={limit}")
    pages: int = json.loads(answer.body)["pagination"]["pages"]
    return pages


@pytest.mark.parametrize(
    ("page_path", "api_path", "limit"),
    [
        ("/scrap-yards", "/api/scrap-yards", 20),
        ("/us/new-york/scrap-yards", "/api/cities/new-york/scrap-yards", 10),
    ],
)
def test_a_page_past_the_last_is_not_found(
    server: int, page_path: str, api_path: str, limit: int
) -> None:
    last = last_page(server, api_path, limit)
    assert last > 1
    assert raw_request(server, f"{page_path}?page={last}").status == 200
    assert raw_request(server, f"{page_path}?page={last + 1}").status == 404
    assert raw_request(server, f"{page_path}?page=99999999999").status == 404


def test_a_filtered_directory_past_its_last_page_is_not_found(server: int) -> None:
    assert raw_request(server, "/scrap-yards?country=nz").status == 200
    last = last_page(server, "/api/scrap-yards?country=nz&", 20)
    assert raw_request(server, f"/scrap-yards?country=nz&page={last + 1}").status == 404


@pytest.mark.parametrize(
    "target",
    [
        "/assets/../index.html",
        "/assets/%2e%2e/index.html",
        "/assets/%2e%2e/.vite/manifest.json",
        "/assets/../.vite/manifest.json",
        "/.vite/manifest.json",
        "/assets/.vite/manifest.json",
    ],
)
def test_only_built_asset_files_are_served(server: int, target: str) -> None:
    answer = raw_request(server, target)
    assert answer.status == 404
    assert b'"file"' not in answer.body  # no manifest entry, whatever the page says


def test_unknown_query_parameters_make_no_new_api_cache_entries(served: Served) -> None:
    server = served.port
    app_cache = middleware_of(served.app, ApiCacheMiddleware)
    first = raw_request(server, "/api/scrap-yards?limit=5&page=1")
    entries = len(app_cache.responses.store.entries)
    for n in range(5):
        again = raw_request(server, f"/api/scrap-yards?page=1&x={n}&limit=5&utm_source=z{n}")
        assert again.body == first.body
    assert len(app_cache.responses.store.entries) == entries
    raw_request(server, "/api/scrap-yards?limit=5&page=2")
    assert len(app_cache.responses.store.entries) == entries + 1


def test_unknown_query_parameters_make_no_new_page_renders(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rendered: list[dict[str, str]] = []
    render = pages.render_page

    async def counted(context: PageContext) -> PageRender:
        rendered.append(context.query)
        return await render(context)

    monkeypatch.setattr(spa, "render_page", counted)
    settings = Settings(
        database_url=database_url, content_dir=CONTENT_DIR, data_dir=Path("/nonexistent")
    )
    with TestClient(create_app(settings)) as client:
        for n in range(3):
            assert client.get(f"/blog?x={n}&utm_source={n}").status_code == 200
        client.get("/blog?category=guides&x=1")
        client.get("/blog?x=2&category=guides")
    assert rendered == [{}, {"category": "guides"}]

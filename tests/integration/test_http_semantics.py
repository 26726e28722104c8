"""HTTP as uptime monitors, link checkers and crawlers speak it: HEAD, OPTIONS, 405 and 404."""

import pytest
from fastapi.testclient import TestClient

from scrapindex.settings import PROJECT_ROOT

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


@pytest.mark.parametrize("path", [*GET_ROUTES, "asset"])
def test_head_answers_as_get_without_the_body(client: TestClient, path: str) -> None:
    path = an_asset() if path == "asset" else path
    got = client.get(path, follow_redirects=False)
    head = client.head(path, follow_redirects=False)
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

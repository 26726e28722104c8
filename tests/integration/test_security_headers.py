"""Security headers on every kind of response the app sends, through the real app."""

import base64
import hashlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from httpx2 import Response
from pydantic import ValidationError

from scrapindex.app import create_app
from scrapindex.middleware.security import with_charset
from scrapindex.settings import PROJECT_ROOT, Settings
from tests.conftest import CONTENT_DIR

TEMPLATE = (PROJECT_ROOT / "frontend" / "index.html").read_text()
SERVICE_WORKER = 'const VERSION = "__BUILD_VERSION__";\nconst PRECACHE = __PRECACHE__;\n'
POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; font-src 'self'; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; "
    "worker-src 'self'; manifest-src 'self'"
)

pytestmark = pytest.mark.http_only  # SQLite alone: see tests/conftest.py
FIXED = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "permissions-policy": "geolocation=(self), camera=(), microphone=(), payment=(), usb=()",
    "cross-origin-opener-policy": "same-origin",
}
TEXT_TYPE = re.compile(r"text/|application/(json|javascript|xml)|image/svg\+xml")


def built_dist(root: Path) -> Path:
    """A dist folder like the front end's build: the page template, one asset, the worker."""
    dist = root / "dist"
    (dist / "assets").mkdir(parents=True, exist_ok=True)
    (dist / "index.html").write_text(TEMPLATE)
    (dist / "assets" / "x.js").write_text("console.log('x');\n")
    (dist / "sw.js").write_text(SERVICE_WORKER)
    (dist / "favicon.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    return dist


def make_app(database_url: str, dist: Path, **settings: Any) -> FastAPI:
    return create_app(
        Settings(database_url=database_url, content_dir=CONTENT_DIR, frontend_dist=dist, **settings)
    )


@pytest.fixture(scope="module")
def site(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    app = make_app(database_url, built_dist(tmp_path_factory.mktemp("site")))

    @app.post("/api/test-failure")
    def fail() -> None:
        raise RuntimeError("a bug")

    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


def assert_secured(response: Response, policy: str = POLICY) -> None:
    headers = response.headers
    for name, value in FIXED.items():
        assert headers.get_list(name) == [value], name
    assert headers.get_list("content-security-policy") == [policy]
    assert "strict-transport-security" not in headers  # plain http, HSTS off
    assert "server" not in headers
    assert "x-powered-by" not in headers
    content_type = headers.get("content-type")
    if content_type and TEXT_TYPE.match(content_type):
        assert content_type.endswith("; charset=utf-8"), content_type


@pytest.mark.parametrize(
    ("path", "status", "content_type"),
    [
        ("/za/johannesburg", 200, "text/html"),
        ("/no/such/page/at/all", 404, "text/html"),
        ("/api/cities", 200, "application/json"),
        ("/api/cities/atlantis", 404, "application/json"),
        ("/api/cities/london/scrap-yards?page=0", 422, "application/json"),
        ("/api/cities%00", 400, "application/json"),  # from an inner pure ASGI middleware
        ("/materials", 301, None),
        ("/assets/x.js", 200, "text/javascript"),
        ("/assets/missing.js", 404, "application/json"),
        ("/favicon.svg", 200, "image/svg+xml"),
        ("/sitemap.xml", 200, "application/xml"),
        ("/robots.txt", 200, "text/plain"),
        ("/sw.js", 200, "text/javascript"),
        ("/api/openapi.json", 200, "application/json"),
    ],
)
def test_every_kind_of_response_has_the_headers(
    site: TestClient, path: str, status: int, content_type: str | None
) -> None:
    response = site.get(path, follow_redirects=False)
    assert response.status_code == status
    if content_type is not None:
        assert response.headers["content-type"].startswith(content_type)
    assert_secured(response)


def test_json_gets_a_charset(site: TestClient) -> None:
    # Starlette's JSONResponse sends a bare "application/json".
    assert site.get("/api/cities").headers["content-type"] == "application/json; charset=utf-8"


def test_cached_api_answers_keep_the_headers(site: TestClient) -> None:
    path = "/api/materials/copper?probe=cache"  # a URL no other test asks for: first a miss
    miss = site.get(path)
    hit = site.get(path)
    assert miss.status_code == hit.status_code == 200
    assert hit.headers["etag"] == miss.headers["etag"]
    assert_secured(miss)
    assert_secured(hit)


@pytest.mark.parametrize("path", ["/api/cities", "/assets/x.js", "/za/johannesburg"])
def test_not_modified_answers_have_the_headers(site: TestClient, path: str) -> None:
    etag = site.get(path).headers["etag"]
    response = site.get(path, headers={"If-None-Match": etag})
    assert response.status_code == 304
    assert "content-type" not in response.headers
    assert_secured(response)


def test_server_errors_have_the_headers(site: TestClient) -> None:
    # Sent by Starlette's outermost error layer, outside every add_middleware middleware.
    response = site.post("/api/test-failure")
    assert response.status_code == 500
    assert response.json() == {"message": "Internal server error"}
    assert_secured(response)


def test_page_scripts_are_data_blocks_or_files(site: TestClient) -> None:
    """What lets script-src do without 'unsafe-inline': no inline script runs on a page."""
    html = site.get("/za/johannesburg").text
    scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", html, re.DOTALL)
    assert scripts
    for attributes, body in scripts:
        if body.strip():
            assert re.search(r'type="application/(ld\+)?json"', attributes), attributes
    assert not re.search(r"\son[a-z]+=|\sstyle=", html)


def directives(policy: str) -> dict[str, list[str]]:
    return {
        name: sources
        for name, *sources in (part.split() for part in policy.split(";") if part.strip())
    }


def test_policy_allows_no_inline_or_eval_script(site: TestClient) -> None:
    policy = directives(site.get("/za/johannesburg").headers["content-security-policy"])
    assert policy["script-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["base-uri"] == ["'self'"]
    for name, sources in policy.items():
        if name != "style-src":
            assert "'unsafe-inline'" not in sources, name
        assert "'unsafe-eval'" not in sources, name
        assert "*" not in sources, name


def test_hosts_from_the_settings(database_url: str, tmp_path: Path) -> None:
    app = make_app(
        database_url,
        built_dist(tmp_path),
        map_tile_hosts="https://a.tiles.example, https://b.tiles.example",
        analytics_hosts=["https://stats.example"],
    )
    with TestClient(app) as client:
        policy = directives(client.get("/robots.txt").headers["content-security-policy"])
    tiles = ["https://a.tiles.example", "https://b.tiles.example"]
    assert policy["img-src"] == ["'self'", "data:", *tiles]
    assert policy["script-src"] == ["'self'", "https://stats.example"]
    assert policy["connect-src"] == ["'self'", "https://stats.example"]


@pytest.mark.parametrize("source", ["https://x.example; script-src *", "'unsafe-inline'", "a b'"])
def test_hosts_that_would_change_the_policy_are_refused(source: str) -> None:
    with pytest.raises(ValidationError):
        Settings(analytics_hosts=[source])


@pytest.mark.parametrize(
    ("hsts_seconds", "trust_proxy_headers", "base_url", "headers", "expected"),
    [
        (31536000, False, "https://testserver", {}, "max-age=31536000; includeSubDomains"),
        (31536000, False, "http://testserver", {}, None),
        (31536000, False, "http://testserver", {"X-Forwarded-Proto": "https"}, None),
        (31536000, True, "http://testserver", {"X-Forwarded-Proto": "https"},
         "max-age=31536000; includeSubDomains"),
        (31536000, True, "http://testserver", {"X-Forwarded-Proto": "http"}, None),
        (0, False, "https://testserver", {}, None),
        (0, True, "http://testserver", {"X-Forwarded-Proto": "https"}, None),
    ],
)  # fmt: skip
def test_hsts_only_over_https_when_enabled(
    database_url: str,
    tmp_path: Path,
    hsts_seconds: int,
    trust_proxy_headers: bool,
    base_url: str,
    headers: dict[str, str],
    expected: str | None,
) -> None:
    app = make_app(
        database_url,
        built_dist(tmp_path),
        hsts_seconds=hsts_seconds,
        trust_proxy_headers=trust_proxy_headers,
    )
    with TestClient(app, base_url=base_url) as client:
        for path in ("/za/johannesburg", "/api/cities", "/materials"):
            response = client.get(path, headers=headers, follow_redirects=False)
            assert response.headers.get_list("strict-transport-security") == (
                [expected] if expected else []
            )


@pytest.mark.parametrize(
    ("peer", "headers", "expected"),
    [
        ("127.0.0.1", {"X-Forwarded-Proto": "https"}, True),  # nginx
        ("10.1.2.3", {"X-Forwarded-Proto": "https"}, True),  # the balancer, straight to us
        ("127.0.0.1", {"X-Forwarded-Proto": "http"}, False),
        ("::ffff:127.0.0.1", {"X-Forwarded-Proto": "https"}, True),
        ("192.0.2.50", {"X-Forwarded-Proto": "https"}, False),  # anyone else: not believed
        ("192.0.2.50", {"X-Forwarded-Proto": "https", "X-Forwarded-For": "10.1.2.3"}, False),
    ],
)
def test_hsts_follows_x_forwarded_proto_from_trusted_proxies_alone(
    database_url: str, tmp_path: Path, peer: str, headers: dict[str, str], expected: bool
) -> None:
    app = make_app(
        database_url,
        built_dist(tmp_path),
        hsts_seconds=31536000,
        trusted_proxies=["127.0.0.1", "10.0.0.0/8"],
    )
    with TestClient(app, base_url="http://testserver", client=(peer, 50000)) as client:
        for path in ("/za/johannesburg", "/api/cities"):
            response = client.get(path, headers=headers, follow_redirects=False)
            assert ("strict-transport-security" in response.headers) is expected


def test_api_docs_page_gets_its_own_policy(site: TestClient) -> None:
    """Swagger UI loads from this server and starts from one inline script, allowed by its hash."""
    for encoding in ("gzip", "identity"):  # the API cache keeps a compressed copy too
        response = site.get("/api/docs", headers={"Accept-Encoding": encoding})
        assert response.status_code == 200
        inline = re.findall(r"<script>(.*?)</script>", response.text, re.DOTALL)
        assert len(inline) == 1
        digest = base64.b64encode(hashlib.sha256(inline[0].encode()).digest()).decode()
        policy = directives(response.headers["content-security-policy"])
        assert policy["script-src"] == ["'self'", f"'sha256-{digest}'"]
        assert policy["frame-ancestors"] == ["'none'"]
        assert response.headers["x-frame-options"] == "DENY"
        assert "https:" not in response.headers["content-security-policy"]  # no CDN
        assert "https:" not in response.text


def test_api_docs_files_are_served_from_here(site: TestClient) -> None:
    page = site.get("/api/docs").text
    assets = re.findall(r"""(?:src|href)=["'](/api/docs/static/[^"']+)""", page)
    assert len(assets) >= 2
    for asset in assets:
        response = site.get(asset)
        assert response.status_code == 200
        assert len(response.content) > 1000
        assert response.headers["etag"]
        assert response.headers["cross-origin-resource-policy"] == "same-origin"
    assert site.get("/api/docs/static/%2e%2e%2f%2e%2e%2fopenapi.json").status_code == 404
    assert site.get("/api/docs/static/__init__.py").status_code == 404


@pytest.mark.parametrize(
    ("content_type", "expected"),
    [
        (b"application/json", b"application/json; charset=utf-8"),
        (b"text/html", b"text/html; charset=utf-8"),
        (b"text/html; charset=utf-8", b"text/html; charset=utf-8"),
        (b"text/plain; Charset=ISO-8859-1", b"text/plain; Charset=ISO-8859-1"),
        (b"application/manifest+json", b"application/manifest+json; charset=utf-8"),
        (b"image/svg+xml", b"image/svg+xml; charset=utf-8"),
        (b"image/png", b"image/png"),
        (b"application/octet-stream", b"application/octet-stream"),
    ],
)
def test_charset_is_added_to_text_types_only(content_type: bytes, expected: bytes) -> None:
    assert with_charset(content_type) == expected

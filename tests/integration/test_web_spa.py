"""The built app is served at the same origin: index.html for routes, assets cached a year."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from scrapindex.app import create_app
from scrapindex.settings import Settings

INDEX = (
    "<!doctype html><html><body><div id='root'></div>" + "<!-- padding -->" * 64 + "</body></html>"
)

pytestmark = pytest.mark.http_only  # SQLite alone: see tests/conftest.py


@pytest.fixture
def spa_client(tmp_path: Path, database_url: str) -> Iterator[TestClient]:
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text(INDEX)
    (dist / "assets" / "index-abc123.js").write_text("console.log('app');" * 100)
    (dist / "favicon.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    settings = Settings(database_url=database_url, frontend_dist=dist)
    with TestClient(create_app(settings)) as client:
        yield client


@pytest.mark.parametrize("path", ["/", "/cities", "/za/johannesburg", "/blog/some-post"])
def test_routes_get_the_app_shell(spa_client: TestClient, path: str) -> None:
    response = spa_client.get(path)
    assert response.status_code == 200
    assert response.text == INDEX
    assert response.headers["cache-control"] == "no-cache"
    assert response.headers["content-type"].startswith("text/html")


def test_hashed_assets_are_cached_for_a_year_and_compressed(spa_client: TestClient) -> None:
    response = spa_client.get("/assets/index-abc123.js", headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200
    assert response.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert response.headers["content-encoding"] == "gzip"
    assert "javascript" in response.headers["content-type"]
    again = spa_client.get(
        "/assets/index-abc123.js", headers={"If-None-Match": response.headers["etag"]}
    )
    assert again.status_code == 304
    raw = spa_client.get("/assets/index-abc123.js", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in raw.headers
    assert raw.text == "console.log('app');" * 100


def test_missing_assets_and_escapes_are_404(spa_client: TestClient) -> None:
    assert spa_client.get("/assets/nope.js").status_code == 404
    assert spa_client.get("/assets/..%2F..%2Fpyproject.toml").status_code == 404


def test_root_files_and_api_paths(spa_client: TestClient) -> None:
    assert spa_client.get("/favicon.svg").headers["content-type"].startswith("image/svg+xml")
    response = spa_client.get("/api/not-a-thing")
    assert response.status_code == 404
    assert response.json() == {"message": "Not found"}

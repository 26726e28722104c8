"""The production stack of the README's "Deploy" section, started for real on loopback:
Debian's nginx with deploy/nginx/scrapindex.conf in front of two app workers on PostgreSQL.
"""

import re
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2 as httpx
import pytest
from sqlalchemy import func, select, update

from scrapindex import revision
from scrapindex.db import create_db_engine
from scrapindex.models import City, ContactMessage
from tests.databases import IMPORT_DEMO, PostgresTemplates
from tests.deploy_stack import (
    SITE_CONF,
    Stack,
    find_nginx,
    main_conf,
    production_stack,
    self_signed_certificate,
)
from tests.integration.test_web_pages import TEMPLATE, read_page
from tests.needs import unavailable

pytestmark = pytest.mark.postgres

ASSET = "assets/app-0123abcd.js"
PAGE_SECONDS = 2


@pytest.fixture
def database(postgres_templates: PostgresTemplates) -> Iterator[str]:
    url = postgres_templates.clone(IMPORT_DEMO)
    yield url
    postgres_templates.drop(url)


def started_stack(database: str, folder: Path, **env: str) -> Iterator[Stack]:
    if find_nginx() is None:
        unavailable("nginx not found (apt-get install nginx-light)")
    dist = folder / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text(TEMPLATE)
    (dist / ASSET).write_text("console.log('scrapindex');\n" * 200)
    with production_stack(database, folder, 2, dist, extra_env=env) as running:
        yield running


@pytest.fixture
def stack(database: str, tmp_path: Path) -> Iterator[Stack]:
    yield from started_stack(database, tmp_path)


@pytest.fixture
def short_lived_stack(database: str, tmp_path: Path) -> Iterator[Stack]:
    """Answers kept for 2 s, by the app and by nginx: long enough to be seen kept."""
    yield from started_stack(database, tmp_path, API_CACHE_SECONDS=str(PAGE_SECONDS))


def children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the process ended while we looked
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def test_page_and_api_through_nginx(stack: Stack) -> None:
    assert len(children(stack.app_pid)) >= 2, "several worker processes"
    with httpx.Client(base_url=stack.url) as client:
        page = client.get("/za/johannesburg")
        assert page.status_code == 200
        assert page.headers["content-type"] == "text/html; charset=utf-8"
        assert "script-src 'self'" in page.headers["content-security-policy"]
        assert not re.search(r"\d", page.headers.get("server", "")), "no version string"
        html = read_page(page.text)
        assert html.title == "Johannesburg Scrap Metal Prices | ScrapIndex"
        assert html.links["canonical"] == f"{stack.url}/za/johannesburg"

        assert client.get("/no-such-page").status_code == 404

        first = client.get("/api/cities/johannesburg/prices")
        assert first.status_code == 200
        assert first.headers["x-cache-status"] == "MISS"
        assert first.headers["x-content-type-options"] == "nosniff"
        prices = first.json()
        assert len(prices) > 10
        assert {row["material"]["slug"] for row in prices} >= {"copper", "brass"}

        second = client.get("/api/cities/johannesburg/prices")
        assert second.headers["x-cache-status"] == "HIT"
        assert second.json() == prices
        assert second.headers["etag"] == first.headers["etag"]

        again = client.get(
            "/api/cities/johannesburg/prices", headers={"if-none-match": first.headers["etag"]}
        )
        assert again.status_code == 304


def test_pages_are_kept_by_nginx_and_follow_the_data(
    short_lived_stack: Stack, database: str
) -> None:
    title = "{} Scrap Metal Prices | ScrapIndex"
    with httpx.Client(base_url=short_lived_stack.url) as client:
        first = client.get("/za/johannesburg")
        assert first.status_code == 200
        assert first.headers["x-cache-status"] in {"MISS", "EXPIRED"}
        assert f"s-maxage={PAGE_SECONDS}" in first.headers["cache-control"]
        second = client.get("/za/johannesburg")
        assert second.headers["x-cache-status"] == "HIT"  # nginx answered: the app never saw it
        assert second.headers["etag"] == first.headers["etag"]
        assert read_page(second.text).title == title.format("Johannesburg")

        engine = create_db_engine(database)
        with engine.begin() as connection:
            connection.execute(update(City).where(City.slug == "johannesburg").values(name="Egoli"))
            number = revision.bump(connection)
        engine.dispose()
        # Kept until its s-maxage has passed; then nginx asks the app again (If-None-Match).
        deadline = time.monotonic() + 10 * PAGE_SECONDS
        statuses: list[str] = []
        while time.monotonic() < deadline:
            page = client.get("/za/johannesburg")
            statuses.append(page.headers["x-cache-status"])
            if read_page(page.text).title == title.format("Egoli"):
                break
            time.sleep(0.2)
        else:
            raise AssertionError(f"the new name never showed: {statuses}")
        assert page.headers["etag"].startswith(f'"r{number}-')  # names the data revision
        assert page.headers["etag"] != first.headers["etag"]
        assert client.get("/za/johannesburg").headers["x-cache-status"] == "HIT"  # kept again


def test_pages_nobody_may_share_are_not_kept(stack: Stack) -> None:
    with httpx.Client(base_url=stack.url) as client:
        for path in ("/admin", "/no-such-page"):
            client.get(path)
            again = client.get(path)
            assert again.headers["cache-control"] == "no-cache"
            assert again.headers["x-cache-status"] != "HIT", path
        client.get("/healthz")
        assert client.get("/healthz").headers["x-cache-status"] != "HIT"


def test_compressed_and_plain_answers_are_cached_apart(stack: Stack) -> None:
    with httpx.Client(base_url=stack.url) as client:
        plain = client.get("/api/materials", headers={"accept-encoding": "identity"})
        zipped = client.get("/api/materials", headers={"accept-encoding": "gzip"})
        plain_again = client.get("/api/materials", headers={"accept-encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert zipped.headers["content-encoding"] == "gzip"
    assert zipped.json() == plain.json()  # httpx decompresses; both say the same
    assert plain_again.headers.get("content-encoding") is None
    assert plain_again.json() == plain.json()


def test_assets_are_cached_and_compressed(stack: Stack) -> None:
    with httpx.Client(base_url=stack.url) as client:
        first = client.get(f"/{ASSET}", headers={"accept-encoding": "gzip"})
        asset = client.get(f"/{ASSET}", headers={"accept-encoding": "gzip"})
    assert first.headers["x-cache-status"] == "MISS"
    assert asset.status_code == 200
    assert asset.headers["x-cache-status"] == "HIT"
    assert "immutable" in asset.headers["cache-control"]
    assert asset.headers["content-encoding"] == "gzip"
    assert asset.content.startswith(b"console.log")  # httpx has decompressed it


def test_writes_pass_through_and_are_limited_per_real_client(stack: Stack, database: str) -> None:
    message = {"name": "Ada", "email": "ada@example.org", "subject": "Hi", "message": "Hello"}
    with httpx.Client(base_url=stack.url) as client:
        statuses = [client.post("/api/contact", json=message).status_code for _ in range(6)]
        # A forged X-Forwarded-For does not make a new client: the app reads nginx's own hop.
        forged = client.post(
            "/api/contact", json=message, headers={"x-forwarded-for": "203.0.113.9"}
        )
        too_large = client.post(
            "/api/contact", content=b"x" * 70_000, headers={"content-type": "application/json"}
        )
    assert statuses == [201] * 5 + [429]
    assert forged.status_code == 429
    assert too_large.status_code == 413
    engine = create_db_engine(database)
    with engine.connect() as connection:
        assert connection.scalar(select(func.count()).select_from(ContactMessage)) == 5
    engine.dispose()


def test_the_deploy_file_passes_nginx_own_check(tmp_path: Path) -> None:
    """`nginx -t` on deploy/nginx/scrapindex.conf as shipped, but for the certificate's paths."""
    nginx = find_nginx()
    if nginx is None:
        unavailable("nginx not found (apt-get install nginx-light)")
    certificate = self_signed_certificate(tmp_path / "tls")
    text = SITE_CONF.read_text()
    for old, new in (
        ("/etc/letsencrypt/live/scrapindex.example/fullchain.pem", str(certificate / "cert.pem")),
        ("/etc/letsencrypt/live/scrapindex.example/privkey.pem", str(certificate / "key.pem")),
        ("/var/cache/nginx/scrapindex", str(tmp_path / "cache")),
    ):
        text = text.replace(old, new)
    site = tmp_path / "scrapindex.conf"
    site.write_text(text)
    (tmp_path / "nginx.conf").write_text(main_conf(tmp_path, site, run_as_nobody=False))
    command = [nginx, "-t", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf")]
    checked = subprocess.run(command, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    assert "syntax is ok" in checked.stderr
    assert "listen 443 ssl" in text
    assert "return 301 https://$host$request_uri;" in text


def test_plain_http_is_sent_to_https(stack: Stack) -> None:
    answer = httpx.get(
        stack.plain_http_url + "/za/johannesburg?page=2",
        headers={"Host": "scrapindex.example"},
        follow_redirects=False,
    )
    assert answer.status_code == 301
    assert answer.headers["location"] == "https://scrapindex.example/za/johannesburg?page=2"
    assert "nginx/" not in answer.headers.get("server", "")  # no version on show
    challenge = httpx.get(stack.plain_http_url + "/.well-known/acme-challenge/token")
    assert challenge.status_code == 404  # answered on port 80 itself, for the certificate tool

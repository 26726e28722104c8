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
from scrapindex.settings import Settings
from tests.databases import IMPORT_DEMO, PostgresTemplates
from tests.deploy_stack import (
    REAL_IP_LINES,
    SITE_CONF,
    EdgeLimits,
    Stack,
    behind_balancer,
    find_nginx,
    main_conf,
    production_stack,
    self_signed_certificate,
    shipped_limits,
)
from tests.integration.test_web_pages import TEMPLATE, read_page
from tests.needs import unavailable

pytestmark = pytest.mark.postgres

ASSET = "assets/app-0123abcd.js"
PAGE_SECONDS = 2
HSTS = "max-age=31536000; includeSubDomains"
# Small enough to pass in a test: 3 pages, 5 API calls and 2 writes a minute (each bucket a
# minute's worth, as shipped).
SMALL_LIMITS = EdgeLimits(pages_per_minute=3, api_per_minute=5, forms_per_minute=2, connections=32)
TOO_MANY = {"message": "Too many requests from your connection. Please slow down."}


@pytest.fixture
def database(postgres_templates: PostgresTemplates) -> Iterator[str]:
    url = postgres_templates.clone(IMPORT_DEMO)
    yield url
    postgres_templates.drop(url)


def started_stack(
    database: str,
    folder: Path,
    limits: EdgeLimits | None = None,
    balancer: str | None = None,
    **env: str,
) -> Iterator[Stack]:
    """Two workers behind nginx, with the deploy file's own limits unless given others."""
    if find_nginx() is None:
        unavailable("nginx not found (apt-get install nginx-light)")
    dist = folder / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text(TEMPLATE)
    (dist / ASSET).write_text("console.log('scrapindex');\n" * 200)
    with production_stack(
        database,
        folder,
        2,
        dist,
        extra_env={"HSTS_SECONDS": "31536000", **env},
        limits=limits or shipped_limits(),
        balancer=balancer,
    ) as running:
        yield running


@pytest.fixture
def stack(database: str, tmp_path: Path) -> Iterator[Stack]:
    yield from started_stack(database, tmp_path)


@pytest.fixture
def balanced_stack(database: str, tmp_path: Path) -> Iterator[Stack]:
    """Behind a balancer (the test's own requests, from 127.0.0.1): the deploy file's real_ip
    lines uncommented for it, the app trusting nginx alone, and small limits."""
    yield from started_stack(
        database, tmp_path, SMALL_LIMITS, balancer="127.0.0.1", TRUSTED_PROXIES="127.0.0.1"
    )


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


@pytest.mark.parametrize("balancer", [False, True], ids=["alone", "behind-a-balancer"])
def test_the_deploy_file_passes_nginx_own_check(tmp_path: Path, balancer: bool) -> None:
    """`nginx -t` on deploy/nginx/scrapindex.conf as shipped, but for the certificate's paths;
    and with its real_ip lines uncommented as they are (for a balancer at 10.0.0.0/8)."""
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
    if balancer:
        text = behind_balancer(text, "10.0.0.0/8")
        assert not any(line in text for line in REAL_IP_LINES)
    site = tmp_path / "scrapindex.conf"
    site.write_text(text)
    (tmp_path / "nginx.conf").write_text(main_conf(tmp_path, site, run_as_nobody=False))
    command = [nginx, "-t", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf")]
    checked = subprocess.run(command, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    assert "syntax is ok" in checked.stderr
    assert "listen 443 ssl" in text
    assert "return 301 https://$host$request_uri;" in text


def test_the_deploy_file_limits_each_host_as_the_app_limits_each_process() -> None:
    """nginx's rates are the app's (its buckets a minute's worth, as the app's), counted once
    per host; writes fewer; tiles kept a week in a cache of their own, one fetch per tile."""
    defaults = Settings.model_fields
    limits = shipped_limits()
    assert limits.api_per_minute == defaults["api_rate_limit_per_minute"].default == 600
    assert limits.pages_per_minute == defaults["page_rate_limit_per_minute"].default == 120
    assert limits.forms_per_minute < limits.pages_per_minute
    assert limits.connections >= defaults["max_concurrent_requests_per_client"].default
    text = SITE_CONF.read_text()
    tiles = text[text.index("location /tiles/ {") :].split("}", 1)[0]
    for line in (
        "proxy_cache scrapindex_tiles;",
        "proxy_cache_valid 200 7d;",
        "proxy_cache_lock on;",
        "proxy_cache_use_stale error timeout updating",
    ):
        assert line in tiles
    assert "limit_req" not in tiles  # a map asks for dozens
    assert "keys_zone=scrapindex_tiles:10m\n                 max_size=1g inactive=7d" in text
    for line in REAL_IP_LINES:
        assert text.count(line) == 1  # shipped commented: nginx alone believes no header


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


def test_behind_a_balancer_nginx_limits_each_visitor_and_passes_its_proto_on(
    balanced_stack: Stack,
) -> None:
    """Counted per visitor (real_ip), once for the host: past its limit one visitor is refused
    while another is served, and a forged X-Forwarded-For names nobody new. The balancer's
    X-Forwarded-Proto reaches the app (HSTS), and the cache keeps the two schemes apart."""
    one, other = {"X-Forwarded-For": "203.0.113.7"}, {"X-Forwarded-For": "198.51.100.2"}
    forged = {"X-Forwarded-For": "192.0.2.99, 203.0.113.7"}  # the balancer appended the last
    with httpx.Client(base_url=balanced_stack.url) as client:
        api = [client.get("/api/materials", headers=one) for _ in range(7)]
        assert [r.status_code for r in api] == [200] * 6 + [429]  # the bucket's 5, and one more
        refused = api[-1]
        assert refused.json() == TOO_MANY
        assert refused.headers["retry-after"] == "2"
        assert refused.headers["cache-control"] == "no-store"
        assert client.get("/api/materials", headers=forged).status_code == 429
        assert client.get("/api/materials", headers=other).status_code == 200
        assert client.get("/za/johannesburg", headers=one).status_code == 200  # another budget

        pages = [client.get("/za/johannesburg", headers=other) for _ in range(4)]
        assert [r.status_code for r in pages] == [200] * 4  # the bucket's 3, and one more
        assert client.get("/cities", headers=other).status_code == 429
        for not_a_page in ("/robots.txt", "/healthz", f"/{ASSET}"):
            assert client.get(not_a_page, headers=other).status_code == 200, not_a_page
        assert client.get("/za/johannesburg", headers=one).status_code == 200

        message = {"name": "Ada", "email": "ada@example.org", "subject": "Hi", "message": "Hello"}
        third, fourth = {"X-Forwarded-For": "192.0.2.44"}, {"X-Forwarded-For": "192.0.2.45"}
        posts = [client.post("/api/contact", json=message, headers=third) for _ in range(4)]
        assert [r.status_code for r in posts] == [201] * 3 + [429]  # writes: 2 a minute
        assert posts[-1].json() == TOO_MANY  # nginx's: the app's own form limit is 5
        assert client.post("/api/contact", json=message, headers=fourth).status_code == 201

        visitor = {"X-Forwarded-For": "203.0.113.30"}
        over_https = client.get("/api/cities", headers={**visitor, "X-Forwarded-Proto": "https"})
        over_http = client.get("/api/cities", headers=visitor)
        again = client.get("/api/cities", headers={**visitor, "X-Forwarded-Proto": "https"})
    assert over_https.headers["strict-transport-security"] == HSTS
    assert "strict-transport-security" not in over_http.headers  # not the HTTPS copy
    assert again.headers["x-cache-status"] == "HIT"
    assert again.headers["strict-transport-security"] == HSTS


def test_a_visitors_own_proto_is_not_believed(stack: Stack) -> None:
    """No balancer in front: nginx says the scheme it was reached by (plain HTTP in this test)."""
    with httpx.Client(base_url=stack.url) as client:
        answer = client.get("/api/cities", headers={"X-Forwarded-Proto": "https"})
    assert answer.status_code == 200
    assert "strict-transport-security" not in answer.headers

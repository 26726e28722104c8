"""Request limits: body size, URL length, the per-client API rate limit, processing time.

The form limits are tested with the forms in test_api_forms.py: the 6th contact message in a
minute is refused with 429 (test_contact_rate_limit), and a filled-in honeypot with 400
(test_contact_honeypot_is_refused, test_newsletter_validation_and_honeypot).
"""

import asyncio
import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from scrapindex.app import create_app
from scrapindex.middleware.limits import (
    MAX_API_BODY_BYTES,
    MAX_URI_BYTES,
    ConcurrencyLimitMiddleware,
    RateLimits,
    RequestTimeoutMiddleware,
    budget_of,
)
from scrapindex.settings import PROJECT_ROOT, Settings
from tests.conftest import CONTENT_DIR
from tests.live_server import running_server
from tests.stack import middleware_of

pytestmark = pytest.mark.http_only  # SQLite alone: see tests/conftest.py

TOO_LARGE = {"message": "Request body too large"}


def make_app(database_url: str, **settings: Any) -> FastAPI:
    return create_app(Settings(database_url=database_url, content_dir=CONTENT_DIR, **settings))


def move_first(app: FastAPI) -> None:
    """Put the route just added before the pages' catch-all route."""
    app.router.routes.insert(0, app.router.routes.pop())


# Body size


def test_content_length_over_the_limit_is_refused_unread(client: TestClient) -> None:
    response = client.post(
        "/api/contact",
        content=b"x" * (MAX_API_BODY_BYTES + 1),
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 413
    assert response.json() == TOO_LARGE
    assert response.headers["connection"] == "close"


def test_chunked_body_over_the_limit_is_refused(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(9):
            yield b"x" * 8192

    response = client.post(
        "/api/newsletter", content=chunks(), headers={"content-type": "application/json"}
    )
    assert response.request.headers["transfer-encoding"] == "chunked"
    assert "content-length" not in response.request.headers
    assert response.status_code == 413
    assert response.json() == TOO_LARGE


def test_body_longer_than_its_content_length_is_measured(client: TestClient) -> None:
    response = client.post(
        "/api/contact",
        content=b"x" * (MAX_API_BODY_BYTES + 1),
        headers={"content-type": "application/json", "content-length": "10"},
    )
    assert response.status_code == 413


def test_body_at_the_limit_reaches_the_app(client: TestClient) -> None:
    body = json.dumps({"email": "not-an-address"}).encode()
    padded = body[:-1] + b" " * (MAX_API_BODY_BYTES - len(body)) + b"}"
    assert len(padded) == MAX_API_BODY_BYTES
    response = client.post(
        "/api/newsletter", content=padded, headers={"content-type": "application/json"}
    )
    assert response.status_code == 422  # read whole and parsed: the address is what is wrong
    assert response.json()["errors"] == [response.json()["errors"][0]]
    assert response.json()["errors"][0].startswith("email: ")


def test_streamed_body_is_refused_before_it_ends(database_url: str) -> None:
    """Over a real connection: the 413 comes while the client is still sending chunks."""
    with running_server(make_app(database_url)) as port, socket.socket() as connection:
        connection.settimeout(10)
        connection.connect(("127.0.0.1", port))
        connection.sendall(
            b"POST /api/contact HTTP/1.1\r\nHost: localhost\r\n"
            b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        chunk = b"x" * 8192
        for _ in range(MAX_API_BODY_BYTES // len(chunk) + 1):  # just over the limit
            connection.sendall(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
        # No final zero-length chunk: the body never ends, yet the answer comes.
        reply = b""
        while data := connection.recv(65536):
            reply += data  # until the server closes the connection
    head, _, body = reply.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 413 ")
    assert json.loads(body) == TOO_LARGE


# URL length


def test_long_url_is_refused(client: TestClient) -> None:
    path = "/api/search?q="
    longest = client.get(path + "a" * (MAX_URI_BYTES - len(path)))
    assert longest.status_code == 422  # at the limit: the route answers (q is too long for it)
    too_long = client.get(path + "a" * (MAX_URI_BYTES - len(path) + 1))
    assert too_long.status_code == 414
    assert too_long.json() == {"message": "URI too long"}
    assert client.get("/" + "b" * MAX_URI_BYTES).status_code == 414  # pages too


# The per-client API rate limit


def test_api_rate_limit(database_url: str) -> None:
    with TestClient(make_app(database_url, api_rate_limit_per_minute=3)) as client:
        for _ in range(3):
            assert client.get("/api/materials").status_code == 200
        refused = client.get("/api/cities")
        assert refused.status_code == 429
        assert refused.json()["message"].startswith("Too many requests")
        assert refused.headers["retry-after"] == "20"  # one request comes back every 20 s
        assert refused.headers["cache-control"] == "no-store"
        # Health checks and pages are not counted.
        assert client.get("/healthz").status_code == 200
        assert client.get("/readyz").status_code == 200


def test_forwarded_client_counts_on_its_own_only_behind_a_trusted_proxy(
    database_url: str,
) -> None:
    first = {"X-Forwarded-For": "203.0.113.7, 10.0.0.1"}
    second = {"X-Forwarded-For": "198.51.100.2"}
    app = make_app(database_url, api_rate_limit_per_minute=1, trust_proxy_headers=True)
    with TestClient(app) as behind_proxy:
        assert behind_proxy.get("/api/materials", headers=first).status_code == 200
        assert behind_proxy.get("/api/materials", headers=first).status_code == 429
        assert behind_proxy.get("/api/materials", headers=second).status_code == 200
        # A client cannot escape its bucket by sending its own X-Forwarded-For entries:
        # only the hop our proxy appended (the last) counts.
        forged = {"X-Forwarded-For": "192.0.2.99, 198.51.100.2"}
        assert behind_proxy.get("/api/materials", headers=forged).status_code == 429
    with TestClient(make_app(database_url, api_rate_limit_per_minute=1)) as direct:
        assert direct.get("/api/materials", headers=first).status_code == 200
        assert direct.get("/api/materials", headers=second).status_code == 429  # header ignored


def test_visitors_behind_a_trusted_balancer_count_apart(database_url: str) -> None:
    """nginx (the peer) appends the balancer, the balancer the visitor: with both named in
    TRUSTED_PROXIES each visitor has a bucket of its own; with TRUST_PROXY_HEADERS alone (the
    last hop) every visitor is the balancer, and all of them share one bucket."""
    balancer = "10.1.2.3"
    one = {"X-Forwarded-For": f"203.0.113.7, {balancer}"}
    other = {"X-Forwarded-For": f"198.51.100.2, {balancer}"}
    # A visitor's own X-Forwarded-For entries are left of the balancer's: no new bucket.
    forged = {"X-Forwarded-For": f"192.0.2.99, 203.0.113.7, {balancer}"}
    pretending = {"X-Forwarded-For": f"10.0.0.1, 203.0.113.7, {balancer}"}  # to be a proxy
    trusted = ["127.0.0.1", "10.0.0.0/8"]
    app = make_app(database_url, api_rate_limit_per_minute=1, trusted_proxies=trusted)
    with TestClient(app, client=("127.0.0.1", 50000)) as behind_balancer:
        assert behind_balancer.get("/api/materials", headers=one).status_code == 200
        assert behind_balancer.get("/api/materials", headers=one).status_code == 429
        assert behind_balancer.get("/api/materials", headers=other).status_code == 200
        assert behind_balancer.get("/api/materials", headers=forged).status_code == 429
        assert behind_balancer.get("/api/materials", headers=pretending).status_code == 429
    # A peer that is none of the proxies is not believed: its own address is the client.
    app = make_app(database_url, api_rate_limit_per_minute=1, trusted_proxies=trusted)
    with TestClient(app, client=("192.0.2.50", 50000)) as direct:
        assert direct.get("/api/materials", headers=one).status_code == 200
        assert direct.get("/api/materials", headers=other).status_code == 429
    app = make_app(database_url, api_rate_limit_per_minute=1, trust_proxy_headers=True)
    with TestClient(app, client=("127.0.0.1", 50000)) as last_hop:
        assert last_hop.get("/api/materials", headers=one).status_code == 200
        assert last_hop.get("/api/materials", headers=other).status_code == 429  # the balancer's


def test_pages_api_calls_are_not_rate_limited(database_url: str, tmp_path: Path) -> None:
    """A page's embedded data comes from in-process API calls; they are the page's, not a
    client's, so a busy site never runs the pages out of API requests."""
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text((PROJECT_ROOT / "frontend" / "index.html").read_text())
    app = make_app(database_url, api_rate_limit_per_minute=1, frontend_dist=dist)
    with TestClient(app) as client:
        for _ in range(2):
            page = client.get("/cities")
            assert page.status_code == 200
            found = re.search(r'id="initial-data">(.*?)</script>', page.text, re.DOTALL)
            assert found is not None
            # The page's calls run at once: their answers are embedded in the order they came.
            keys = [key for key, _ in json.loads(found.group(1))["data"]]
            assert ["/api/cities"] in keys
        assert client.get("/api/cities").status_code == 200
        assert client.get("/api/cities").status_code == 429


def test_rate_limit_buckets_refill_and_stay_bounded() -> None:
    limiter = RateLimits(per_minute={"api": 60})
    budget = limiter.budgets["api"]
    a, b, c = (("api", client) for client in "abc")
    for _ in range(60):
        assert limiter.take(a, budget, 0.0) == 0
    assert limiter.take(a, budget, 0.0) == pytest.approx(1.0)
    assert limiter.take(a, budget, 0.5) == pytest.approx(0.5)
    assert limiter.take(a, budget, 1.0) == 0  # one per second comes back
    limiter.take(b, budget, 30.0)
    limiter.take(c, budget, 61.0)  # "a", idle for a minute, is full again: forgotten
    assert list(limiter.buckets) == [b, c]

    small = RateLimits(per_minute={"api": 60}, max_clients=2)
    for client in (a, b, c):
        small.take(client, budget, 0.0)
    assert list(small.buckets) == [b, c]  # the least recently seen made room


@pytest.mark.parametrize(
    ("path", "budget"),
    [
        ("/api/cities", "api"),
        ("/", "page"),
        ("/za/johannesburg/scrap-yards", "page"),
        ("/assets/index-abc.js", None),
        ("/favicon.svg", None),
        ("/sitemap.xml", None),
        ("/healthz", None),
    ],
)
def test_which_budget_a_request_spends(path: str, budget: str | None) -> None:
    assert budget_of(path) == budget


def test_html_pages_have_a_rate_limit_of_their_own(database_url: str) -> None:
    app = make_app(database_url, page_rate_limit_per_minute=3, api_rate_limit_per_minute=0)
    with TestClient(app) as client:
        for path in ("/", "/cities", "/za/johannesburg"):  # each makes several API calls
            assert client.get(path).status_code == 200
        refused = client.get("/about")
        assert refused.status_code == 429
        # A page token comes every 20 s; the bucket refills on the real clock, so the wait is
        # 20 s less what the three cold renders took.
        assert 15 <= int(refused.headers["retry-after"]) <= 20
        assert client.get("/favicon.svg").status_code == 200  # files are not pages
        assert client.get("/api/cities").status_code == 200  # nor is the API's budget spent


def test_requests_past_the_concurrency_cap_are_told_to_retry(database_url: str) -> None:
    app = make_app(database_url, max_concurrent_requests=2)
    with TestClient(app) as client:
        cap = middleware_of(app, ConcurrencyLimitMiddleware).limits
        assert client.get("/api/stats").status_code == 200
        cap.in_flight = 2  # two requests still running
        busy = client.get("/api/stats")
        assert busy.status_code == 503
        assert busy.headers["retry-after"] == "2"
        assert busy.headers["x-content-type-options"] == "nosniff"
        cap.in_flight = 1
        assert client.get("/api/stats").status_code == 200
        assert cap.in_flight == 1


def test_one_client_cannot_hold_more_than_its_share(database_url: str) -> None:
    app = make_app(database_url, max_concurrent_requests_per_client=3, trust_proxy_headers=True)
    one = {"X-Forwarded-For": "203.0.113.9"}
    with TestClient(app) as client:
        cap = middleware_of(app, ConcurrencyLimitMiddleware).limits
        assert client.get("/api/stats", headers=one).status_code == 200
        cap.by_client["203.0.113.9"] = 3  # three of its requests still running
        refused = client.get("/api/stats", headers=one)
        assert refused.status_code == 429
        assert refused.headers["retry-after"] == "1"
        other = client.get("/api/stats", headers={"X-Forwarded-For": "198.51.100.4"})
        assert other.status_code == 200  # another client is served meanwhile
        assert cap.by_client == {"203.0.113.9": 3}


# Processing time


def timeout_middleware(app: FastAPI) -> RequestTimeoutMiddleware:
    layer: Any = app.middleware_stack
    while not isinstance(layer, RequestTimeoutMiddleware):
        layer = layer.app
    return layer


def test_slow_request_is_answered_503(database_url: str) -> None:
    app = make_app(database_url, request_timeout_seconds=0.2)
    work_done = threading.Event()

    async def slow_async() -> dict[str, str]:
        await asyncio.sleep(0.6)
        return {"late": "yes"}

    def slow_sync() -> dict[str, str]:
        time.sleep(0.6)
        work_done.set()
        return {"late": "yes"}

    for path, endpoint in (("/api/slow-async", slow_async), ("/api/slow-sync", slow_sync)):
        app.add_api_route(path, endpoint)
        move_first(app)
    with TestClient(app) as client:
        assert client.get("/api/materials").status_code == 200
        for path in ("/api/slow-async", "/api/slow-sync"):
            started = time.monotonic()
            response = client.get(path)
            assert time.monotonic() - started < 0.5
            assert response.status_code == 503
            assert response.json() == {"message": "The request took too long"}
            assert response.headers["retry-after"] == "5"
        # The worker thread's job runs to its end; its answer goes nowhere.
        assert work_done.wait(5)
        abandoned = timeout_middleware(app).abandoned
        deadline = time.monotonic() + 5
        while abandoned and time.monotonic() < deadline:
            time.sleep(0.01)
        assert not abandoned

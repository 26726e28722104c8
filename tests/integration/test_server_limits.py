"""What one client can hold of the server process: head size and time, idle connections,
answers the server writes itself, and proxy headers it must not believe (server.py).

These talk to a real uvicorn over a socket, as `scrapindex serve` runs it; the last test runs
`scrapindex serve` itself.
"""

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from scrapindex.app import create_app
from scrapindex.middleware.security import FIXED_HEADERS
from scrapindex.settings import Settings
from tests.conftest import CONTENT_DIR
from tests.live_server import running_server

pytestmark = pytest.mark.http_only  # SQLite alone: see tests/conftest.py

SECURITY_HEADERS = [name.decode() for name, _ in FIXED_HEADERS] + ["content-security-policy"]


@pytest.fixture(scope="module")
def server(database_url: str) -> Iterator[int]:
    settings = Settings(
        database_url=database_url,
        content_dir=CONTENT_DIR,
        data_dir=Path("/nonexistent"),
        head_timeout_seconds=1,
        keep_alive_seconds=1,
        api_rate_limit_per_minute=0,
        page_rate_limit_per_minute=0,
    )
    with running_server(create_app(settings)) as port:
        yield port


def talk(port: int, *parts: bytes, pause: float = 0.0, wait: float = 10.0) -> tuple[bytes, float]:
    """Send ``parts`` with ``pause`` between them; what came back, and when the server closed."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as connection:
        try:
            for part in parts:
                connection.sendall(part)
                time.sleep(pause)
        except OSError:
            pass  # closed on us while sending: what it answered is read below
        received = b""
        try:
            while chunk := connection.recv(65536):
                received += chunk
        except (TimeoutError, ConnectionResetError):
            pass
    return received, time.monotonic() - started


def status_and_headers(answer: bytes) -> tuple[int, dict[str, str]]:
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in head[1:])
    return int(head[0].split()[1]), headers


def test_a_client_trickling_its_head_is_cut_off(server: int) -> None:
    trickle = [b"GET / HTTP/1.1\r\nHost: x\r\n", *(b"X-Slow: %d\r\n" % n for n in range(20))]
    answer, seconds = talk(server, *trickle, pause=0.2)
    assert seconds < 3  # 20 headers at 0.2 s would take 4 s; the head may take 1 s
    status, headers = status_and_headers(answer)
    assert status == 408
    assert all(name in headers for name in SECURITY_HEADERS)


def test_a_connection_that_sends_nothing_is_closed(server: int) -> None:
    answer, seconds = talk(server)
    assert seconds < 3
    assert answer == b"" or answer.startswith(b"HTTP/1.1 408")


def test_an_idle_kept_alive_connection_is_closed(server: int) -> None:
    request = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
    answer, seconds = talk(server, request)
    assert answer.startswith(b"HTTP/1.1 200")
    assert seconds < 3  # closed by the keep-alive timeout (1 s here), not by us


def test_a_head_over_the_limit_is_431(server: int) -> None:
    big = b"".join(b"X-Filler-%d: %s\r\n" % (n, b"a" * 1000) for n in range(20))  # ~20 KiB
    answer, _ = talk(server, b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + big + b"\r\n")
    status, headers = status_and_headers(answer)
    assert status == 431
    assert all(name in headers for name in SECURITY_HEADERS)
    fits = b"".join(b"X-Filler-%d: %s\r\n" % (n, b"a" * 1000) for n in range(10))  # ~10 KiB
    answer, _ = talk(server, b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + fits + b"\r\n")
    assert status_and_headers(answer)[0] == 200


@pytest.mark.parametrize(
    "request_bytes",
    [
        b"GARBAGE\r\n\r\n",
        b"GET / HTTP/9.9\r\nHost: x\r\n\r\n",
        b"POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
        b"POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
    ],
)
def test_answers_the_server_writes_itself_carry_the_security_headers(
    server: int, request_bytes: bytes
) -> None:
    answer, _ = talk(server, request_bytes)
    status, headers = status_and_headers(answer)
    assert status == 400
    assert all(name in headers for name in SECURITY_HEADERS)


def test_a_websocket_upgrade_is_served_as_plain_http(server: int) -> None:
    upgrade = (
        b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
        b"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    )
    answer, _ = talk(server, upgrade)
    status, headers = status_and_headers(answer)
    assert status == 200
    assert all(name in headers for name in SECURITY_HEADERS)
    assert "sec-websocket-accept" not in headers


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture
def served_process(database_url: str, tmp_path: Path) -> Iterator[str]:
    """`scrapindex serve` on the test database, API limited to 2 requests a minute per client."""
    port = free_port()
    env: dict[str, Any] = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DATA_DIR": str(tmp_path),
        "API_RATE_LIMIT_PER_MINUTE": "2",
        "TRUST_PROXY_HEADERS": "false",
        "HSTS_SECONDS": "31536000",  # sent over HTTPS only: a forged X-Forwarded-Proto is not
    }
    command = [str(Path(sys.executable).parent / "scrapindex"), "serve", "--port", str(port)]
    process = subprocess.Popen(command, env=env, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            assert process.poll() is None, "scrapindex serve stopped"
            assert time.monotonic() < deadline, "scrapindex serve did not start"
            try:
                if httpx.get(base + "/healthz").status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        process.wait(10)


def test_forged_forwarded_for_does_not_dodge_the_rate_limit(served_process: str) -> None:
    statuses = [
        httpx.get(
            served_process + "/api/materials",
            headers={"X-Forwarded-For": f"203.0.113.{n}", "X-Forwarded-Proto": "https"},
        )
        for n in range(3)
    ]
    assert [response.status_code for response in statuses] == [200, 200, 429]
    assert "strict-transport-security" not in statuses[0].headers

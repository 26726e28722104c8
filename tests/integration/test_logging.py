"""Structured logs: a JSON object per line, each with the id the response's X-Request-ID names."""

import http.client
import io
import json
import logging
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from scrapindex import migrate
from scrapindex.app import create_app
from scrapindex.db import create_db_engine
from scrapindex.logs import JsonFormatter
from scrapindex.settings import Settings
from tests.conftest import CONTENT_DIR

pytestmark = pytest.mark.http_only  # SQLite alone: see tests/conftest.py

LogLines = Callable[[], list[dict[str, Any]]]
HEX_ID = r"[0-9a-f]{32}"


@pytest.fixture
def log_lines() -> Iterator[LogLines]:
    """Our records as `scrapindex serve` writes them: each line parsed as JSON."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("scrapindex")
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    yield lambda: [json.loads(line) for line in stream.getvalue().splitlines()]
    logger.removeHandler(handler)
    logger.setLevel(level)


def request_lines(lines: list[dict[str, Any]], request_id: str) -> list[dict[str, Any]]:
    return [line for line in lines if line["request_id"] == request_id]


def test_each_request_is_logged_with_its_id(client: TestClient, log_lines: LogLines) -> None:
    response = client.get("/api/materials", params={"for": "log"})
    request_id = response.headers["x-request-id"]
    assert len(request_id) == 32
    lines = log_lines()
    for line in lines:
        assert {"time", "level", "logger", "message", "request_id"} <= line.keys()
    [access] = request_lines(lines, request_id)
    assert access["logger"] == "scrapindex.access"
    assert access["level"] == "INFO"
    assert access["message"] == "GET /api/materials 200"
    assert (access["method"], access["path"], access["status"]) == ("GET", "/api/materials", 200)
    assert access["client"] == "testclient"
    assert isinstance(access["duration_ms"], float)


@pytest.mark.parametrize(
    ("sent", "kept"),
    [
        ("edge-7f3a.b_9", True),
        ("a" * 64, True),
        ("a" * 65, False),
        ("no spaces", False),
        ("<script>", False),
        ("", False),
    ],
)
def test_incoming_request_id(client: TestClient, sent: str, kept: bool) -> None:
    echoed = client.get("/healthz", headers={"X-Request-ID": sent}).headers["x-request-id"]
    if kept:
        assert echoed == sent
    else:
        assert re.fullmatch(HEX_ID, echoed)


@pytest.fixture
def app_with_test_routes(database_url: str) -> FastAPI:
    app = create_app(Settings(database_url=database_url, content_dir=CONTENT_DIR))

    def explode() -> None:
        raise RuntimeError("secret detail: password=hunter2")

    def note() -> dict[str, str]:
        logging.getLogger("scrapindex.test").info("inside the route")
        return {"ok": "yes"}

    for path, endpoint in (("/api/test-explode", explode), ("/api/test-note", note)):
        app.add_api_route(path, endpoint)
        app.router.routes.insert(0, app.router.routes.pop())  # before the pages' catch-all
    return app


def test_records_written_during_a_request_carry_its_id(
    app_with_test_routes: FastAPI, log_lines: LogLines
) -> None:
    with TestClient(app_with_test_routes) as client:
        response = client.get("/api/test-note", headers={"X-Request-ID": "trace-42"})
    assert response.headers["x-request-id"] == "trace-42"
    messages = [line["message"] for line in request_lines(log_lines(), "trace-42")]
    assert messages == ["inside the route", "GET /api/test-note 200"]


def test_unhandled_error_is_logged_but_not_shown(
    app_with_test_routes: FastAPI, log_lines: LogLines
) -> None:
    with TestClient(app_with_test_routes) as client:
        response = client.get("/api/test-explode")
    assert response.status_code == 500
    assert response.json() == {"message": "Internal server error"}
    assert "hunter2" not in response.text
    assert "Traceback" not in response.text
    request_id = response.headers["x-request-id"]
    error, access = request_lines(log_lines(), request_id)
    assert error["level"] == "ERROR"
    assert error["message"] == "Unhandled error on GET /api/test-explode"
    assert error["exception"].startswith("Traceback (most recent call last):")
    assert "RuntimeError: secret detail: password=hunter2" in error["exception"]
    assert (access["status"], access["level"]) == (500, "WARNING")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def get(port: int, path: str, headers: dict[str, str] | None = None) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        response.read()
        return response
    finally:
        connection.close()


def test_serve_writes_json_lines_on_stderr(tmp_path: Path) -> None:
    """The real `scrapindex serve`: uvicorn's own records are JSON too, its access log is ours."""
    url = f"sqlite:///{tmp_path / 'serve.sqlite3'}"
    engine = create_db_engine(url)
    migrate.upgrade(engine)
    engine.dispose()
    port = free_port()
    stderr_path = tmp_path / "stderr.log"
    environment = {
        **os.environ,
        "DATABASE_URL": url,
        "CONTENT_DIR": str(CONTENT_DIR),
        "DATA_DIR": str(tmp_path),
        "FRONTEND_DIST": str(tmp_path / "no-build"),
    }
    command = [sys.executable, "-c", "from scrapindex.cli import app; app()", "serve"]
    with stderr_path.open("wb") as stderr:
        server = subprocess.Popen(
            [*command, "--port", str(port)],
            cwd=tmp_path,  # no .env file there
            env=environment,
            stdout=subprocess.DEVNULL,
            stderr=stderr,
        )
        try:
            deadline = time.monotonic() + 30
            while True:
                assert server.poll() is None, stderr_path.read_text()
                try:
                    get(port, "/healthz")
                    break
                except OSError:
                    assert time.monotonic() < deadline, "server did not start"
                    time.sleep(0.1)
            answered = get(port, "/api/materials", {"X-Request-ID": "serve-test-1"})
            missing = get(port, "/api/nothing-here")
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(15)
    lines = [json.loads(line) for line in stderr_path.read_text().splitlines()]

    assert answered.status == 200
    assert answered.headers["x-request-id"] == "serve-test-1"
    assert missing.status == 404
    for line in lines:
        assert {"time", "level", "logger", "message", "request_id"} <= line.keys()
    loggers = {line["logger"] for line in lines}
    assert "uvicorn.error" in loggers  # startup and shutdown
    assert "uvicorn.access" not in loggers
    assert any(line["message"] == "Application startup complete." for line in lines)
    by_id = {line["request_id"]: line for line in lines if line["logger"] == "scrapindex.access"}
    assert by_id["serve-test-1"]["path"] == "/api/materials"
    assert by_id["serve-test-1"]["client"] == "127.0.0.1"
    assert by_id[missing.headers["x-request-id"]]["status"] == 404
    # Successful probes are DEBUG: not written at the INFO level `serve` logs at.
    assert not any(line.get("path") == "/healthz" for line in lines)

"""What one cached answer costs the app itself: microseconds per request, in one process.

Calls the ASGI app directly (no server, no socket, no load generator), so the figure is the
code's own cost and barely moves with what else the machine is doing, unlike bench/vs_nginx.py.
Each URL is asked once to fill the caches, then ``--requests`` times, gzip accepted; the access
log is written as `scrapindex serve` writes it (JSON lines), to /dev/null. Rate limits are off.

    .venv/bin/python bench/cached_cost.py [--requests 5000] [PATH ...]
"""

import asyncio
import logging
import logging.config
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import common  # noqa: E402
from scrapindex.app import create_app  # noqa: E402
from scrapindex.logs import log_config  # noqa: E402
from scrapindex.settings import Settings  # noqa: E402


def scope(path: str) -> dict[str, Any]:
    raw_path, _, query = path.partition("?")
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": raw_path,
        "raw_path": raw_path.encode(),
        "query_string": query.encode(),
        "root_path": "",
        "headers": [
            (b"host", b"127.0.0.1:8000"),
            (b"accept-encoding", b"gzip"),
            (b"user-agent", b"bench"),
        ],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
        "state": {},
    }


async def cost(app: Any, path: str, requests: int) -> tuple[int, float]:
    status = 0

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]

    for _ in range(3):  # fills the caches
        await app(scope(path), receive, send)
    started = time.perf_counter()
    for _ in range(requests):
        await app(scope(path), receive, send)
    return status, (time.perf_counter() - started) / requests * 1e6


def main() -> None:
    parser = common.parser_for(__doc__)
    parser.add_argument("--requests", type=int, default=5000)
    parser.add_argument("paths", nargs="*", default=list(common.COMPARED_PATHS))
    args = parser.parse_args()
    url = common.sqlite_url("vs-nginx.sqlite3")
    common.prepare(url)
    logging.config.dictConfig(log_config())
    for handler in logging.getLogger().handlers:
        if isinstance(handler, logging.StreamHandler):
            handler.setStream(open("/dev/null", "w"))  # noqa: SIM115
    settings = Settings(
        database_url=url,
        api_rate_limit_per_minute=0,
        page_rate_limit_per_minute=0,
        max_concurrent_requests_per_client=0,
    )
    app = create_app(settings)
    app.openapi()
    print("| path | status | µs per cached request |\n|---|---:|---:|")
    for path in args.paths:
        status, micros = asyncio.run(cost(app, path, args.requests))
        print(f"| `{path}` | {status} | {micros:.1f} |", flush=True)


if __name__ == "__main__":
    main()

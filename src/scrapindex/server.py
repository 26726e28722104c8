"""The server process: uvicorn, with bounds on what one client can hold.

uvicorn limits neither the size of a request's head nor the time a client takes to send it, so
one client trickling header bytes (slowloris) holds a connection for ever, and a client sending
megabytes of headers makes the server keep them. ``BoundedHttpProtocol`` adds both limits:

- the request line and headers together at most ``MAX_HEAD_BYTES`` (then 431);
- the head complete within ``HEAD_TIMEOUT_SECONDS`` of the connection or of the request's
  first byte (then 408 and the connection is closed).

Answers the server writes itself (these two, and uvicorn's 400 for a malformed request) carry
the security headers the app's responses carry (middleware/security.py). Proxy headers are the
app's business alone (middleware/proxies.py), never uvicorn's: believed only from the proxies
in ``TRUSTED_PROXIES`` (or, with ``TRUST_PROXY_HEADERS`` alone, the connecting peer). WebSocket
upgrades are not ours to accept: such a request is served as plain HTTP, through the app and its
headers.
"""

import asyncio
from typing import Any

from uvicorn.config import Config
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol
from uvicorn.server import ServerState

from scrapindex.middleware.security import SERVER_ERROR_HEADERS
from scrapindex.settings import Settings, get_settings

HEAD_TOO_LARGE = "Request header fields too large"


class HeadTooLarge(Exception):
    pass


class BoundedHttpProtocol(HttpToolsProtocol):
    settings: Settings | None = None  # None: the environment's, as the app's own

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        settings = self.settings or get_settings()
        self.head_timeout = settings.head_timeout_seconds
        self.max_head_bytes = settings.max_head_bytes
        self.head_bytes = 0
        self.head_too_large = False
        self.head_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.start_head_deadline()

    def connection_lost(self, exc: Exception | None) -> None:
        self.stop_head_deadline()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self.head_bytes = 0
        if self.head_deadline is None:  # a later request on a kept-alive connection
            self.start_head_deadline()

    def on_url(self, url: bytes) -> None:
        self.count_head_bytes(len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self.count_head_bytes(len(name) + len(value) + 4)  # ": " and CRLF
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self.stop_head_deadline()
        super().on_headers_complete()

    def count_head_bytes(self, size: int) -> None:
        self.head_bytes += size
        if self.head_bytes > self.max_head_bytes:
            self.head_too_large = True
            raise HeadTooLarge  # httptools stops parsing; data_received answers below

    def start_head_deadline(self) -> None:
        if self.head_timeout:
            self.head_deadline = self.loop.call_later(self.head_timeout, self.head_too_slow)

    def stop_head_deadline(self) -> None:
        if self.head_deadline is not None:
            self.head_deadline.cancel()
            self.head_deadline = None

    def head_too_slow(self) -> None:
        self.head_deadline = None
        if not self.transport.is_closing():
            self.write_error(408, "Request header timeout")

    def send_400_response(self, msg: str) -> None:
        if self.head_too_large:
            self.write_error(431, HEAD_TOO_LARGE)
        else:
            self.write_error(400, msg)

    def write_error(self, status: int, message: str) -> None:
        """A plain-text answer, then the connection closes (its state is unknown)."""
        body = message.encode("ascii")
        headers = [
            *SERVER_ERROR_HEADERS,
            (b"content-type", b"text/plain; charset=utf-8"),
            (b"content-length", str(len(body)).encode("ascii")),
            (b"connection", b"close"),
        ]
        head = b"".join(name + b": " + value + b"\r\n" for name, value in headers)
        self.transport.write(STATUS_LINE[status] + head + b"\r\n" + body)
        self.transport.close()


def protocol_for(settings: Settings) -> type[BoundedHttpProtocol]:
    """The protocol with the limits of ``settings`` (for a server in this process, as in tests)."""
    return type("ConfiguredHttpProtocol", (BoundedHttpProtocol,), {"settings": settings})


def server_options(settings: Settings, protocol: type[BoundedHttpProtocol]) -> dict[str, Any]:
    """uvicorn's options for every way we run it: `scrapindex serve` and the tests' servers."""
    return {
        "http": protocol,
        "ws": "none",
        "proxy_headers": False,  # the app reads them, only from TRUSTED_PROXIES
        "server_header": False,
        "timeout_keep_alive": settings.keep_alive_seconds,
    }

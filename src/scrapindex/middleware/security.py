"""Security headers on every response: CSP, nosniff, framing, referrer, HSTS, charsets.

A pure ASGI middleware with its headers built once from the settings, the outermost of ours
(app.py's middleware list), so that redirects, cached API answers, 304s, every refusal and the
500s RequestContextMiddleware answers for unhandled errors all carry them.

The Content-Security-Policy allows no inline script: the pages' only inline <script> elements
are JSON data blocks (the embedded first data and JSON-LD), which browsers do not execute.
Styles are the built CSS file, and React, Leaflet and Recharts set element styles through the
CSSOM, which CSP allows; no server-made markup (web/fallback.py, head.py, the blog's HTML) has a
style attribute. One thing still needs 'unsafe-inline' for styles: the mobile menu (a Radix
Dialog) locks the page's scrolling by inserting a <style> element whose rules carry the
measured scrollbar gap, so no hash can name it. Inline styles cannot run code; scripts stay
strict.

Swagger UI (the API docs page, web/api_docs.py) starts with one inline script; that page alone
gets its own policy, with the inline script allowed by its hash. Its files are served from here.
"""

import base64
import gzip
import hashlib
import re
from collections.abc import Iterable, Sequence

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from scrapindex.middleware.proxies import ProxyRule
from scrapindex.settings import Settings

Header = tuple[bytes, bytes]

# Geolocation for the site's own pages only ("Yards near me"); no frame or other origin gets it.
PERMISSIONS_POLICY = "geolocation=(self), camera=(), microphone=(), payment=(), usb=()"
FIXED_HEADERS: tuple[Header, ...] = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"strict-origin-when-cross-origin"),
    (b"x-frame-options", b"DENY"),
    (b"permissions-policy", PERMISSIONS_POLICY.encode()),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
)
# For the plain-text errors the server process writes itself (server.py): nothing to load.
SERVER_ERROR_HEADERS: tuple[Header, ...] = (
    *FIXED_HEADERS,
    (b"content-security-policy", b"default-src 'none'; frame-ancestors 'none'"),
)
# Headers that would name the server or its framework: dropped from every response.
REVEALING = (b"server", b"x-powered-by")
# Text types that must say their charset (the bodies are all UTF-8).
TEXT_TYPES = (b"application/json", b"application/javascript", b"application/xml", b"image/svg+xml")
CHARSET = b"; charset=utf-8"

INLINE_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.DOTALL)


def content_security_policy(
    map_tile_hosts: Sequence[str] = (),
    analytics_hosts: Sequence[str] = (),
    *,
    script_sources: Sequence[str] = (),
    style_sources: Sequence[str] = (),
) -> str:
    """The policy for the site's pages (and, harmlessly, for every other response)."""
    directives = {
        "default-src": ["'self'"],
        "script-src": ["'self'", *analytics_hosts, *script_sources],
        "style-src": ["'self'", "'unsafe-inline'", *style_sources],
        "img-src": ["'self'", "data:", *map_tile_hosts],
        "connect-src": ["'self'", *analytics_hosts],
        "font-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "worker-src": ["'self'"],
        "manifest-src": ["'self'"],
    }
    return "; ".join(" ".join([name, *sources]) for name, sources in directives.items())


def docs_policy(body: bytes, content_encoding: bytes | None) -> bytes:
    """Swagger UI's page: its inline scripts allowed by their SHA-256 hashes."""
    html = gzip.decompress(body) if body and content_encoding == b"gzip" else body
    hashes = [
        "'sha256-" + base64.b64encode(hashlib.sha256(script).digest()).decode() + "'"
        for script in INLINE_SCRIPT.findall(html)
    ]
    return content_security_policy(script_sources=hashes).encode()


def with_charset(content_type: bytes) -> bytes:
    """A text Content-Type with "; charset=utf-8" added when it names no charset."""
    if b"charset=" in content_type.lower():
        return content_type
    media_type = content_type.split(b";", 1)[0].strip().lower()
    if media_type.startswith(b"text/") or media_type in TEXT_TYPES:
        return content_type + CHARSET
    if media_type.endswith((b"+json", b"+xml")):
        return content_type + CHARSET
    return content_type


class SecurityHeadersMiddleware:
    def __init__(self, app: ASGIApp, settings: Settings, docs_path: str | None = None) -> None:
        self.app = app
        self.docs_path = docs_path
        self.proxies = ProxyRule.of(settings)  # X-Forwarded-Proto from a trusted proxy only
        policy = content_security_policy(settings.map_tile_hosts, settings.analytics_hosts)
        self.headers = [*FIXED_HEADERS, (b"content-security-policy", policy.encode())]
        self.https_headers = list(self.headers)
        if settings.hsts_seconds > 0:
            hsts = f"max-age={settings.hsts_seconds}; includeSubDomains".encode()
            self.https_headers.append((b"strict-transport-security", hsts))
        # Set here and nowhere else: an inner layer's value of any of these is replaced.
        self.replaced = frozenset(
            [*REVEALING, b"strict-transport-security", *(name for name, _ in self.headers)]
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        added = self.https_headers if self.is_https(scope) else self.headers
        if self.is_docs(scope["path"]):
            await self.app(scope, receive, self.docs_sender(send, added))
            return

        async def send_secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": self.secured(message.get("headers", ()), added)}
            await send(message)

        await self.app(scope, receive, send_secured)

    def is_docs(self, path: str) -> bool:
        return path == self.docs_path  # the page; its files under it need no policy of their own

    def is_https(self, scope: Scope) -> bool:
        return self.proxies.is_https(scope)

    def secured(self, headers: Iterable[Sequence[bytes]], added: list[Header]) -> list[Header]:
        result: list[Header] = []
        for name, value in headers:
            lower = name.lower()
            if lower in self.replaced:
                continue
            result.append((name, with_charset(value) if lower == b"content-type" else value))
        result += added
        return result

    def docs_sender(self, send: Send, added: list[Header]) -> Send:
        """Holds the (small) docs page back until its inline scripts are hashed."""
        start: Message = {}
        chunks: list[bytes] = []

        async def send_docs(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                start = message
                return
            if message["type"] != "http.response.body":
                await send(message)
                return
            chunks.append(message.get("body", b""))
            if message.get("more_body", False):
                return
            body = b"".join(chunks)
            headers = self.secured(start.get("headers", ()), added)
            encoding = next((v for n, v in headers if n.lower() == b"content-encoding"), None)
            policy = docs_policy(body, encoding)
            headers = [
                (name, policy if name == b"content-security-policy" else value)
                for name, value in headers
            ]
            await send({**start, "headers": headers})
            await send({"type": "http.response.body", "body": body})

        return send_docs

"""An answer's bytes as we keep them, and the rule that picks what a request gets.

Everything the site serves from memory (API answers, pages, assets, sitemap, robots.txt, sw.js)
is a ``Representation``: the body, a gzip copy when compressing pays, and a strong ETag per
encoding. ``select`` applies HTTP's rules (RFC 9110): ``Accept-Encoding`` with q-values (``q=0``
refuses a coding), and ``If-None-Match`` by weak comparison, with lists and ``*``.
"""

import gzip
import hashlib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property

from starlette.responses import Response

MIN_GZIP_BYTES = 512  # below this gzip's header and table outweigh what it saves
ENTITY_TAG = re.compile(r'\s*(?:W/)?("[^"]*")\s*(?:,|$)')
Headers = list[tuple[bytes, bytes]]


@dataclass(frozen=True)
class Representation:
    body: bytes
    etag: str  # of the identity body, quoted; the gzip body's ends in -gzip
    gzip_level: int | None  # None: always sent as it is (too small, or not worth compressing)

    def etag_for(self, use_gzip: bool) -> str:
        return self.etag[:-1] + '-gzip"' if use_gzip else self.etag

    @cached_property
    def gzip_body(self) -> bytes | None:
        if self.gzip_level is None:
            return None
        return gzip.compress(self.body, compresslevel=self.gzip_level, mtime=0)


def represent(
    body: bytes, *, compress: bool = True, level: int = 6, version: str = "", lazy: bool = False
) -> Representation:
    """``version`` (a data revision, say) starts the ETag: the body's hash follows it.

    ``lazy``: compressed when first sent gzipped, not now. The API cache keeps its answers so:
    those the server fetches for a page's first render are embedded in the page and sent on
    their own only once a browser asks (compressing the directory's list of cities up front
    cost its page 2.5 ms at ten times the demo).
    """
    worth_it = compress and len(body) >= MIN_GZIP_BYTES
    digest = hashlib.blake2b(body, digest_size=16).hexdigest()
    representation = Representation(
        body=body,
        etag=f'"{version}-{digest}"' if version else f'"{digest}"',
        gzip_level=level if worth_it else None,
    )
    if not lazy:
        representation.gzip_body  # noqa: B018 (computed now, kept by cached_property)
    return representation


def accepts_gzip(accept_encoding: str | None) -> bool:
    """Whether gzip is acceptable: named (or as x-gzip) with q > 0, or through ``*``."""
    if not accept_encoding:
        return False
    wildcard: float | None = None
    for item in accept_encoding.split(","):
        coding, _, params = item.partition(";")
        coding = coding.strip().lower()
        quality = _quality(params)
        if coding in ("gzip", "x-gzip"):
            return quality > 0
        if coding == "*":
            wildcard = quality
    return wildcard is not None and wildcard > 0


def _quality(params: str) -> float:
    for param in params.split(";"):
        name, _, value = param.partition("=")
        if name.strip().lower() == "q":
            try:
                return max(0.0, min(1.0, float(value.strip())))
            except ValueError:
                return 0.0  # a q we cannot read: treat the coding as refused
    return 1.0


def none_match(if_none_match: str | None, etag: str) -> bool:
    """True when ``If-None-Match`` names ``etag`` (weak comparison) or is ``*``."""
    if if_none_match is None:
        return False
    if if_none_match.strip() == "*":
        return True
    return etag.removeprefix("W/") in _entity_tags(if_none_match)


def _entity_tags(header: str) -> set[str]:
    tags: set[str] = set()
    position = 0
    while position < len(header):
        match = ENTITY_TAG.match(header, position)
        if match is None:
            return tags  # a malformed rest names no tag of ours
        tags.add(match.group(1))
        position = match.end()
    return tags


@dataclass(frozen=True)
class Reply:
    status: int
    headers: Headers
    body: bytes


def select(
    representation: Representation,
    request_headers: Mapping[str, str],
    headers: Iterable[tuple[bytes, bytes]],
    status: int = 200,
) -> Reply:
    """What to send for ``representation``: 304, or the body in the best acceptable coding.

    ``headers`` are the answer's own (content type, cache control, …); ETag, Vary,
    Content-Encoding and Content-Length are added here. Only a 200 is ever answered with 304."""
    use_gzip = representation.gzip_level is not None and accepts_gzip(
        request_headers.get("accept-encoding")
    )
    etag = representation.etag_for(use_gzip)
    sent = [*headers, (b"etag", etag.encode()), (b"vary", b"Accept-Encoding")]
    if status == 200 and none_match(request_headers.get("if-none-match"), etag):
        return Reply(304, [(n, v) for n, v in sent if n.lower() != b"content-type"], b"")
    body = representation.body
    if use_gzip and representation.gzip_body is not None:
        body = representation.gzip_body
        sent.append((b"content-encoding", b"gzip"))
    sent.append((b"content-length", str(len(body)).encode()))
    return Reply(status, sent, body)


def as_response(reply: Reply) -> Response:
    response = Response(reply.body, status_code=reply.status)
    response.raw_headers = list(reply.headers)
    return response


def respond(
    representation: Representation,
    request_headers: Mapping[str, str],
    *,
    media_type: str,
    cache_control: str,
    status: int = 200,
    extra: Mapping[str, str] | None = None,
) -> Response:
    """``select`` for a Starlette route."""
    headers = [(b"content-type", media_type.encode()), (b"cache-control", cache_control.encode())]
    headers += [(name.lower().encode(), value.encode()) for name, value in (extra or {}).items()]
    return as_response(select(representation, request_headers, headers, status))

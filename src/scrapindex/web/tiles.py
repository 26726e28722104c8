"""Map tiles from the site's own origin: ``GET /tiles/{z}/{x}/{y}.png``.

The pages' maps (frontend/src/components/map/leaflet-map.ts) ask us, not the tile server, so a
page loads nothing from another origin and a tile that cannot be had is never a failed request
in the browser's console. A tile is fetched from MAP_TILE_UPSTREAM (OpenStreetMap's standard
tiles by default), kept in a bounded in-memory LRU, and answered with a ``Cache-Control`` that
lets browsers and nginx keep it, as OpenStreetMap's tile usage policy asks
(https://operations.osmfoundation.org/policies/tiles/): a User-Agent naming the site, the
upstream's expiry honoured and tiles kept at least 7 days, no bulk fetching.

When the upstream cannot be reached (offline, DNS fails, refused, too slow, an error status or
not an image), the answer is still 200: the plain tile the front end ships
(frontend/public/map-tile-unavailable.svg), marked ``X-Tile: placeholder`` and kept 5 minutes.
A tile kept in memory but past its expiry is answered as it is instead. After
BACKOFF_AFTER_FAILURES failed fetches in a row (none answered between them) the upstream is left
alone for BACKOFF_SECONDS, so an offline server answers every tile of a map at once rather than
each one waiting for its own failure; one tile the upstream is slow to render blanks no map.
When the pause is over, the next fetch tries again: a failure starts another pause at once.

Tiles spend no rate limit of the middleware (a map asks for dozens), but upstream fetches are
few (FETCHES_PER_MINUTE per host, each of its WEB_CONCURRENCY workers spending an equal part;
OSM's "no bulk fetching"), so each client, told apart as the
limits tell them (middleware/proxies.py: TRUSTED_PROXIES), may spend CLIENT_FETCH_SHARE of them.
Past it that client gets the placeholder marked ``X-Tile: over-share``, while the others still get
real tiles; tiles kept in memory cost no fetch and are answered to everyone. When the process's
own allowance is spent, the placeholder is marked ``X-Tile: busy``. Both are ``private``: nginx
keeps them for nobody else (a placeholder for an upstream that is away is public, for everyone).

The memory is each process's own: without nginx, N workers keep up to N copies of a tile (their
fetches together stay within the host's FETCHES_PER_MINUTE). Behind nginx
(deploy/nginx/scrapindex.conf), nginx keeps the tiles once, for a week, in a cache of their own,
and lets one request per tile through to a worker: so each tile is fetched once a week behind
that nginx, and only tiles nginx has not kept spend any allowance. The allowance bounds a burst
of new tiles per host, not per site: the ceiling is the hosts times FETCHES_PER_MINUTE (OSM asks
for modest use: keep that within it, or point MAP_TILE_UPSTREAM at a tile service of your own).

The memory is bounded by what its tiles cost in memory, not by their bodies alone: OSM's open
sea is a 103-byte PNG, and its key, headers and entry cost several times that
(bench/tile_cache_memory.py).

Fetching uses urllib in worker threads of our own (MAX_FETCHES at once, so tiles never take the
threads the pages' database work runs in), under a deadline the event loop keeps even when a
DNS lookup does not; one fetch per tile at a time, the other requests for it wait for that one.
"""

import asyncio
import email.utils
import hashlib
import http.client
import math
import re
import sys
import time
import urllib.error
import urllib.request
from collections import OrderedDict
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from importlib.metadata import version
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, HTTPException, Request
from fastapi import Path as PathParam
from fastapi.responses import Response

from scrapindex.middleware.proxies import ProxyRule
from scrapindex.middleware.request_context import client_of
from scrapindex.settings import PROJECT_ROOT, Settings

TILE_PREFIX = "/tiles/"
# What the route below matches (Starlette's {name} is one path segment): the methods table's.
TILE_PATH = re.compile(r"/tiles/[^/]+/[^/]+/[^/]+\.png")
MAX_ZOOM = 19
PLACEHOLDER_FILE = "map-tile-unavailable.svg"  # the front end's TILE_UNAVAILABLE_URL

WEEK_SECONDS = 7 * 24 * 3600
TILE_CACHE_CONTROL = f"public, max-age={WEEK_SECONDS}"  # OSM: keep tiles at least 7 days
PLACEHOLDER_CACHE_CONTROL = "public, max-age=300"  # a real tile may come back soon
# The placeholder of a fetch our own limits held back ("over-share", "busy"): for that browser.
HELD_BACK_CACHE_CONTROL = "private, max-age=60"
STALE_CACHE_CONTROL = PLACEHOLDER_CACHE_CONTROL  # an expired tile, while the upstream is away
UPSTREAM_TIMEOUT_SECONDS = 3.0  # connect and each read, and the whole fetch
BACKOFF_AFTER_FAILURES = 3  # failed fetches in a row that make the upstream "down"
BACKOFF_SECONDS = 30.0  # then placeholders at once for this long
MAX_FETCHES = 4  # upstream fetches at once, per process
FETCHES_PER_MINUTE = 600  # upstream fetches per host, shared by its workers: then placeholders
# What one client may spend of them: 150 a minute, some six screens of new tiles, each at once.
CLIENT_FETCH_SHARE = 0.25
MAX_SHARED_CLIENTS = 4096  # clients whose spending is remembered; the longest idle go first
MAX_TILE_BYTES = 1024 * 1024  # OSM's tiles are a few KB to ~100 KB
MAX_AGE = re.compile(r"(?:^|[,\s])(?:s-maxage|max-age)\s*=\s*\"?(\d+)", re.IGNORECASE)

TileKey = tuple[int, int, int]
Clock = Callable[[], float]
# What the LRU spends per entry besides the key and the tile: its hash table's index and entry
# and its order node. On CPython 3.11 that is 71 to 116 bytes an entry, the most just after the
# table has doubled (measured with tracemalloc while an OrderedDict grows).
ENTRY_SLOT_BYTES = 120
ALLOCATION_GRAIN = 16  # CPython's allocator hands out memory in steps of 16 bytes

_fetchers = ThreadPoolExecutor(max_workers=MAX_FETCHES, thread_name_prefix="map-tiles")


@dataclass(frozen=True, slots=True)
class Tile:
    body: bytes
    content_type: str
    etag: str  # ours, quoted: the upstream's when it sent one
    upstream_etag: str | None
    last_modified: str | None
    fresh_until: float  # on the clock


@dataclass(frozen=True)
class Fetched:
    status: int  # 200, or 304 when the kept tile is still the upstream's
    body: bytes
    headers: Mapping[str, str]  # lower-case names


class UpstreamFailed(Exception):
    """The upstream gave no tile; ``absent`` when it said there is none (404), not a fault."""

    def __init__(self, reason: str, absent: bool = False) -> None:
        super().__init__(reason)
        self.absent = absent


def allocated(size: int) -> int:
    return -(-size // ALLOCATION_GRAIN) * ALLOCATION_GRAIN


def entry_bytes(key: TileKey, tile: Tile) -> int:
    """What keeping ``tile`` under ``key`` costs in memory: every object of the entry, each
    counted once (a tile's ETag is often its upstream's), and the LRU's own slot."""
    parts = (key, *key, tile, tile.body, tile.content_type, tile.etag, tile.upstream_etag)
    objects = {id(part): part for part in (*parts, tile.last_modified, tile.fresh_until)}
    sizes = (sys.getsizeof(part) for part in objects.values() if part is not None)
    return ENTRY_SLOT_BYTES + sum(allocated(size) for size in sizes)


class TileMemory:
    """A least-recently-used store of tiles, bounded by the memory they take (entry_bytes)."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.size = 0
        self.tiles: OrderedDict[TileKey, Tile] = OrderedDict()  # least recent first

    def get(self, key: TileKey) -> Tile | None:
        tile = self.tiles.get(key)
        if tile is not None:
            self.tiles.move_to_end(key)
        return tile

    def put(self, key: TileKey, tile: Tile) -> None:
        old = self.tiles.pop(key, None)
        if old is not None:
            self.size -= entry_bytes(key, old)
        cost = entry_bytes(key, tile)
        if cost > self.max_bytes:
            return
        self.tiles[key] = tile
        self.size += cost
        while self.size > self.max_bytes:
            self.size -= entry_bytes(*self.tiles.popitem(last=False))


@dataclass
class Allowance:
    """A token bucket of upstream fetches: ``per_minute``, refilled evenly, full at first."""

    per_minute: float
    tokens: float
    at: float  # on the clock, when ``tokens`` was last refilled

    def refilled(self, now: float) -> float:
        self.tokens = min(self.per_minute, self.tokens + (now - self.at) * self.per_minute / 60)
        self.at = now
        return self.tokens


class FetchShares:
    """Each client's share of the upstream fetches: CLIENT_FETCH_SHARE of them, per minute.

    A client left alone a minute has its whole share again and is forgotten; past
    MAX_SHARED_CLIENTS, the longest idle are forgotten first (they can only gain by it).
    """

    def __init__(self, per_minute: float, max_clients: int = MAX_SHARED_CLIENTS) -> None:
        self.per_minute = per_minute
        self.max_clients = max_clients
        self.clients: OrderedDict[str, Allowance] = OrderedDict()  # least recent first

    def allowance(self, client: str, now: float) -> Allowance:
        while self.clients:
            oldest = next(iter(self.clients.values()))
            if now - oldest.at < 60 and len(self.clients) < self.max_clients:
                break
            self.clients.popitem(last=False)
        allowance = self.clients.pop(client, None)
        if allowance is None:
            allowance = Allowance(self.per_minute, self.per_minute, now)
        self.clients[client] = allowance
        return allowance


def fetch_tile(url: str, headers: Mapping[str, str]) -> Fetched:
    """One GET of ``url`` (blocking: run in a worker thread)."""
    request = urllib.request.Request(url, headers=dict(headers))
    try:
        with urllib.request.urlopen(request, timeout=UPSTREAM_TIMEOUT_SECONDS) as response:
            body: bytes = response.read(MAX_TILE_BYTES + 1)
            found = {name.lower(): value for name, value in response.headers.items()}
    except urllib.error.HTTPError as error:
        error.close()
        if error.code == 304:
            found = {name.lower(): value for name, value in error.headers.items()}
            return Fetched(304, b"", found)
        raise UpstreamFailed(f"HTTP {error.code}", absent=error.code == 404) from None
    except (urllib.error.URLError, OSError, ValueError, http.client.HTTPException) as error:
        raise UpstreamFailed(str(getattr(error, "reason", error))) from None
    if len(body) > MAX_TILE_BYTES:
        raise UpstreamFailed("tile larger than 1 MB")
    if not found.get("content-type", "").lower().startswith("image/"):
        raise UpstreamFailed(f"not an image: {found.get('content-type')!r}")
    return Fetched(200, body, found)


def lifetime_seconds(headers: Mapping[str, str], now_epoch: float) -> float:
    """How long the upstream lets the tile be kept (max-age or Expires), at least a week."""
    cache_control = headers.get("cache-control", "")
    ages = [int(age) for age in MAX_AGE.findall(cache_control)]
    if ages:
        return max(WEEK_SECONDS, *ages)
    try:
        expires = email.utils.parsedate_to_datetime(headers.get("expires", ""))
    except (TypeError, ValueError):
        return WEEK_SECONDS
    if expires.tzinfo is None:
        return WEEK_SECONDS
    return max(WEEK_SECONDS, expires.timestamp() - now_epoch)


class TileSource:
    """Tiles from memory or the upstream; None when only the placeholder can be answered."""

    def __init__(
        self,
        template: str,
        user_agent: str,
        memory: TileMemory,
        clock: Clock,
        fetch: Callable[[str, Mapping[str, str]], Fetched] = fetch_tile,
        fetches_per_minute: float = FETCHES_PER_MINUTE,
    ) -> None:
        self.template = template
        self.user_agent = user_agent
        self.memory = memory
        self.clock = clock
        self.fetch = fetch
        self.failures = 0  # failed fetches since the last answer
        self.down_until = -math.inf
        self.allowance = Allowance(fetches_per_minute, fetches_per_minute, clock())
        self.shares = FetchShares(fetches_per_minute * CLIENT_FETCH_SHARE)
        self.in_flight: dict[TileKey, asyncio.Task[Tile | None]] = {}

    async def tile(self, key: TileKey, client: str = "") -> tuple[Tile | None, str]:
        """The tile and how it was had: "cached", "fetched", "stale" or "placeholder"; or no
        tile and "over-share" (``client`` spent its share) or "busy" (the process its own)."""
        kept = self.memory.get(key)
        if kept is not None and kept.fresh_until > self.clock():
            return kept, "cached"
        task = self.in_flight.get(key)
        if task is None:
            refused = self.refusal(client)
            if refused:
                return (kept, "stale") if kept is not None else (None, refused)
            task = asyncio.ensure_future(self.refresh(key, kept))
            self.in_flight[key] = task
            task.add_done_callback(lambda _: self.in_flight.pop(key, None))
        tile = await asyncio.shield(task)  # a client leaving does not stop the others' fetch
        if tile is not None:
            return tile, "fetched"
        return kept, "stale" if kept is not None else "placeholder"

    def refusal(self, client: str) -> str | None:
        """Why no fetch may start for ``client`` ("placeholder", "over-share", "busy"), or None:
        then one of the process's fetches and one of the client's share are spent."""
        now = self.clock()
        if not self.template or now < self.down_until:
            return "placeholder"
        share = self.shares.allowance(client, now)
        if share.refilled(now) < 1:
            return "over-share"
        if self.allowance.refilled(now) < 1:
            return "busy"  # the process's own allowance: OSM's "no bulk fetching"
        self.allowance.tokens -= 1
        share.tokens -= 1
        return None

    async def refresh(self, key: TileKey, kept: Tile | None) -> Tile | None:
        z, x, y = key
        headers = {"User-Agent": self.user_agent}
        if kept is not None and kept.upstream_etag:
            headers["If-None-Match"] = kept.upstream_etag
        if kept is not None and kept.last_modified:
            headers["If-Modified-Since"] = kept.last_modified
        loop = asyncio.get_running_loop()
        url = self.template.format(z=z, x=x, y=y)
        try:
            fetched = await asyncio.wait_for(
                loop.run_in_executor(_fetchers, self.fetch, url, headers),
                UPSTREAM_TIMEOUT_SECONDS,
            )
        except UpstreamFailed as failure:
            if failure.absent:
                self.failures = 0  # the upstream answered: there is no such tile
            else:
                self.failed()
            return None
        except TimeoutError:
            self.failed()
            return None
        self.failures = 0
        fresh_until = self.clock() + lifetime_seconds(fetched.headers, time.time())
        if fetched.status == 304 and kept is not None:
            tile = replace(kept, fresh_until=fresh_until)
        else:
            tile = made_tile(fetched, fresh_until)
        self.memory.put(key, tile)
        return tile

    def failed(self) -> None:
        """A fetch failed: after BACKOFF_AFTER_FAILURES in a row, leave the upstream alone."""
        self.failures += 1
        if self.failures >= BACKOFF_AFTER_FAILURES:
            self.down_until = self.clock() + BACKOFF_SECONDS


def made_tile(fetched: Fetched, fresh_until: float) -> Tile:
    upstream_etag = fetched.headers.get("etag")
    etag = upstream_etag or f'"{hashlib.sha256(fetched.body).hexdigest()[:32]}"'
    if etag.startswith("W/"):
        etag = etag[2:]  # the bytes are the upstream's own: a strong validator here
    return Tile(
        body=fetched.body,
        content_type=fetched.headers.get("content-type", "image/png"),
        etag=etag,
        upstream_etag=upstream_etag,
        last_modified=fetched.headers.get("last-modified"),
        fresh_until=fresh_until,
    )


def placeholder_path(settings: Settings) -> Path:
    """The built app's copy of the front end's placeholder tile, or its source."""
    built = settings.frontend_dist / PLACEHOLDER_FILE
    return built if built.is_file() else PROJECT_ROOT / "frontend" / "public" / PLACEHOLDER_FILE


def user_agent(settings: Settings) -> str:
    return f"ScrapIndex/{version('scrapindex')} (+{settings.site_root}; the site's map tiles)"


def not_modified(request: Request, etag: str) -> bool:
    wanted = request.headers.get("if-none-match", "")
    return any(tag.strip().removeprefix("W/") in (etag, "*") for tag in wanted.split(","))


def tiles_router(settings: Settings, clock: Clock = time.monotonic) -> APIRouter:
    placeholder = placeholder_path(settings).read_bytes()
    client_address = client_of(ProxyRule.of(settings))
    source = TileSource(
        settings.map_tile_upstream,
        user_agent(settings),
        TileMemory(settings.map_tile_cache_mb * 1024 * 1024),
        clock,
        fetches_per_minute=FETCHES_PER_MINUTE / settings.web_concurrency,  # the host's, shared
    )
    router = APIRouter(include_in_schema=False)

    @router.get("/tiles/{z}/{x}/{y}.png")
    async def map_tile(
        request: Request,
        z: Annotated[int, PathParam(ge=0, le=MAX_ZOOM)],
        x: Annotated[int, PathParam(ge=0)],
        y: Annotated[int, PathParam(ge=0)],
    ) -> Response:
        if x >= 2**z or y >= 2**z:
            last = 2**z - 1
            raise HTTPException(404, f"No such tile: at zoom {z}, x and y run from 0 to {last}")
        tile, how = await source.tile((z, x, y), client_address(request.scope))
        if tile is None:
            away = how == "placeholder"  # the upstream, for everyone; else our limits, for one
            cache_control = PLACEHOLDER_CACHE_CONTROL if away else HELD_BACK_CACHE_CONTROL
            headers = {"Cache-Control": cache_control, "X-Tile": how}
            return Response(placeholder, media_type="image/svg+xml", headers=headers)
        cache_control = STALE_CACHE_CONTROL if how == "stale" else TILE_CACHE_CONTROL
        headers = {"Cache-Control": cache_control, "ETag": tile.etag, "X-Tile": how}
        if not_modified(request, tile.etag):
            return Response(status_code=304, headers=headers)
        return Response(tile.body, media_type=tile.content_type, headers=headers)

    return router

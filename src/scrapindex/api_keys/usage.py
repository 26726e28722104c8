"""A keyed request, counted: the key looked up by its hash, its per-minute bucket (in this
process) and its daily quota (in ``api_key_usage``, shared by every host) asked, and the answer's
RateLimit fields worked out.

The daily count is written on every request, by one UPSERT that adds the request only while the
day's count is under the quota (so hosts never overshoot it together), in the same transaction
as the key's lookup: a revoked key stops at once on every host. bench/api_key_usage.py measures
what that costs per request (bench/RESULTS.md).
"""

import datetime as dt
import math
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Literal

from sqlalchemy import Connection, select, update
from sqlalchemy.dialects import postgresql, sqlite

from scrapindex.api_keys.keys import hash_secret
from scrapindex.models import ApiKey, ApiKeyUsage

MINUTE = 60.0
DAY = dt.timedelta(days=1)
LAST_USED_EVERY = dt.timedelta(minutes=1)  # last_used_at is written at most this often per host
MAX_BUCKETS = 100_000

Outcome = Literal["ok", "unknown", "revoked", "minute", "day"]


@dataclass(frozen=True)
class Window:
    """One quota as the RateLimit fields state it (draft-ietf-httpapi-ratelimit-headers-06)."""

    limit: int
    remaining: int
    reset: int  # seconds until the quota is whole again
    seconds: int  # the window's length, for RateLimit-Policy


@dataclass(frozen=True)
class KeyCheck:
    outcome: Outcome
    key_id: int | None = None
    windows: tuple[Window, ...] = ()
    retry_after: int = 0

    def headers(self) -> dict[str, str]:
        """RateLimit-Limit/-Remaining/-Reset of the quota nearest its end, and every policy."""
        if not self.windows:
            return {}
        nearest = min(self.windows, key=lambda w: (w.remaining / w.limit, -w.reset))
        return {
            "RateLimit-Limit": str(nearest.limit),
            "RateLimit-Remaining": str(nearest.remaining),
            "RateLimit-Reset": str(nearest.reset),
            "RateLimit-Policy": ", ".join(f"{w.limit};w={w.seconds}" for w in self.windows),
        }


@dataclass
class Bucket:
    tokens: float
    updated_at: float


class MinuteBuckets:
    """Each key's requests per minute: a token bucket of ``quota_per_minute``, refilled evenly.
    In this process, like the anonymous limits (middleware/limits.py): N hosts let a key make up
    to N times its minute's quota; the daily quota is exact across hosts."""

    def __init__(self, max_keys: int = MAX_BUCKETS) -> None:
        self.buckets: OrderedDict[int, Bucket] = OrderedDict()
        self.max_keys = max_keys
        self.lock = threading.Lock()  # checks run in worker threads

    def take(self, key_id: int, per_minute: int, now: float) -> tuple[bool, Window, float]:
        """(taken, the window after it, seconds until a token when not taken)."""
        rate = per_minute / MINUTE
        with self.lock:
            bucket = self.buckets.pop(key_id, None) or Bucket(float(per_minute), now)
            bucket.tokens = min(per_minute, bucket.tokens + (now - bucket.updated_at) * rate)
            bucket.updated_at = now
            self.buckets[key_id] = bucket
            while len(self.buckets) > self.max_keys:
                self.buckets.popitem(last=False)
            taken = bucket.tokens >= 1
            if taken:
                bucket.tokens -= 1
            tokens = bucket.tokens
        window = Window(
            limit=per_minute,
            remaining=int(tokens),
            reset=math.ceil((per_minute - tokens) / rate),
            seconds=int(MINUTE),
        )
        return taken, window, 0.0 if taken else (1 - tokens) / rate


def seconds_to_midnight(now: dt.datetime) -> int:
    midnight = dt.datetime.combine(now.date() + DAY, dt.time(), dt.UTC)
    return max(1, math.ceil((midnight - now).total_seconds()))


def insert_of(connection: Connection):  # type: ignore[no-untyped-def]
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    return dialect.insert(ApiKeyUsage)


def count_request(connection: Connection, key_id: int, day: dt.date, quota: int) -> int | None:
    """Adds the request to the day's count while it is under ``quota``: the new count, or None
    (over the quota: counted as refused instead)."""
    table = ApiKeyUsage.__table__
    statement = (
        insert_of(connection)
        .values(key_id=key_id, day=day, requests=1, refused=0)
        .on_conflict_do_update(
            index_elements=[table.c.key_id, table.c.day],
            set_={"requests": table.c.requests + 1},
            where=table.c.requests < quota,
        )
        .returning(table.c.requests)
    )
    counted = connection.execute(statement).scalar_one_or_none()
    if counted is None:
        count_refused(connection, key_id, day)
    return counted


def count_refused(connection: Connection, key_id: int, day: dt.date) -> None:
    table = ApiKeyUsage.__table__
    statement = (
        insert_of(connection)
        .values(key_id=key_id, day=day, requests=0, refused=1)
        .on_conflict_do_update(
            index_elements=[table.c.key_id, table.c.day], set_={"refused": table.c.refused + 1}
        )
    )
    connection.execute(statement)


class KeyChecker:
    """Checks and counts keyed requests for one app (its minute buckets, its last_used writes)."""

    def __init__(self) -> None:
        self.minutes = MinuteBuckets()
        self.last_used: dict[int, dt.datetime] = {}

    def check(self, connection: Connection, secret: str, now: dt.datetime, tick: float) -> KeyCheck:
        """In the caller's transaction: the outcome for one request with ``secret``."""
        key = connection.execute(
            select(
                ApiKey.id, ApiKey.revoked_at, ApiKey.quota_per_day, ApiKey.quota_per_minute
            ).where(ApiKey.key_hash == hash_secret(secret))
        ).first()
        if key is None:
            return KeyCheck("unknown")
        if key.revoked_at is not None:
            return KeyCheck("revoked", key.id)
        day_reset = seconds_to_midnight(now)
        taken, minute, wait = self.minutes.take(key.id, key.quota_per_minute, tick)
        if not taken:
            count_refused(connection, key.id, now.date())
            return KeyCheck("minute", key.id, (minute,), max(1, math.ceil(wait)))
        counted = count_request(connection, key.id, now.date(), key.quota_per_day)
        remaining = key.quota_per_day - counted if counted is not None else 0
        day = Window(key.quota_per_day, remaining, day_reset, int(DAY.total_seconds()))
        if counted is None:
            return KeyCheck("day", key.id, (minute, day), day_reset)
        self.note_use(connection, key.id, now)
        return KeyCheck("ok", key.id, (minute, day))

    def note_use(self, connection: Connection, key_id: int, now: dt.datetime) -> None:
        """last_used_at, written at most once a minute per host: cheap, and exact enough."""
        last = self.last_used.get(key_id)
        if last is not None and now - last < LAST_USED_EVERY:
            return
        connection.execute(update(ApiKey).where(ApiKey.id == key_id).values(last_used_at=now))
        if len(self.last_used) >= MAX_BUCKETS:
            self.last_used.clear()
        self.last_used[key_id] = now

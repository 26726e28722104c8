"""Locks that make writers take turns, each held until the transaction that took it ends.

On PostgreSQL a lock is an advisory transaction lock on a 63-bit key, so every process and host
sharing the database waits for it. SQLite has one writer at a time and the first write of a
transaction takes the database's lock (waiting up to the busy timeout), so there every key is
the same lock: a write that changes nothing takes it. Take a lock before reading what the
decision depends on (a count of recent attempts, the prices a write is measured against).
"""

import hashlib

from sqlalchemy import Connection, text, update

from scrapindex import revision
from scrapindex.models import DataRevision


def lock_key(name: str) -> int:
    """A stable advisory-lock key for ``name`` (e.g. "login:<account hash>")."""
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big") >> 1


def take_write_lock(connection: Connection, *keys: int) -> None:
    """Wait for the locks ``keys`` (in a fixed order, so two takers never deadlock)."""
    if connection.dialect.name == "postgresql":
        for key in sorted(set(keys)):
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": key})
    else:
        connection.execute(
            update(DataRevision)
            .where(DataRevision.id == revision.ROW_ID)
            .values(revision=DataRevision.revision)
        )

"""Making, rotating and revoking API keys. The secret is shown once, when made: only its SHA-256
is stored (it holds 32 random bytes, so there is nothing to guess and a plain hash suffices),
with a short prefix that tells keys apart in the console and in the client's own records."""

import datetime as dt
import hashlib
import secrets
from dataclasses import dataclass

from sqlalchemy.orm import Session

from scrapindex.audit import record_audit
from scrapindex.models import ApiKey, User

SECRET_START = "sk_live_"
PREFIX_LENGTH = len(SECRET_START) + 8  # "sk_live_1a2b3c4d": the stored, shown part
MAX_QUOTA = 10_000_000


class KeyRefused(ValueError):
    """A key that may not change this way (already revoked)."""


@dataclass(frozen=True)
class NewKey:
    key: ApiKey
    secret: str  # shown once; never stored


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def new_secret() -> tuple[str, str]:
    """(secret, prefix): ``sk_live_<8 hex>_<43 url-safe characters>``."""
    prefix = SECRET_START + secrets.token_hex(4)
    return f"{prefix}_{secrets.token_urlsafe(32)}", prefix


def key_state(key: ApiKey) -> dict[str, object]:
    """What the audit log keeps of a key: never its hash."""
    return {
        "name": key.name,
        "prefix": key.prefix,
        "quotaPerDay": key.quota_per_day,
        "quotaPerMinute": key.quota_per_minute,
        "revoked": key.revoked_at is not None,
    }


def create_key(
    session: Session,
    *,
    name: str,
    per_day: int,
    per_minute: int,
    by: User | None,
    contact_email: str | None = None,
    now: dt.datetime | None = None,
    rotated_from: int | None = None,
) -> NewKey:
    """A new key, added to ``session`` and audited (the caller commits)."""
    now = now or dt.datetime.now(dt.UTC)
    secret, prefix = new_secret()
    key = ApiKey(
        name=name,
        contact_email=contact_email,
        prefix=prefix,
        key_hash=hash_secret(secret),
        quota_per_day=per_day,
        quota_per_minute=per_minute,
        created_by=by.email if by else "cli",
        created_at=now,
        rotated_from=rotated_from,
    )
    session.add(key)
    session.flush()
    record_audit(session, by, "api_key.create", "api_key", key.id, after=key_state(key))
    return NewKey(key, secret)


def revoke_key(
    session: Session, key: ApiKey, by: User | None, now: dt.datetime | None = None
) -> None:
    """The key stops working at once (every keyed request looks it up: middleware/api_keys.py)."""
    if key.revoked_at is not None:
        raise KeyRefused(f"Key {key.prefix} was already revoked.")
    before = key_state(key)
    key.revoked_at = now or dt.datetime.now(dt.UTC)
    record_audit(session, by, "api_key.revoke", "api_key", key.id, before, key_state(key))


def rotate_key(
    session: Session, key: ApiKey, by: User | None, now: dt.datetime | None = None
) -> NewKey:
    """A new secret for the same client and quotas; the old key is revoked in the same change."""
    now = now or dt.datetime.now(dt.UTC)
    revoke_key(session, key, by, now)
    return create_key(
        session,
        name=key.name,
        per_day=key.quota_per_day,
        per_minute=key.quota_per_minute,
        by=by,
        contact_email=key.contact_email,
        now=now,
        rotated_from=key.id,
    )

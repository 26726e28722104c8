"""The API key a request sends, read the same way by every layer that asks (the anonymous rate
limit and the fast path step aside for it; middleware/api_keys.py checks it)."""

from starlette.types import Scope

BEARER = "bearer "


def bearer_key(scope: Scope) -> str | None:
    """The key of an /api/ request that sends ``Authorization: Bearer <key>``, else None (an
    empty key is "": sent, and unknown)."""
    if not scope["path"].startswith("/api/"):
        return None
    for name, value in scope["headers"]:
        if name == b"authorization":
            text: str = value.decode("latin-1")
            if text[: len(BEARER)].lower() == BEARER:
                return text[len(BEARER) :].strip()
            return None
    return None

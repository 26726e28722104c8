"""A yard's website as visitors send it (yard corrections): an http(s) address of a named host,
and nothing that makes a browser go somewhere other than the link shows.

``https://user:pass@good.example/`` hides a login in the link, and in
``https://evil.example\\@good.example/`` browsers read the backslash as "/": the host is
evil.example, while a reader (and many parsers) see good.example. Both are refused with a
message that says why; the schema's pattern refuses them too, so the contract says the same.
"""

import re
from typing import Any

# The host (with a dot) ends at the first "/", "?" or "#"; no "@" before it, no backslash at all.
WEBSITE_PATTERN = r"^https?://[^\s/?#@\\]+\.[^\s/?#@\\]*(?:[/?#][^\s\\]*)?$"
AUTHORITY = re.compile(r"^[^:/?#]*://([^/?#]*)")


def nothing_hidden(value: Any) -> Any:
    """Refuse, with a reason, what would lead elsewhere than it shows (before the pattern)."""
    if not isinstance(value, str):
        return value
    if "\\" in value:
        raise ValueError(
            "must not contain a backslash (\\): browsers read it as /, so the link would lead "
            "somewhere other than it shows"
        )
    authority = AUTHORITY.match(value)
    if authority and "@" in authority.group(1):
        raise ValueError(
            "must not hold a user name or password (a part before @): give the yard's own "
            "address, such as https://yard.example"
        )
    return value

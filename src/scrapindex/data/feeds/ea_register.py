"""England's public register of scrap metal dealers, from the Environment Agency's public-register
API (https://environment.data.gov.uk/public-register/view/api-reference).

``scrap-metal-dealers/registration.json`` answers in the Linked Data API's JSON form:
``{"meta": {...}, "items": [...]}``, paged with ``_limit`` and ``_offset``. An item carries
``registrationNumber``, ``holder`` (one object or a list: ``name``, ``tradingName``),
``registrationType`` (the licence: site or mobile collector; ``label``/``prefLabel``/``notation``),
``site`` (one or a list: ``siteAddress`` with ``address`` and ``postcode``, ``location`` with
``easting``/``northing``), ``localAuthority`` (``label``), ``expiryDate`` (one date or a list)
and ``@id``, the entry's own page. Fields the register leaves out are ``None`` here.
"""

import datetime as dt
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from scrapindex.data.feeds import FeedFormatError
from scrapindex.data.feeds.http import fetch_bytes

REGISTER = "ea-england"
REGISTER_NAME = "Environment Agency public register of scrap metal dealers (England)"
ENTRY_URL = "https://environment.data.gov.uk/public-register/scrap-metal-dealers/registration/"
PAGE_SIZE = 500
MAX_PAGES = 200  # 100,000 entries; the register holds some thousands
WHAT = "EA scrap metal dealers register"
# The Environment Agency Conditional Licence's own statement, for data it names no other for.
ATTRIBUTION = "Contains Environment Agency information © Environment Agency and/or database right"
LICENCE_URL = (
    "https://www.gov.uk/government/publications/environment-agency-conditional-licence/"
    "environment-agency-conditional-licence"
)


@dataclass(frozen=True)
class RegisterEntry:
    register_no: str
    licence_type: str  # "site", "collector", or "unknown" when the register does not say
    names: tuple[str, ...]  # the holder's name, then trading names
    site_address: str | None
    postcode: str | None
    easting: float | None
    northing: float | None
    local_authority: str | None
    expires_on: dt.date | None
    register_url: str

    @property
    def holder_name(self) -> str:
        name, *trading = self.names
        return f"{name} (trading as {', '.join(trading)})" if trading else name


def read_register(
    url: str,
    *,
    file: Path | None,
    timeout_seconds: float,
    fetch: Callable[..., bytes] = fetch_bytes,
) -> list[RegisterEntry]:
    """Every entry of the register: from ``file`` (one page as the API answers it) or fetched
    page by page. Raises FeedUnavailableError or FeedFormatError before anything is written."""
    if file is not None:
        return parse_register(file.read_bytes())
    entries: list[RegisterEntry] = []
    for page in range(MAX_PAGES):
        query = urlencode({"_limit": PAGE_SIZE, "_offset": page * PAGE_SIZE})
        separator = "&" if "?" in url else "?"
        body = fetch(f"{url}{separator}{query}", timeout_seconds=timeout_seconds, what=WHAT)
        found = parse_register(body)
        entries.extend(found)
        if len(found) < PAGE_SIZE:
            return entries
    raise FeedFormatError(f"{WHAT}: more than {MAX_PAGES} pages; nothing was changed")


def parse_register(data: bytes) -> list[RegisterEntry]:
    try:
        document = json.loads(data)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise FeedFormatError(f"{WHAT}: the answer is not JSON") from None
    items = document.get("items") if isinstance(document, dict) else None
    if not isinstance(items, list):
        raise FeedFormatError(f"{WHAT}: no 'items' list (not a public-register answer)")
    return [_entry(item, number) for number, item in enumerate(items, start=1)]


def _entry(item: object, number: int) -> RegisterEntry:
    if not isinstance(item, dict):
        raise FeedFormatError(f"{WHAT}: item {number} is not an object")
    register_no = _text(item.get("registrationNumber"))
    names = _names(item.get("holder"))
    if not register_no or not names:
        raise FeedFormatError(f"{WHAT}: item {number} has no registration number or holder")
    site = _first(item.get("site"))
    address = _first(site.get("siteAddress"))
    location = _first(site.get("location"))
    return RegisterEntry(
        register_no=register_no[:60],
        licence_type=_licence_type(item.get("registrationType")),
        names=names,
        site_address=(_text(address.get("address")) or None),
        postcode=(_text(address.get("postcode")).upper() or None),
        easting=_number(location.get("easting")),
        northing=_number(location.get("northing")),
        local_authority=_label(item.get("localAuthority")),
        expires_on=_expiry(item.get("expiryDate"), number),
        register_url=_page_url(item.get("@id"), register_no),
    )


def _as_list(value: object) -> list[Any]:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def _first(value: object) -> dict[str, Any]:
    found = [part for part in _as_list(value) if isinstance(part, dict)]
    return found[0] if found else {}


def _text(value: object) -> str:
    return " ".join(str(value).split()) if isinstance(value, str | int) else ""


def _label(value: object) -> str | None:
    for part in _as_list(value):
        text = _text(part.get("label") or part.get("prefLabel")) if isinstance(part, dict) else ""
        if text:
            return text[:200]
    return None


def _names(holder: object) -> tuple[str, ...]:
    names: list[str] = []
    for part in _as_list(holder):
        if isinstance(part, dict):
            for key in ("name", "tradingName"):
                for value in _as_list(part.get(key)):
                    text = _text(value)
                    if text and text.casefold() not in {n.casefold() for n in names}:
                        names.append(text)
    return tuple(names)


def _licence_type(value: object) -> str:
    words = " ".join(
        _text(part.get(key)) if isinstance(part, dict) else _text(part)
        for part in _as_list(value)
        for key in ("label", "prefLabel", "notation", "@id")
    ).casefold()
    if "collector" in words:
        return "collector"
    if "site" in words:
        return "site"
    return "unknown"


def _number(value: object) -> float | None:
    try:
        return float(value) if isinstance(value, int | float | str) else None
    except ValueError:
        return None


def _expiry(value: object, number: int) -> dt.date | None:
    days: list[dt.date] = []
    for part in _as_list(value):
        try:
            days.append(dt.date.fromisoformat(_text(part)[:10]))
        except ValueError:
            raise FeedFormatError(f"{WHAT}: item {number}: {part!r} is not a date") from None
    return max(days, default=None)


def _page_url(value: object, register_no: str) -> str:
    text = _text(value)
    if text.startswith("http://environment.data.gov.uk/"):
        return "https://" + text.removeprefix("http://")
    if text.startswith("https://environment.data.gov.uk/"):
        return text
    return ENTRY_URL + register_no

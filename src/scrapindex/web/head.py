"""The <head> of a page, made on the server: title, description, robots, canonical, share tags,
JSON-LD, and the block of embedded API data. Texts come from content/page-meta.json, the same
file the React app reads, so the server's head and the SPA's agree.
"""

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from scrapindex.templating import render

BRAND = "ScrapIndex"
DEFAULT_IMAGE = "/og-image.png"
PLACEHOLDER = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class PageTexts:
    title: str
    description: str
    keywords: str | None = None
    noindex: bool = False
    heading: str = ""  # the page's h1, where page-meta.json gives one (the browser reads it too)


@dataclass
class Head:
    texts: PageTexts
    path: str
    json_ld: list[dict[str, Any]] = field(default_factory=list)


@lru_cache
def load_page_meta(content_dir: Path) -> dict[str, dict[str, Any]]:
    data: dict[str, dict[str, Any]] = json.loads(
        (content_dir / "page-meta.json").read_text("utf-8")
    )
    return data


def fill(template: str, params: dict[str, str]) -> str:
    return PLACEHOLDER.sub(lambda match: params[match.group(1)], template)


def page_texts(content_dir: Path, key: str, **params: str) -> PageTexts:
    entry = load_page_meta(content_dir)[key]
    keywords = entry.get("keywords")
    return PageTexts(
        title=fill(entry["title"], params),
        description=fill(entry["description"], params),
        keywords=fill(keywords, params) if keywords else None,
        noindex=bool(entry.get("noindex", False)),
        heading=entry.get("heading", ""),
    )


def with_page_suffix(content_dir: Path, texts: PageTexts, page: int) -> PageTexts:
    if page <= 1:
        return texts
    suffix = fill(load_page_meta(content_dir)["pageSuffix"]["title"], {"page": str(page)})
    return replace(texts, title=texts.title + suffix)


def full_title(title: str) -> str:
    """SPEC §2: the brand suffix is added unless the title already carries it."""
    return title if BRAND in title else f"{title} | {BRAND}"


def render_head(head: Head, site_root: str, preloads: Sequence[str] = ()) -> str:
    """The head's tags; ``preloads`` are the built files the page's module needs at once."""
    texts = head.texts
    return render(
        "head.html",
        title=full_title(texts.title),
        description=texts.description,
        keywords=texts.keywords,
        noindex=texts.noindex,
        url=site_root + head.path,
        image=site_root + DEFAULT_IMAGE,
        brand=BRAND,
        json_ld=head.json_ld,
        preloads=preloads,
    )

"""The <head> of a page, made on the server: title, description, robots, canonical, share tags,
JSON-LD, and the block of embedded API data. Texts come from content/page-meta.json, the same
file the React app reads, so the server's head and the SPA's agree.
"""

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape
from pathlib import Path
from typing import Any

BRAND = "ScrapIndex"
DEFAULT_IMAGE = "/og-image.png"
PLACEHOLDER = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class PageTexts:
    title: str
    description: str
    keywords: str | None = None
    noindex: bool = False


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
    )


def with_page_suffix(content_dir: Path, texts: PageTexts, page: int) -> PageTexts:
    if page <= 1:
        return texts
    suffix = fill(load_page_meta(content_dir)["pageSuffix"]["title"], {"page": str(page)})
    return PageTexts(texts.title + suffix, texts.description, texts.keywords, texts.noindex)


def full_title(title: str) -> str:
    """SPEC §2: the brand suffix is added unless the title already carries it."""
    return title if BRAND in title else f"{title} | {BRAND}"


def script_json(value: Any) -> str:
    """JSON that cannot end the <script> element it sits in, nor open a comment or CDATA."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return (
        text.replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


def render_head(head: Head, site_root: str) -> str:
    texts = head.texts
    title = escape(full_title(texts.title))
    description = escape(texts.description)
    url = escape(site_root + head.path)
    image = escape(site_root + DEFAULT_IMAGE)
    robots = "noindex,nofollow" if texts.noindex else "index,follow"
    lines = [
        f"<title>{title}</title>",
        f'<meta name="description" content="{description}" />',
        f'<meta name="robots" content="{robots}" />',
        f'<link rel="canonical" href="{url}" />',
        f'<meta property="og:title" content="{title}" />',
        f'<meta property="og:description" content="{description}" />',
        f'<meta property="og:url" content="{url}" />',
        '<meta property="og:type" content="website" />',
        f'<meta property="og:site_name" content="{BRAND}" />',
        f'<meta property="og:image" content="{image}" />',
        '<meta name="twitter:card" content="summary_large_image" />',
        f'<meta name="twitter:title" content="{title}" />',
        f'<meta name="twitter:description" content="{description}" />',
        f'<meta name="twitter:image" content="{image}" />',
    ]
    if texts.keywords:
        lines.insert(2, f'<meta name="keywords" content="{escape(texts.keywords)}" />')
    lines += [
        f'<script type="application/ld+json">{script_json(block)}</script>'
        for block in head.json_ld
    ]
    return "\n    ".join(lines)

"""Blog posts: Markdown files with front matter in content/blog, rendered to safe HTML."""

import datetime as dt
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

import frontmatter
import markdown
import nh3
from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

ALLOWED_TAGS = {
    "h2", "h3", "h4", "p", "ul", "ol", "li", "strong", "em", "a", "blockquote", "code", "pre",
    "table", "thead", "tbody", "tr", "th", "td", "hr", "br",
}  # fmt: skip


@dataclass(frozen=True)
class BlogPost:
    id: int
    slug: str
    title: str
    description: str
    category: str
    read_time: int
    publish_date: dt.date
    featured: bool
    content_html: str
    old_paths: tuple[str, ...]


def render_markdown(text: str) -> str:
    html = markdown.markdown(text, extensions=["tables", "sane_lists"])
    return nh3.clean(html, tags=ALLOWED_TAGS, link_rel="noopener noreferrer")


class FrontMatter(BaseModel):
    """What a post's front matter must hold; a post that breaks it fails loudly at load."""

    model_config = ConfigDict(alias_generator=to_camel, extra="forbid")

    title: str = Field(min_length=1)
    slug: str = Field(pattern=r"^[a-z0-9-]+$")
    description: str = Field(max_length=200)
    category: Literal["Catalytic Converters", "Aluminum", "Vehicles", "Precious Metals"]
    publish_date: dt.date
    read_time: int = Field(ge=1)
    featured: bool = False
    old_paths: tuple[str, ...] = ()


def _read_post(path: Path, post_id: int) -> BlogPost:
    document = frontmatter.load(str(path))
    meta = FrontMatter.model_validate(document.metadata)
    if meta.slug != path.stem:
        raise ValueError(f"{path.name}: slug {meta.slug!r} differs from the file name")
    return BlogPost(
        id=post_id,
        content_html=render_markdown(document.content),
        **meta.model_dump(),
    )


@lru_cache(maxsize=4)
def load_posts(blog_dir: Path) -> tuple[BlogPost, ...]:
    """All posts, newest first. Read once per process: content ships with the code."""
    paths = sorted(blog_dir.glob("*.md"))
    posts = [_read_post(path, i) for i, path in enumerate(paths, start=1)]
    return tuple(sorted(posts, key=lambda p: (p.publish_date, p.id), reverse=True))


def related_posts(posts: tuple[BlogPost, ...], post: BlogPost, limit: int = 2) -> list[BlogPost]:
    return [p for p in posts if p.category == post.category and p.slug != post.slug][:limit]

"""Blog posts, read from content/blog."""

import datetime as dt
from typing import Annotated, Literal

from fastapi import APIRouter, HTTPException, Path, Query

from scrapindex.api.deps import SettingsDep
from scrapindex.api.schemas import NOT_FOUND, CamelModel
from scrapindex.blog import BlogPost, load_posts, related_posts

router = APIRouter(prefix="/api/blog", tags=["blog"])

Category = Literal["Catalytic Converters", "Aluminum", "Vehicles", "Precious Metals"]


class BlogPostSummary(CamelModel):
    id: int
    title: str
    slug: str
    description: str
    category: str
    read_time: int
    publish_date: dt.date
    views: int
    featured: bool


class BlogPostPublic(BlogPostSummary):
    content: str
    related: list[BlogPostSummary]


def summary(post: BlogPost) -> BlogPostSummary:
    return BlogPostSummary.model_validate(post)


@router.get("", response_model=list[BlogPostSummary], summary="Posts, newest first")
def list_posts(
    settings: SettingsDep, category: Annotated[Category | None, Query()] = None
) -> list[BlogPostSummary]:
    posts = load_posts(settings.content_dir / "blog")
    return [summary(p) for p in posts if category is None or p.category == category]


@router.get("/{slug}", response_model=BlogPostPublic, responses=NOT_FOUND, summary="One post")
def get_post(settings: SettingsDep, slug: Annotated[str, Path(max_length=120)]) -> BlogPostPublic:
    posts = load_posts(settings.content_dir / "blog")
    post = next((p for p in posts if p.slug == slug), None)
    if post is None:
        raise HTTPException(404, f"Post '{slug}' not found")
    return BlogPostPublic(
        **summary(post).model_dump(),
        content=post.content_html,
        related=[summary(p) for p in related_posts(posts, post)],
    )

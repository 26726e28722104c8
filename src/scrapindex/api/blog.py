"""Blog posts, read from content/blog."""

from typing import Annotated, Literal

from fastapi import APIRouter, HTTPException, Path, Query

from scrapindex.api.deps import SettingsDep
from scrapindex.blog import load_posts, related_posts
from scrapindex.schemas.blog import BlogPostPublic, BlogPostSummary, post_summary
from scrapindex.schemas.common import NOT_FOUND

router = APIRouter(prefix="/api/blog", tags=["blog"])

Category = Literal["Catalytic Converters", "Aluminum", "Vehicles", "Precious Metals"]


@router.get("", response_model=list[BlogPostSummary], summary="Posts, newest first")
def list_posts(
    settings: SettingsDep, category: Annotated[Category | None, Query()] = None
) -> list[BlogPostSummary]:
    posts = load_posts(settings.content_dir / "blog")
    return [post_summary(p) for p in posts if category is None or p.category == category]


@router.get("/{slug}", response_model=BlogPostPublic, responses=NOT_FOUND, summary="One post")
def get_post(settings: SettingsDep, slug: Annotated[str, Path(max_length=120)]) -> BlogPostPublic:
    posts = load_posts(settings.content_dir / "blog")
    post = next((p for p in posts if p.slug == slug), None)
    if post is None:
        raise HTTPException(404, f"Post '{slug}' not found")
    return BlogPostPublic(
        **post_summary(post).model_dump(),
        content=post.content_html,
        related=[post_summary(p) for p in related_posts(posts, post)],
    )

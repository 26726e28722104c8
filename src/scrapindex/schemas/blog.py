"""Blog posts."""

import datetime as dt

from pydantic import Field

from scrapindex.blog import BlogPost
from scrapindex.schemas.common import CamelModel


class BlogPostSummary(CamelModel):
    id: int
    title: str
    slug: str
    description: str
    category: str
    read_time: int
    publish_date: dt.date
    views: int | None = Field(
        default=None,
        description="Always null: the site counts no views, and shows none (SPEC's field, kept so "
        "clients reading it see no number rather than an invented one)",
    )
    featured: bool


class BlogPostPublic(BlogPostSummary):
    content: str
    related: list[BlogPostSummary]


def post_summary(post: BlogPost) -> BlogPostSummary:
    return BlogPostSummary.model_validate(post)

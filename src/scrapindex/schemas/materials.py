"""Materials."""

from scrapindex.schemas.common import CamelModel


class MaterialPublic(CamelModel):
    id: int
    name: str
    slug: str
    category: str
    grade: str | None
    description: str

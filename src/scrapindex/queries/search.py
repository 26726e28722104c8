"""Header search: cities by city or country name, materials by name or category."""

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from scrapindex.models import City, Country, Material


def search_cities(session: Session, text: str, limit: int) -> list[City]:
    pattern = f"%{_escape_like(text.lower())}%"
    return list(
        session.scalars(
            select(City)
            .join(Country, Country.code == City.country_code)
            .where(
                or_(
                    func.lower(City.name).like(pattern, escape="\\"),
                    func.lower(Country.name).like(pattern, escape="\\"),
                )
            )
            .order_by(City.population.desc().nulls_last(), City.name)
            .limit(limit)
        )
    )


def search_materials(session: Session, text: str, limit: int) -> list[Material]:
    pattern = f"%{_escape_like(text.lower())}%"
    return list(
        session.scalars(
            select(Material)
            .where(
                or_(
                    func.lower(Material.name).like(pattern, escape="\\"),
                    func.lower(Material.category).like(pattern, escape="\\"),
                )
            )
            .order_by(Material.id)
            .limit(limit)
        )
    )


def _escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")

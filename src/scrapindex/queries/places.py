"""Countries, regions and cities."""

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from scrapindex.models import City, Country, Region, ScrapYard


def all_cities(session: Session) -> list[City]:
    return list(session.scalars(select(City).order_by(City.id)))


def cities_in_region(session: Session, region_id: int) -> list[City]:
    return list(session.scalars(select(City).where(City.region_id == region_id).order_by(City.id)))


def countries_with_counts(session: Session) -> list[tuple[Country, int, int]]:
    city_counts = dict(
        session.execute(select(City.country_code, func.count()).group_by(City.country_code)).all()
    )
    yard_counts = dict(
        session.execute(
            select(City.country_code, func.count(ScrapYard.id))
            .join(ScrapYard, ScrapYard.city_id == City.id)
            .group_by(City.country_code)
        ).all()
    )
    countries = session.scalars(select(Country).order_by(Country.code)).all()
    ordered = sorted(countries, key=lambda c: -city_counts.get(c.code, 0))
    return [(c, city_counts.get(c.code, 0), yard_counts.get(c.code, 0)) for c in ordered]


def regions_with_counts(session: Session, country_code: str) -> list[tuple[Region, int]]:
    rows = session.execute(
        select(Region, func.count(City.id))
        .outerjoin(City, City.region_id == Region.id)
        .where(Region.country_code == country_code)
        .group_by(Region.id)
        .order_by(Region.name)
    ).all()
    return [(region, count) for region, count in rows]


def find_region(session: Session, country_code: str, slug: str) -> Region | None:
    return session.scalars(
        select(Region).where(Region.country_code == country_code, Region.slug == slug)
    ).one_or_none()


def yard_count_in_cities(session: Session, city_ids: list[int]) -> int:
    if not city_ids:
        return 0
    return session.execute(
        select(func.count()).select_from(ScrapYard).where(ScrapYard.city_id.in_(city_ids))
    ).scalar_one()

"""What the sitemap and the server's redirects read: places, ids and the dates data changed."""

import datetime as dt

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from scrapindex.models import CurrentPrice, DataRevision, Material, Price, Region, ScrapYard
from scrapindex.revision import ROW_ID


def all_regions(session: Session) -> list[Region]:
    return list(session.scalars(select(Region).order_by(Region.country_code, Region.slug)))


def all_materials(session: Session) -> list[Material]:
    return list(session.scalars(select(Material).order_by(Material.id)))


def all_yard_ids(session: Session) -> list[int]:
    return list(session.scalars(select(ScrapYard.id).order_by(ScrapYard.id)))


def newest_price_date_by_city(session: Session) -> dict[int, dt.date]:
    """Each city's newest price date, read through current_prices (one row per series)."""
    query = (
        select(CurrentPrice.city_id, func.max(Price.price_date))
        .join(Price, Price.id == CurrentPrice.price_id)
        .group_by(CurrentPrice.city_id)
    )
    return dict(session.execute(query).all())


def newest_price_date_by_material(session: Session) -> dict[int, dt.date]:
    query = (
        select(CurrentPrice.material_id, func.max(Price.price_date))
        .join(Price, Price.id == CurrentPrice.price_id)
        .group_by(CurrentPrice.material_id)
    )
    return dict(session.execute(query).all())


def data_changed_at(session: Session) -> dt.datetime | None:
    """When the published data last changed (the data revision's time), if it ever did."""
    return session.scalar(select(DataRevision.changed_at).where(DataRevision.id == ROW_ID))

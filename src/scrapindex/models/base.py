"""The declarative base every table derives from, with the naming convention of constraints."""

from sqlalchemy import MetaData
from sqlalchemy.orm import DeclarativeBase

from scrapindex.dbtypes import ExactDecimal

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


def money() -> ExactDecimal:
    """A price per kg: four places, so that lb and tonne conversions stay exact to the cent."""
    return ExactDecimal(14, 4)

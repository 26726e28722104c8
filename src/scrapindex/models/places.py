"""Places: countries, their regions and cities, and each country's scrap trading rules."""

from sqlalchemy import Float, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scrapindex.models.base import Base


class Country(Base):
    __tablename__ = "countries"

    code: Mapped[str] = mapped_column(String(2), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    currency: Mapped[str] = mapped_column(String(3))

    cities: Mapped[list["City"]] = relationship(back_populates="country")


class Region(Base):
    __tablename__ = "regions"
    __table_args__ = (UniqueConstraint("country_code", "slug"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    country_code: Mapped[str] = mapped_column(ForeignKey("countries.code"))
    slug: Mapped[str] = mapped_column(String(80))
    name: Mapped[str] = mapped_column(String(120))

    country: Mapped[Country] = relationship()
    cities: Mapped[list["City"]] = relationship(back_populates="region")


class City(Base):
    __tablename__ = "cities"

    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(80), unique=True)
    name: Mapped[str] = mapped_column(String(120))
    country_code: Mapped[str] = mapped_column(ForeignKey("countries.code"), index=True)
    region_id: Mapped[int | None] = mapped_column(ForeignKey("regions.id"), index=True)
    latitude: Mapped[float] = mapped_column(Float)
    longitude: Mapped[float] = mapped_column(Float)
    time_zone: Mapped[str] = mapped_column(String(64))
    population: Mapped[int | None] = mapped_column(Integer)

    country: Mapped[Country] = relationship(back_populates="cities", lazy="joined")
    region: Mapped[Region | None] = relationship(back_populates="cities", lazy="joined")


class LegalRule(Base):
    __tablename__ = "legal_rules"

    id: Mapped[int] = mapped_column(primary_key=True)
    country_code: Mapped[str] = mapped_column(ForeignKey("countries.code"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    category: Mapped[str] = mapped_column(String(20))
    title: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text)
    requirement: Mapped[str] = mapped_column(Text)
    penalty: Mapped[str | None] = mapped_column(Text)
    source: Mapped[str | None] = mapped_column(String(300))

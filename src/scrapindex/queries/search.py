"""Header search: cities by city or country name, materials by name or category, and a city
and a material named together ("copper johannesburg", "scrap copper price in johannesburg")."""

import re

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


# Words a seller types around a city and a material that name neither.
FILLER_WORDS = frozenset(
    """scrap metal metals price prices rate rates value values worth today todays current per
    kg lb lbs pound pounds tonne tonnes ton tons kilo kilogram kilograms in at near for of the
    a what whats is how much buy sell selling yard yards dealer dealers recycling""".split()  # noqa: SIM905
)
MAX_CITY_WORDS = 3  # "port elizabeth", "salt lake city"
MAX_WORDS = 8  # of a query, after the filler: a longer text names no one city and material


def search_pairs(session: Session, text: str, limit: int) -> list[tuple[City, Material]]:
    """(city, material) pairs the text names together: its words without the filler, split
    into a run of words that is a city's name (or slug) and the rest, which is a material's
    name or slug, or is in its name ("copper" names Copper, Bare Bright Copper, #1 Copper, …).
    Longest city names first, then the exact material, then the biggest cities. Two queries:
    the cities any run names, and the materials (a short table)."""
    words = [word for word in re.findall(r"[\w#'-]+", text.lower()) if word not in FILLER_WORDS]
    if not 2 <= len(words) <= MAX_WORDS:
        return []
    runs = _runs(len(words))
    named = _cities_named(session, [words[start:end] for start, end in runs])
    materials = list(session.scalars(select(Material).order_by(Material.id)))
    pairs: list[tuple[City, Material]] = []
    for start, end in runs:
        cities = named.get(" ".join(words[start:end]), [])
        rest = " ".join(words[:start] + words[end:])
        if cities:
            pairs += [(city, m) for m in _materials_named(materials, rest) for city in cities]
    unique: dict[tuple[int, int], tuple[City, Material]] = {}
    for city, material in pairs:
        unique.setdefault((city.id, material.id), (city, material))
    return list(unique.values())[:limit]


def _runs(count: int) -> list[tuple[int, int]]:
    """Every run of up to MAX_CITY_WORDS words that leaves some words over, longest first."""
    return [
        (start, start + length)
        for length in range(min(MAX_CITY_WORDS, count - 1), 0, -1)
        for start in range(count - length + 1)
    ]


def _cities_named(session: Session, runs: list[list[str]]) -> dict[str, list[City]]:
    """The cities named by each run of words ("cape town", or its slug "cape-town"), by the
    run's words joined with spaces; the biggest first."""
    names = {" ".join(run) for run in runs}
    slugs = {"-".join(run) for run in runs}
    found: dict[str, list[City]] = {}
    query = (
        select(City)
        .where(or_(func.lower(City.name).in_(names), City.slug.in_(slugs)))
        .order_by(City.population.desc().nulls_last(), City.name)
    )
    for city in session.scalars(query):
        for key in {city.name.lower(), city.slug.replace("-", " ")} & names:
            found.setdefault(key, []).append(city)
    return found


def _materials_named(materials: list[Material], phrase: str) -> list[Material]:
    """The material whose name or slug is ``phrase``, then those whose name holds it."""
    exact = [m for m in materials if phrase in (m.name.lower(), m.slug.replace("-", " "))]
    within = [m for m in materials if phrase in m.name.lower() and m not in exact]
    return exact + within

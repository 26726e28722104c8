"""Public shapes of places (countries, regions, cities), shared by several routers."""

from scrapindex.api.schemas import CamelModel, CountryRef
from scrapindex.models import City


class CountryPublic(CamelModel):
    code: str
    name: str
    currency: str
    city_count: int
    yard_count: int


class RegionRef(CamelModel):
    slug: str
    name: str


class CityCountry(CountryRef):
    currency: str


class CityPublic(CamelModel):
    id: int
    name: str
    slug: str
    latitude: float
    longitude: float
    time_zone: str
    country: CityCountry
    region: RegionRef | None


class CityRef(CamelModel):
    id: int
    name: str
    slug: str
    country: CountryRef


def city_public(city: City) -> CityPublic:
    return CityPublic(
        id=city.id,
        name=city.name,
        slug=city.slug,
        latitude=city.latitude,
        longitude=city.longitude,
        time_zone=city.time_zone,
        country=CityCountry(
            code=city.country.code, name=city.country.name, currency=city.country.currency
        ),
        region=RegionRef(slug=city.region.slug, name=city.region.name) if city.region else None,
    )


def city_ref(city: City) -> CityRef:
    return CityRef(
        id=city.id,
        name=city.name,
        slug=city.slug,
        country=CountryRef(code=city.country.code, name=city.country.name),
    )

"""Addresses of the site's pages, built in one place on the server, as frontend/src/lib/paths.ts
builds them in the browser. The routes themselves are content/routes.json; tests hold both
builders to one table of cases (tests/fixtures/path-cases.json) and to the routes."""


def place_path(country_code: str, slug: str) -> str:
    """/{country}/{slug}: a city's prices, or a region's when no city has that slug."""
    return f"/{country_code.lower()}/{slug}"


def city_yards_path(country_code: str, city_slug: str) -> str:
    return f"{place_path(country_code, city_slug)}/scrap-yards"


def material_path(material_slug: str) -> str:
    return f"/material/{material_slug}"


def yard_path(yard_id: int) -> str:
    return f"/scrap-yard/{yard_id}"

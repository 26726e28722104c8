"""The spec's full-page redirects (SPEC §2) are permanent HTTP redirects made by the server."""

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from scrapindex.blog import load_posts
from scrapindex.models import City
from tests.conftest import CONTENT_DIR

pytestmark = pytest.mark.http_only  # SQLite alone: see tests/conftest.py

PER_POUND = "/scrap-metal-prices-per-pound-in-"

REDIRECTS = [
    ("/materials", "/scrap-metal-prices"),
    (
        "/ford-scrap-catalytic-converter-prices-and-pictures",
        "/blog/ford-catalytic-converter-scrap-prices",
    ),
    ("/current-price-of-rhodium-per-ounce", "/blog/rhodium-price-per-ounce"),
    # A city of the state, however the old link spelled its name, lands on the city page.
    (PER_POUND + "california/los-angeles", "/us/los-angeles"),
    (PER_POUND + "california/Los%20Angeles", "/us/los-angeles"),
    (PER_POUND + "california/San_Diego", "/us/san-diego"),
    (PER_POUND + "texas/houston", "/us/houston"),
    (PER_POUND + "texas/San%20Antonio", "/us/san-antonio"),
    (PER_POUND + "florida/Miami", "/us/miami"),
    (PER_POUND + "nevada/las-vegas", "/us/las-vegas"),
    # Otherwise the state's region page.
    (PER_POUND + "california/fresno", "/us/california"),
    (PER_POUND + "texas/el-paso", "/us/texas"),
    (PER_POUND + "florida/key-west", "/us/florida"),
    (PER_POUND + "texas/miami", "/us/texas"),
    (PER_POUND + "California", "/us/california"),
    ("/za", "/za/cape-town"),
    ("/au", "/au/sydney"),
    ("/gb", "/gb/london"),
    ("/ca", "/ca/toronto"),
    ("/nz", "/nz/auckland"),
    ("/es", "/es/madrid"),
    ("/ZA", "/za/cape-town"),
    ("/Au", "/au/sydney"),
    ("/GB", "/gb/london"),
    ("/CA", "/ca/toronto"),
    ("/NZ", "/nz/auckland"),
    ("/ES", "/es/madrid"),
    ("/scrap-yards/johannesburg", "/za/johannesburg/scrap-yards"),
    ("/scrap-yards/new-york", "/us/new-york/scrap-yards"),
    ("/scrap-yards/Cape-Town", "/za/cape-town/scrap-yards"),
    # A trailing slash goes, in the same hop as any other redirect of the path.
    ("/cities/", "/cities"),
    ("/za/johannesburg/scrap-yards/", "/za/johannesburg/scrap-yards"),
    ("/blog/rhodium-price-per-ounce/", "/blog/rhodium-price-per-ounce"),
    ("/materials/", "/scrap-metal-prices"),
    ("/nz/", "/nz/auckland"),
    ("/scrap-yards/durban/", "/za/durban/scrap-yards"),
    # The query string comes along.
    ("/materials?utm_source=news&page=2", "/scrap-metal-prices?utm_source=news&page=2"),
    ("/cities/?q=cape%20town", "/cities?q=cape%20town"),
    ("/gb?ref=footer", "/gb/london?ref=footer"),
    (PER_POUND + "texas/houston?x=1", "/us/houston?x=1"),
]

NOT_REDIRECTED = [
    "/",
    "/cities",
    "/scrap-metal-prices",
    "/scrap-yards",
    "/za/cape-town",
    "/us/california",
    "/blog/rhodium-price-per-ounce",
    "/scrap-yards/atlantis",  # no such city: the page routes answer it
    PER_POUND + "atlantis/springfield",  # no such state
    PER_POUND + "ontario/toronto",  # only US states had these pages
    "/xx",  # not one of the spec's countries
    "/sitemap.xml",
]


@pytest.mark.parametrize(("path", "target"), REDIRECTS)
def test_spec_redirects_are_permanent(client: TestClient, path: str, target: str) -> None:
    response = client.get(path, follow_redirects=False)
    assert response.status_code == 301
    assert response.headers["location"] == target
    assert response.headers["cache-control"] == "public, max-age=86400"


def test_head_requests_are_redirected_too(client: TestClient) -> None:
    response = client.head("/materials", follow_redirects=False)
    assert response.status_code == 301
    assert response.headers["location"] == "/scrap-metal-prices"


def test_every_old_blog_path_goes_to_its_post(client: TestClient) -> None:
    old_paths = [
        (old, post.slug) for post in load_posts(CONTENT_DIR / "blog") for old in post.old_paths
    ]
    assert len(old_paths) >= 2
    for old, slug in old_paths:
        response = client.get(old, follow_redirects=False)
        assert response.status_code == 301
        assert response.headers["location"] == f"/blog/{slug}"


def test_every_us_city_has_its_per_pound_redirect(client: TestClient, engine: Engine) -> None:
    with Session(engine) as session:
        cities = session.scalars(select(City).where(City.country_code == "US")).all()
        named = [(c.region.slug, c.name, c.slug) for c in cities if c.region is not None]
    assert len(named) > 20
    for region_slug, name, slug in named:
        for spelling in (slug, name, name.replace(" ", "_"), name.upper()):
            response = client.get(f"{PER_POUND}{region_slug}/{spelling}", follow_redirects=False)
            assert response.status_code == 301, spelling
            assert response.headers["location"] == f"/us/{slug}"


@pytest.mark.parametrize("path", NOT_REDIRECTED)
def test_other_paths_are_not_redirected(client: TestClient, path: str) -> None:
    response = client.get(path, follow_redirects=False)
    assert response.status_code != 301
    assert "location" not in response.headers


def test_api_paths_are_left_to_the_api(client: TestClient) -> None:
    assert client.get("/api/materials/", follow_redirects=False).status_code != 301
    assert client.get("/api/cities/johannesburg", follow_redirects=False).status_code == 200


@pytest.mark.parametrize("path", ["//evil.example/", "/\\evil.example/", "/%5Cevil.example/"])
def test_trailing_slash_redirect_never_points_at_another_host(
    client: TestClient, path: str
) -> None:
    response = client.get("http://testserver" + path, follow_redirects=False)
    location = response.headers.get("location")
    assert location is None or (location.startswith("/") and location[1:2] not in ("/", "\\"))

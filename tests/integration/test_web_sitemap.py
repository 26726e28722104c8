"""sitemap.xml indexes a file per kind of public page, dated by its data; robots.txt names it."""

import datetime as dt
import xml.etree.ElementTree as ET

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, func, select, update
from sqlalchemy.orm import Session

from scrapindex import revision
from scrapindex.app import create_app
from scrapindex.blog import load_posts
from scrapindex.models import City, DataRevision, Material, Price, Region, ScrapYard
from scrapindex.settings import Settings
from scrapindex.web import sitemap as sitemap_module
from scrapindex.web.sitemap import KINDS, SitemapEntry, render_file
from tests.conftest import CONTENT_DIR, SmallSite
from tests.factories import add_yard

NS = {"sm": "http://www.sitemaps.org/schemas/sitemap/0.9"}
STATIC_PAGES = [
    "/",
    "/cities",
    "/scrap-metal-prices",
    "/scrap-yards",
    "/insights",
    "/calculator",
    "/blog",
    "/about",
    "/contact",
    "/privacy-policy",
    "/terms-of-service",
    "/content-disclaimer",
]


def site_root(client: TestClient) -> str:
    root: str = client.app.state.settings.site_root  # type: ignore[attr-defined]
    return root.rstrip("/")


def xml_file(client: TestClient, path: str, tag: str) -> ET.Element:
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/xml; charset=utf-8"
    assert response.headers["cache-control"] == "public, max-age=3600"
    element = ET.fromstring(response.content)
    assert element.tag == "{http://www.sitemaps.org/schemas/sitemap/0.9}" + tag
    return element


def sitemap_files(client: TestClient) -> dict[str, ET.Element]:
    """Path -> urlset of every file that /sitemap.xml (an index) lists."""
    root = site_root(client)
    files = {}
    for entry in xml_file(client, "/sitemap.xml", "sitemapindex").findall("sm:sitemap", NS):
        loc = entry.findtext("sm:loc", namespaces=NS) or ""
        assert loc.startswith(root + "/sitemap-")
        path = loc.removeprefix(root)
        files[path] = xml_file(client, path, "urlset")
    return files


def sitemap(client: TestClient) -> dict[str, str | None]:
    """Path -> lastmod of every URL in the files /sitemap.xml lists."""
    root = site_root(client)
    pages: dict[str, str | None] = {}
    for urlset in sitemap_files(client).values():
        for url in urlset.findall("sm:url", NS):
            loc = url.findtext("sm:loc", namespaces=NS)
            assert loc is not None
            assert loc.startswith(root + "/")
            path = loc.removeprefix(root)
            assert path not in pages, f"{path} listed twice"
            pages[path] = url.findtext("sm:lastmod", namespaces=NS)
    return pages


def test_the_index_has_a_file_per_kind_of_page(client: TestClient) -> None:
    files = sitemap_files(client)
    assert list(files) == [f"/sitemap-{kind}-1.xml" for kind in KINDS]
    paths = {
        kind: {
            (url.findtext("sm:loc", namespaces=NS) or "").removeprefix(site_root(client))
            for url in files[f"/sitemap-{kind}-1.xml"].findall("sm:url", NS)
        }
        for kind in KINDS
    }
    assert "/za/johannesburg/scrap-yards" in paths["places"]
    assert "/us/california" in paths["places"]
    assert "/material/copper" in paths["materials"]
    assert all(p.startswith("/scrap-yard/") for p in paths["yards"])
    assert all(p.startswith("/blog/") for p in paths["blog"])
    assert set(STATIC_PAGES) == paths["pages"]


def test_sitemap_lists_every_public_page(client: TestClient, engine: Engine) -> None:
    pages = sitemap(client)
    with Session(engine) as session:
        cities = session.scalars(select(City)).all()
        city_paths = {f"/{c.country_code.lower()}/{c.slug}" for c in cities}
        region_paths = {
            f"/{r.country_code.lower()}/{r.slug}" for r in session.scalars(select(Region))
        }
        material_slugs = session.scalars(select(Material.slug)).all()
        yard_ids = session.scalars(select(ScrapYard.id)).all()
    posts = load_posts(CONTENT_DIR / "blog")

    expected = set(STATIC_PAGES)
    expected |= city_paths | {f"{path}/scrap-yards" for path in city_paths}
    expected |= region_paths  # the colliding ones are already there as cities
    expected |= {f"/material/{slug}" for slug in material_slugs}
    expected |= {f"/scrap-yard/{id_}" for id_ in yard_ids}
    expected |= {f"/blog/{post.slug}" for post in posts}
    assert set(pages) == expected
    assert len(yard_ids) > 100
    assert len(pages) == len(expected)


def test_a_region_named_like_a_city_of_its_country_leaves_the_url_to_the_city(
    client: TestClient, engine: Engine
) -> None:
    pages = sitemap(client)
    with Session(engine) as session:
        city_dates = dict(
            session.execute(
                select(City.slug, func.max(Price.price_date))
                .join(Price, Price.city_id == City.id)
                .group_by(City.slug)
            ).all()
        )
        colliding = [
            (region.country_code, region.slug)
            for region in session.scalars(select(Region))
            if region.slug in city_dates
        ]
    assert {("US", "new-york"), ("NZ", "auckland"), ("NZ", "wellington")} <= set(colliding)
    for country_code, slug in colliding:
        # Listed once (the dictionary has no duplicates), dated as the city, not the region.
        assert pages[f"/{country_code.lower()}/{slug}"] == city_dates[slug].isoformat()
    assert "/us/california" in pages
    assert "/gb/england" in pages


def test_lastmod_comes_from_the_data(client: TestClient, engine: Engine) -> None:
    pages = sitemap(client)
    for path, lastmod in pages.items():
        if lastmod is not None:
            dt.date.fromisoformat(lastmod)
        else:
            assert path in STATIC_PAGES or path == "/blog"

    with Session(engine) as session:
        newest_in_city = session.execute(
            select(func.max(Price.price_date))
            .join(City, City.id == Price.city_id)
            .where(City.slug == "johannesburg")
        ).scalar_one()
        newest_of_material = session.execute(
            select(func.max(Price.price_date))
            .join(Material, Material.id == Price.material_id)
            .where(Material.slug == "copper")
        ).scalar_one()
        newest_in_texas = session.execute(
            select(func.max(Price.price_date))
            .join(City, City.id == Price.city_id)
            .join(Region, Region.id == City.region_id)
            .where(Region.slug == "texas")
        ).scalar_one()
        newest_overall = session.execute(select(func.max(Price.price_date))).scalar_one()
        changed_at = session.execute(select(DataRevision.changed_at)).scalar_one()
        yard_id = session.scalars(select(ScrapYard.id).limit(1)).one()

    assert pages["/za/johannesburg"] == newest_in_city.isoformat()
    assert pages["/material/copper"] == newest_of_material.isoformat()
    assert pages["/us/texas"] == newest_in_texas.isoformat()
    for path in ("/", "/cities", "/scrap-metal-prices", "/insights"):
        assert pages[path] == newest_overall.isoformat()
    for path in ("/scrap-yards", f"/scrap-yard/{yard_id}", "/za/johannesburg/scrap-yards"):
        assert pages[path] == changed_at.date().isoformat()
    for post in load_posts(CONTENT_DIR / "blog"):
        assert pages[f"/blog/{post.slug}"] == post.publish_date.isoformat()
    for path in ("/about", "/contact", "/privacy-policy", "/terms-of-service"):
        assert pages[path] is None


@pytest.mark.parametrize("path", ["/sitemap.xml", "/sitemap-yards-1.xml"])
def test_sitemap_is_served_compressed_and_revalidated(client: TestClient, path: str) -> None:
    response = client.get(path, headers={"Accept-Encoding": "gzip"})
    assert response.headers["content-encoding"] == "gzip"
    plain = client.get(path, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert plain.content == response.content  # the client unzipped the first
    etag = plain.headers["etag"]
    again = client.get(path, headers={"Accept-Encoding": "identity", "If-None-Match": etag})
    assert again.status_code == 304


def urls_of(urlset: ET.Element) -> list[str]:
    return [url.findtext("sm:loc", namespaces=NS) or "" for url in urlset.findall("sm:url", NS)]


def test_each_kind_splits_into_files_of_at_most_the_limit(
    database_url: str, engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sitemap_module, "MAX_URLS_PER_FILE", 100)
    settings = Settings(database_url=database_url, content_dir=CONTENT_DIR)
    with TestClient(create_app(settings)) as client:
        files = sitemap_files(client)  # read from a server of its own: none kept at 5,000
        with Session(engine) as session:
            by_kind = {kind: read(session, CONTENT_DIR / "blog") for kind, read in KINDS.items()}
        expected: list[str] = []
        for kind, entries in by_kind.items():
            count = -(-len(entries) // 100)
            expected += [f"/sitemap-{kind}-{n}.xml" for n in range(1, count + 1)]
        assert len([path for path in expected if path.startswith("/sitemap-yards-")]) > 2
        assert list(files) == expected
        beyond = len([path for path in expected if path.startswith("/sitemap-yards-")]) + 1
        assert client.get(f"/sitemap-yards-{beyond}.xml").status_code == 404

    root = site_root(client)
    listed: list[str] = []
    for path in expected:
        urls = urls_of(files[path])
        assert 0 < len(urls) <= 100
        listed += urls
    in_kind_order = [entry for entries in by_kind.values() for entry in entries]
    assert listed == [root + entry.path for entry in in_kind_order]


def test_at_the_limit_a_kind_is_one_file() -> None:
    entries = [SitemapEntry(f"/scrap-yard/{n}") for n in range(1, 101)]
    index = sitemap_module.render_index({"yards": entries}, "https://example.com", limit=100)
    locations = [s.findtext("sm:loc", namespaces=NS) for s in ET.fromstring(index)]
    assert locations == ["https://example.com/sitemap-yards-1.xml"]
    one_more = sitemap_module.render_index(
        {"yards": [*entries, SitemapEntry("/scrap-yard/101")]}, "https://example.com", limit=100
    )
    assert len(ET.fromstring(one_more)) == 2


def test_urls_are_escaped_for_xml() -> None:
    entries = [SitemapEntry("/blog/a&b<c>", dt.date(2026, 1, 2)), SitemapEntry("/blog/čaj")]
    body = render_file(entries, "https://example.com")
    urls = ET.fromstring(body).findall("sm:url", NS)
    assert [u.findtext("sm:loc", namespaces=NS) for u in urls] == [
        "https://example.com/blog/a&b%3Cc%3E",
        "https://example.com/blog/%C4%8Daj",
    ]
    assert b"<loc>https://example.com/blog/a&amp;b%3Cc%3E</loc>" in body
    assert urls[0].findtext("sm:lastmod", namespaces=NS) == "2026-01-02"


def test_files_follow_a_data_change(small_db: SmallSite) -> None:
    """Each file is kept for its data revision, read and written when first asked for."""
    engine, client, clock = small_db
    yards_file = "/sitemap-yards-1.xml"
    before = urls_of(xml_file(client, yards_file, "urlset"))
    with engine.begin() as connection:
        yard_id = add_yard(connection, "durban", name="Harbour Metals")
        revision.bump(connection)
        # A date no earlier run could have left: the yards' lastmod is the data's last change.
        changed_at = dt.datetime(2030, 4, 2, 9, 30, tzinfo=dt.UTC)
        connection.execute(update(DataRevision).values(changed_at=changed_at))
    assert urls_of(xml_file(client, yards_file, "urlset")) == before  # not read again yet
    clock.past_revision_check()

    # The index first this time: it reads every kind, then the yards' file is written from them.
    index = xml_file(client, "/sitemap.xml", "sitemapindex")
    dates = {
        (s.findtext("sm:loc", namespaces=NS) or "").removeprefix(site_root(client)): s.findtext(
            "sm:lastmod", namespaces=NS
        )
        for s in index.findall("sm:sitemap", NS)
    }
    assert dates[yards_file] == "2030-04-02"
    after = urls_of(xml_file(client, yards_file, "urlset"))
    assert after == [*before, f"{site_root(client)}/scrap-yard/{yard_id}"]


def test_unknown_sitemap_parts_are_not_found(client: TestClient) -> None:
    for path in ("/sitemap-1.xml", "/sitemap-yards-0.xml", "/sitemap-yards-99.xml",
                 "/sitemap-nothing-1.xml", "/sitemap-yards-x.xml"):  # fmt: skip
        assert client.get(path).status_code == 404, path


def test_robots_txt_allows_pages_and_names_the_sitemap(client: TestClient) -> None:
    response = client.get("/robots.txt")
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/plain; charset=utf-8"
    lines = response.text.splitlines()
    assert lines[0] == "User-agent: *"
    assert "Allow: /" in lines
    assert "Disallow: /api/" in lines
    assert f"Sitemap: {site_root(client)}/sitemap.xml" in lines


def test_every_url_in_the_sitemap_is_a_page(client: TestClient) -> None:
    # All of them, no sampling: about 815 pages per database, 5-30 s with the demo set.
    failures = []
    for path in sitemap(client):
        response = client.get(path, follow_redirects=False)
        if response.status_code != 200:
            failures.append((path, response.status_code))
    assert failures == []

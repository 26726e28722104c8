"""Each route's HTML as it leaves the server: status, head, JSON-LD, embedded data, fallback.

Checked on the raw HTML, no browser: what a crawler without JavaScript receives.
"""

import json
import re
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine
from sqlalchemy.orm import Session

from scrapindex import revision
from scrapindex.app import create_app
from scrapindex.models import ScrapYard
from scrapindex.settings import PROJECT_ROOT, Settings
from scrapindex.web.fallback import city_path
from tests.conftest import TEST_DEMO
from tests.factories import add_yard

SITE_ROOT = "https://scrapindex.example"
TEMPLATE = (PROJECT_ROOT / "frontend" / "index.html").read_text()


class PageReader(HTMLParser):
    """Collects the head tags, JSON blocks and the root element's text of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.meta: dict[str, str] = {}
        self.links: dict[str, str] = {}
        self.title = ""
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self.h1: list[str] = []
        self._in: str | None = None
        self._attrs: dict[str, str | None] = {}
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "meta":
            key = values.get("name") or values.get("property")
            if key:
                self.meta[key] = values.get("content") or ""
        elif tag == "link" and values.get("rel"):
            self.links[str(values["rel"])] = values.get("href") or ""
        elif tag in ("title", "script", "h1"):
            self._in, self._attrs, self._text = tag, values, []

    def handle_data(self, data: str) -> None:
        if self._in:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag != self._in:
            return
        text = "".join(self._text)
        if tag == "title":
            self.title = text
        elif tag == "script":
            self.scripts.append((self._attrs, text))
        else:
            self.h1.append(text)
        self._in = None

    def json_ld(self) -> list[dict[str, Any]]:
        return [json.loads(t) for a, t in self.scripts if a.get("type") == "application/ld+json"]

    def initial_data(self) -> dict[str, Any]:
        blocks = [json.loads(t) for a, t in self.scripts if a.get("id") == "initial-data"]
        assert len(blocks) == 1
        result: dict[str, Any] = blocks[0]
        return result


def read_page(html: str) -> PageReader:
    reader = PageReader()
    reader.feed(html)
    return reader


def app_client(database_url: str, tmp_path: Path) -> TestClient:
    dist = tmp_path / "dist"
    dist.mkdir(exist_ok=True)
    (dist / "index.html").write_text(TEMPLATE)
    settings = Settings(database_url=database_url, frontend_dist=dist, site_root=SITE_ROOT + "/")
    return TestClient(create_app(settings))


@pytest.fixture
def pages(database_url: str, tmp_path: Path) -> Iterator[TestClient]:
    with app_client(database_url, tmp_path) as client:
        yield client


ROUTES = [
    # path, status, title, robots, JSON-LD types, a key of the embedded data
    ("/", 200, "ScrapIndex - Scrap Metal Prices by City", "index",
     {"WebSite", "Organization"}, "/api/cities"),
    ("/cities", 200, "Global Scrap Metal Markets", "index", set(), "/api/cities"),
    ("/scrap-metal-prices", 200, "Scrap Metal Prices", "index", set(), "/api/prices/summary"),
    ("/za/johannesburg", 200, "Johannesburg Scrap Metal Prices | ScrapIndex", "index",
     {"BreadcrumbList", "ItemList"}, "/api/cities/johannesburg/prices"),
    ("/us/california", 200, "California Scrap Metal Prices | ScrapIndex", "index",
     {"BreadcrumbList"}, "/api/countries/us/regions/california/prices"),
    ("/za/johannesburg/scrap-yards", 200, "Scrap Yards in Johannesburg, South Africa", "index",
     {"BreadcrumbList"}, "/api/cities/johannesburg/scrap-yards"),
    ("/material/copper", 200, "Copper Scrap Price by City | ScrapIndex", "index",
     {"BreadcrumbList", "ItemList"}, "/api/materials/copper/markets"),
    ("/scrap-yard/1", 200, " - Scrap Yard in ", "index", {"LocalBusiness", "BreadcrumbList"},
     "/api/scrap-yards/1"),
    ("/scrap-yards", 200, "Scrap Yard Directory", "index", set(), "/api/scrap-yards"),
    ("/insights", 200, "Scrap Metal Market Insights", "index", set(), "/api/insights"),
    ("/blog", 200, "Scrap Metal Blog", "index", set(), "/api/blog"),
    ("/blog/rhodium-price-per-ounce", 200, "Rhodium", "index", {"BlogPosting", "BreadcrumbList"},
     "/api/blog/rhodium-price-per-ounce"),
    ("/about", 200, "About ScrapIndex", "index", set(), "/api/stats"),
    ("/privacy-policy", 200, "Privacy Policy | ScrapIndex", "index", set(), None),
    ("/za/atlantis", 404, "City Not Found | ScrapIndex", "noindex", set(), None),
    ("/gb/johannesburg", 404, "City Not Found | ScrapIndex", "noindex", set(), None),
    ("/za/atlantis/scrap-yards", 404, "City Not Found | ScrapIndex", "noindex", set(), None),
    ("/material/unobtainium", 404, "Material Not Found | ScrapIndex", "noindex", set(), None),
    ("/scrap-yard/999999", 404, "Scrap Yard Not Found | ScrapIndex", "noindex", set(), None),
    ("/scrap-yard/abc", 404, "Scrap Yard Not Found | ScrapIndex", "noindex", set(), None),
    ("/blog/no-such-post", 404, "Post Not Found | ScrapIndex", "noindex", set(), None),
    ("/no/such/page/at/all", 404, "404 Page Not Found | ScrapIndex", "noindex", set(), None),
]  # fmt: skip


@pytest.mark.parametrize(("path", "status", "title", "robots", "types", "data_key"), ROUTES)
def test_route_head_status_and_data(
    pages: TestClient,
    path: str,
    status: int,
    title: str,
    robots: str,
    types: set[str],
    data_key: str | None,
) -> None:
    response = pages.get(path)
    assert response.status_code == status
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    page = read_page(response.text)
    assert title in page.title
    assert "ScrapIndex" in page.title  # the brand, added unless the title has it (SPEC §2)
    assert page.links["canonical"] == SITE_ROOT + path
    assert page.meta["robots"] == ("noindex,nofollow" if robots == "noindex" else "index,follow")
    assert page.meta["description"]
    assert page.meta["og:url"] == SITE_ROOT + path
    assert page.meta["og:image"] == SITE_ROOT + "/og-image.png"
    assert {block["@type"] for block in page.json_ld()} >= types
    assert len(page.h1) == 1  # the fallback's heading, replaced by the app's on mount
    embedded = page.initial_data()
    if data_key is not None:
        assert data_key in {key[0] for key, _ in embedded["data"]}


def test_not_found_answers_are_embedded_so_the_app_does_not_ask_again(pages: TestClient) -> None:
    page = read_page(pages.get("/za/atlantis").text)
    errors = page.initial_data()["errors"]
    assert [["/api/cities/atlantis"], 404] in [[key, status] for key, status, _ in errors]
    region_page = read_page(pages.get("/us/california").text)
    assert [["/api/cities/california"], 404] in [
        [key, status] for key, status, _ in region_page.initial_data()["errors"]
    ]


def test_embedded_data_equals_the_api_answer_under_the_apps_query_key(pages: TestClient) -> None:
    page = read_page(pages.get("/za/johannesburg").text)
    data = {json.dumps(key): value for key, value in page.initial_data()["data"]}
    assert (
        data['["/api/cities/johannesburg/prices"]']
        == pages.get("/api/cities/johannesburg/prices").json()
    )
    # cityQueries.yards(slug, { limit: 3 }) keys its query with the parameters.
    assert (
        data['["/api/cities/johannesburg/scrap-yards", {"limit": 3}]']
        == pages.get("/api/cities/johannesburg/scrap-yards?limit=3").json()
    )


def test_fallback_carries_the_key_facts(pages: TestClient) -> None:
    city = pages.get("/za/johannesburg").text
    assert "<h1" in city
    assert "Johannesburg Scrap Metal Prices" in city
    assert re.search(r"R\d[\d,]*\.\d\d", city)  # a price of the table, in rand
    yard = pages.get("/scrap-yard/1").text
    assert "Opening Hours" in yard
    assert "Monday:" in yard
    post = pages.get("/blog/rhodium-price-per-ounce").text
    assert "<article>" in post


def test_city_yards_page_data_follows_the_url(pages: TestClient) -> None:
    page = read_page(pages.get("/us/new-york/scrap-yards?page=2&sort=name").text)
    keys = [key for key, _ in page.initial_data()["data"]]
    expected = {"page": 2, "limit": 10, "status": "all", "sort": "name"}
    assert ["/api/cities/new-york/scrap-yards", expected] in keys
    assert " - Page 2" in page.title


@pytest.mark.parametrize("path", ["/admin", "/admin/", "/admin/queue/reports"])
def test_the_operator_console_is_served_noindex_and_never_in_the_sitemap(
    pages: TestClient, path: str
) -> None:
    response = pages.get(path)
    assert response.status_code == 200
    page = read_page(response.text)
    assert page.title == "Operator console — ScrapIndex"
    assert page.meta["robots"] == "noindex,nofollow"
    assert page.initial_data() == {"data": [], "errors": []}  # its data is behind the login
    assert "/admin" not in pages.get("/sitemap.xml").text


HOSTILE = "</script><script>alert(1)</script><!--"


def test_hostile_yard_name_cannot_break_out(
    fresh_database: Callable[..., Engine], tmp_path: Path
) -> None:
    engine = fresh_database(TEST_DEMO)
    with engine.begin() as connection:
        yard_id = add_yard(
            connection,
            "durban",
            name=HOSTILE,
            address=f"1 {HOSTILE} Road",
            weekly_hours=[{"day": 0, "opens": "08:00", "closes": "17:00"}],
        )
        revision.bump(connection)
    url = engine.url.render_as_string(hide_password=False)
    with app_client(url, tmp_path) as client:
        html = client.get(f"/scrap-yard/{yard_id}").text
    assert "<script>alert(1)" not in html
    assert html.count("</script>") == html.count("<script")  # no element closed early
    page = read_page(html)
    assert HOSTILE in page.title  # escaped in the HTML, intact once parsed
    business = next(b for b in page.json_ld() if b["@type"] == "LocalBusiness")
    assert business["name"] == HOSTILE
    embedded = {json.dumps(k): v for k, v in page.initial_data()["data"]}
    assert embedded[f'["/api/scrap-yards/{yard_id}"]']["name"] == HOSTILE
    assert page.h1 == [HOSTILE]
    with Session(engine) as session:
        assert session.get_one(ScrapYard, yard_id).name == HOSTILE


def test_rendered_pages_are_cached_until_the_data_moves(pages: TestClient) -> None:
    first = pages.get("/za/durban")
    again = pages.get("/za/durban", headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304


def test_an_unset_site_root_is_the_address_served(database_url: str, tmp_path: Path) -> None:
    """`make run PORT=8100`: every absolute URL the server makes says :8100, not :8000."""
    dist = tmp_path / "dist"
    dist.mkdir(exist_ok=True)
    (dist / "index.html").write_text(TEMPLATE)
    settings = Settings(database_url=database_url, frontend_dist=dist, port=8100)
    root = "http://127.0.0.1:8100"
    with TestClient(create_app(settings)) as client:
        page = read_page(client.get("/za/johannesburg").text)
        robots = client.get("/robots.txt").text
        sitemap = client.get("/sitemap.xml").text
    assert page.links["canonical"] == f"{root}/za/johannesburg"
    assert page.meta["og:url"] == f"{root}/za/johannesburg"
    assert f"Sitemap: {root}/sitemap.xml" in robots
    assert f"<loc>{root}/" in sitemap
    assert ":8000" not in sitemap


def test_a_page_preloads_its_own_modules_at_low_priority(database_url: str, tmp_path: Path) -> None:
    """The head names the route's chunks once, fetched after the stylesheet (first paint waits
    for the CSS alone): what the built index.html already links (the entry and its imports) is
    not named again, and every modulepreload is low priority and CORS-mode like Vite's own."""
    dist = tmp_path / "dist"
    (dist / ".vite").mkdir(parents=True)
    built = TEMPLATE.replace(
        '<script type="module" src="/src/main.tsx"></script>',
        '<script type="module" fetchpriority="low" crossorigin src="/assets/index.js"></script>',
    )
    (dist / "index.html").write_text(built)
    manifest = {
        "index.html": {"file": "assets/index.js", "isEntry": True, "imports": ["_framework.js"]},
        "_framework.js": {"file": "assets/framework.js", "imports": ["_runtime.js"]},
        "_runtime.js": {"file": "assets/runtime.js"},
        "src/pages/home/index.tsx": {
            "file": "assets/home.js",
            "imports": ["_framework.js", "_card.js"],
        },
        "_card.js": {"file": "assets/card.js", "imports": ["_runtime.js", "_icon.js"]},
        "_icon.js": {"file": "assets/icon.js"},
    }
    (dist / ".vite" / "manifest.json").write_text(json.dumps(manifest))
    settings = Settings(database_url=database_url, frontend_dist=dist, site_root=SITE_ROOT + "/")
    with TestClient(create_app(settings)) as client:
        html = client.get("/").text
    preloads = re.findall(r"<link rel=\"modulepreload\"[^>]*>", html)
    hrefs = [href for tag in preloads for href in re.findall(r'href="([^"]+)"', tag)]
    assert hrefs == ["/assets/card.js", "/assets/home.js", "/assets/icon.js"]
    for tag in preloads:
        assert 'fetchpriority="low"' in tag
        assert "crossorigin" in tag


def _class_names(source: str, tag: str) -> list[str]:
    """The class attributes (className in JSX) of each <tag ...> in a source text."""
    return re.findall(rf"<{tag}\b[^>]*?\bclass(?:Name)?=\"([^\"]+)\"", source)


def test_home_fallback_paints_the_apps_hero_so_the_app_is_not_a_later_largest_paint(
    pages: TestClient,
) -> None:
    """The largest text a phone paints first (the server's heading) is the one the app paints
    again, with the same classes, text and container, so React's render is no later LCP."""
    hero = (PROJECT_ROOT / "frontend/src/pages/home/hero.tsx").read_text()
    layout = (PROJECT_ROOT / "frontend/src/components/layout/app-layout.tsx").read_text()
    html = pages.get("/").text
    app_root = html.split('<div id="root">', 1)[1]
    in_main = app_root.split("<main", 1)[1]  # past the layout's own parts (the demo notice)
    for tag in ("section", "h1", "p"):
        assert _class_names(hero, tag)[0] == _class_names(in_main, tag)[0]
    # One heading for both, from content/page-meta.json.
    assert re.search(r'<h1[^>]*>\{pageHeading\("home"\)\}</h1>', hero)
    meta = json.loads((PROJECT_ROOT / "content/page-meta.json").read_text())
    heading = meta["home"]["heading"]
    assert f">{heading}</h1>" in app_root
    lede = re.search(r"<p[^>]*>\s*([^<]+?)\s*</p>", hero)
    assert lede is not None
    assert lede.group(1).replace("'", "&#39;") in app_root
    # The app's <main> classes (less the focus outline of a main the app focuses), after a
    # header the height of the app's (its row's classes, h-16, and a border, like the header's).
    main_classes = set(_class_names(layout, "main")[0].split()) - {"outline-none"}
    assert main_classes == set(_class_names(app_root, "main")[0].split())
    header = (PROJECT_ROOT / "frontend/src/components/layout/header.tsx").read_text()
    row = _class_names(header.split("<header", 1)[1], "div")[0]
    before_main = app_root.split("<main", 1)[0]
    assert f'<div class="{row}">' in before_main
    assert "h-16" in row.split()


def test_material_fallback_paints_the_apps_hero_texts(pages: TestClient) -> None:
    """Material's largest first texts (its name and description) in the app's hero box, with
    the classes of the app's own, so the app's render is no later, larger paint."""
    hero = (PROJECT_ROOT / "frontend/src/pages/material/material-hero.tsx").read_text()
    app_root = pages.get("/material/copper").text.split('<main id="main-content"', 1)[1]
    for tag in ("section", "h1", "p"):
        assert _class_names(hero, tag)[0] == _class_names(app_root, tag)[0]
    assert "Copper</h1>" in app_root


def markets_in(html: str) -> tuple[Any, list[str]]:
    """The embedded page of markets, and the city links of the fallback table."""
    embedded = next(
        v for k, v in read_page(html).initial_data()["data"] if k[0].endswith("/markets")
    )
    return embedded, re.findall(r'<tr><td><a href="(/[a-z]{2}/[^"]+)">', html)


def test_material_html_holds_the_first_page_of_markets_best_paying_first(
    pages: TestClient,
) -> None:
    """The page embeds the summary and the table's first page, not every market: the fallback
    table and the JSON-LD list name that page's markets, in the API's order."""
    ranked = pages.get("/api/materials/copper/prices").json()
    html = pages.get("/material/copper").text
    embedded, linked = markets_in(html)
    assert embedded["data"] == ranked[:20]
    assert embedded["pagination"] == {"page": 1, "pages": 4, "total": 75, "limit": 20}
    summary = next(
        v for k, v in read_page(html).initial_data()["data"] if k[0].endswith("/summary")
    )
    assert summary == pages.get("/api/materials/copper/markets/summary").json()
    listed = next(b for b in read_page(html).json_ld() if b["@type"] == "ItemList")
    assert [item["item"]["url"].rsplit("/", 1)[1] for item in listed["itemListElement"]] == [
        row["city"]["slug"] for row in ranked[:20]
    ]
    assert linked == [city_path(row["city"]) for row in ranked[:20]]
    assert "Markets 1 to 20 of 75, best-paying first." in html


def test_material_html_follows_the_tables_sort_and_page_in_the_url(pages: TestClient) -> None:
    """?sort, ?order and ?page, as the app reads them: the embedded page is the one the app
    asks for, and only a ranking best-paying first is a JSON-LD list."""
    by_city = pages.get("/api/materials/copper/markets?sort=city&order=desc&page=2").json()
    html = pages.get("/material/copper?sort=city&order=desc&page=2").text
    embedded, linked = markets_in(html)
    assert embedded == by_city
    assert linked == [city_path(row["city"]) for row in by_city["data"]]
    assert "Markets 21 to 40 of 75, by city, Z to A." in html
    assert {b["@type"] for b in read_page(html).json_ld()} == {"BreadcrumbList"}
    second = pages.get("/material/copper?page=2").text
    listed = next(b for b in read_page(second).json_ld() if b["@type"] == "ItemList")
    assert listed["itemListElement"][0]["position"] == 21
    # Values the app would not read fall back to its defaults, as it does.
    fallen_back, _ = markets_in(pages.get("/material/copper?sort=rating&order=up&page=x").text)
    assert fallen_back == markets_in(pages.get("/material/copper").text)[0]
    # The table is paginated as the site's lists are: past its last page is no page.
    past = pages.get("/material/copper?page=5")
    assert past.status_code == 404
    second_title = read_page(pages.get("/material/copper?page=2").text).title
    assert second_title == "Copper Scrap Price by City - Page 2 | ScrapIndex"


def test_a_piece_is_priced_per_piece_in_the_fallback_and_the_structured_data(
    pages: TestClient,
) -> None:
    html = pages.get("/za/johannesburg").text
    listed = next(b for b in read_page(html).json_ld() if b["@type"] == "ItemList")
    units = {
        item["item"]["url"].rsplit("/", 1)[1]: item["item"]["offers"]["unitText"]
        for item in listed["itemListElement"]
    }
    assert (units["catalytic-converters"], units["copper"]) == ("per piece", "per kg")
    assert re.search(r"R[\d,]+\.\d\d per piece", html)
    assert re.search(r"R[\d,]+\.\d\d/kg", html)
    material = pages.get("/material/catalytic-converters").text
    assert "per piece" in material
    assert "/kg" not in material.split('<main id="main-content"', 1)[1].split("<script", 1)[0]

"""The main content in plain HTML, for crawlers and browsers without JavaScript.

Rendered from templates/fallback/ with autoescaping; the data are the API's answers that the
page embeds for its first render.
"""

import json
import re
from functools import cache
from typing import Any

from scrapindex import paths
from scrapindex.formatting import format_percent, price_text
from scrapindex.hours import hours_lines
from scrapindex.paths import place_path
from scrapindex.price_kinds import PRICE_KIND_LABELS
from scrapindex.settings import PROJECT_ROOT
from scrapindex.templating import render

Link = tuple[str, str]  # text, href


def city_path(city: dict[str, Any]) -> str:
    return place_path(city["country"]["code"], city["slug"])


def material_path(material: dict[str, Any]) -> str:
    return paths.material_path(material["slug"])


MAIN_MARK = '<main id="main-content"'


@cache
def demo_notice() -> dict[str, str]:
    """The demo-data notice's title and text, as content/notices.json gives them to both sides."""
    path = PROJECT_ROOT / "content" / "notices.json"
    notice: dict[str, str] = json.loads(path.read_text("utf-8"))["demoPrices"]
    return notice


@cache
def content(name: str) -> Any:
    """A file of content/ that the React pages read too (texts said once for both)."""
    return json.loads((PROJECT_ROOT / "content" / name).read_text("utf-8"))


def nav_links(path: str) -> list[tuple[str, str, bool]]:
    """The header's links (content/site-nav.json): text, href, and whether ``path`` is in its
    section (the rule of the app's frontend/src/components/layout/nav-links.ts)."""
    return [
        (
            link["label"],
            link["to"],
            path.startswith(link["to"]) or any(re.search(p, path) for p in link["alsoFor"]),
        )
        for link in content("site-nav.json")["links"]
    ]


def with_layout(main: str, path: str | None, demo: bool) -> str:
    """The fallback with the layout's parts before its <main>, as the app's layout places them:
    the site's header (logo and main navigation, ``path``'s section marked) and, while prices
    shown are demo data, the demo notice. The operator console (``path`` None) has a header of
    its own: only a box of its height."""
    if MAIN_MARK not in main:
        return main
    if path is None:
        return main.replace(MAIN_MARK, render("fallback/header-box.html") + MAIN_MARK, 1)
    parts = render("fallback/header.html", links=nav_links(path))
    if demo:
        parts += render("fallback/demo-notice.html", notice=demo_notice())
    return main.replace(MAIN_MARK, parts + MAIN_MARK, 1)


def message_page(heading: str, message: str) -> str:
    return render("fallback/message.html", heading=heading, message=message)


def legal_page(key: str, heading: str) -> str:
    """A policy page's full text (content/legal-pages.json), in the app's frame for it
    (frontend/src/pages/static/legal/legal-page.tsx)."""
    return render("fallback/legal.html", heading=heading, page=content("legal-pages.json")[key])


def contact_page(heading: str) -> str:
    """The contact page's details and how to write to us. The form is left out: it posts JSON
    from the app (api/contact.py), so without JavaScript it could not send."""
    texts = content("contact-page.json")
    return render(
        "fallback/contact.html",
        heading=heading,
        intro=texts["intro"].replace("{inCities}", ""),
        texts=texts,
    )


def _links_page(heading: str, *sections: tuple[str | None, list[Link]]) -> str:
    return render("fallback/links.html", heading=heading, sections=sections)


def home(heading: str, cities: list[dict[str, Any]], materials: list[dict[str, Any]]) -> str:
    """The app's hero (the texts of frontend/src/pages/home/hero.tsx), then lists of links."""
    return render(
        "fallback/home.html",
        heading=heading,
        lede="Compare scrap metal prices by city and material, and find scrap yards near you.",
        sections=[
            ("Featured Cities", [(c["name"], city_path(c)) for c in cities[:6]]),
            ("Popular Materials", [(m["name"], material_path(m)) for m in materials[:4]]),
        ],
    )


def city_list(heading: str, cities: list[dict[str, Any]]) -> str:
    items = [(f"{c['name']}, {c['country']['name']}", city_path(c)) for c in cities]
    return _links_page(heading, (None, items))


def material_list(heading: str, materials: list[dict[str, Any]]) -> str:
    items = [(f"{m['name']} ({m['category']})", material_path(m)) for m in materials]
    return _links_page(heading, (None, items))


def post_list(heading: str, posts: list[dict[str, Any]]) -> str:
    items = [(p["title"], f"/blog/{p['slug']}") for p in posts]
    return _links_page(heading, (None, items))


def post(item: dict[str, Any]) -> str:
    return render("fallback/post.html", post=item)


def provenance(row: dict[str, Any]) -> str:
    """Where a price came from, as the pages say it: an estimate's formula (and "inputs from Oct
    2025" when its inputs are old), else its kind."""
    estimate = row.get("estimate")
    if estimate:
        note = estimate.get("inputsNote")
        return f"{estimate['formula']} ({note})" if note else str(estimate["formula"])
    source: dict[str, str] = row["source"]
    return PRICE_KIND_LABELS.get(source["kind"], source["name"])


def city(item: dict[str, Any], rows: list[dict[str, Any]]) -> str:
    cells = city_prices(rows)
    return render("fallback/city.html", city=item, city_path=city_path(item), rows=cells)


MARKET_ORDER_WORDS = {
    ("price", "desc"): "best-paying first",
    ("price", "asc"): "lowest price first",
    ("city", "asc"): "by city, A to Z",
    ("city", "desc"): "by city, Z to A",
}


def material(
    item: dict[str, Any],
    rows: list[dict[str, Any]],
    markets: int,
    first: int,
    order: tuple[str, str],
) -> str:
    """The material's hero and one page of its ``markets``: ``rows``, from position ``first``,
    in ``order`` (sort and direction)."""
    cells = [
        [
            (r["city"]["name"], city_path(r["city"])),
            r["city"]["country"]["name"],
            price_text(r["priceExact"], r["currency"], item["saleUnit"]),
            r["date"],
            provenance(r),
        ]
        for r in rows
    ]
    return render(
        "fallback/material.html",
        material=item,
        rows=cells,
        markets=markets,
        first=first,
        last=first + len(rows) - 1,
        order=MARKET_ORDER_WORDS[order],
    )


def region(item: dict[str, Any], rows: list[dict[str, Any]]) -> str:
    cells = [
        [
            r["material"]["name"],
            price_text(r["averagePriceExact"], r["currency"], r["material"]["saleUnit"]),
            str(r["cityCount"]),
        ]
        for r in rows
    ]
    cities = [(c["name"], city_path(c)) for c in item["cities"]]
    return render("fallback/region.html", region=item, cities=cities, rows=cells)


def yard_list(heading: str, yards: list[dict[str, Any]]) -> str:
    return render("fallback/yards.html", heading=heading, yards=yards)


YARD_CITY_PRICES = 8  # as many of the city's prices as the yard page's card shows


def yard(item: dict[str, Any], city_rows: list[dict[str, Any]]) -> str:
    """The yard, its hours and its own posted prices ("Posted by the yard on <date>"); without
    a current board, the first of the city's prices, said to be the city's."""
    lines = hours_lines(item["weeklyHours"]) if item["weeklyHours"] else []
    if not lines and item.get("openingHours"):
        lines = item["openingHours"].splitlines()
    currency = item["city"]["country"]["currency"]
    board = item.get("postedBoard")
    posted = [
        [
            (p["material"]["name"], material_path(p["material"])),
            price_text(p["priceExact"], currency, p["material"]["saleUnit"]),
            p["date"],
        ]
        for p in (board or {}).get("prices", [])
    ]
    return render(
        "fallback/yard.html",
        yard=item,
        hours=lines,
        board=board,
        posted=posted,
        city_rows=[] if board else city_prices(city_rows[:YARD_CITY_PRICES]),
        city_path=city_path(item["city"]),
    )


def city_prices(rows: list[dict[str, Any]]) -> list[list[Any]]:
    """A city's price rows as its table's cells: material, price, date, source."""
    return [
        [
            (r["material"]["name"], material_path(r["material"])),
            price_text(r["priceExact"], r["currency"], r["material"]["saleUnit"]),
            r["date"],
            provenance(r),
        ]
        for r in rows
    ]


def insights(heading: str, answer: dict[str, Any] | None) -> str:
    sections: list[tuple[str | None, list[Link]]] = []
    for country in (answer or {}).get("countries", []):
        risers = [
            (
                f"{m['material']['name']} in {m['city']['name']}: "
                + format_percent(m["changePercent"]),
                material_path(m["material"]),
            )
            for m in country["risers"]
        ]
        sections.append((f"{country['name']}: Biggest Risers", risers))
    return _links_page(heading, *sections)

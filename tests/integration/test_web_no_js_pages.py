"""The pages a browser without JavaScript gets: the policy pages' full text and the contact
page's details (content/legal-pages.json and content/contact-page.json, the texts the React pages
render too), under a header with the logo and the main navigation (content/site-nav.json); the
calculator as a form sent by GET that shows, for a list, the figures of the API's answer."""

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from scrapindex.formatting import format_money
from scrapindex.settings import PROJECT_ROOT
from tests.integration.test_web_pages import app_client, read_page

LEGAL = json.loads((PROJECT_ROOT / "content/legal-pages.json").read_text())
CONTACT = json.loads((PROJECT_ROOT / "content/contact-page.json").read_text())
NAV = json.loads((PROJECT_ROOT / "content/site-nav.json").read_text())["links"]
META = json.loads((PROJECT_ROOT / "content/page-meta.json").read_text())
LEGAL_PATHS = {
    "privacyPolicy": "/privacy-policy",
    "termsOfService": "/terms-of-service",
    "contentDisclaimer": "/content-disclaimer",
}


@pytest.fixture
def pages(database_url: str, tmp_path: Path) -> Iterator[TestClient]:
    with app_client(database_url, tmp_path) as client:
        yield client


def plain(text: str | list[Any]) -> str:
    """A text of legal-pages.json as a reader sees it: its parts' words, no markup."""
    if isinstance(text, str):
        return text
    return "".join(p if isinstance(p, str) else p.get("strong") or p["link"] for p in text)


def every_text(page: dict[str, Any]) -> list[str]:
    texts = [plain(p) for p in page["intro"]]
    for section in page["sections"]:
        texts.append(section["title"])
        for block in section["blocks"]:
            if "p" in block:
                texts.append(plain(block["p"]))
            elif "list" in block:
                texts += [plain(item) for item in block["list"]]
            else:
                callout = block["callout"]
                texts += [callout["title"], *(plain(p) for p in callout["paragraphs"])]
    return texts


def words(fragment: str) -> str:
    """An HTML fragment's text, as a reader sees it: inline tags dropped, others a space, and
    spaces folded."""
    inline = re.sub(r"</?(a|strong)\b[^>]*>", "", fragment)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", inline)).split())


def part(page_html: str, tag: str) -> str:
    """The first <tag> element of the page's app root (the fallback), whole."""
    root = page_html.split('<div id="root">', 1)[1]
    match = re.search(rf"<{tag}\b.*?</{tag}>", root, re.DOTALL)
    assert match is not None, f"no <{tag}> in the fallback"
    return match.group(0)


@pytest.mark.parametrize("key", LEGAL_PATHS)
def test_a_policy_page_without_javascript_has_its_whole_text(pages: TestClient, key: str) -> None:
    response = pages.get(LEGAL_PATHS[key])
    assert response.status_code == 200
    main = part(response.text, "main")
    text = words(main)
    assert re.findall(r"<h1\b[^>]*>(.*?)</h1>", main) == [META[key]["heading"]]
    for expected in every_text(LEGAL[key]):
        assert expected in text
    titles = [section["title"] for section in LEGAL[key]["sections"]]
    assert [html.unescape(h) for h in re.findall(r"<h2\b[^>]*>(.*?)</h2>", main)] == titles
    assert "Go Home" not in text
    # Links in the text are plain links to the site's pages.
    for href in re.findall(r'<a href="([^"]+)"', main):
        assert href.startswith("/")


def test_the_privacy_policy_says_what_alerts_reports_and_corrections_store(
    pages: TestClient,
) -> None:
    text = words(part(pages.get("/privacy-policy").text, "main"))
    assert "Last updated: December 2024" in text
    assert re.search(r"Price alerts: your email address, the city, and either the material, "
                     r"the price threshold", text)  # fmt: skip
    assert "daily or weekly digest" in text
    assert re.search(r"Price reports: the price you were paid .* the city, the material, .*"
                     r"the date you were paid and your optional note", text)  # fmt: skip
    assert re.search(r"Yard corrections: the changes you suggest .*, your email address and "
                     r"your optional note", text)  # fmt: skip
    assert "salted, one-way hash of your network address" in text
    assert "A sign-up that is not confirmed within 30 days is deleted." in text


@pytest.mark.parametrize(
    "path", [*LEGAL_PATHS.values(), "/contact", "/za/johannesburg", "/calculator"]
)
def test_the_header_without_javascript_has_the_logo_and_the_main_navigation(
    pages: TestClient, path: str
) -> None:
    page = pages.get(path).text
    header = part(page, "header")
    assert re.search(r'<a href="/"[^>]*>.*ScrapIndex</span></a>', header, re.DOTALL)
    nav = re.search(r'<nav aria-label="Main"[^>]*>(.*?)</nav>', header, re.DOTALL)
    assert nav is not None
    links = re.findall(r'<a href="([^"]+)"[^>]*>([^<]+)</a>', nav.group(1))
    assert links == [(link["to"], link["label"]) for link in NAV]
    # The header comes before <main>, and nothing in it needs JavaScript.
    root = page.split('<div id="root">', 1)[1]
    assert root.index("<header") < root.index("<main")
    assert "<button" not in header
    assert "<input" not in header


def test_the_header_marks_the_section_of_the_page(pages: TestClient) -> None:
    header = part(pages.get("/za/johannesburg").text, "header")
    assert re.findall(r'<a href="([^"]+)" aria-current="page"', header) == ["/cities"] * 2
    legal = part(pages.get("/privacy-policy").text, "header")
    assert 'aria-current="page"' not in legal


def test_the_contact_page_without_javascript_says_how_to_reach_us_and_shows_no_form(
    pages: TestClient,
) -> None:
    """The form posts JSON from the app (api/contact.py): a plain HTML form could not send it,
    so there is none; the page says what to do instead."""
    main = part(pages.get("/contact").text, "main")
    text = words(main)
    assert "<form" not in main
    assert META["contact"]["heading"] in text
    assert CONTACT["intro"].replace("{inCities}", "") in text
    for detail in CONTACT["details"]:
        assert detail["title"] in text
        assert detail["text"] in text
    # Said only without JavaScript: while the app loads, the page does not claim it is off.
    noscript = re.search(r"<noscript>(.*?)</noscript>", main, re.DOTALL)
    assert noscript is not None
    assert words(noscript.group(1)) == words(CONTACT["noScript"])
    assert "Go Home" not in text


# A list as the app's URL writes it, and the same list as the form without JavaScript sends it
# (a row per item, a last row left empty, the trip's cost left to the country's figure).
CALCULATOR_ITEMS = ["copper-1:12:kg", "catalytic-converters:2:piece", "insulated-copper-wire:5:kg"]
CALCULATOR_QUERY = {"city": "johannesburg", "item": CALCULATOR_ITEMS, "at": "2026-11-29T10:00"}
CALCULATOR_ROWS = (
    "city=johannesburg&material=copper-1&amount=12&unit=kg"
    "&material=catalytic-converters&amount=2&unit=piece"
    "&material=insulated-copper-wire&amount=5&unit=kg&material=&amount=&unit=kg"
    "&costPerDistance=&at=2026-11-29T10:00"
)


def calculator_page(pages: TestClient, query: str) -> tuple[str, str]:
    """The fallback's <main>: its figures (before the form) and its form."""
    main = part(pages.get(f"/calculator?{query}").text, "main")
    figures, _, form = main.partition("<form")
    return figures, "<form" + form


def test_the_calculator_without_javascript_is_a_form_sent_by_get(pages: TestClient) -> None:
    figures, form = calculator_page(pages, "")
    assert re.findall(r"<h1\b[^>]*>(.*?)</h1>", figures) == [META["calculator"]["heading"]]
    assert "Total at" not in words(figures)
    opening = re.match(r"<form\b[^>]*>", form)
    assert opening is not None
    assert 'method="get"' in opening.group(0)
    assert 'action="/calculator"' in opening.group(0)
    names = re.findall(r'<(?:select|input)\b[^>]*\bname="([^"]+)"', form)
    assert sorted(set(names)) == ["amount", "at", "city", "costPerDistance", "material", "unit"]
    assert names.count("material") == names.count("amount") == names.count("unit") == 3
    # Every control has its label, and the choices are the API's materials and cities.
    controls = re.findall(r'<(?:select|input)\b[^>]*\bid="([^"]+)"', form)
    assert sorted(controls) == sorted(re.findall(r'<label for="([^"]+)"', form))
    materials = {m["slug"] for m in pages.get("/api/materials").json()}
    cities = {c["slug"] for c in pages.get("/api/cities").json()}
    first_row = form.split('name="amount"')[0]
    assert set(re.findall(r'<option value="([^"]+)"', first_row)) == materials
    city_box = re.search(r'<select id="calculator-city".*?</select>', form, re.DOTALL)
    assert city_box is not None
    assert set(re.findall(r'<option value="([^"]+)"', city_box.group(0))) == cities


def test_the_calculator_without_javascript_shows_the_apis_figures(pages: TestClient) -> None:
    """The figures are the API's answer written out (and embedded for the app): not worked out
    again. The yards come in its order, each with its take-home."""
    api = pages.get("/api/calculator", params=CALCULATOR_QUERY).json()
    query = "city=johannesburg&" + "&".join(f"item={i}" for i in CALCULATOR_ITEMS)
    page = pages.get(f"/calculator?{query}&at=2026-11-29T10:00")
    figures, form = calculator_page(pages, f"{query}&at=2026-11-29T10:00")
    text = words(figures)
    assert f"Total at Johannesburg's prices: {format_money(api['total'], 'ZAR')}" in text
    for line in api["lines"]:
        assert f"{line['material']['name']} " in text
        assert format_money(line["value"], "ZAR") in text
    assert api["tips"]  # insulated wire pays more stripped at the demo's prices
    for tip in api["tips"]:
        assert tip["text"] in text
    for assumption in api["assumptions"]:
        assert assumption in text
    ranked = re.findall(r'<li data-testid="ranked-yard".*?</dl>', figures, re.DOTALL)
    assert len(ranked) == len(api["yards"]) > 1
    for row, yard in zip(ranked, api["yards"], strict=True):
        assert f'href="/scrap-yard/{yard["id"]}"' in row
        assert words(row).endswith(f"Take-home {format_money(yard['net'], 'ZAR')}")
    # The app's first render has the same answer, under the key the page asks it with.
    embedded = read_page(page.text).initial_data()["data"]
    assert [["/api/calculator", CALCULATOR_QUERY], api] in embedded
    # The form keeps the list, to change it and work it out again.
    chosen = re.findall(r'<option value="([^"]+)" selected>', form)
    assert chosen[:2] == ["copper-1", "kg"]
    assert "johannesburg" in chosen


def test_the_rows_of_the_form_without_javascript_give_the_same_figures(pages: TestClient) -> None:
    query = "city=johannesburg&" + "&".join(f"item={i}" for i in CALCULATOR_ITEMS)
    from_items, _ = calculator_page(pages, f"{query}&at=2026-11-29T10:00")
    from_rows, _ = calculator_page(pages, CALCULATOR_ROWS)
    assert "Total at Johannesburg" in words(from_rows)
    assert from_rows == from_items
    # Its link is the app's: the list as items.
    link = html.escape(f"/calculator?{query}&at=2026-11-29T10:00")
    assert f'href="{link}"' in from_rows


def test_a_list_the_api_refuses_says_why_without_javascript(pages: TestClient) -> None:
    query = "city=johannesburg&material=catalytic-converters&amount=2&unit=kg"
    response = pages.get(f"/calculator?{query}")
    assert response.status_code == 200
    figures, form = calculator_page(pages, query)
    alert = re.search(r'<p role="alert"[^>]*>(.*?)</p>', figures, re.DOTALL)
    assert alert is not None
    assert "item 1: catalytic-converters is priced per piece: give pieces" in words(alert.group(1))
    assert "Total at" not in words(figures)
    assert re.findall(r'<option value="([^"]+)" selected>', form)[:2] == [
        "catalytic-converters",
        "kg",
    ]


@pytest.mark.parametrize(
    ("path", "link"),
    [
        ("/za/johannesburg", "/calculator?city=johannesburg"),
        ("/material/copper-1", "/calculator?item=copper-1:1:kg"),
        ("/material/silver", "/calculator?item=silver:1:ozt"),
        ("/material/catalytic-converters", "/calculator?item=catalytic-converters:1:piece"),
    ],
)
def test_the_city_and_material_pages_lead_to_the_calculator(
    pages: TestClient, path: str, link: str
) -> None:
    """Without JavaScript too: a city's with its city chosen, a material's with one of it listed
    in the unit its prices show in first (per piece for a catalytic converter)."""
    main = part(pages.get(path).text, "main")
    assert re.findall(r'<a href="(/calculator\?[^"]*)"', main) == [link]
    assert pages.get(link).status_code == 200

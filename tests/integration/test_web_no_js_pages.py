"""The pages a browser without JavaScript gets: the policy pages' full text and the contact
page's details (content/legal-pages.json and content/contact-page.json, the texts the React pages
render too), under a header with the logo and the main navigation (content/site-nav.json)."""

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from scrapindex.settings import PROJECT_ROOT
from tests.integration.test_web_pages import app_client

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


@pytest.mark.parametrize("path", [*LEGAL_PATHS.values(), "/contact", "/za/johannesburg"])
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

"""GET /api/countries/{code}/seller-checklist on both databases: the content files as the API
serves them, in the OpenAPI document; the city and region pages without JavaScript show them;
`scrapindex data legal-reload` brings the stored dealer guidance (NZ, ES) to an older database."""

from collections import Counter
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, delete, select
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from scrapindex import revision
from scrapindex.cli import app as cli
from scrapindex.data.legal import read_legal_rules
from scrapindex.data.seller_checklist import seller_checklist
from scrapindex.models import LegalRule
from scrapindex.settings import get_settings
from tests.conftest import CONTENT_DIR
from tests.integration.test_web_pages import app_client

COUNTRIES = ["za", "us", "gb", "au", "ca", "nz", "es"]


@pytest.mark.parametrize("code", COUNTRIES)
def test_the_api_serves_the_country_file(client: TestClient, code: str) -> None:
    response = client.get(f"/api/countries/{code}/seller-checklist")
    assert response.status_code == 200, response.text
    expected = seller_checklist(CONTENT_DIR, code).model_dump(mode="json", by_alias=True)
    assert response.json() == expected
    first = response.json()["items"][0]
    assert first["topic"] == "who_may_buy"
    assert {"reviewedOn", "confirmed", "note", "sources", "regions"} <= set(first)


def test_an_unknown_country_is_a_404(client: TestClient) -> None:
    response = client.get("/api/countries/xx/seller-checklist")
    assert response.status_code == 404
    assert "xx" in response.json()["message"].lower()


def test_the_checklist_is_in_the_openapi_document(client: TestClient) -> None:
    document = client.get("/api/openapi.json").json()
    answer = document["paths"]["/api/countries/{country_code}/seller-checklist"]["get"]
    schema = answer["responses"]["200"]["content"]["application/json"]["schema"]
    assert schema["$ref"].endswith("/SellerChecklist")
    line = document["components"]["schemas"]["ChecklistItem"]["properties"]
    assert {"reviewedOn", "confirmed", "sources", "regions"} <= set(line)


def section(page: str, heading: str) -> str:
    """The page's fallback section under this heading (the embedded data follows the page)."""
    start = page.index(heading)
    return page[start : page.index("</section>", start)]


@pytest.fixture(scope="module")
def pages(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with app_client(database_url, tmp_path_factory.mktemp("checklist")) as client:
        yield client


def test_the_city_page_without_javascript_shows_the_checklist(pages: TestClient) -> None:
    checklist = section(pages.get("/au/sydney").text, "Before you sell in Australia")
    assert "How you will be paid" in checklist
    # Sydney is in New South Wales: its line first, said to be New South Wales's.
    assert "<strong>In New South Wales:</strong> No cash, and no payment in goods" in checklist
    assert checklist.index("In New South Wales:") < checklist.index("<strong>Victoria:</strong>")
    assert '<a href="https://www.consumer.vic.gov.au/scrapmetal">' in checklist
    assert "Reviewed 2026-11-29." in checklist
    assert "<strong>Not confirmed:</strong>" in checklist


def test_the_region_page_without_javascript_shows_only_its_lines(pages: TestClient) -> None:
    notes = section(pages.get("/ca/alberta").text, "Selling scrap in Alberta")
    assert "No cash: payment only in traceable currency" in notes
    assert "limited to $50" not in notes  # British Columbia's line
    quiet = pages.get("/nz/auckland").text  # a city page: New Zealand has no regional lines
    assert "Before you sell in New Zealand" in quiet


@pytest.fixture
def cli_env(db: Engine, monkeypatch: pytest.MonkeyPatch) -> Iterator[Engine]:
    monkeypatch.setenv("DATABASE_URL", db.url.render_as_string(hide_password=False))
    get_settings.cache_clear()
    yield db
    get_settings.cache_clear()


def test_legal_reload_brings_a_database_seeded_before_a_country_file_up_to_date(
    cli_env: Engine,
) -> None:
    with cli_env.begin() as connection:  # as a database seeded before nz.yaml existed
        connection.execute(delete(LegalRule).where(LegalRule.country_code == "NZ"))
    before = revision.read(cli_env)
    result = CliRunner().invoke(cli, ["data", "legal-reload"])
    assert result.exit_code == 0, result.output
    expected = Counter(r["country_code"] for r in read_legal_rules(CONTENT_DIR))
    assert f"NZ: {expected['NZ']} rules" in result.output
    with Session(cli_env) as session:
        stored = Counter(session.scalars(select(LegalRule.country_code)))
    assert stored == expected
    assert revision.read(cli_env) == before + 1  # cached legal answers go stale

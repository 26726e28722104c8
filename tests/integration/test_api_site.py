"""Search, countries and regions, legal guidance, blog, stats, and the API's common rules."""

import pytest
from fastapi.testclient import TestClient


@pytest.mark.parametrize("q", ["", "a", "lo", "  lo  "])
def test_search_needs_three_characters(client: TestClient, q: str) -> None:
    response = client.get("/api/search", params={"q": q})
    assert response.status_code == 200
    assert response.json() == {"cities": [], "materials": []}


def test_search_matches_city_country_and_material(client: TestClient) -> None:
    body = client.get("/api/search?q=LONdon").json()
    assert "london" in [c["slug"] for c in body["cities"]]
    by_country = client.get("/api/search?q=zealand").json()
    assert {c["country"]["code"] for c in by_country["cities"]} == {"NZ"}
    copper = client.get("/api/search?q=copper").json()
    assert "copper" in [m["slug"] for m in copper["materials"]]
    assert set(copper["materials"][0]) == {"id", "name", "slug", "category", "saleUnit"}


@pytest.mark.parametrize(
    "q", ["copper johannesburg", "scrap copper price johannesburg", "Johannesburg copper per kg"]
)
def test_search_finds_a_material_in_a_city_named_together(client: TestClient, q: str) -> None:
    body = client.get("/api/search", params={"q": q}).json()
    first = body["pairs"][0]
    assert (first["city"]["slug"], first["material"]["slug"]) == ("johannesburg", "copper")
    assert first["city"]["country"]["code"] == "ZA"
    # Other copper grades in the same city follow the exact name.
    assert {pair["city"]["slug"] for pair in body["pairs"]} == {"johannesburg"}
    assert "bare-bright-copper" in [pair["material"]["slug"] for pair in body["pairs"]]


def test_search_pairs_a_city_of_several_words(client: TestClient) -> None:
    body = client.get("/api/search", params={"q": "bare bright copper in cape town"}).json()
    first = body["pairs"][0]
    assert (first["city"]["slug"], first["material"]["slug"]) == ("cape-town", "bare-bright-copper")


@pytest.mark.parametrize("q", ["copper", "johannesburg", "copper atlantis", "scrap price"])
def test_search_without_a_city_and_a_material_has_no_pairs(client: TestClient, q: str) -> None:
    assert "pairs" not in client.get("/api/search", params={"q": q}).json()


def test_search_treats_wildcards_as_text(client: TestClient) -> None:
    assert client.get("/api/search", params={"q": "%%%"}).json() == {"cities": [], "materials": []}
    assert client.get("/api/search", params={"q": "___"}).json() == {"cities": [], "materials": []}


def test_countries_with_counts(client: TestClient) -> None:
    countries = {c["code"]: c for c in client.get("/api/countries").json()}
    assert set(countries) == {"ZA", "US", "AU", "GB", "CA", "NZ", "ES"}
    assert sum(countries[c]["cityCount"] for c in ("ZA", "US", "AU", "GB", "CA")) == 69
    assert countries["GB"]["currency"] == "GBP"
    total_yards = len(client.get("/api/scrap-yards/all").json())
    assert sum(c["yardCount"] for c in countries.values()) == total_yards


def test_regions(client: TestClient) -> None:
    regions = {r["slug"]: r for r in client.get("/api/countries/us/regions").json()}
    assert {"california", "texas", "florida"} <= set(regions)
    california = client.get("/api/countries/US/regions/california").json()
    assert len(california["cities"]) == regions["california"]["cityCount"] >= 4
    assert all(c["region"]["slug"] == "california" for c in california["cities"])
    assert california["scrapYardCount"] > 0
    assert client.get("/api/countries/us/regions/atlantis").status_code == 404
    assert client.get("/api/countries/xx/regions").status_code == 404


@pytest.mark.parametrize("code", ["za", "au", "us", "gb", "ca", "nz", "es"])
def test_legal_guidance_for_seven_countries(client: TestClient, code: str) -> None:
    items = client.get(f"/api/countries/{code}/legal").json()
    assert len(items) >= 4
    assert {i["category"] for i in items} <= {
        "licensing", "identification", "records", "materials", "safety"
    }  # fmt: skip
    assert all(i["title"] and i["description"] and i["requirement"] for i in items)


def test_legal_guidance_carries_the_spec_facts(client: TestClient) -> None:
    za = " ".join(str(v) for i in client.get("/api/countries/za/legal").json() for v in i.values())
    assert "R100,000" in za
    assert "3 years" in za
    gb = " ".join(str(v) for i in client.get("/api/countries/gb/legal").json() for v in i.values())
    assert "£5,000" in gb
    assert "cash" in gb.lower()


def test_legal_guidance_for_new_zealand_and_spain_carries_the_issue_facts(
    client: TestClient,
) -> None:
    """Issue 39: every country we list has guidance now (none answers an empty list)."""
    nz = " ".join(str(v) for i in client.get("/api/countries/nz/legal").json() for v in i.values())
    assert "Secondhand Dealers and Pawnbrokers Act 2004" in nz
    assert "Copper Is an Article" in nz
    assert "14 days" in nz
    es = " ".join(str(v) for i in client.get("/api/countries/es/legal").json() for v in i.values())
    assert "gestores de residuos" in es
    assert "libro-registro" in es
    assert client.get("/api/countries/xx/legal").status_code == 404


def test_blog(client: TestClient) -> None:
    posts = client.get("/api/blog").json()
    assert len(posts) == 7
    assert [p["featured"] for p in posts].count(True) == 1
    dates = [p["publishDate"] for p in posts]
    assert dates == sorted(dates, reverse=True)
    converters = client.get("/api/blog?category=Catalytic Converters").json()
    assert len(converters) == 4
    assert client.get("/api/blog?category=Gossip").status_code == 422

    post = client.get("/api/blog/rhodium-price-per-ounce").json()
    assert post["content"].startswith("<")
    assert "<script" not in post["content"]
    ford = client.get("/api/blog/ford-catalytic-converter-scrap-prices").json()
    assert len(ford["related"]) == 2
    assert all(r["category"] == "Catalytic Converters" for r in ford["related"])
    missing = client.get("/api/blog/no-such-post")
    assert missing.status_code == 404
    assert missing.json()["message"]


def test_stats_are_counted_from_the_data(client: TestClient) -> None:
    stats = client.get("/api/stats").json()
    assert stats["cities"] == len(client.get("/api/cities").json())
    assert stats["scrapYards"] == len(client.get("/api/scrap-yards/all").json())
    assert stats["dailyPriceUpdates"] == 75 * 34
    assert stats["demoData"] is True


def test_etag_and_304(client: TestClient) -> None:
    first = client.get("/api/cities")
    etag = first.headers["etag"]
    assert "max-age" in first.headers["cache-control"]
    again = client.get("/api/cities", headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.content == b""
    other = client.get("/api/cities", headers={"If-None-Match": '"something-else"'})
    assert other.status_code == 200
    assert client.get("/api/materials").headers["etag"] != etag


def test_errors_are_not_cached(client: TestClient) -> None:
    response = client.get("/api/cities/atlantis")
    assert "etag" not in response.headers


def test_unknown_api_path_and_method(client: TestClient) -> None:
    assert client.get("/api/nothing-here").json() == {"message": "Not found"}
    response = client.post("/api/cities")
    assert response.status_code == 405
    assert response.json()["message"]


def test_openapi_and_docs(client: TestClient) -> None:
    schema = client.get("/api/openapi.json").json()
    assert schema["openapi"].startswith("3.")
    paths = schema["paths"]
    for path in ("/api/search", "/api/cities", "/api/cities/{city_slug}/prices",
                 "/api/cities/{city_slug}/overview", "/api/cities/{city_slug}/scrap-yards",
                 "/api/materials", "/api/materials/{material_slug}",
                 "/api/materials/{material_slug}/prices", "/api/prices", "/api/prices/history",
                 "/api/scrap-yards/all", "/api/scrap-yards/{yard_id}"):  # fmt: skip
        assert path in paths
    assert paths["/api/cities"]["get"]["operationId"] == "list_cities"
    assert client.get("/api/docs").status_code == 200


def test_large_responses_are_compressed(client: TestClient) -> None:
    response = client.get("/api/cities", headers={"Accept-Encoding": "gzip"})
    assert response.headers["content-encoding"] == "gzip"
    assert int(response.headers["content-length"]) < len(response.content)
    plain = client.get("/api/cities", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert plain.json() == response.json()
    assert plain.headers["etag"] != response.headers["etag"]


@pytest.mark.parametrize(
    "url", ["/api/cities/lon%00don", "/api/search?q=lon%00", "/api/scrap-yards?q=%00x"]
)
def test_nul_characters_are_refused_not_crashed_on(client: TestClient, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 400
    assert response.json() == {"message": "The request contains a NUL character"}


@pytest.mark.parametrize("slug", ["%E2%9C%93", "x" * 120, "%27%3B--", "..%2F..%2Fetc"])
def test_odd_slugs_are_plain_404s(client: TestClient, slug: str) -> None:
    response = client.get(f"/api/cities/{slug}")
    assert response.status_code == 404
    assert response.json()["message"]

"""The hostile-input test: every text field and query parameter given very long strings, SQL
fragments, control characters, invalid UTF-8, markup and Unicode oddities.

On SQLite and on PostgreSQL it proves that
- no request gets a server error: every path and query parameter of every operation in the app's
  own OpenAPI document (so a new parameter is attacked without anyone adding it here), every
  route of the pages, and every string field of the contact and newsletter forms; the API's
  refusals are JSON with a message, and the limits answer 400 (NUL), 414 and 413 as they should;
- a page never carries the hostile markup unescaped: no element, attribute, comment or script
  of the input's making, and every JSON block in the page still parses;
- the forms store exactly what they accept (but for the whitespace around text, which is trimmed,
  and newsletter addresses, kept in lower case), take text at its length limit in characters of
  up to 4 UTF-8 bytes whole, refuse what they must (blank text, NUL, too long, not matching the
  schema's pattern, a filled-in honeypot, bytes that are no UTF-8) and store nothing of what
  they refuse;
- the data tables are byte for byte what they were: after the forms' posts, on a database of
  their own, and after the GET requests, on the shared one.
"""

import dataclasses
import datetime as dt
import json
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from itertools import count
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, unquote, urlsplit

import pytest
from fastapi.testclient import TestClient
from httpx2 import Response
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from scrapindex.api_keys.keys import create_key
from scrapindex.app import create_app
from scrapindex.middleware.limits import MAX_API_BODY_BYTES, MAX_URI_BYTES
from scrapindex.models import (
    Base,
    ContactMessage,
    ImportRun,
    NewsletterSubscription,
    PriceAlert,
    PriceReport,
    YardClaim,
    YardSuggestion,
)
from scrapindex.schemas.forms import BLANK, SPACES
from scrapindex.settings import PROJECT_ROOT, Settings
from scrapindex.web.route_table import find_route, load_routes
from scrapindex.yard_owners.links import arm, claim_url
from tests.conftest import CONTENT_DIR
from tests.databases import IMPORT_DEMO, count_rows, data_fingerprint, fingerprint
from tests.operators import add_operator, add_owner, log_in

SITE_ROOT = "https://scrapindex.example"
TEMPLATE = (PROJECT_ROOT / "frontend" / "index.html").read_text()


@dataclass(frozen=True)
class Hostile:
    name: str
    text: str | None  # None: bytes that are no text at all (invalid UTF-8, broken escapes)
    url: str  # as it goes into a URL, percent-encoded

    @property
    def has_nul(self) -> bool:
        return "%00" in self.url


def text(name: str, value: str) -> Hostile:
    return Hostile(name, value, quote(value, safe=""))


def encoded(name: str, url: str) -> Hostile:
    return Hostile(name, None, url)


HOSTILE = [
    # Very long: within the URL limit, past it (414), and past the body limit (413).
    text("long-1500", "x" * 1500),
    text("long-10k", "x" * 10_000),
    text("long-100k", "A" * 100_000),
    # SQL, and the LIKE wildcards and escape character.
    text("sql-or", "' OR 1=1 --"),
    text("sql-drop", "'; DROP TABLE prices; --"),
    text("sql-union", "x') UNION SELECT name FROM sqlite_master --"),
    text("like-percent", "%"),
    text("like-underscore", "_"),
    text("backslash", "\\"),
    text("sql-email", "o'neil+1=1--%_@example.org"),
    # Control characters; NUL is refused (PostgreSQL text cannot hold it).
    text("controls", "".join(map(chr, range(1, 32))) + "\x7f"),
    text("crlf", "x\r\nSet-Cookie: injected=1"),
    text("nul", "a\x00b"),
    text("blank", " \t\u3000\u2028 "),
    # Markup.
    text("script", "<script>alert(1)</script>"),
    text("script-end", "</script><!--"),
    text("img", "<img src=x onerror=alert(1)>"),
    text("attribute", "\"'><svg onload=alert(1)>"),
    text("template", "{{7*7}}${7*7}{% raw %}"),
    # Unicode oddities.
    text("rtl-override", "\u202egnp.exe\u202c"),
    text("zero-width", "a\u200db\u200bc\ufeff"),
    text("emoji", "\U0001f469\u200d\U0001f527\U0001f529"),
    text("combining", "Z\u0351\u0362a\u0335\u0301l\u0327g\u0489o"),
    text("superscript-digit", "\u00b2"),
    text("arabic-digits", "\u0661\u0662"),
    text("case-mapping", "\u0130\u00df\u017f\u212a"),
    text("unicode-email", "Zo\u00eb+\U0001f529@example.org"),
    # Path tricks.
    text("traversal", "../../../../etc/passwd"),
    text("separators", "a/b?c=d#e\\f"),
    text("double-slash", "//evil.example"),
    # Invalid UTF-8 and broken escapes, as a client can put them in a URL.
    encoded("utf8-ff-fe", "%ff%fe"),
    encoded("utf8-c3-28", "%c3%28"),
    encoded("utf8-surrogate", "%ed%a0%80"),
    encoded("utf8-overlong", "%c0%af"),
    encoded("bad-escape", "%zz%"),
    encoded("nul-escape", "%00"),
]
# The test client sends no URL over 64 KiB; past 2 KiB the answer is a 414 all the same.
IN_URLS = [h for h in HOSTILE if len(h.url) < 20_000]


def settings_for(database_url: str, **changes: Any) -> Settings:
    return Settings(
        database_url=database_url,
        content_dir=CONTENT_DIR,
        data_dir=Path("/nonexistent"),
        site_root=SITE_ROOT,
        api_rate_limit_per_minute=0,  # one client sends everything: no request may get a 429
        page_rate_limit_per_minute=0,
        **changes,
    )


@pytest.fixture(scope="module")
def site(
    database_url: str, engine: Engine, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[TestClient]:
    """The app with the pages built, over the shared database, which must come out unchanged."""
    dist = tmp_path_factory.mktemp("hostile") / "dist"
    dist.mkdir()
    (dist / "index.html").write_text(TEMPLATE)
    (dist / "assets").mkdir()
    (dist / "assets" / "app.js").write_text("console.log('app');\n")
    settings = settings_for(database_url, frontend_dist=dist)
    app = create_app(settings)
    with TestClient(app, raise_server_exceptions=False) as client:
        # An admin visits, so that the console's parameters are attacked past its login too.
        client.headers.update(log_in(client, add_operator(engine, "admin")))
        # And the owner of the yard the owner's operations are asked about, for those.
        OWNER_HEADERS.update(log_in(client, add_owner(engine, int(VALID["yard_id"]))))
        VALID["run_id"] = str(add_import_run(engine))
        # A key for the bulk operations (quotas no attack run reaches), asked about by the console.
        VALID["key_id"], secret = add_api_key(engine)
        KEY_HEADERS["Authorization"] = f"Bearer {secret}"
        VALID["token"] = add_claim_link(engine, settings)
        before = data_fingerprint(engine)
        yield client
    assert data_fingerprint(engine) == before, "GET requests changed the database"


def add_import_run(engine: Engine) -> int:
    """A recorded import, so that the console's import-run page has one to show."""
    now = dt.datetime.now(dt.UTC)
    run = ImportRun(
        kind="prices", file_name="prices.csv", trigger="cli", status="imported",
        started_at=now, finished_at=now,
    )  # fmt: skip
    with Session(engine) as session:
        session.add(run)
        session.commit()
        return run.id


def add_api_key(engine: Engine) -> tuple[str, str]:
    """A key's id and secret, with quotas no run of these tests reaches."""
    with Session(engine) as session:
        made = create_key(session, name="Hostile", per_day=10**6, per_minute=10**6, by=None)
        session.commit()
        return str(made.key.id), made.secret


def add_claim_link(engine: Engine, settings: Settings) -> str:
    """A live claim link's token for yard 1, so that the claim link's page has one to show."""
    now = dt.datetime.now(dt.UTC)
    claim = YardClaim(
        yard_id=int(VALID["yard_id"]), route="listing-email", email="owner@example.org",
        name="Sipho Dlamini", status="pending", client_hash="0" * 64, created_at=now,
    )  # fmt: skip
    with Session(engine) as session:
        arm(claim, settings, now)
        session.add(claim)
        session.commit()
        url = claim_url(settings, claim, now)
    return parse_qs(urlsplit(url).query)["token"][0]


def expected_refusal(response: Response, hostile: Hostile) -> int | None:
    """The status the limits must answer for this URL, or None when the route answers."""
    if len(response.request.url.raw_path) > MAX_URI_BYTES:
        return 414
    if hostile.has_nul:
        return 400
    return None


def json_problems(response: Response) -> list[str]:
    """An API answer is JSON, and a refusal says why in a message."""
    try:
        body = response.json()
    except ValueError:
        return [f"{response.status_code} is not JSON: {response.text[:80]!r}"]
    if response.status_code >= 400 and not (
        isinstance(body, dict) and isinstance(body.get("message"), str) and body["message"]
    ):
        return [f"{response.status_code} without a message: {response.text[:80]!r}"]
    return []


# The API's operations, from its own OpenAPI document


SCHEMA = create_app(Settings(database_url="sqlite:////nonexistent/schema.sqlite3")).openapi()
# The console's writes and the login take no text a visitor stores: fuzzed by schemathesis,
# logged in and not (test_api_fuzz.py), and tested in test_auth.py. A yard owner's writes are
# behind a login too: fuzzed the same way, their texts tested in test_owner_profile.py.
CONSOLE_PATHS = ("/api/admin/", "/api/auth/", "/api/owner/")
OWNER_PATHS = "/api/owner/"
OWNER_HEADERS: dict[str, str] = {}  # the owner of yard VALID["yard_id"], once logged in
BULK_PATHS = "/api/bulk/"
KEY_HEADERS: dict[str, str] = {}  # an API key's, for the bulk operations
# A value each path parameter and required query parameter is found with, so that one
# parameter at a time can be hostile while the request is otherwise a good one.
VALID = {
    "city_slug": "johannesburg",
    "material_slug": "copper",
    "country_code": "za",
    "region_slug": "gauteng",
    "yard_id": "1",
    "slug": "rhodium-price-per-ounce",
    "materialSlug": "copper",
    "citySlug": "johannesburg",
    "zoom": "3",  # the directory map's clusters
    "city": "johannesburg",  # the directory's filter; the calculator needs a city (or near)
    "item": "copper-1:1:kg",  # the calculator needs one item at least
    "material": "copper",  # a bulk series' material
}


@dataclass(frozen=True)
class ApiParameter:
    path: str
    parameters: tuple[tuple[str, str, bool], ...]  # (name, in, required) of the operation
    name: str

    def url(self, value: str | None) -> str:
        """The operation's URL with this parameter (percent-encoded) ``value``, None: valid."""
        path, query = self.path, []
        for name, where, required in self.parameters:
            if name == self.name and value is not None:
                written = value
            elif name in VALID:
                written = quote(VALID[name], safe="")
            elif where == "path" or required:
                raise LookupError(f"add a valid value for {name} of {self.path} to VALID")
            else:
                continue
            if where == "path":
                path = path.replace("{" + name + "}", written)
            else:
                query.append(f"{name}={written}")
        return path + ("?" + "&".join(query) if query else "")


def api_parameters() -> list[ApiParameter]:
    found = []
    for path, operations in SCHEMA["paths"].items():
        for method, operation in operations.items():
            if method != "get":
                continue  # the forms, the only other operations, are attacked below
            parameters = tuple(
                (p["name"], p["in"], bool(p.get("required")))
                for p in operation.get("parameters", [])
            )
            found += [ApiParameter(path, parameters, name) for name, _, _ in parameters]
    return found


API_PARAMETERS = api_parameters()


def test_the_api_parameters_are_found() -> None:
    """The enumeration itself: it must see the parameters we know of, in paths and queries."""
    found = {(p.path, p.name) for p in API_PARAMETERS}
    assert ("/api/search", "q") in found
    assert ("/api/cities/{city_slug}/scrap-yards", "city_slug") in found
    assert ("/api/cities/{city_slug}/scrap-yards", "sort") in found
    assert ("/api/scrap-yards/{yard_id}", "yard_id") in found
    assert len(found) == len(API_PARAMETERS) >= 30
    writes = {
        path
        for path, operations in SCHEMA["paths"].items()
        for m in operations
        if m != "get" and not path.startswith(CONSOLE_PATHS)
    }
    assert writes == {form.path for form in FORMS} | WRITES_WITHOUT_A_FORM, (
        "a new operation that takes a body"
    )


@pytest.mark.parametrize("parameter", API_PARAMETERS, ids=lambda p: f"{p.path}:{p.name}")
def test_api_parameter(site: TestClient, parameter: ApiParameter) -> None:
    owners = parameter.path.startswith(OWNER_PATHS)
    keyed = parameter.path.startswith(BULK_PATHS)
    headers = OWNER_HEADERS if owners else KEY_HEADERS if keyed else {}
    baseline = site.get(parameter.url(None), headers=headers)
    assert baseline.status_code == 200, "the request is a good one but for the hostile value"
    problems = []
    for hostile in IN_URLS:
        response = site.get(parameter.url(hostile.url), headers=headers)
        refusal = expected_refusal(response, hostile)
        # An owner asking about another yard is refused: 403.
        allowed = {refusal} if refusal else {200, 404, 422} | ({403} if owners else set())
        found = [] if response.status_code in allowed else [f"status {response.status_code}"]
        found += json_problems(response)
        problems += [f"{hostile.name}: {problem}" for problem in found]
    assert not problems, "\n".join(problems)


# The pages


@dataclass(frozen=True)
class PageUrl:
    template: str  # {v} is where the hostile value goes
    good: str  # a value the route answers with a page of its own
    good_status: int = 200

    def url(self, value: str) -> str:
        return self.template.replace("{v}", value)


PAGE_URLS = [
    PageUrl("/{v}", "about"),
    PageUrl("/{v}/", "about", 301),  # the trailing slash is redirected away
    PageUrl("/?q={v}", "copper"),
    PageUrl("/cities?{v}=1", "x"),
    PageUrl("/scrap-metal-prices?x={v}", "x"),
    PageUrl("/insights?{v}=1", "x"),
    PageUrl("/contact?{v}=1", "x"),
    PageUrl("/privacy-policy?x={v}", "x"),
    PageUrl("/terms-of-service?{v}=1", "x"),
    PageUrl("/content-disclaimer?x={v}", "x"),
    PageUrl("/scrap-yards?q={v}", "depot"),
    PageUrl("/scrap-yards?country={v}", "za"),
    PageUrl("/scrap-yards?city={v}", "durban"),
    PageUrl("/scrap-yards?page={v}", "2"),
    PageUrl("/scrap-yards/{v}", "atlantis", 404),  # a known city's list is redirected
    PageUrl("/blog?category={v}", "aluminum"),
    PageUrl("/blog/{v}", "rhodium-price-per-ounce"),
    PageUrl("/material/{v}", "copper"),
    PageUrl("/scrap-yard/{v}", "1"),
    PageUrl("/za/{v}", "johannesburg"),
    PageUrl("/{v}/johannesburg", "za"),
    PageUrl("/us/{v}", "california"),
    PageUrl("/za/{v}/scrap-yards", "johannesburg"),
    PageUrl("/us/new-york/scrap-yards?page={v}", "2"),  # a city with two pages of yards
    # The calculator's list (an item per line, or the rows of its form without JavaScript)
    PageUrl("/calculator?city={v}&item=copper-1:1:kg", "johannesburg"),
    PageUrl("/calculator?city=johannesburg&item={v}", "copper-1:1:kg"),
    PageUrl("/calculator?city=johannesburg&material={v}&amount=1&unit=kg", "copper-1"),
    PageUrl("/calculator?city=johannesburg&item=copper-1:1:kg&costPerDistance={v}", "2.5"),
    PageUrl("/calculator?city=johannesburg&item=copper-1:1:kg&at={v}", "2026-11-29T10:00"),
    PageUrl("/za/johannesburg/scrap-yards?status={v}&sort=reviews", "open"),
    PageUrl("/za/johannesburg/scrap-yards?status=open&sort={v}", "reviews"),
    PageUrl("/za/johannesburg/scrap-yards?q={v}", "metal"),
    PageUrl("/scrap-metal-prices-per-pound-in-{v}", "california", 301),
    PageUrl("/scrap-metal-prices-per-pound-in-california/{v}", "los-angeles", 301),
    PageUrl("/admin/{v}", "inbox"),  # the console: one page for every path below /admin
    PageUrl("/assets/{v}", "app.js"),
    # The server's own pages for links in mail (web/newsletter_pages.py, not in routes.json): a
    # token that is not ours is a page saying so, never an error.
    PageUrl("/newsletter/confirm?token={v}", "not-a-token", 404),
    PageUrl("/newsletter/unsubscribe?token={v}", "not-a-token", 404),
    PageUrl("/alerts/confirm?token={v}", "not-a-token", 404),  # web/alert_pages.py, the same
    PageUrl("/alerts/unsubscribe?token={v}", "not-a-token", 404),
    PageUrl("/alerts/manage?token={v}", "not-a-token", 404),
]


def test_every_page_route_is_attacked() -> None:
    """Every route of content/routes.json that the server renders gets hostile URLs."""
    reached = set()
    for page in PAGE_URLS:
        for value in [page.good, *(h.url for h in IN_URLS)]:
            path = unquote(urlsplit(page.url(value)).path)
            reached.add(find_route(CONTENT_DIR, path)[0].name)
    rendered = {route.name for route in load_routes(CONTENT_DIR) if route.page is not None}
    assert len(rendered) >= 17
    assert rendered <= reached, f"no hostile URL reaches {rendered - reached}"


class PageScan(HTMLParser):
    """What a browser would make of a page: scripts, event handlers, comments."""

    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self.handlers: list[str] = []
        self.comments: list[str] = []
        self._script: tuple[dict[str, str | None], list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handlers += [f"<{tag} {name}>" for name, _ in attrs if name.startswith("on")]
        if tag == "script":
            self._script = (dict(attrs), [])

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        self.handle_endtag(tag)

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            self._script[1].append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._script is not None:
            self.scripts.append((self._script[0], "".join(self._script[1])))
            self._script = None

    def handle_comment(self, data: str) -> None:
        self.comments.append(data)


def comments_of(html: str) -> set[str]:
    scan = PageScan()
    scan.feed(html)
    return set(scan.comments)


# The template's own comments; the markers among them are replaced when a page is made.
TEMPLATE_COMMENTS = comments_of(TEMPLATE)
# Raw text that is only in a page if hostile markup got into it unescaped.
UNESCAPED = ["<script>alert(1)", "</script><!--", "<img src=x", "<svg onload", "'><"]


def html_problems(html: str) -> list[str]:
    problems = [f"unescaped {marker!r}" for marker in UNESCAPED if marker in html]
    if html.count("<script") != html.count("</script>"):
        problems.append("a <script> element closed early or opened")
    scan = PageScan()
    scan.feed(html)
    scan.close()
    problems += [f"event handler {handler}" for handler in scan.handlers]
    problems += [f"comment {c!r}" for c in set(scan.comments) - TEMPLATE_COMMENTS]
    for attrs, body in scan.scripts:
        if attrs.get("type") in ("application/json", "application/ld+json"):
            try:
                json.loads(body)
            except ValueError:
                problems.append(f"a JSON block no longer parses: {body[:80]!r}")
        elif not attrs.get("src") or body.strip():
            problems.append(f"an inline script: {body[:80]!r}")
    return problems


def page_problems(response: Response, allowed: set[int]) -> list[str]:
    status = response.status_code
    problems = [] if status in allowed else [f"status {status}"]
    if status in (301, 302, 307, 308):
        location = response.headers["location"]
        if not location.startswith("/") or location.startswith(("//", "/\\")):
            problems.append(f"redirected off the site: {location!r}")
        if any(not 0x20 < ord(c) < 0x7F or c in '<>"' for c in location):
            problems.append(f"an unescaped Location: {location!r}")
    elif response.headers.get("content-type", "").startswith("text/html"):
        problems += html_problems(response.text)
    elif status != 200:  # a 200 that is no page is a file of the build (/assets/app.js)
        problems += json_problems(response)
    return problems


@pytest.mark.parametrize("page", PAGE_URLS, ids=lambda page: page.template)
def test_page(site: TestClient, page: PageUrl) -> None:
    good = site.get(page.url(page.good), follow_redirects=False)
    assert good.status_code == page.good_status
    assert not page_problems(good, {page.good_status})
    problems = []
    for hostile in IN_URLS:
        response = site.get(page.url(hostile.url), follow_redirects=False)
        refusal = expected_refusal(response, hostile)
        allowed = {refusal} if refusal else {200, 301, 404}
        problems += [f"{hostile.name}: {p}" for p in page_problems(response, allowed)]
    assert not problems, "\n".join(problems)


def test_page_checks_see_unescaped_markup() -> None:
    """The page checks themselves: each kind of break-out the hostile values try is seen."""
    clean = TEMPLATE.replace("<!--app-head-->", "").replace("<!--/app-head-->", "")
    broken = [
        clean.replace("</head>", "<script>alert(1)</script></head>"),
        clean.replace("</head>", '<script type="application/json">{"a":"</script><!--"}</script>'),
        clean.replace("<!--app-root-->", "<img src=x onerror=alert(1)>"),
        clean.replace("<!--app-root-->", '<a href=""\'><svg onload=alert(1)>">x</a>'),
        clean.replace("<!--app-root-->", "<p><!-- x --></p>"),
    ]
    assert not html_problems(clean.replace("<!--app-root-->", "&lt;script&gt;alert(1)"))
    for html in broken:
        assert html_problems(html), html


# The forms, on a database of their own


@dataclass(frozen=True)
class Form:
    path: str
    model: type[Base]
    good: Callable[[int], dict[str, Any]]  # a good body; the number makes it unique
    stored_as: dict[str, Callable[[str], str] | None]  # field -> its stored form; None: not kept
    url: str = ""  # where it is posted, when the path has a parameter
    # Fields checked against the data (a city's slug, a day of the last two weeks): a value the
    # schema allows may still be refused, so they are attacked by the form's own tests instead.
    data_fields: frozenset[str] = frozenset()
    columns: dict[str, str] = dataclasses.field(
        default_factory=dict
    )  # field -> its column, when another

    @property
    def fields(self) -> dict[str, dict[str, Any]]:
        """The body's string fields, from the OpenAPI document."""
        operation = SCHEMA["paths"][self.path]["post"]
        reference = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        schema = SCHEMA["components"]["schemas"][reference.rsplit("/", 1)[1]]
        return {
            name: field
            for name, field in schema["properties"].items()
            if string_schema(field) is not None
        }


def string_schema(field: dict[str, Any]) -> dict[str, Any] | None:
    if field.get("type") == "string":
        return field
    return next(
        (branch for branch in field.get("anyOf", []) if branch.get("type") == "string"), None
    )


def trimmed(value: str) -> str:
    return value.strip(SPACES)  # the space the forms trim from text, as their schema says


def header_trimmed(value: str) -> str:
    """Name and subject (mail headers later) also lose invisible characters at their edges."""
    return value.strip(BLANK)


def same(value: str) -> str:
    return value


FORMS = [
    Form(
        "/api/contact",
        ContactMessage,
        lambda n: {
            "name": "Thandi Mokoena",
            "email": "thandi@example.org",
            "subject": f"Copper prices {n}",
            "message": "Do you track #2 copper in Pretoria?",
        },
        {
            "name": header_trimmed,
            "email": same,
            "subject": header_trimmed,
            "category": same,
            "message": trimmed,
            "website": None,
        },
    ),
    Form(
        "/api/newsletter",
        NewsletterSubscription,
        lambda n: {"email": f"reader-{n}@example.org"},
        {"email": str.lower, "website": None},
    ),
    Form(
        "/api/price-reports",
        PriceReport,
        lambda n: {
            "materialSlug": "copper",
            "citySlug": "johannesburg",
            "price": 100 + n,
            "unit": "kg",
            "note": f"Paid at the gate {n}",
        },
        {"note": trimmed, "website": None},
        data_fields=frozenset({"materialSlug", "citySlug", "currency", "date", "unit"}),
    ),
    Form(
        "/api/scrap-yards/{yard_id}/suggestions",
        YardSuggestion,
        lambda n: {
            "changes": {"phone": "+27 11 555 0100"},
            "email": f"seller-{n}@example.org",
            "note": f"Their new number {n}",
        },
        {"email": same, "note": trimmed, "website": None},
        url="/api/scrap-yards/1/suggestions",
    ),
    Form(
        "/api/alerts",
        PriceAlert,
        lambda n: {
            "email": f"alerts-{n}@example.org",
            "citySlug": "johannesburg",
            "materialSlug": "copper",
            "kind": "above",
            "threshold": 200,
        },
        {"email": str.lower, "website": None},
        data_fields=frozenset({"citySlug", "materialSlug", "kind", "unit"}),
    ),
    Form(
        "/api/scrap-yards/{yard_id}/claims",
        YardClaim,
        lambda n: {
            "name": f"Sipho Dlamini {n}",
            "email": f"owner-{n}@example.org",
            "route": "operators",
            "evidence": f"I run this yard; our VAT invoice number is {n}, our sign is at the gate.",
        },
        {"name": header_trimmed, "email": str.lower, "route": same, "website": None},
        url="/api/scrap-yards/1/claims",
        # The operators' route wants 20 characters of evidence, a rule the schema cannot say:
        # test_yard_claims attacks it.
        data_fields=frozenset({"evidence"}),
    ),
    Form(
        "/api/api-access-requests",
        ContactMessage,
        lambda n: {
            "name": "Lerato Dube",
            "email": "lerato@example.org",
            "company": f"Dube Metals {n}",
            "intendedUse": "Daily copper prices in our buying app",
            "requestsPerDay": 2000,
        },
        {
            "name": header_trimmed,
            "email": same,
            "company": lambda v: f"API access request: {header_trimmed(v)}"[:200],
            "intendedUse": None,  # inside the composed message (api/api_access.py)
            "website": None,
        },
        columns={"company": "subject"},
    ),
]
# Writes that take a body but no hostile text of a visitor's: confirming a claim needs a live
# link's token (test_yard_claims refuses a bad one and throttles guesses).
WRITES_WITHOUT_A_FORM = {"/api/yard-claims/{token}/confirm"}


def verdict(field: dict[str, Any], value: str) -> bool | None:
    """Must the form take this value (True), refuse it (False), or may it do either (None)?"""
    text = string_schema(field)
    assert text is not None
    if "\x00" in value or len(value) > text.get("maxLength", math.inf):
        return False
    if field.get("maxLength") == 0:  # the honeypot: a person leaves it empty
        return not value
    if "enum" in text:
        return value in text["enum"]
    if len(trimmed(value)) < text.get("minLength", 0):
        return False  # blank once trimmed
    if "pattern" in text and not re.search(text["pattern"], value):
        return False
    if "format" in text:
        return None  # an email address: the validator has the last word
    return True


def edge_values(field: dict[str, Any]) -> list[tuple[str, str]]:
    """Text at the field's length limit and one past it, of characters 1 to 4 UTF-8 bytes long."""
    schema = string_schema(field)
    limit = schema.get("maxLength") if schema else None
    if not limit:
        return []
    at_limit = ("\U0001f529é<'" * limit)[:limit]
    return [("at-max-length", at_limit), ("past-max-length", at_limit + "é")]


# Bytes that are no UTF-8, and JSON escapes of lone surrogates (no character at all).
UNDECODABLE = [
    b"\xff\xfe",
    b"\xc3\x28",
    b"\xed\xa0\x80",
    b"\xc0\xaf",
    b"\xe2\x82",
    b"\\ud800",
    b"x\\udfff",
]


class FormRun:
    """Posts to the forms, each time from another client address, checking what is stored."""

    def __init__(self, client: TestClient, engine: Engine) -> None:
        self.client = client
        self.engine = engine
        self.numbers = count(1)
        self.accepted = 0
        self.refused = 0

    def rows(self) -> dict[str, int]:
        return {form.path: count_rows(self.engine, form.model) for form in FORMS}

    def post(self, form: Form, body: bytes, sent: dict[str, Any], must: bool | None) -> list[str]:
        """Post ``body``, which holds ``sent``; ``must``: see verdict."""
        too_large = len(body) > MAX_API_BODY_BYTES  # refused with 413, unread
        must = False if too_large else must
        before = self.rows()
        response = self.client.post(
            form.url or form.path,
            content=body,
            headers={
                "content-type": "application/json",
                # The forms take 5 posts a minute from a client: each post is another client.
                "x-forwarded-for": f"2001:db8::{next(self.numbers):x}",
            },
        )
        status = response.status_code
        problems = json_problems(response)
        after = self.rows()
        stored = {path: after[path] - before[path] for path in after}
        if status in (200, 201, 202):
            self.accepted += 1
            if must is False:
                problems.append(f"accepted with {status}")
            elif stored != {f.path: int(f.model is form.model) for f in FORMS}:
                problems.append(f"accepted, rows stored: {stored}")
            else:
                problems += self.stored_problems(form, sent)
        elif status in (400, 413, 422):
            self.refused += 1
            if must or too_large != (status == 413):
                problems.append(f"refused with {status}: {response.text[:120]}")
            if any(stored.values()):
                problems.append(f"refused with {status}, rows stored: {stored}")
        else:
            problems.append(f"status {status}: {response.text[:80]!r}")
        return problems

    def stored_problems(self, form: Form, sent: dict[str, Any]) -> list[str]:
        table = form.model.__table__
        with self.engine.connect() as connection:
            row = connection.execute(select(table).order_by(table.c.id.desc()).limit(1)).one()
        problems = []
        for field, value in sent.items():
            if field in form.data_fields or not isinstance(value, str):
                continue  # checked against the data, or not text (a price, the changes)
            stored_as = form.stored_as[field]  # a new field: say here how it is stored
            column = form.columns.get(field, field)
            if stored_as is not None and getattr(row, column) != stored_as(value):
                problems.append(f"{field} stored as {getattr(row, column)!r:.80}")
        return problems


TEXTS = [(hostile.name, hostile.text) for hostile in HOSTILE if hostile.text is not None]


def test_forms_store_what_they_accept_and_nothing_else(
    fresh_database: Callable[..., Engine],
) -> None:
    # The forms write: a database of the test's own, the import tests' short one (quick to check).
    engine = fresh_database(IMPORT_DEMO)
    before = fingerprint(engine)
    url = engine.url.render_as_string(hide_password=False)
    app = create_app(settings_for(url, trust_proxy_headers=True))
    problems: list[str] = []
    with TestClient(app, raise_server_exceptions=False) as client:
        run = FormRun(client, engine)
        for form in FORMS:
            fields = form.fields
            assert set(fields) == set(form.stored_as) | form.data_fields, "every string field"
            for field, schema in fields.items():
                if field in form.data_fields:
                    continue
                for name, value in TEXTS + edge_values(schema):
                    sent = {**form.good(next(run.numbers)), field: value}
                    body = json.dumps(sent, ensure_ascii=False).encode()
                    found = run.post(form, body, sent, verdict(schema, value))
                    problems += [f"{form.path} {field} {name}: {p}" for p in found]
                for raw in UNDECODABLE:
                    good = form.good(next(run.numbers))
                    body = json.dumps({**good, field: "@@"}).encode().replace(b"@@", raw)
                    found = run.post(form, body, good, must=False)
                    problems += [f"{form.path} {field} {raw!r}: {p}" for p in found]
    after = fingerprint(engine)
    for table, (rows, digest) in after.items():
        # The forms' own tables, the mail they queue (confirmations, the operator's notice), and
        # the sign-ups the newsletter's and the alerts' limits count; a claim is audited.
        kept = {"outbox_messages", "sign_up_attempts", "audit_log"}
        if table not in {form.model.__tablename__ for form in FORMS} | kept:
            assert (rows, digest) == before[table], f"{table} changed"
    assert not problems, "\n".join(problems)
    assert run.accepted > 50  # both ways, many times
    assert run.refused > 100

"""What each route of the site is, before the page leaves the server.

The route, its page module and the API calls its first render makes come from the route table
(web/route_table.py, content/routes.json, which the React router reads too). For a path this
module makes those calls at once, and returns the status code, the head, the data to embed and
a plain-HTML fallback of the main content. Unknown cities, materials, yards, posts and paths get
a real 404 here, and the embedded not-found answer spares the browser asking again.
"""

import asyncio
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from starlette.types import ASGIApp

from scrapindex.middleware.outage import ServiceUnavailable
from scrapindex.web import fallback, structured
from scrapindex.web.head import Head, PageTexts, page_texts, with_page_suffix
from scrapindex.web.internal_api import ApiAnswer, api_get
from scrapindex.web.route_table import (
    PageSpec,
    QuerySpec,
    Route,
    every_page_queries,
    fill,
    find_route,
    load_routes,
    written_page,
)
from scrapindex.web.search_query import TRIMMED, search_queries

QueryKey = list[Any]
Answers = dict[str, ApiAnswer]  # by the table's path template

STATIC_PAGES = ("about", "contact", "privacyPolicy", "termsOfService", "contentDisclaimer")
LEGAL_PAGES = ("privacyPolicy", "termsOfService", "contentDisclaimer")  # content/legal-pages.json
# What a path's country code and slugs may be (query parameters: routes.json's searchQueries)
COUNTRY_CODE = re.compile(r"^[a-z]{2}$", re.IGNORECASE)
SLUG = re.compile(r"^[a-z0-9-]{1,120}$")


@dataclass
class PageRender:
    status: int
    head: Head
    chunk: str  # the route's page module in the Vite manifest, preloaded with the HTML
    fallback_html: str
    data: list[tuple[QueryKey, bytes]] = field(default_factory=list)  # JSON, as the API wrote it
    errors: list[tuple[QueryKey, int, str]] = field(default_factory=list)


@dataclass
class PageContext:
    app: ASGIApp
    content_dir: Path
    site_root: str
    path: str
    query: dict[str, str]
    data: list[tuple[QueryKey, bytes]] = field(default_factory=list)
    errors: list[tuple[QueryKey, int, str]] = field(default_factory=list)
    # The query's parameters in order, a repeated one each time (the calculator's items)
    pairs: list[tuple[str, str]] = field(default_factory=list)

    async def fetch(self, path: str, params: dict[str, Any] | None = None) -> ApiAnswer:
        """GET from our API; remember the answer under the SPA's query key for embedding. A list
        value is sent as its parameter repeated."""
        answer = await api_get(self.app, path, urlencode(params or {}, doseq=True))
        key: QueryKey = [path, params] if params else [path]
        if answer.status == 503:
            raise ServiceUnavailable(f"{path} answered 503")
        if answer.ok:
            self.data.append((key, answer.body))
        elif answer.status == 404:
            self.errors.append((key, 404, answer.body.decode("utf-8", "replace")))
        return answer

    async def fetch_all(self, specs: tuple[QuerySpec, ...], values: Mapping[str, Any]) -> Answers:
        """The table's calls, made at once; answers by path template."""
        answers = await asyncio.gather(
            *(self.fetch(fill(s.path, values), self.params_of(s)) for s in specs)
        )
        return {spec.path: answer for spec, answer in zip(specs, answers, strict=True)}

    async def fetch_page(self, page: PageSpec, params: dict[str, str]) -> Answers:
        """The page's first-render calls; ``then`` ones only when the first found its entity."""
        values = url_values(params)
        answers = await self.fetch_all(page.queries, values)
        entity = answers.get(page.queries[0].path) if page.queries else None
        if page.then and entity is not None and entity.ok:
            answers |= await self.fetch_all(page.then, {**entity.json(), **values})
        return answers

    def params_of(self, spec: QuerySpec) -> dict[str, Any] | None:
        if isinstance(spec.params, str):  # read from the page's URL, as the browser reads it
            return search_queries(self.content_dir)[spec.params].read(self.query)
        return dict(spec.params) if spec.params else None

    def texts(self, key: str, **params: str) -> PageTexts:
        return page_texts(self.content_dir, key, **params)

    def render(
        self, status: int, texts: PageTexts, chunk: str, main: str, json_ld: list[dict[str, Any]]
    ) -> PageRender:
        head = Head(texts=texts, path=self.path, json_ld=json_ld)
        return PageRender(status, head, chunk, main, self.data, self.errors)

    def not_found(self, key: str, chunk: str, heading: str, message: str) -> PageRender:
        main = fallback.message_page(heading, message)
        return self.render(404, self.texts(key), chunk, main, [])


def url_values(params: dict[str, str]) -> dict[str, str]:
    """Path parameters as the app's query keys spell them (country codes in lower case)."""
    return {k: v.lower() if k == "countryCode" else v for k, v in params.items()}


def json_of(answer: ApiAnswer | None, empty: Any) -> Any:
    return answer.json() if answer is not None and answer.ok else empty


def asked_page(query: dict[str, str]) -> int:
    """The page the URL asks for, past the API's range too (1 when it asks for none)."""
    return written_page(query.get("page", "1")) or 1


def is_past_last_page(answer: ApiAnswer | None, asked: int) -> bool:
    """A paged list asked for a page after its last (page 1 of an empty list is a real page)."""
    pagination = json_of(answer, {}).get("pagination")
    return asked > 1 and (pagination is None or asked > max(pagination["pages"], 1))


Handler = Callable[[PageContext, Route, dict[str, str]], Awaitable[PageRender]]


def page_of(route: Route) -> PageSpec:
    assert route.page is not None, f"route {route.name} has no page module"
    return route.page


async def home(ctx: PageContext, route: Route, params: dict[str, str]) -> PageRender:
    page = page_of(route)
    answers = await ctx.fetch_page(page, params)
    texts = ctx.texts("home")
    main = fallback.home(
        texts.heading, json_of(answers["/api/cities"], []), json_of(answers["/api/materials"], [])
    )
    json_ld = [structured.website(ctx.site_root), structured.organization(ctx.site_root)]
    return ctx.render(200, texts, page.module, main, json_ld)


async def cities_list(ctx: PageContext, route: Route, params: dict[str, str]) -> PageRender:
    page = page_of(route)
    answers = await ctx.fetch_page(page, params)
    texts = ctx.texts("cities")
    main = fallback.city_list(texts.heading, json_of(answers["/api/cities"], []))
    return ctx.render(200, texts, page.module, main, [])


async def materials_list(ctx: PageContext, route: Route, params: dict[str, str]) -> PageRender:
    page = page_of(route)
    answers = await ctx.fetch_page(page, params)
    texts = ctx.texts("materials")
    main = fallback.material_list(texts.heading, json_of(answers["/api/materials"], []))
    return ctx.render(200, texts, page.module, main, [])


async def directory(ctx: PageContext, route: Route, params: dict[str, str]) -> PageRender:
    page = page_of(route)
    answers = await ctx.fetch_page(page, params)
    listed = answers.get("/api/scrap-yards")
    if is_past_last_page(listed, asked_page(ctx.query)):
        return page_not_found(ctx, page.module)
    texts = with_page_suffix(ctx.content_dir, ctx.texts("directory"), asked_page(ctx.query))
    main = fallback.yard_list(texts.heading, json_of(listed, {}))
    return ctx.render(200, texts, page.module, main, [])


def page_not_found(ctx: PageContext, chunk: str) -> PageRender:
    return ctx.not_found(
        "notFound", chunk, "Page Not Found", "This list has fewer pages than the link asks for."
    )


async def insights(ctx: PageContext, route: Route, params: dict[str, str]) -> PageRender:
    page = page_of(route)
    answers = await ctx.fetch_page(page, params)
    texts = ctx.texts("insights")
    main = fallback.insights(texts.heading, json_of(answers["/api/insights"], None))
    return ctx.render(200, texts, page.module, main, [])


async def blog_list(ctx: PageContext, route: Route, params: dict[str, str]) -> PageRender:
    page = page_of(route)
    answers = await ctx.fetch_page(page, params)
    posts = json_of(answers["/api/blog"], [])
    # ?category=catalytic-converters, as the blog's chips write it
    labels = {p["category"].lower().replace(" ", "-"): p["category"] for p in posts}
    label = labels.get(ctx.query.get("category", ""))
    texts = ctx.texts("blogCategory", category=label) if label else ctx.texts("blog")
    main = fallback.post_list(ctx.texts("blog").heading, posts)
    return ctx.render(200, texts, page.module, main, [])


async def blog_post(ctx: PageContext, route: Route, params: dict[str, str]) -> PageRender:
    page = page_of(route)
    answers = await ctx.fetch_page(page, params) if SLUG.match(params["slug"]) else {}
    answer = answers.get("/api/blog/{slug}")
    if answer is None or not answer.ok:
        return ctx.not_found(
            "postNotFound",
            page.module,
            "Post Not Found",
            "The blog post you're looking for doesn't exist",
        )
    post = answer.json()
    texts = ctx.texts("blogPost", title=post["title"], description=post["description"])
    crumbs = [("Home", "/"), ("Blog", "/blog"), (post["title"], ctx.path)]
    json_ld = [
        structured.blog_posting(ctx.site_root, ctx.path, post),
        structured.breadcrumbs(ctx.site_root, crumbs),
    ]
    return ctx.render(200, texts, page.module, fallback.post(post), json_ld)


async def static_page(ctx: PageContext, route: Route, params: dict[str, str]) -> PageRender:
    page = page_of(route)
    await ctx.fetch_page(page, params)
    texts = ctx.texts(route.name)
    if route.name in LEGAL_PAGES:
        main = fallback.legal_page(route.name, texts.heading)
    elif route.name == "contact":
        main = fallback.contact_page(texts.heading)
    else:
        main = fallback.message_page(texts.heading, texts.description)
    return ctx.render(200, texts, page.module, main, [])


async def material(ctx: PageContext, route: Route, params: dict[str, str]) -> PageRender:
    page = page_of(route)
    answers = await ctx.fetch_page(page, params) if SLUG.match(params["materialSlug"]) else {}
    answer = answers.get("/api/materials/{materialSlug}")
    if answer is None or not answer.ok:
        return ctx.not_found(
            "materialNotFound",
            page.module,
            "Material Not Found",
            "The requested scrap metal material could not be found.",
        )
    item = answer.json()
    listed = answers["/api/materials/{materialSlug}/markets"]
    if is_past_last_page(listed, asked_page(ctx.query)):
        return page_not_found(ctx, page.module)
    markets = json_of(listed, {})
    rows, total = markets.get("data", []), markets.get("pagination", {}).get("total", 0)
    texts = with_page_suffix(
        ctx.content_dir,
        ctx.texts("material", material=item["name"], category=item["category"]),
        asked_page(ctx.query),
    )
    crumbs = [
        ("Home", "/"),
        ("Scrap Metal Prices", "/scrap-metal-prices"),
        (item["name"], ctx.path),
    ]
    query = search_queries(ctx.content_dir)["materialMarketsPage"].read(ctx.query)
    order = (query["sort"], query["order"])
    first = (query["page"] - 1) * query["limit"] + 1  # the page's first market's position
    json_ld = [structured.breadcrumbs(ctx.site_root, crumbs)]
    if order == ("price", "desc"):  # a ranking, best-paying first
        json_ld.append(structured.material_price_list(ctx.site_root, item, rows, first))
    main = fallback.material(item, rows, total, first, order)
    return ctx.render(200, texts, page.module, main, json_ld)


def is_place(params: dict[str, str]) -> bool:
    return bool(COUNTRY_CODE.match(params["countryCode"]) and SLUG.match(params["citySlug"]))


def city_of(answers: Answers, params: dict[str, str]) -> dict[str, Any] | None:
    """The city the path names, when it exists in the country the path names."""
    city: dict[str, Any] | None = json_of(answers.get("/api/cities/{citySlug}"), None)
    if city is None or city["country"]["code"].lower() != params["countryCode"].lower():
        return None
    return city


def city_not_found(ctx: PageContext, chunk: str) -> PageRender:
    return ctx.not_found(
        "cityNotFound", chunk, "City Not Found", "The city you're looking for doesn't exist."
    )


async def city_or_region(ctx: PageContext, route: Route, params: dict[str, str]) -> PageRender:
    page = page_of(route)
    if not is_place(params):
        return city_not_found(ctx, page.module)
    answers = await ctx.fetch_page(page, params)
    city = city_of(answers, params)
    if city is not None:
        return city_page(ctx, page, city, answers)
    if route.region is not None:
        region_answers = await ctx.fetch_page(route.region, params)
        region = region_answers["/api/countries/{countryCode}/regions/{citySlug}"]
        if region.ok:
            return region_page(ctx, route.region, region.json(), region_answers)
    return city_not_found(ctx, page.module)


def city_page(
    ctx: PageContext, page: PageSpec, city: dict[str, Any], answers: Answers
) -> PageRender:
    country = city["country"]
    rows = json_of(answers["/api/cities/{citySlug}/prices"], [])
    texts = ctx.texts(
        "city", city=city["name"], country=country["name"], currency=country["currency"]
    )
    crumbs = [("Home", "/"), (country["name"], None), (city["name"], ctx.path)]
    json_ld = [
        structured.breadcrumbs(ctx.site_root, crumbs),
        structured.city_price_list(ctx.site_root, city, rows),
    ]
    checklist = json_of(answers.get("/api/countries/{countryCode}/seller-checklist"), None)
    return ctx.render(200, texts, page.module, fallback.city(city, rows, checklist), json_ld)


def region_page(
    ctx: PageContext, page: PageSpec, region: dict[str, Any], answers: Answers
) -> PageRender:
    country = region["country"]
    rows = json_of(answers["/api/countries/{countryCode}/regions/{citySlug}/prices"], [])
    texts = ctx.texts(
        "region",
        region=region["name"],
        country=country["name"],
        cityCount=str(len(region["cities"])),
    )
    crumbs = [("Home", "/"), (country["name"], None), (region["name"], ctx.path)]
    json_ld = [structured.breadcrumbs(ctx.site_root, crumbs)]
    checklist = json_of(answers.get("/api/countries/{countryCode}/seller-checklist"), None)
    main = fallback.region(region, rows, checklist)
    return ctx.render(200, texts, page.module, main, json_ld)


async def city_yards(ctx: PageContext, route: Route, params: dict[str, str]) -> PageRender:
    page = page_of(route)
    answers = await ctx.fetch_page(page, params) if is_place(params) else {}
    city = city_of(answers, params)
    if city is None:
        return city_not_found(ctx, page.module)
    listed = answers["/api/cities/{citySlug}/scrap-yards"]
    if is_past_last_page(listed, asked_page(ctx.query)):
        return page_not_found(ctx, page.module)
    country = city["country"]
    texts = with_page_suffix(
        ctx.content_dir,
        ctx.texts("cityYards", city=city["name"], country=country["name"]),
        asked_page(ctx.query),
    )
    city_path = fallback.city_path(city)
    crumbs = [("Home", "/"), (city["name"], city_path), ("Scrap Yards", ctx.path)]
    main = fallback.yard_list(f"Scrap Yards in {city['name']}", json_of(listed, {}))
    return ctx.render(
        200, texts, page.module, main, [structured.breadcrumbs(ctx.site_root, crumbs)]
    )


async def yard(ctx: PageContext, route: Route, params: dict[str, str]) -> PageRender:
    page = page_of(route)
    yard_id = params["yardId"]
    valid = yard_id.isdigit() and not yard_id.startswith("0") and len(yard_id) < 10
    answers = await ctx.fetch_page(page, params) if valid else {}
    answer = answers.get("/api/scrap-yards/{yardId}")
    if answer is None or not answer.ok:
        return ctx.not_found(
            "yardNotFound",
            page.module,
            "Scrap Yard Not Found",
            "The requested scrap yard could not be found",
        )
    found = answer.json()
    city = found["city"]
    texts = ctx.texts(
        "yard",
        yard=found["name"],
        city=city["name"],
        country=city["country"]["name"],
        address=found["address"],
    )
    crumbs = [
        ("Home", "/"),
        ("Scrap Yards", "/scrap-yards"),
        (city["name"], fallback.city_path(city) + "/scrap-yards"),
        (found["name"], ctx.path),
    ]
    json_ld = [
        structured.local_business(ctx.site_root, ctx.path, found),
        structured.breadcrumbs(ctx.site_root, crumbs),
    ]
    city_rows = json_of(answers.get("/api/cities/{city.slug}/prices"), [])
    return ctx.render(200, texts, page.module, fallback.yard(found, city_rows), json_ld)


@dataclass(frozen=True)
class CalculatorUrl:
    """The calculator's list as its URL gives it (frontend/src/pages/calculator/calculator-url.ts
    reads it the same way; tests/fixtures/calculator-url-cases.json holds both to it)."""

    city: str
    items: list[str]  # as written: the API says which one is wrong, and why
    cost_per_distance: str
    at: str


def calculator_url(pairs: list[tuple[str, str]]) -> CalculatorUrl:
    """``item`` parameters first, then the rows the form without JavaScript submits (material,
    amount and unit, repeated): a row with a material and an amount is an item."""

    def all_of(name: str) -> list[str]:
        return [value for key, value in pairs if key == name]

    def first(name: str) -> str:
        return next(iter(all_of(name)), "").strip(TRIMMED)

    written = [item.strip(TRIMMED) for item in all_of("item")]
    amounts, units = all_of("amount"), all_of("unit")
    rows = []
    for i, material in enumerate(all_of("material")):
        amount = amounts[i].strip(TRIMMED) if i < len(amounts) else ""
        unit = units[i].strip(TRIMMED) if i < len(units) else ""
        if material.strip(TRIMMED) and amount:
            rows.append(f"{material.strip(TRIMMED)}:{amount}:{unit}")
    city = first("city").lower()
    return CalculatorUrl(
        city=city if SLUG.fullmatch(city) else "",
        items=[item for item in written if item] + rows,
        cost_per_distance=first("costPerDistance"),
        at=first("at"),
    )


def calculator_query(url: CalculatorUrl) -> dict[str, Any] | None:
    """The API query for the list, as the page asks it; None while there is nothing to work out
    (no item, or no city: only the browser may stand the visitor's location in for one)."""
    if not url.items or not url.city:
        return None
    query: dict[str, Any] = {"city": url.city, "item": url.items}
    if url.cost_per_distance:
        query["costPerDistance"] = url.cost_per_distance
    if url.at:
        query["at"] = url.at
    return query


async def calculator(ctx: PageContext, route: Route, params: dict[str, str]) -> PageRender:
    """The form, filled with the URL's list, and with a list the same figures as the app's: the
    API's answer, embedded for the app's first render and written out for a page without it."""
    page = page_of(route)
    answers = await ctx.fetch_page(page, params)
    url = calculator_url(ctx.pairs)
    query = calculator_query(url)
    answer = await ctx.fetch("/api/calculator", query) if query is not None else None
    texts = ctx.texts("calculator")
    main = fallback.calculator(
        texts.heading,
        fallback.CalculatorForm(
            city=url.city,
            items=url.items,
            cost_per_distance=url.cost_per_distance,
            at=url.at,
            materials=json_of(answers["/api/materials"], []),
            cities=json_of(answers["/api/cities"], []),
        ),
        answer=json_of(answer, None),
        refusal=None if answer is None or answer.ok else refusal_message(answer),
        share_path=ctx.path + "?" + calculator_search(url) if query is not None else None,
    )
    return ctx.render(200, texts, page.module, main, [])


def refusal_message(answer: ApiAnswer) -> str:
    try:
        return str(answer.json()["message"])
    except (ValueError, KeyError, TypeError):
        return "This list could not be worked out."


def calculator_search(url: CalculatorUrl) -> str:
    """The list's link as the app writes it: city=…&item=copper-1:12:kg&…, colons plain."""
    pairs = [("city", url.city), *(("item", item) for item in url.items)]
    pairs += [("costPerDistance", url.cost_per_distance), ("at", url.at)]
    return urlencode([(k, v) for k, v in pairs if v], safe=":")


async def admin(ctx: PageContext, route: Route, params: dict[str, str]) -> PageRender:
    """The operator console: its data is behind the login, so nothing is fetched or embedded."""
    main = fallback.message_page("Operator console", "Log in to work the queues.")
    return ctx.render(200, ctx.texts("admin"), page_of(route).module, main, [])


async def old_city_yards(ctx: PageContext, route: Route, params: dict[str, str]) -> PageRender:
    """/scrap-yards/{city} of a known city is redirected before it gets here; this is the rest."""
    return city_not_found(ctx, page_of(route).module)


async def not_found(ctx: PageContext, route: Route, params: dict[str, str]) -> PageRender:
    return ctx.not_found(
        "notFound",
        not_found_module(ctx.content_dir),
        "404 Page Not Found",
        "The page you're looking for doesn't exist.",
    )


def not_found_module(content_dir: Path) -> str:
    return next(page_of(r).module for r in load_routes(content_dir) if r.path == "*")


HANDLERS: dict[str, Handler] = {
    "home": home,
    "cities": cities_list,
    "materials": materials_list,
    "material": material,
    **dict.fromkeys(STATIC_PAGES, static_page),
    "blog": blog_list,
    "blogPost": blog_post,
    "directory": directory,
    "oldCityYards": old_city_yards,
    "yard": yard,
    "insights": insights,
    "calculator": calculator,
    "city": city_or_region,
    "cityYards": city_yards,
    "admin": admin,
}


async def render_page(ctx: PageContext) -> PageRender:
    """The route's page, with the calls every public page makes (the layout's) embedded too, and
    the layout's header (and, while the prices shown include demo data, its demo notice) in the
    fallback."""
    route, params = find_route(ctx.content_dir, ctx.path)
    handler = HANDLERS.get(route.name, not_found)
    if route.name == "admin":
        console = await handler(ctx, route, params)
        console.fallback_html = fallback.with_layout(console.fallback_html, None, demo=False)
        return console
    rendered, site = await asyncio.gather(
        handler(ctx, route, params),
        ctx.fetch_all(every_page_queries(ctx.content_dir), {}),
    )
    stats = json_of(site.get("/api/stats"), {})
    rendered.fallback_html = fallback.with_layout(
        rendered.fallback_html, ctx.path, bool(stats.get("demoData"))
    )
    return rendered

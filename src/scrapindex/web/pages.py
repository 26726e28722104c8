"""What each route of the site is, before the page leaves the server.

For a path this module finds the route (mirroring the React router), asks the API for the data
the page's first render needs, and returns the status code, the head, the data to embed and a
plain-HTML fallback of the main content. Unknown cities, materials, yards, posts and paths get a
real 404 here, and the embedded not-found answer spares the browser asking again.
"""

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.types import ASGIApp

from scrapindex.middleware.outage import ServiceUnavailable
from scrapindex.web import fallback, structured
from scrapindex.web.head import Head, PageTexts, page_texts, with_page_suffix
from scrapindex.web.internal_api import ApiAnswer, api_get

QueryKey = list[Any]

STATIC_PAGES = {
    "about": ("about", "src/pages/static/about.tsx", "About ScrapIndex"),
    "contact": ("contact", "src/pages/static/contact.tsx", "Contact Us"),
    "privacy-policy": ("privacyPolicy", "src/pages/static/privacy-policy.tsx", "Privacy Policy"),
    "terms-of-service": (
        "termsOfService",
        "src/pages/static/terms-of-service.tsx",
        "Terms of Service",
    ),
    "content-disclaimer": (
        "contentDisclaimer",
        "src/pages/static/content-disclaimer.tsx",
        "Content Disclaimer",
    ),
}
STATIC_PAGE_DATA = {"about": ["/api/countries", "/api/stats"], "contact": ["/api/stats"]}
COUNTRY_CODE = re.compile(r"^[a-z]{2}$", re.IGNORECASE)
SLUG = re.compile(r"^[a-z0-9-]{1,120}$")
YARD_SORTS = ("rating", "name", "reviews")
YARD_STATUSES = ("all", "open", "closed")


@dataclass
class PageRender:
    status: int
    head: Head
    chunk: str  # the route's page module in the Vite manifest, preloaded with the HTML
    fallback_html: str
    data: list[tuple[QueryKey, Any]] = field(default_factory=list)
    errors: list[tuple[QueryKey, int, str]] = field(default_factory=list)


@dataclass
class PageContext:
    app: ASGIApp
    content_dir: Path
    site_root: str
    path: str
    query: dict[str, str]
    data: list[tuple[QueryKey, Any]] = field(default_factory=list)
    errors: list[tuple[QueryKey, int, str]] = field(default_factory=list)

    async def fetch(self, path: str, params: dict[str, Any] | None = None) -> ApiAnswer:
        """GET from our API; remember the answer under the SPA's query key for embedding."""
        query = "&".join(f"{k}={v}" for k, v in (params or {}).items())
        answer = await api_get(self.app, path, query)
        key: QueryKey = [path, params] if params else [path]
        if answer.status == 503:
            raise ServiceUnavailable(f"{path} answered 503")
        if answer.ok:
            self.data.append((key, answer.json()))
        elif answer.status == 404:
            self.errors.append((key, 404, answer.body.decode("utf-8", "replace")))
        return answer

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


Handler = Callable[[PageContext, list[str]], Awaitable[PageRender]]


async def home(ctx: PageContext, _: list[str]) -> PageRender:
    cities = await ctx.fetch("/api/cities")
    materials = await ctx.fetch("/api/materials")
    await ctx.fetch("/api/stats")
    main = fallback.home(
        cities.json() if cities.ok else [], materials.json() if materials.ok else []
    )
    json_ld = [structured.website(ctx.site_root), structured.organization(ctx.site_root)]
    return ctx.render(200, ctx.texts("home"), "src/pages/home/index.tsx", main, json_ld)


async def cities_list(ctx: PageContext, _: list[str]) -> PageRender:
    cities = await ctx.fetch("/api/cities")
    main = fallback.city_list(cities.json() if cities.ok else [])
    return ctx.render(200, ctx.texts("cities"), "src/pages/cities/index.tsx", main, [])


async def materials_list(ctx: PageContext, _: list[str]) -> PageRender:
    materials = await ctx.fetch("/api/materials")
    await ctx.fetch("/api/prices/summary")
    main = fallback.material_list(materials.json() if materials.ok else [])
    return ctx.render(200, ctx.texts("materials"), "src/pages/materials/index.tsx", main, [])


async def directory(ctx: PageContext, _: list[str]) -> PageRender:
    await ctx.fetch("/api/countries")
    await ctx.fetch("/api/cities")
    yards: list[dict[str, Any]] = []
    if not ctx.query:  # the plain first page; filtered views are left to the browser
        first = await ctx.fetch("/api/scrap-yards", {"page": 1, "limit": 20})
        yards = first.json()["data"] if first.ok else []
    main = fallback.yard_list("Global Scrap Yard Directory", yards)
    page = ctx.query.get("page", "1")
    number = int(page) if page.isascii() and page.isdigit() else 1  # isdigit() takes "²" too
    texts = with_page_suffix(ctx.content_dir, ctx.texts("directory"), number)
    return ctx.render(200, texts, "src/pages/directory/index.tsx", main, [])


async def insights(ctx: PageContext, _: list[str]) -> PageRender:
    answer = await ctx.fetch("/api/insights")
    main = fallback.insights(answer.json() if answer.ok else None)
    return ctx.render(200, ctx.texts("insights"), "src/pages/insights/index.tsx", main, [])


async def blog_list(ctx: PageContext, _: list[str]) -> PageRender:
    answer = await ctx.fetch("/api/blog")
    posts = answer.json() if answer.ok else []
    # ?category=catalytic-converters, as the blog's chips write it
    labels = {p["category"].lower().replace(" ", "-"): p["category"] for p in posts}
    label = labels.get(ctx.query.get("category", ""))
    texts = ctx.texts("blogCategory", category=label) if label else ctx.texts("blog")
    return ctx.render(200, texts, "src/pages/blog/index.tsx", fallback.post_list(posts), [])


async def blog_post(ctx: PageContext, parts: list[str]) -> PageRender:
    chunk = "src/pages/blog-post/index.tsx"
    slug = parts[1]
    answer = await ctx.fetch(f"/api/blog/{slug}") if SLUG.match(slug) else None
    if answer is None or not answer.ok:
        return ctx.not_found(
            "postNotFound",
            chunk,
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
    return ctx.render(200, texts, chunk, fallback.post(post), json_ld)


async def static_page(ctx: PageContext, parts: list[str]) -> PageRender:
    key, chunk, heading = STATIC_PAGES[parts[0]]
    for path in STATIC_PAGE_DATA.get(parts[0], []):
        await ctx.fetch(path)
    texts = ctx.texts(key)
    return ctx.render(200, texts, chunk, fallback.message_page(heading, texts.description), [])


async def material(ctx: PageContext, parts: list[str]) -> PageRender:
    chunk = "src/pages/material/index.tsx"
    slug = parts[1]
    answer = await ctx.fetch(f"/api/materials/{slug}") if SLUG.match(slug) else None
    if answer is None or not answer.ok:
        return ctx.not_found(
            "materialNotFound",
            chunk,
            "Material Not Found",
            "The requested scrap metal material could not be found.",
        )
    item = answer.json()
    prices = await ctx.fetch(f"/api/materials/{slug}/prices")
    await ctx.fetch("/api/cities")
    rows = prices.json() if prices.ok else []
    texts = ctx.texts("material", material=item["name"], category=item["category"])
    crumbs = [
        ("Home", "/"),
        ("Scrap Metal Prices", "/scrap-metal-prices"),
        (item["name"], ctx.path),
    ]
    json_ld = [
        structured.breadcrumbs(ctx.site_root, crumbs),
        structured.material_price_list(ctx.site_root, item, rows),
    ]
    return ctx.render(200, texts, chunk, fallback.material(item, rows), json_ld)


async def find_city(ctx: PageContext, country_code: str, slug: str) -> dict[str, Any] | None:
    if not (COUNTRY_CODE.match(country_code) and SLUG.match(slug)):
        return None
    answer = await ctx.fetch(f"/api/cities/{slug}")
    if not answer.ok:
        return None
    city: dict[str, Any] = answer.json()
    return city if city["country"]["code"].lower() == country_code.lower() else None


def city_not_found(ctx: PageContext, chunk: str) -> PageRender:
    return ctx.not_found(
        "cityNotFound", chunk, "City Not Found", "The city you're looking for doesn't exist."
    )


async def city_or_region(ctx: PageContext, parts: list[str]) -> PageRender:
    country_code, slug = parts
    city = await find_city(ctx, country_code, slug)
    if city is not None:
        return await city_page(ctx, city)
    if COUNTRY_CODE.match(country_code) and SLUG.match(slug):
        # The city page asks for these alongside the city; their 404s spare it the requests.
        await ctx.fetch(f"/api/cities/{slug}/prices")
        await ctx.fetch(f"/api/cities/{slug}/overview")
        await ctx.fetch(f"/api/cities/{slug}/scrap-yards", {"limit": 3})
        cc = country_code.lower()
        region = await ctx.fetch(f"/api/countries/{cc}/regions/{slug}")
        if region.ok:
            return await region_page(ctx, region.json())
        await ctx.fetch(f"/api/countries/{cc}/regions/{slug}/prices")
    return city_not_found(ctx, "src/pages/city/index.tsx")


async def city_page(ctx: PageContext, city: dict[str, Any]) -> PageRender:
    slug, country = city["slug"], city["country"]
    prices = await ctx.fetch(f"/api/cities/{slug}/prices")
    await ctx.fetch(f"/api/cities/{slug}/overview")
    await ctx.fetch(f"/api/cities/{slug}/scrap-yards", {"limit": 3})
    await ctx.fetch(f"/api/countries/{country['code'].lower()}/legal")
    await ctx.fetch("/api/cities")
    rows = prices.json() if prices.ok else []
    texts = ctx.texts(
        "city", city=city["name"], country=country["name"], currency=country["currency"]
    )
    crumbs = [("Home", "/"), (country["name"], None), (city["name"], ctx.path)]
    json_ld = [
        structured.breadcrumbs(ctx.site_root, crumbs),
        structured.city_price_list(ctx.site_root, city, rows),
    ]
    return ctx.render(200, texts, "src/pages/city/index.tsx", fallback.city(city, rows), json_ld)


async def region_page(ctx: PageContext, region: dict[str, Any]) -> PageRender:
    country = region["country"]
    prices = await ctx.fetch(
        f"/api/countries/{country['code'].lower()}/regions/{region['slug']}/prices"
    )
    rows = prices.json() if prices.ok else []
    texts = ctx.texts(
        "region",
        region=region["name"],
        country=country["name"],
        cityCount=str(len(region["cities"])),
    )
    crumbs = [("Home", "/"), (country["name"], None), (region["name"], ctx.path)]
    json_ld = [structured.breadcrumbs(ctx.site_root, crumbs)]
    main = fallback.region(region, rows)
    return ctx.render(200, texts, "src/pages/region/index.tsx", main, json_ld)


def yard_page_params(query: dict[str, str]) -> dict[str, Any]:
    """The city yards page's query, as the SPA builds it from the same URL."""
    page = query.get("page", "1")
    status = query.get("status", "all")
    sort = query.get("sort", "rating")
    return {
        # ASCII digits only: str.isdigit() also takes "²", which int() refuses.
        "page": int(page) if page.isascii() and page.isdigit() and int(page) >= 1 else 1,
        "limit": 10,
        "status": status if status in YARD_STATUSES else "all",
        "sort": sort if sort in YARD_SORTS else "rating",
    }


async def city_yards(ctx: PageContext, parts: list[str]) -> PageRender:
    chunk = "src/pages/city-yards/index.tsx"
    city = await find_city(ctx, parts[0], parts[1])
    if city is None:
        return city_not_found(ctx, chunk)
    params = yard_page_params(ctx.query)
    answer = await ctx.fetch(f"/api/cities/{city['slug']}/scrap-yards", params)
    yards = answer.json()["data"] if answer.ok else []
    country = city["country"]
    texts = with_page_suffix(
        ctx.content_dir,
        ctx.texts("cityYards", city=city["name"], country=country["name"]),
        params["page"],
    )
    city_path = f"/{country['code'].lower()}/{city['slug']}"
    crumbs = [("Home", "/"), (city["name"], city_path), ("Scrap Yards", ctx.path)]
    main = fallback.yard_list(f"Scrap Yards in {city['name']}", yards)
    return ctx.render(200, texts, chunk, main, [structured.breadcrumbs(ctx.site_root, crumbs)])


async def yard(ctx: PageContext, parts: list[str]) -> PageRender:
    chunk = "src/pages/yard/index.tsx"
    yard_id = parts[1]
    valid = yard_id.isdigit() and not yard_id.startswith("0") and len(yard_id) < 10
    answer = await ctx.fetch(f"/api/scrap-yards/{yard_id}") if valid else None
    if answer is None or not answer.ok:
        return ctx.not_found(
            "yardNotFound",
            chunk,
            "Scrap Yard Not Found",
            "The requested scrap yard could not be found",
        )
    found = answer.json()
    city = found["city"]
    await ctx.fetch(f"/api/cities/{city['slug']}/prices")
    texts = ctx.texts(
        "yard",
        yard=found["name"],
        city=city["name"],
        country=city["country"]["name"],
        address=found["address"],
    )
    city_yards_path = f"/{city['country']['code'].lower()}/{city['slug']}/scrap-yards"
    crumbs = [
        ("Home", "/"),
        ("Scrap Yards", "/scrap-yards"),
        (city["name"], city_yards_path),
        (found["name"], ctx.path),
    ]
    json_ld = [
        structured.local_business(ctx.site_root, ctx.path, found),
        structured.breadcrumbs(ctx.site_root, crumbs),
    ]
    return ctx.render(200, texts, chunk, fallback.yard(found), json_ld)


async def not_found(ctx: PageContext, _: list[str]) -> PageRender:
    return ctx.not_found(
        "notFound",
        "src/pages/not-found/index.tsx",
        "404 Page Not Found",
        "The page you're looking for doesn't exist.",
    )


def route(parts: list[str]) -> Handler:
    """The handler for a path split into its segments (the React router's table, in Python)."""
    fixed: dict[tuple[str, ...], Handler] = {
        (): home,
        ("cities",): cities_list,
        ("scrap-metal-prices",): materials_list,
        ("scrap-yards",): directory,
        ("insights",): insights,
        ("blog",): blog_list,
    }
    if tuple(parts) in fixed:
        return fixed[tuple(parts)]
    if len(parts) == 1 and parts[0] in STATIC_PAGES:
        return static_page
    if len(parts) == 2 and parts[0] == "blog":
        return blog_post
    if len(parts) == 2 and parts[0] == "material":
        return material
    if len(parts) == 2 and parts[0] == "scrap-yard":
        return yard
    if len(parts) == 2 and parts[0] == "scrap-yards":
        return city_yards_redirect_miss
    if len(parts) == 2 and COUNTRY_CODE.match(parts[0]):
        return city_or_region
    if len(parts) == 3 and parts[2] == "scrap-yards":
        return city_yards
    return not_found


async def city_yards_redirect_miss(ctx: PageContext, _: list[str]) -> PageRender:
    """/scrap-yards/{city} of a known city is redirected before it gets here; this is the rest."""
    return city_not_found(ctx, "src/pages/city-yards-redirect/index.tsx")


async def render_page(ctx: PageContext) -> PageRender:
    parts = [part for part in ctx.path.split("/") if part]
    return await route(parts)(ctx, parts)

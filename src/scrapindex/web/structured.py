"""JSON-LD blocks (schema.org) for search engines, built from the API's own answers."""

from collections.abc import Sequence
from typing import Any

from scrapindex.hours import DAY_NAMES
from scrapindex.paths import place_path
from scrapindex.web.head import BRAND

CONTEXT = "https://schema.org"


def _the_site(schema_type: str, site_root: str) -> dict[str, Any]:
    """ScrapIndex itself as a ``schema_type`` (WebSite, Organization): its name and home page."""
    return {"@context": CONTEXT, "@type": schema_type, "name": BRAND, "url": site_root + "/"}


def website(site_root: str) -> dict[str, Any]:
    return {
        **_the_site("WebSite", site_root),
        "potentialAction": {
            "@type": "SearchAction",
            "target": {
                "@type": "EntryPoint",
                "urlTemplate": site_root + "/scrap-yards?q={search_term_string}",
            },
            "query-input": "required name=search_term_string",
        },
    }


def organization(site_root: str) -> dict[str, Any]:
    return {**_the_site("Organization", site_root), "logo": site_root + "/favicon.svg"}


def breadcrumbs(site_root: str, crumbs: Sequence[tuple[str, str | None]]) -> dict[str, Any]:
    items = []
    for position, (name, path) in enumerate(crumbs, start=1):
        item: dict[str, Any] = {"@type": "ListItem", "position": position, "name": name}
        if path is not None:
            item["item"] = site_root + path
        items.append(item)
    return {"@context": CONTEXT, "@type": "BreadcrumbList", "itemListElement": items}


def _offer(name: str, url: str, row: dict[str, Any], position: int) -> dict[str, Any]:
    """A price row as a product's offer: its price per the row's unit (a kg, or a piece)."""
    return {
        "@type": "ListItem",
        "position": position,
        "item": {
            "@type": "Product",
            "name": name,
            "url": url,
            "offers": {
                "@type": "Offer",
                "price": row["price"],
                "priceCurrency": row["currency"],
                "unitText": f"per {row['unit']}",
            },
        },
    }


def city_price_list(
    site_root: str, city: dict[str, Any], rows: list[dict[str, Any]]
) -> dict[str, Any]:
    items = [
        _offer(
            f"{row['material']['name']} scrap in {city['name']}",
            f"{site_root}/material/{row['material']['slug']}",
            row,
            position,
        )
        for position, row in enumerate(rows, start=1)
    ]
    name = f"{city['name']} scrap metal prices"
    return {"@context": CONTEXT, "@type": "ItemList", "name": name, "itemListElement": items}


def material_price_list(
    site_root: str, material: dict[str, Any], rows: list[dict[str, Any]], first: int = 1
) -> dict[str, Any]:
    """The material's markets ``rows``, best-paying first, the first at position ``first``."""
    items = [
        _offer(
            f"{material['name']} scrap in {row['city']['name']}",
            site_root + place_path(row["city"]["country"]["code"], row["city"]["slug"]),
            row,
            position,
        )
        for position, row in enumerate(rows, start=first)
    ]
    name = f"{material['name']} scrap prices by city"
    return {"@context": CONTEXT, "@type": "ItemList", "name": name, "itemListElement": items}


def _opening_hours(weekly: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            "@type": "OpeningHoursSpecification",
            "dayOfWeek": f"https://schema.org/{DAY_NAMES[interval['day']]}",
            "opens": interval["opens"],
            "closes": interval["closes"],
        }
        for interval in weekly
    ]


def local_business(site_root: str, path: str, yard: dict[str, Any]) -> dict[str, Any]:
    city = yard["city"]
    block: dict[str, Any] = {
        "@context": CONTEXT,
        "@type": "LocalBusiness",
        "name": yard["name"],
        "url": site_root + path,
        "address": {
            "@type": "PostalAddress",
            "streetAddress": yard["address"],
            "addressLocality": city["name"],
            "addressCountry": city["country"]["code"],
        },
        "geo": {
            "@type": "GeoCoordinates",
            "latitude": yard["latitude"],
            "longitude": yard["longitude"],
        },
        "openingHoursSpecification": _opening_hours(yard["weeklyHours"]),
    }
    if yard.get("phone"):
        block["telephone"] = yard["phone"]
    if yard.get("email"):
        block["email"] = yard["email"]
    if yard.get("website"):
        block["sameAs"] = [yard["website"]]
    if yard.get("rating") is not None and yard.get("reviewCount"):
        block["aggregateRating"] = {
            "@type": "AggregateRating",
            "ratingValue": yard["rating"],
            "reviewCount": yard["reviewCount"],
            "bestRating": 5,
        }
    return block


def blog_posting(site_root: str, path: str, post: dict[str, Any]) -> dict[str, Any]:
    return {
        "@context": CONTEXT,
        "@type": "BlogPosting",
        "headline": post["title"],
        "description": post["description"],
        "datePublished": post["publishDate"],
        "url": site_root + path,
        "articleSection": post["category"],
        "publisher": {"@type": "Organization", "name": BRAND},
    }

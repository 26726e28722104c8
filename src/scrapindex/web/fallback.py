"""The main content in plain HTML, for crawlers and browsers without JavaScript.

It sits inside the React root and is replaced when the app mounts. Every value is escaped; the
only markup taken as it is, a blog post's body, was sanitised with nh3 when it was loaded.
"""

from html import escape
from typing import Any

from scrapindex.hours import hours_lines

SYMBOLS = {"ZAR": "R", "USD": "$", "AUD": "A$", "CAD": "C$", "NZD": "NZ$", "GBP": "£", "EUR": "€"}


def money(amount: str, currency: str) -> str:
    return f"{SYMBOLS.get(currency, currency + ' ')}{float(amount):,.2f}"


def _main(*parts: str) -> str:
    body = "".join(parts)
    return f'<main id="main-content" class="mx-auto max-w-6xl px-4 py-8">{body}</main>'


def _h1(text: str) -> str:
    return f'<h1 class="text-3xl font-bold">{escape(text)}</h1>'


def _links(items: list[tuple[str, str]]) -> str:
    rows = "".join(f'<li><a href="{escape(href)}">{escape(text)}</a></li>' for text, href in items)
    return f"<ul>{rows}</ul>"


def _table(caption: str, headers: list[str], rows: list[list[str]]) -> str:
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    return (
        f"<table><caption>{escape(caption)}</caption><thead><tr>{head}</tr></thead>"
        f"<tbody>{body}</tbody></table>"
    )


def city_path(city: dict[str, Any]) -> str:
    return f"/{city['country']['code'].lower()}/{city['slug']}"


def message_page(heading: str, message: str) -> str:
    return _main(_h1(heading), f"<p>{escape(message)}</p>", '<p><a href="/">Go Home</a></p>')


def home(cities: list[dict[str, Any]], materials: list[dict[str, Any]]) -> str:
    return _main(
        _h1("Real Time Scrap Metal Prices and Scrap Yard Directory"),
        "<h2>Featured Cities</h2>",
        _links([(c["name"], city_path(c)) for c in cities[:6]]),
        "<h2>Popular Materials</h2>",
        _links([(m["name"], f"/material/{m['slug']}") for m in materials[:4]]),
    )


def city_list(cities: list[dict[str, Any]]) -> str:
    items = [(f"{c['name']}, {c['country']['name']}", city_path(c)) for c in cities]
    return _main(_h1("Global Scrap Metal Markets"), _links(items))


def material_list(materials: list[dict[str, Any]]) -> str:
    items = [(f"{m['name']} ({m['category']})", f"/material/{m['slug']}") for m in materials]
    return _main(_h1("Scrap Metal Prices"), _links(items))


def post_list(posts: list[dict[str, Any]]) -> str:
    return _main(
        _h1("Scrap Metal Blog"), _links([(p["title"], f"/blog/{p['slug']}") for p in posts])
    )


def post(item: dict[str, Any]) -> str:
    intro = f"<p>{escape(item['description'])}</p>"
    return _main(_h1(item["title"]), intro, f"<article>{item['content']}</article>")


def _material_link(material: dict[str, Any]) -> str:
    return f'<a href="/material/{escape(material["slug"])}">{escape(material["name"])}</a>'


def city(item: dict[str, Any], rows: list[dict[str, Any]]) -> str:
    table = _table(
        f"Current prices in {item['name']} (per kg)",
        ["Material", "Price", "Date"],
        [
            [
                _material_link(r["material"]),
                escape(money(r["price"], r["currency"])),
                escape(r["date"]),
            ]
            for r in rows
        ],
    )
    links = f'<p><a href="{escape(city_path(item))}/scrap-yards">Find Scrap Yards</a></p>'
    return _main(_h1(f"{item['name']} Scrap Metal Prices"), table, links)


def material(item: dict[str, Any], rows: list[dict[str, Any]]) -> str:
    table = _table(
        f"{item['name']} prices by city (per kg)",
        ["City", "Country", "Price"],
        [
            [
                f'<a href="{escape(city_path(r["city"]))}">{escape(r["city"]["name"])}</a>',
                escape(r["city"]["country"]["name"]),
                escape(money(r["price"], r["currency"])),
            ]
            for r in rows
        ],
    )
    description = escape(item.get("description") or "No description available")
    return _main(_h1(item["name"]), f"<p>{description}</p>", table)


def region(item: dict[str, Any], rows: list[dict[str, Any]]) -> str:
    cities = _links([(c["name"], city_path(c)) for c in item["cities"]])
    table = _table(
        f"Average prices in {item['name']} (per kg)",
        ["Material", "Average", "Cities"],
        [
            [
                escape(r["material"]["name"]),
                escape(money(r["averagePrice"], r["currency"])),
                str(r["cityCount"]),
            ]
            for r in rows
        ],
    )
    return _main(_h1(f"{item['name']} Scrap Metal Prices"), cities, table)


def yard_list(heading: str, yards: list[dict[str, Any]]) -> str:
    items = "".join(
        f'<li><a href="/scrap-yard/{y["id"]}">{escape(y["name"])}</a> — {escape(y["address"])}</li>'
        for y in yards
    )
    return _main(_h1(heading), f"<ul>{items}</ul>")


def yard(item: dict[str, Any]) -> str:
    lines = hours_lines(item["weeklyHours"]) if item["weeklyHours"] else []
    if not lines and item.get("openingHours"):
        lines = item["openingHours"].splitlines()
    hours = "".join(f"<li>{escape(line)}</li>" for line in lines)
    contact = [f"<p>{escape(item['address'])}</p>"]
    if item.get("phone"):
        phone = escape(item["phone"])
        contact.append(f'<p><a href="tel:{phone}">{phone}</a></p>')
    return _main(_h1(item["name"]), *contact, "<h2>Opening Hours</h2>", f"<ul>{hours}</ul>")


def insights(answer: dict[str, Any] | None) -> str:
    parts = [_h1("Scrap Metal Market Insights")]
    for country in (answer or {}).get("countries", []):
        risers = [
            (f"{m['material']['name']} in {m['city']['name']}: +{m['changePercent']}%",
             f"/material/{m['material']['slug']}")
            for m in country["risers"]
        ]  # fmt: skip
        parts += [f"<h2>{escape(country['name'])}: Biggest Risers</h2>", _links(risers)]
    return _main(*parts)

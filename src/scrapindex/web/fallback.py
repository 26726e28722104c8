"""The main content in plain HTML, for crawlers and browsers without JavaScript.

Rendered from templates/fallback/ with autoescaping; the data are the API's answers that the
page embeds for its first render.
"""

import datetime as dt
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from scrapindex import paths
from scrapindex.formatting import (
    SHOWN_UNITS,
    UNIT_SUFFIXES,
    Unit,
    format_money,
    format_percent,
    format_price,
    price_text,
    stored_price_text,
    stored_unit,
)
from scrapindex.hours import hours_lines
from scrapindex.paths import place_path
from scrapindex.price_kinds import PRICE_KIND_LABELS, YARD_KIND
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


def city(
    item: dict[str, Any], rows: list[dict[str, Any]], checklist: dict[str, Any] | None = None
) -> str:
    cells = city_prices(rows)
    region = (item.get("region") or {}).get("slug")
    items = checklist_items(checklist, region, everywhere=True)
    return render(
        "fallback/city.html", city=item, city_path=city_path(item), rows=cells, checklist=items
    )


def checklist_items(
    checklist: dict[str, Any] | None, region: str | None, *, everywhere: bool
) -> list[dict[str, Any]]:
    """The seller's checklist's items, each with the lines of ``region`` (``here``) and, when
    ``everywhere``, the other regions' lines; else only the items the region changes."""
    items = []
    for item in (checklist or {}).get("items", []):
        here = [line for line in item["regions"] if region and line.get("region") == region]
        elsewhere = [line for line in item["regions"] if line not in here] if everywhere else []
        if everywhere or here:
            items.append({**item, "here": here, "elsewhere": elsewhere})
    return items


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
        # the calculator with one of it listed, in the unit its prices show in first
        worth_path=f"/calculator?item={item['slug']}:1:{SHOWN_UNITS[item['saleUnit']][0]}",
        rows=cells,
        markets=markets,
        first=first,
        last=first + len(rows) - 1,
        order=MARKET_ORDER_WORDS[order],
    )


def region(
    item: dict[str, Any], rows: list[dict[str, Any]], checklist: dict[str, Any] | None = None
) -> str:
    cells = [
        [
            r["material"]["name"],
            price_text(r["averagePriceExact"], r["currency"], r["material"]["saleUnit"]),
            str(r["cityCount"]),
        ]
        for r in rows
    ]
    cities = [(c["name"], city_path(c)) for c in item["cities"]]
    items = checklist_items(checklist, item["slug"], everywhere=False)
    return render("fallback/region.html", region=item, cities=cities, rows=cells, checklist=items)


def yard_list(heading: str, answer: dict[str, Any]) -> str:
    """A page of yards (a directory answer), with the credits its yards' sources ask for."""
    yards, credits = answer.get("data", []), answer.get("attributions", [])
    return render("fallback/yards.html", heading=heading, yards=yards, attributions=credits)


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


# The calculator ------------------------------------------------------------------------------

# How an amount's unit reads after it, as the app says it (pages/calculator/item-row.tsx).
AMOUNT_UNITS = {"kg": "kg", "lb": "lb", "t": "tonnes", "ozt": "troy oz", "piece": "pieces"}
WEIGHT_UNITS = ("kg", "lb", "t", "ozt")
BLANK_ROWS = 3  # the rows a form without JavaScript offers past the list's own
MAX_ROWS = 20
MINUS = "\u2212"  # a trip cost taken off, as the app writes it
# The app's form controls' look (components/forms/form-field.tsx)
CONTROL = "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"


@dataclass(frozen=True)
class CalculatorForm:
    """What the calculator's form shows: the URL's list, and the API's materials and cities."""

    city: str
    items: list[str]
    cost_per_distance: str
    at: str
    materials: list[dict[str, Any]]
    cities: list[dict[str, Any]]


def _rows(items: list[str]) -> list[dict[str, str]]:
    """The form's rows: the list's items (material, amount, unit), then blank ones to add more."""
    rows = []
    for item in items[:MAX_ROWS]:
        material, _, rest = item.partition(":")
        amount, _, unit = rest.partition(":")
        rows.append({"material": material, "amount": amount, "unit": unit})
    blanks = min(BLANK_ROWS if not rows else 1, MAX_ROWS - len(rows))
    return rows + [{"material": "", "amount": "", "unit": "kg"}] * blanks


def _grouped(items: list[dict[str, Any]], key: Callable[[dict[str, Any]], str]) -> list[Any]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for item in items:
        groups.setdefault(key(item), []).append(item)
    return list(groups.items())


def _line_price(line: dict[str, Any], currency: str) -> str | None:
    """The city's price in the unit the amount was given in, from its exact figure: "$4.10/lb"."""
    price = line["cityPrice"]
    if price is None:
        return None
    by_weight = line["material"]["saleUnit"] != "piece" and line["unit"] in WEIGHT_UNITS
    unit: Unit = line["unit"] if by_weight else stored_unit(line["material"]["saleUnit"])
    return format_price(price["priceExact"], currency, unit) + UNIT_SUFFIXES[unit]


def _at_text(at: str) -> str:
    """ "Sun, Nov 29, 10:00": the local time open and closed were read at."""
    moment = dt.datetime.strptime(at, "%Y-%m-%dT%H:%M")
    return f"{moment:%a, %b} {moment.day}, {moment:%H:%M}"


def _day_text(day: str) -> str:
    """ "Nov 29, 2026": a price's day, as the app's formatDate says it."""
    date = dt.date.fromisoformat(day)
    return f"{date:%b} {date.day}, {date.year}"


def _amount_text(line: dict[str, Any]) -> str:
    """ "1,500 lb", "2.5 kg", "3 pieces": the amount as given, its thousands separated."""
    whole, _, decimals = str(line["amount"]).partition(".")
    decimals = decimals.rstrip("0")
    shown = f"{int(whole):,}" + (f".{decimals}" if decimals else "")
    return f"{shown} {AMOUNT_UNITS.get(line['unit'], line['unit'])}"


@dataclass(frozen=True)
class _Answer:
    """Formatting the API's calculator answer: the API did the sums, this writes them out."""

    answer: dict[str, Any]

    @property
    def currency(self) -> str:
        return str(self.answer["city"]["currency"])

    def money(self, value: str | None) -> str:
        return "—" if value is None else format_money(value, self.currency)

    def material(self, slug: str) -> dict[str, Any]:
        lines = self.answer["lines"]
        found: dict[str, Any] = next(
            (line["material"] for line in lines if line["material"]["slug"] == slug),
            {"slug": slug, "name": slug, "saleUnit": "kg"},
        )
        return found

    def yard_range(self, line: dict[str, Any]) -> str | None:
        found = line["yardRange"]
        if found is None:
            return None
        sale_unit = line["material"]["saleUnit"]
        low = stored_price_text(found["low"], self.currency, sale_unit)
        high = stored_price_text(found["high"], self.currency, sale_unit)
        posts = "yard posts" if found["yards"] == 1 else "yards post"
        return f"{low} to {high} ({found['yards']} {posts} a price)"

    def line(self, line: dict[str, Any]) -> dict[str, Any]:
        price = line["cityPrice"]
        return {
            "name": line["material"]["name"],
            "amount": _amount_text(line),
            "price": _line_price(line, self.currency),
            "kind": PRICE_KIND_LABELS.get(price["kind"], "") if price else "",
            "date": _day_text(price["date"]) if price else "",
            "range": self.yard_range(line),
            "value": self.money(line["value"]),
        }

    def yard_line(self, line: dict[str, Any]) -> str:
        """ "#1 Copper: R125.00/kg, posted by the yard: R1,500.00"."""
        material = self.material(line["materialSlug"])
        if line["accepted"] is False:
            return f"{material['name']}: doesn't take it"
        if line["price"] is None:
            return f"{material['name']}: no price"
        price = stored_price_text(line["price"], self.currency, material["saleUnit"])
        kind = PRICE_KIND_LABELS.get(line["kind"], line["kind"])
        whose = kind.lower() if line["kind"] == YARD_KIND else f"city price ({kind})"
        return f"{material['name']}: {price}, {whose}: {self.money(line['value'])}"

    def open_text(self, open_at: bool | None) -> str:
        """ "Closed Sun, Nov 29, 10:00": open or closed at the time asked, or hours unknown."""
        if open_at is None:
            return "Hours unknown"
        return f"{'Open' if open_at else 'Closed'} {_at_text(self.answer['at'])}"

    def yard(self, yard: dict[str, Any]) -> dict[str, Any]:
        return {
            "id": yard["id"],
            "name": yard["name"],
            "address": yard["address"],
            "distance": f"{yard['distance']:.1f} {self.answer['distanceUnit']}",
            "open": self.open_text(yard["openAt"]),
            "gross": self.money(yard["gross"]),
            "trip": MINUS + self.money(yard["tripCost"]),
            "net": self.money(yard["net"]),
            "posted_on": yard["postedOn"] and _day_text(yard["postedOn"]),
            "not_accepted": [self.material(slug)["name"] for slug in yard["notAccepted"]],
            "lines": [self.yard_line(line) for line in yard["lines"]],
        }

    def view(self) -> dict[str, Any]:
        answer = self.answer
        city = answer["city"]["name"]
        from_location = answer["origin"]["from"] == "location"
        return {
            "city": city,
            "lines": [self.line(line) for line in answer["lines"]],
            "total": self.money(answer["total"]),
            "yards": [self.yard(yard) for yard in answer["yards"]],
            "tips": [
                {"gain": "+" + self.money(tip["gain"]), "text": tip["text"]}
                for tip in answer["tips"]
            ],
            "at": _at_text(answer["at"]),
            "from": "your location" if from_location else f"{city}'s centre",
            "trip_cost": answer["tripCost"],
            "trip_cost_as_of": _day_text(answer["tripCost"]["asOf"]),
            "assumptions": answer["assumptions"],
        }


def calculator(
    heading: str,
    form: CalculatorForm,
    *,
    answer: dict[str, Any] | None,
    refusal: str | None,
    share_path: str | None,
) -> str:
    """The calculator without JavaScript: a form sent by GET (a row per item: material,
    amount, unit; the city; the trip's cost; the time) and, for a list, the API's answer."""
    return render(
        "fallback/calculator.html",
        heading=heading,
        form=form,
        rows=_rows(form.items),
        materials=_grouped(form.materials, lambda m: str(m["category"])),
        countries=_grouped(
            sorted(form.cities, key=lambda c: (c["country"]["name"], c["name"])),
            lambda c: str(c["country"]["name"]),
        ),
        units=AMOUNT_UNITS,
        control=CONTROL,
        answer=_Answer(answer).view() if answer else None,
        refusal=refusal,
        share_path=share_path,
    )

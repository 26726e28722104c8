"""Front-end weight and Lighthouse scores, per page type.

1. Builds the app and prints, per page type, the JS and CSS a first load sends (gzip bytes):
   the entry chunk, the route's chunk, and every chunk they import statically.
2. Serves the app on the demo data and runs Lighthouse 12 (mobile preset, Debian's Chromium)
   three times per page, printing the median score of each category, the median FCP, LCP and
   total blocking time, and the element Lighthouse took as the largest contentful paint; then,
   for each category below 100 in a run, the audits that cost it points: id, title and the first
   elements at fault with Lighthouse's explanation.

    .venv/bin/python bench/frontend.py [--no-lighthouse] [--runs 3] [--dist DIR] [--pages Home,City]

--dist measures (and serves) an app already built there instead of building frontend/dist, so
two builds can be compared back to back.
"""

import gzip
import json
import os
import statistics
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import common  # noqa: E402

DIST = ROOT / "frontend" / "dist"
METRICS = {
    "FCP": "first-contentful-paint",
    "LCP": "largest-contentful-paint",
    "TBT": "total-blocking-time",
}
PAGE_CHUNKS = {
    "Home": "src/pages/home/index.tsx",
    "Cities": "src/pages/cities/index.tsx",
    "Materials": "src/pages/materials/index.tsx",
    "City": "src/pages/city/index.tsx",
    "Material": "src/pages/material/index.tsx",
    "Blog": "src/pages/blog/index.tsx",
    "Blog post": "src/pages/blog-post/index.tsx",
    "Contact": "src/pages/static/contact.tsx",
    "Directory": "src/pages/directory/index.tsx",
    "City yards": "src/pages/city-yards/index.tsx",
    "Yard detail": "src/pages/yard/index.tsx",
    "Region": "src/pages/region/index.tsx",
    "Insights": "src/pages/insights/index.tsx",
}
LIGHTHOUSE_PAGES = {
    "Home": "/",
    "City": "/za/johannesburg",
    "Material": "/material/copper",
    "Directory": "/scrap-yards",
    "City yards": "/za/johannesburg/scrap-yards",
    "Yard detail": "/scrap-yard/1",
}
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
NODES_SHOWN = 3  # elements (or items) listed per audit that cost points
SNIPPET_CHARS = 200


@dataclass
class LostPoints:
    """An audit that cost a category points in a run."""

    category: str
    audit: str
    title: str
    value: str  # Lighthouse's display value ("2.9 s"), or ""
    at_fault: list[str]  # the first elements at fault (with Lighthouse's explanation) or items
    runs: int = 1


@dataclass
class PageResult:
    """A page's Lighthouse figures over its runs."""

    medians: dict[str, float]
    loads_leaflet: bool
    lcp_element: str
    lost: dict[tuple[str, str], LostPoints] = field(default_factory=dict)  # (category, audit)


def gzip_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=9))


def static_closure(manifest: dict[str, dict[str, Any]], key: str, seen: set[str]) -> set[str]:
    if key in seen or key not in manifest:
        return seen
    seen.add(key)
    for imported in manifest[key].get("imports", []):
        static_closure(manifest, str(imported), seen)
    return seen


def first_load_sizes(dist: Path) -> list[str]:
    manifest = json.loads((dist / ".vite" / "manifest.json").read_text())
    rows = common.table_head(["page", "JS gzip KB", "CSS gzip KB"], "lrr")
    for name, source in PAGE_CHUNKS.items():
        keys = static_closure(manifest, "index.html", set())
        keys = static_closure(manifest, source, keys)
        js = sum(gzip_size(dist / str(manifest[k]["file"])) for k in keys)
        css_files = {str(c) for k in keys for c in manifest[k].get("css", [])}
        css = sum(gzip_size(dist / c) for c in css_files)
        rows.append(f"| {name} | {js / 1024:.1f} | {css / 1024:.1f} |")
    return rows


def loads_leaflet(report: dict[str, Any]) -> bool:
    """Whether the page fetched the Leaflet chunk (it should only where a map is shown)."""
    items = report["audits"]["network-requests"]["details"]["items"]
    return any("leaflet" in str(item.get("url", "")) for item in items)


def lighthouse_run(url: str) -> dict[str, Any]:
    """One Lighthouse report; a run whose Chromium fails is tried once more, then reported."""
    env = {**os.environ, "CHROME_PATH": "/usr/bin/chromium"}
    flags = " ".join(
        ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
    )
    command = ["npx", "--yes", "lighthouse@12", url, "--output=json", "--quiet",
               f"--chrome-flags={flags}", "--form-factor=mobile"]  # fmt: skip
    for attempt in (1, 2):
        result = subprocess.run(
            command, capture_output=True, text=True, env=env, cwd=ROOT / "frontend"
        )
        if result.returncode == 0:
            report: dict[str, Any] = json.loads(result.stdout)
            return report
        print(f"  lighthouse failed on {url} (attempt {attempt}): {result.stderr[-500:]}")
    raise RuntimeError(f"lighthouse failed twice on {url}")


def lcp_element(report: dict[str, Any]) -> str:
    """The element Lighthouse took as the largest contentful paint (its selector)."""
    items = report["audits"].get("largest-contentful-paint-element", {}).get("details", {})
    for table in items.get("items", []):
        for row in table.get("items", [table]):
            node = row.get("node")
            if isinstance(node, dict):
                return str(node.get("selector") or node.get("snippet", "?"))
    return "?"


def one_line(text: str, limit: int | None = None) -> str:
    """The text's words on one line, cut to ``limit`` characters."""
    words = " ".join(text.split())
    return words if limit is None or len(words) <= limit else words[: limit - 1] + "…"


def at_fault(items: list[Any]) -> list[str]:
    """What an audit's detail items name, in order, one line each: an element (its snippet and
    Lighthouse's explanation), else the item's description or URL (a console error, a request);
    the tables of a list are looked into."""
    found: list[str] = []
    for item in items:
        if not isinstance(item, dict):
            continue
        if isinstance(item.get("node"), dict):
            found.append(node_line(item["node"]))
        elif isinstance(item.get("items"), list):
            found += at_fault(item["items"])
        elif item.get("description") or item.get("url"):
            found.append(one_line(str(item.get("description") or item["url"]), SNIPPET_CHARS))
    return found


def node_line(node: dict[str, Any]) -> str:
    snippet = one_line(str(node.get("snippet") or node.get("selector") or "?"), SNIPPET_CHARS)
    explanation = one_line(str(node.get("explanation", "")))
    return f"`{snippet}`" + (f": {explanation}" if explanation else "")


def lost_points(report: dict[str, Any]) -> list[LostPoints]:
    """The audits that cost points in this run's categories below 100: those that weigh in the
    category's score and did not score full marks."""
    lost = []
    for category in CATEGORIES:
        if report["categories"][category]["score"] == 1:
            continue
        for ref in report["categories"][category]["auditRefs"]:
            audit = report["audits"][ref["id"]]
            if ref["weight"] == 0 or audit.get("score") is None or audit["score"] == 1:
                continue
            items = audit.get("details", {}).get("items", [])
            lost.append(
                LostPoints(
                    category,
                    ref["id"],
                    one_line(str(audit.get("title", ""))),
                    one_line(str(audit.get("displayValue", ""))),
                    at_fault(items)[:NODES_SHOWN],
                )
            )
    return lost


def lost_points_lines(page: str, result: PageResult, runs: int) -> list[str]:
    """A markdown list: each audit that cost this page points, and the elements at fault."""
    lines = []
    for lost in result.lost.values():
        value = f" ({lost.value})" if lost.value else ""
        lines.append(
            f"- {page}, {lost.category}: `{lost.audit}` {lost.title}{value}, "
            f"in {lost.runs} of {runs} runs"
        )
        lines += [f"  - {line}" for line in lost.at_fault]
    return lines


def lighthouse(url: str, runs: int) -> PageResult:
    scores: dict[str, list[float]] = {c: [] for c in (*CATEGORIES, *METRICS)}
    leaflet = False
    elements: list[str] = []
    lost: dict[tuple[str, str], LostPoints] = {}
    for _ in range(runs):
        report = lighthouse_run(url)
        for category in CATEGORIES:
            scores[category].append(report["categories"][category]["score"] * 100)
        for name, audit in METRICS.items():
            scores[name].append(report["audits"][audit]["numericValue"])
        leaflet = leaflet or loads_leaflet(report)
        elements.append(lcp_element(report))
        for points in lost_points(report):
            key = (points.category, points.audit)
            if key in lost:
                lost[key].runs += 1  # the first run's elements are the ones shown
            else:
                lost[key] = points
    element = max(set(elements), key=elements.count)
    medians = {c: statistics.median(v) for c, v in scores.items()}
    return PageResult(medians, leaflet, element, lost)


def main() -> None:
    parser = common.parser_for(__doc__)
    parser.add_argument("--no-lighthouse", action="store_true")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--port", type=int, default=8766)
    parser.add_argument("--dist", type=Path, help="an app already built there (not rebuilt)")
    parser.add_argument("--pages", help="comma-separated page names (default: all six)")
    args = parser.parse_args()
    dist: Path = args.dist or DIST
    if args.dist is None:
        subprocess.run(
            ["npx", "vite", "build"], cwd=ROOT / "frontend", check=True, capture_output=True
        )
    pages = (
        {n: LIGHTHOUSE_PAGES[n] for n in args.pages.split(",")} if args.pages else LIGHTHOUSE_PAGES
    )
    report = [
        "#### First load (JS and CSS a route sends before it can render)",
        "",
        *first_load_sizes(dist),
    ]
    print("\n".join(report), flush=True)
    if not args.no_lighthouse:
        url = common.sqlite_url("bench.sqlite3")
        common.prepare(url, indent="  ")
        columns = [
            "page",
            *CATEGORIES,
            "FCP ms",
            "LCP ms",
            "TBT ms",
            "loads Leaflet",
            "LCP element",
        ]
        align = "l" + "r" * (len(CATEGORIES) + len(METRICS)) + "ll"
        rows = ["", f"#### Lighthouse 12, mobile, median of {args.runs}", ""]
        rows += common.table_head(columns, align)
        print("\n".join(rows), flush=True)
        os.environ["FRONTEND_DIST"] = str(dist.resolve())  # read by the server's settings
        why: list[str] = []
        with common.app_server(url, 1, args.port) as base:
            for name, path in pages.items():
                result = lighthouse(base + path, args.runs)
                scores = [f"{result.medians[c]:.0f}" for c in (*CATEGORIES, *METRICS)]
                leaflet = "yes" if result.loads_leaflet else "no"
                row = common.table_row(name, *scores, leaflet, f"`{result.lcp_element}`")
                common.print_rows(rows, row)
                why += lost_points_lines(name, result, args.runs)
        if why:
            rows += ["", "#### Where the points below 100 went (per run)", "", *why]
            print("\n".join(rows[-len(why) - 3 :]), flush=True)
        report += rows
    common.write_report("frontend.md", report)


if __name__ == "__main__":
    main()

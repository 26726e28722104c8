"""Front-end weight and Lighthouse scores, per page type.

1. Builds the app and prints, per page type, the JS and CSS a first load sends (gzip bytes):
   the entry chunk, the route's chunk, and every chunk they import statically.
2. Serves the app on the demo data and runs Lighthouse 12 (mobile preset, Debian's Chromium)
   three times per page, printing the median score of each category, the median FCP, LCP and
   total blocking time, and the element Lighthouse took as the largest contentful paint.

    .venv/bin/python bench/frontend.py [--no-lighthouse] [--runs 3] [--dist DIR] [--pages Home,City]

--dist measures (and serves) an app already built there instead of building frontend/dist, so
two builds can be compared back to back.
"""

import argparse
import gzip
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.api_load import OUT, prepare, server  # noqa: E402

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
    rows = ["| page | JS gzip KB | CSS gzip KB |", "|---|---:|---:|"]
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


def lighthouse(url: str, runs: int) -> tuple[dict[str, float], bool, str]:
    scores: dict[str, list[float]] = {c: [] for c in (*CATEGORIES, *METRICS)}
    leaflet = False
    elements: list[str] = []
    for _ in range(runs):
        report = lighthouse_run(url)
        for category in CATEGORIES:
            scores[category].append(report["categories"][category]["score"] * 100)
        for name, audit in METRICS.items():
            scores[name].append(report["audits"][audit]["numericValue"])
        leaflet = leaflet or loads_leaflet(report)
        elements.append(lcp_element(report))
    element = max(set(elements), key=elements.count)
    return {c: statistics.median(v) for c, v in scores.items()}, leaflet, element


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
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
        url = f"sqlite:///{OUT / 'bench.sqlite3'}"
        prepare(url)
        rows = [
            "",
            f"#### Lighthouse 12, mobile, median of {args.runs}",
            "",
            "| page | "
            + " | ".join(CATEGORIES)
            + " | FCP ms | LCP ms | TBT ms | loads Leaflet | LCP element |",
            "|---|" + "---:|" * (len(CATEGORIES) + len(METRICS)) + "---|---|",
        ]
        print("\n".join(rows), flush=True)
        os.environ["FRONTEND_DIST"] = str(dist.resolve())  # read by the server's settings
        with server(url, args.port, 1, cold=False) as base:
            for name, path in pages.items():
                medians, leaflet, element = lighthouse(base + path, args.runs)
                scores = " | ".join(f"{medians[c]:.0f}" for c in (*CATEGORIES, *METRICS))
                row = f"| {name} | {scores} | {'yes' if leaflet else 'no'} | `{element}` |"
                print(row, flush=True)
                rows.append(row)
        report += rows
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "frontend.md").write_text("\n".join(report) + "\n")


if __name__ == "__main__":
    main()

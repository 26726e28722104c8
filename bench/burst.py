"""A burst of expensive misses from one client, and what another client sees meanwhile.

Serves the full-year demo set (SQLite, `scrapindex serve --workers 2`) and sends, all at once,
``--burst`` distinct directory queries (half API, half pages, each a cache miss), while an
observer fetches cached answers (the home page and /api/cities) one after another. Prints the
observer's p50/p95 before and during the burst, and the burst's statuses. Runs twice: with the
default limits, and with the per-client rate limits off (an attacker spread over many addresses,
which only the concurrency cap and the computing limit hold back). Figures, not a pass/fail
test: record them in bench/RESULTS.md.

    .venv/bin/python bench/burst.py [--burst 600] [--port 8766]
"""

import argparse
import asyncio
import collections
import statistics
import sys
import threading
import time
from pathlib import Path

import httpx2 as httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.api_load import OUT, prepare, server  # noqa: E402

OBSERVED = ["/", "/api/cities"]
WORDS = ["metal", "scrap", "depot", "iron", "steel", "copper", "recycling", "north", "south"]


def burst_urls(count: int) -> list[str]:
    urls = []
    for n in range(count):
        query = f"q={WORDS[n % len(WORDS)]}{n}&sort=name"
        urls.append(f"/api/scrap-yards?{query}&page=1" if n % 2 else f"/scrap-yards?{query}")
    return urls


async def send_burst(base: str, urls: list[str]) -> collections.Counter[str]:
    limits = httpx.Limits(max_connections=len(urls), max_keepalive_connections=0)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=120) as client:

        async def one(url: str) -> str:
            try:
                return str((await client.get(url)).status_code)
            except httpx.TransportError as error:
                return type(error).__name__

        return collections.Counter(await asyncio.gather(*(one(url) for url in urls)))


def observe(base: str, stop: threading.Event, seconds: list[float]) -> None:
    with httpx.Client(base_url=base, timeout=60) as client:
        n = 0
        while not stop.is_set():
            started = time.perf_counter()
            response = client.get(OBSERVED[n % len(OBSERVED)])
            seconds.append(time.perf_counter() - started)
            assert response.status_code == 200, response.status_code
            n += 1
            time.sleep(0.02)


def percentiles(seconds: list[float]) -> str:
    ms = sorted(s * 1000 for s in seconds)
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    return f"n={len(ms)} p50={statistics.median(ms):.1f} ms p95={p95:.1f} ms max={ms[-1]:.1f} ms"


def run(base: str, count: int) -> None:
    for url in OBSERVED:  # warm: the observer reads cached answers
        httpx.get(base + url)
    quiet: list[float] = []
    stop = threading.Event()
    watcher = threading.Thread(target=observe, args=(base, stop, quiet))
    watcher.start()
    time.sleep(3)
    stop.set()
    watcher.join()
    print(f"    observer, quiet:       {percentiles(quiet)}")
    during: list[float] = []
    stop = threading.Event()
    watcher = threading.Thread(target=observe, args=(base, stop, during))
    watcher.start()
    started = time.perf_counter()
    statuses = asyncio.run(send_burst(base, burst_urls(count)))
    took = time.perf_counter() - started
    stop.set()
    watcher.join()
    print(f"    observer, during burst: {percentiles(during)}")
    print(f"    burst of {count}: {dict(sorted(statuses.items()))} in {took:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--burst", type=int, default=600)
    parser.add_argument("--port", type=int, default=8766)
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    url = f"sqlite:///{OUT / 'bench.sqlite3'}"
    prepare(url)
    for label, limits in (("default limits", True), ("rate limits off", False)):
        print(f"  {label}:")
        with server(url, args.port, workers=2, cold=False, limits=limits) as base:
            run(base, args.burst)


if __name__ == "__main__":
    main()

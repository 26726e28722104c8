"""A burst of expensive misses from one client, and what another client sees meanwhile.

Serves the full-year demo set (SQLite, `scrapindex serve --workers 2`) and sends, all at once,
``--burst`` distinct directory queries (half API, half pages, each a cache miss), while an
observer fetches cached answers (the home page and /api/cities) one after another. Prints the
observer's p50/p95 before and during the burst, and the burst's statuses. Runs twice: with the
default limits and the burst from one client, and with the rate limits off and each request of
the burst from an address of its own (which only the per-process caps hold back). Clients are
told apart by X-Forwarded-For, as behind nginx. Figures, not a pass/fail
test: record them in bench/RESULTS.md.

    .venv/bin/python bench/burst.py [--burst 600] [--rounds 5] [--port 8766]
"""

import argparse
import asyncio
import collections
import math
import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Callable
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Event as EventType
from pathlib import Path
from typing import TypeVar

import httpx2 as httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import common  # noqa: E402

T = TypeVar("T")
OBSERVED = ["/", "/api/cities"]
OBSERVER, BURSTER = "198.51.100.1", "203.0.113.66"
WORDS = ["metal", "scrap", "depot", "iron", "steel", "copper", "recycling", "north", "south"]


def burst_urls(count: int, offset: int = 0) -> list[str]:
    urls = []
    for n in range(offset, offset + count):
        query = f"q={WORDS[n % len(WORDS)]}{n}&sort=name"
        urls.append(f"/api/scrap-yards?{query}&page=1" if n % 2 else f"/scrap-yards?{query}")
    return urls


async def send_burst(base: str, urls: list[str], spread: bool) -> collections.Counter[str]:
    """All at once, from one address, or each from its own (``spread``)."""
    limits = httpx.Limits(max_connections=len(urls), max_keepalive_connections=0)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=120) as client:

        async def one(n: int, url: str) -> str:
            address = f"10.{n // 250}.{n % 250}.1" if spread else BURSTER
            try:
                response = await client.get(url, headers={"X-Forwarded-For": address})
                return str(response.status_code)
            except httpx.TransportError as error:
                return type(error).__name__

        answers = await asyncio.gather(*(one(n, url) for n, url in enumerate(urls)))
        return collections.Counter(answers)


def observe(base: str, stop: EventType, results: "Queue[list[float]]") -> None:
    """In a process of its own: the burst's client work must not slow the observer's.

    Times of 200 answers; a refusal (the server full) is counted as an infinite time.
    """
    seconds: list[float] = []
    headers = {"X-Forwarded-For": OBSERVER}  # another client than the burst's
    with httpx.Client(base_url=base, timeout=60, headers=headers) as client:
        n = 0
        while not stop.is_set():
            started = time.perf_counter()
            response = client.get(OBSERVED[n % len(OBSERVED)])
            ok = response.status_code == 200
            seconds.append(time.perf_counter() - started if ok else math.inf)
            n += 1
            time.sleep(0.02)
    results.put(seconds)


def observed_while(base: str, action: Callable[[], T]) -> tuple[list[float], T]:
    stop = multiprocessing.Event()
    results: Queue[list[float]] = multiprocessing.Queue()
    watcher = multiprocessing.Process(target=observe, args=(base, stop, results))
    watcher.start()
    time.sleep(0.5)  # the observer is under way before the action starts
    outcome = action()
    stop.set()
    seconds = results.get()
    watcher.join()
    return seconds, outcome


def percentiles(seconds: list[float]) -> str:
    ms = sorted(s * 1000 for s in seconds)
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    refused = sum(1 for m in ms if math.isinf(m))
    return (
        f"n={len(ms)} p50={statistics.median(ms):.1f} ms p95={p95:.1f} ms max={ms[-1]:.1f} ms"
        f" refused={refused}"
    )


def run(base: str, count: int, spread: bool, rounds: int) -> None:
    for url in OBSERVED:  # warm: the observer reads cached answers
        httpx.get(base + url, headers={"X-Forwarded-For": OBSERVER})
    quiet, _ = observed_while(base, lambda: time.sleep(3))
    print(f"    observer, quiet:        {percentiles(quiet)}")

    def bursts() -> collections.Counter[str]:
        statuses: collections.Counter[str] = collections.Counter()
        for n in range(rounds):  # new queries each round: every one a miss
            urls = burst_urls(count, offset=n * count)
            statuses += asyncio.run(send_burst(base, urls, spread))
        return statuses

    started = time.perf_counter()
    during, statuses = observed_while(base, bursts)
    took = time.perf_counter() - started
    print(f"    observer, during burst: {percentiles(during)}")
    print(f"    {rounds} bursts of {count}: {dict(sorted(statuses.items()))} in {took:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--burst", type=int, default=600)
    parser.add_argument("--port", type=int, default=8766)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    url = common.sqlite_url("bench.sqlite3")
    common.prepare(url, indent="  ")
    # As behind nginx: the client is the X-Forwarded-For hop, so the bench can be many clients.
    os.environ["TRUST_PROXY_HEADERS"] = "true"
    variants = (
        ("default limits, the burst from one client", True, False),
        ("rate limits off, the burst from as many addresses", False, True),
    )
    for label, limits, spread in variants:
        print(f"  {label}:")
        with common.app_server(url, workers=2, port=args.port, limits=limits) as base:
            run(base, args.burst, spread, args.rounds)


if __name__ == "__main__":
    main()

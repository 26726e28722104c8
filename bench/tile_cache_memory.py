"""What the map tile cache (web/tiles.py's TileMemory) really holds against what it accounts.

Fills a TileMemory of ``--mb`` megabytes with tiles made as fetch_tile makes them (a body and
the upstream's Content-Type, ETag and Last-Modified, each its own object), for bodies of a few
sizes: OSM's open sea (103 bytes), a sparse rural tile, a typical town tile and a dense city
centre. Each size runs in a fresh process twice: once under tracemalloc (the bytes Python asked
for while filling: the LRU's table and nodes, keys, tiles, bodies, strings), once without it
for the growth of the resident set (what the allocator took from the system: its rounding and
free lists too, so noisier). Prints, per size, the tiles kept, the accounted bytes, both
measures, and what counting bodies alone (the cache before issue 35) would have accounted.
Figures, not a pass/fail test: record them in bench/RESULTS.md.

    .venv/bin/python bench/tile_cache_memory.py [--mb 32]
"""

import argparse
import email.utils
import multiprocessing
import os
import sys
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from scrapindex.web import tiles  # noqa: E402

BODY_SIZES = {"open sea": 103, "rural": 2_000, "town": 15_000, "city centre": 40_000}
PAGE_BYTES = os.sysconf("SC_PAGE_SIZE")


def made(number: int, body_bytes: int) -> tiles.Tile:
    headers = {
        "content-type": "".join(("image/", "png")),
        "etag": f'"{number:032x}"',
        "last-modified": email.utils.formatdate(1_790_000_000 + number, usegmt=True),
    }
    body = number.to_bytes(4, "big") + bytes(body_bytes - 4)
    return tiles.made_tile(tiles.Fetched(200, body, headers), 0)


def resident_bytes() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * PAGE_BYTES


def fill(max_bytes: int, body_bytes: int, traced: bool) -> tuple[int, int, int, int]:
    """Kept tiles, accounted bytes, their bodies' bytes, and the bytes measured."""
    memory = tiles.TileMemory(max_bytes)
    offered = 2 * max_bytes // body_bytes + 100  # twice what the bodies alone would fit
    if traced:
        tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0] if traced else resident_bytes()
    for number in range(offered):
        memory.put((16, number, 0), made(number, body_bytes))
    after = tracemalloc.get_traced_memory()[0] if traced else resident_bytes()
    if traced:
        tracemalloc.stop()
    bodies = sum(len(tile.body) for tile in memory.tiles.values())
    return len(memory.tiles), memory.size, bodies, after - before


def run(args: tuple[int, int, bool]) -> tuple[int, int, int, int]:
    return fill(*args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", type=int, default=32, help="the cache's size (MAP_TILE_CACHE_MB)")
    limit = parser.parse_args().mb * 1024 * 1024
    print(f"TileMemory of {limit / 2**20:.0f} MiB, CPython {sys.version.split()[0]}\n")
    print(
        "| tile | body bytes | tiles kept | accounted MiB | traced MiB | RSS growth MiB "
        "| traced / accounted | traced / bodies |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    context = multiprocessing.get_context("spawn")  # a fresh heap for each measure
    for name, body_bytes in BODY_SIZES.items():
        with context.Pool(1, maxtasksperchild=1) as pool:
            kept, accounted, bodies, traced = pool.apply(run, ((limit, body_bytes, True),))
        with context.Pool(1, maxtasksperchild=1) as pool:
            _, _, _, resident = pool.apply(run, ((limit, body_bytes, False),))
        print(
            f"| {name} | {body_bytes:,} | {kept:,} | {accounted / 2**20:.1f} "
            f"| {traced / 2**20:.1f} | {resident / 2**20:.1f} | {traced / accounted:.2f} "
            f"| {traced / bodies:.2f} |"
        )


if __name__ == "__main__":
    main()

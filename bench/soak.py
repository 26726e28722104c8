"""Soak the production stack: mixed traffic at ~70% of its measured capacity for 10 minutes.

Starts what the README's "Deploy" section describes (nginx with deploy/nginx/scrapindex.conf in
front of `scrapindex serve --workers 2` on a throwaway PostgreSQL holding the full-year demo
data), measures its capacity with wrk on a mix of pages, API calls, assets and health checks,
then holds ~70% of that rate and prints total requests, errors, p95/p99 and the app's memory
(main process and workers) at the start and end. Figures, not a pass/fail test. The app's
log is kept in bench/out/soak-app.log.

    .venv/bin/python bench/soak.py [--minutes 10] [--connections 32] [--pool 128] [--share 0.7]
        [--rate REQ_PER_S]

``--rate`` holds that rate instead of a share of the measured capacity: to compare two versions
at the same load.

The rate is held by a schedule in wrk's Lua: each wrk thread hands out send times one interval
apart (on the monotonic clock, through LuaJIT's ffi), and a connection waits for its slot. Slots
are absolute, so wrk's whole-millisecond delays round without drifting; a thread that falls
behind catches up at most 250 ms of backlog. Latency is timed from send to answer. The paced run
opens more connections (`--pool`) than the capacity run, so that a few slow answers holding their
connections do not hold the rate down with them.
Writes (contact, newsletter) are left out: their per-client limits would answer 429 by design.
"""

import argparse
import datetime as dt
import json
import random
import shutil
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.deploy_stack import production_stack  # noqa: E402

from bench import common  # noqa: E402
from scrapindex.db import create_db_engine  # noqa: E402

DIST = ROOT / "frontend" / "dist"
WRK_THREADS = 2


def seeded(url: str) -> list[str]:
    """Seed the demo year; return the city pages' paths (`/za/johannesburg`, …)."""
    common.prepare(url)
    engine = create_db_engine(url)
    with engine.connect() as connection:
        rows = connection.exec_driver_sql(
            "SELECT lower(country_code), slug FROM cities ORDER BY slug"
        ).all()
    engine.dispose()
    return [f"/{code}/{slug}" for code, slug in rows]


def traffic_mix(cities: list[str]) -> list[str]:
    """A weighted list of paths: what a day of visitors and their browsers ask for."""
    rng = random.Random(7)
    slugs = [path.rsplit("/", 1)[1] for path in cities]
    assets = [f"/assets/{p.name}" for p in sorted((DIST / "assets").glob("index-*"))]
    pages = ["/", "/scrap-yards", "/insights", "/blog", "/material/copper", "/material/brass"]
    pages += cities + [f"{city}/scrap-yards" for city in rng.sample(cities, 10)]
    pages += [f"/scrap-yard/{n}" for n in rng.sample(range(1, 500), 20)]
    api = ["/api/cities", "/api/materials", "/api/prices/summary", "/api/stats", "/api/insights"]
    api += [f"/api/cities/{slug}/prices" for slug in slugs]
    api += [f"/api/cities/{slug}/overview" for slug in rng.sample(slugs, 20)]
    api += [f"/api/scrap-yards?page={n}" for n in range(1, 20)]
    api += [f"/api/search?q={q}" for q in ("cop", "alu", "lon", "joh", "bra", "new")]
    api += ["/api/materials/copper/markets/summary", "/api/materials/copper/markets/cities"]
    markets = "/api/materials/copper/markets?limit=20&sort=price&order=desc"
    api += [f"{markets}&page={n}" for n in (1, 2)]
    api += ["/api/prices/history?materialSlug=copper&citySlug=johannesburg&days=30"]
    return pages * 2 + api * 3 + assets * 4 + ["/healthz"]


PACING = """
local ffi = require("ffi")
ffi.cdef[[
typedef struct { long tv_sec; long tv_nsec; } soak_timespec;
int clock_gettime(int clock_id, soak_timespec *tp);
]]
local clock = ffi.new("soak_timespec")
local function now_ms()
  ffi.C.clock_gettime(1, clock)  -- CLOCK_MONOTONIC
  return tonumber(clock.tv_sec) * 1000 + tonumber(clock.tv_nsec) / 1e6
end
local next_slot = nil
function delay()
  local now = now_ms()
  if next_slot == nil or next_slot < now - 250 then next_slot = now end
  local slot = next_slot
  next_slot = next_slot + INTERVAL
  if slot <= now then return 0 end
  return math.floor(slot - now + 0.5)
end
"""


def lua_script(paths: list[str], rate: float | None) -> Path:
    """wrk script: a random path of the mix per request, the reporter, and, given a rate in
    req/s, the pacing that holds it (each of wrk's threads takes its share)."""
    table = ",\n".join(json.dumps(p) for p in paths)
    pacing = "" if rate is None else PACING.replace("INTERVAL", f"{WRK_THREADS * 1000 / rate:.6f}")
    script = f"""
local paths = {{
{table}
}}
math.randomseed(os.time())
wrk.headers["Accept-Encoding"] = "gzip"
function request()
  return wrk.format("GET", paths[math.random(#paths)])
end
{pacing}
{common.LUA.read_text()}"""
    path = common.OUT / "soak.lua"
    path.write_text(script)
    return path


def run_wrk(base: str, script: Path, seconds: int, connections: int) -> dict[str, float]:
    return common.wrk(base, seconds, connections, script, WRK_THREADS, extra=["--timeout", "10s"])


def process_tree(pid: int) -> list[int]:
    tree, pending = [], [pid]
    while pending:
        current = pending.pop()
        tree.append(current)
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == current:
                    pending.append(int(stat.parent.name))
            except (OSError, ValueError):
                continue
    return tree


def rss_mib(pid: int) -> float:
    """Resident memory of the app: its main process and every worker."""
    total_kib = 0
    for member in process_tree(pid):
        try:
            status = Path(f"/proc/{member}/status").read_text()
        except OSError:
            continue
        total_kib += next(
            int(ln.split()[1]) for ln in status.splitlines() if ln.startswith("VmRSS")
        )
    return total_kib / 1024


def sample_memory(pid: int, every: float, stop: threading.Event, samples: list[float]) -> None:
    while not stop.wait(every):
        samples.append(rss_mib(pid))
        print(f"  {len(samples) * every / 60:4.1f} min: app RSS {samples[-1]:.0f} MiB", flush=True)


def summary_rows(
    args: argparse.Namespace, capacity: dict[str, float], soak: dict[str, float],
    memory: tuple[float, float],
) -> list[str]:  # fmt: skip
    start, end = memory
    errors = common.wrk_errors(soak)
    return [
        f"#### Soak: {args.minutes:g} min at a fixed rate, {args.pool} connections, "
        f"nginx + 2 workers on PostgreSQL ({dt.date.today()})",
        "",
        "| figure | value |",
        "|---|---:|",
        f"| capacity (mix, unpaced, {args.connections} connections) | "
        f"{capacity['rps']:.0f} req/s |",
        f"| target ({f'{args.share:.0%}' if not args.rate else 'fixed'}) / achieved | "
        f"{args.rate or capacity['rps'] * args.share:.0f} / {soak['rps']:.0f} req/s |",
        f"| total requests | {int(soak['requests']):,} |",
        f"| errors (socket + status ≥ 400) | {errors} |",
        f"| p50 / p95 / p99 | {soak['p50']:.1f} / {soak['p95']:.1f} / {soak['p99']:.1f} ms |",
        f"| app RSS start → end | {start:.0f} → {end:.0f} MiB ({(end - start) / start:+.1%}) |",
    ]


def main() -> None:
    parser = common.parser_for(__doc__)
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--connections", type=int, default=32, help="of the capacity run")
    parser.add_argument("--pool", type=int, default=128, help="connections of the paced run")
    parser.add_argument("--share", type=float, default=0.7, help="of measured capacity")
    parser.add_argument("--rate", type=float, help="req/s to hold instead of --share")
    args = parser.parse_args()
    common.require_wrk()
    common.postgres_bin()  # exits early if PostgreSQL is not installed
    if not (DIST / "index.html").exists():
        sys.exit("Build the front end first: make frontend")
    common.OUT.mkdir(parents=True, exist_ok=True)
    with (
        common.throwaway_postgres() as url,
        tempfile.TemporaryDirectory(prefix="scrapindex-soak-") as folder,
    ):
        cities = seeded(url)
        paths = traffic_mix(cities)
        # ONE_CLIENT: wrk is one client, and nginx's revalidations come at once
        with production_stack(
            url, Path(folder), workers=2, frontend_dist=DIST, extra_env=common.ONE_CLIENT
        ) as stack:
            print(f"stack up: {stack.url} -> {stack.app_url}; {len(paths)} weighted paths")
            run_wrk(stack.url, lua_script(paths, None), 30, args.connections)  # warm every cache
            capacity = run_wrk(stack.url, lua_script(paths, None), 30, args.connections)
            print(f"capacity: {capacity['rps']:.0f} req/s, p95 {capacity['p95']:.1f} ms")
            target = args.rate or capacity["rps"] * args.share
            start = rss_mib(stack.app_pid)
            samples: list[float] = []
            stop = threading.Event()
            sampler = threading.Thread(
                target=sample_memory, args=(stack.app_pid, 60, stop, samples)
            )
            sampler.start()
            seconds = int(args.minutes * 60)
            soak = run_wrk(stack.url, lua_script(paths, target), seconds, args.pool)
            stop.set()
            sampler.join()
            end = rss_mib(stack.app_pid)
        shutil.copy(Path(folder) / "app.log", common.OUT / "soak-app.log")  # to look into any error
    rows = summary_rows(args, capacity, soak, (start, end))
    print("\n".join(rows))
    common.write_report("soak.md", rows)


if __name__ == "__main__":
    main()

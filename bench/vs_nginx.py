"""The app's cached answers against nginx serving the same bytes, in the same run, same tool.

Starts `scrapindex serve --workers 2` over the full-year demo data (SQLite by default), asks it
once for each URL below (gzip accepted, as browsers do), and saves what it answered: the body
and every header but the per-connection ones. An nginx with 2 workers then serves those saved
copies with the same headers (so the same bytes on the wire, give or take the Date and Server
lines), and wrk loads each side in turn at the same concurrency, gzip accepted on both. Prints
req/s and p50/p95/p99 of each side and the app's share of nginx's throughput. Figures, not a
pass/fail test.

    .venv/bin/python bench/vs_nginx.py [--duration 8] [--connections 32] [--rounds 1]
        [--db sqlite|postgresql] [--workers 2] [--server uvicorn|granian] [PATH ...]

``--server granian`` runs the same app under granian instead of `scrapindex serve` (uvicorn),
for comparison only: `pip install granian` first. It is not what we deploy: it lacks the head
limits and timeouts of server.py, and its own error answers carry no security headers.

Per-client limits are off for the app (wrk is one client: its 32 connections would be told to
slow down, as in bench/api_load.py); everything else
(security headers, request ids, the access log written to bench/out/vs-nginx-app.log) is as
deployed. wrk, nginx and the app share the machine's cores: run it on a quiet machine.
"""

import argparse
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.deploy_stack import find_nginx, free_port  # noqa: E402
from tests.pg_server import find_pg_bin, temporary_postgres  # noqa: E402

from bench.api_load import DEMO, LUA, OUT  # noqa: E402
from scrapindex import migrate  # noqa: E402
from scrapindex.data.seed import database_is_empty, seed_demo  # noqa: E402
from scrapindex.db import create_db_engine  # noqa: E402

PATHS = ("/api/cities", "/api/cities/johannesburg/prices", "/za/johannesburg")
# Headers of one connection or one moment, which each server writes itself.
OWN_HEADERS = {"date", "server", "connection", "keep-alive", "content-length", "transfer-encoding"}
ACCEPT = {"Accept-Encoding": "gzip"}


def prepare(url: str) -> None:
    engine = create_db_engine(url)
    migrate.upgrade(engine)
    if database_is_empty(engine):
        started = time.perf_counter()
        report = seed_demo(engine, ROOT / "content", DEMO)
        print(f"seeded {report.prices:,} prices in {time.perf_counter() - started:.0f} s")
    engine.dispose()


@contextlib.contextmanager
def database(kind: str) -> Iterator[str]:
    if kind == "sqlite":
        yield f"sqlite:///{OUT / 'vs-nginx.sqlite3'}"
        return
    bin_dir = find_pg_bin()
    if bin_dir is None:
        sys.exit("PostgreSQL server binaries are needed: apt-get install postgresql")
    with temporary_postgres(bin_dir) as url:
        yield url


def wait_for(url: str, process: subprocess.Popen[bytes], what: str) -> None:
    for _ in range(300):
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited")
        with contextlib.suppress(OSError):
            urllib.request.urlopen(url, timeout=2).read()
            return
        time.sleep(0.2)
    raise RuntimeError(f"{what} did not answer {url}")


def serve_command(server: str, port: int, workers: int) -> list[str]:
    if server == "granian":
        return [sys.executable, "-m", "granian", "--interface", "asgi", "--factory",
                "--workers", str(workers), "--port", str(port), "--no-ws",
                "--log-level", "warning", "scrapindex.app:create_app"]  # fmt: skip
    return [str(ROOT / ".venv/bin/scrapindex"), "serve", "--port", str(port),
            "--workers", str(workers)]  # fmt: skip


@contextlib.contextmanager
def app_server(url: str, workers: int, server: str) -> Iterator[str]:
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "API_RATE_LIMIT_PER_MINUTE": "0",  # wrk is one client
        "PAGE_RATE_LIMIT_PER_MINUTE": "0",
        "MAX_CONCURRENT_REQUESTS_PER_CLIENT": "0",
    }
    command = serve_command(server, port, workers)
    with (OUT / "vs-nginx-app.log").open("wb") as log:
        process = subprocess.Popen(
            command, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=log
        )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(f"{base}/readyz", process, "the app")
        yield base
    finally:
        process.send_signal(signal.SIGINT)  # both servers stop their workers on it
        process.wait(timeout=30)


def saved_answer(base: str, path: str, folder: Path, index: int) -> tuple[Path, list[str]]:
    """The app's answer to ``path``: its body in a file, and its headers as nginx directives."""
    request = urllib.request.Request(base + path, headers=ACCEPT)
    with urllib.request.urlopen(request, timeout=30) as answer:
        body = answer.read()
        headers = [(n, v) for n, v in answer.headers.items() if n.lower() not in OWN_HEADERS]
    file = folder / f"answer-{index}"
    file.write_bytes(body)
    content_type = next((v for n, v in headers if n.lower() == "content-type"), "text/plain")
    directives = [f"default_type {nginx_quoted(content_type)};"]
    directives += [
        f"add_header {n} {nginx_quoted(v)} always;"
        for n, v in headers
        if n.lower() != "content-type"
    ]
    return file, directives


def nginx_quoted(value: str) -> str:
    assert "$" not in value, f"nginx would read {value!r} as holding a variable"
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def nginx_conf(prefix: Path, port: int, answers: dict[str, tuple[Path, list[str]]]) -> str:
    locations = "\n".join(
        f"    location = {path} {{\n        alias {file};\n"
        + "".join(f"        {directive}\n" for directive in directives)
        + "    }"
        for path, (file, directives) in answers.items()
    )
    return f"""worker_processes 2;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    server_tokens off;
    etag off;  # the app's own ETag is added with the other headers
    client_body_temp_path {prefix}/client_body;
    proxy_temp_path {prefix}/proxy;
    server {{
        listen 127.0.0.1:{port};
{locations}
    }}
}}
"""


@contextlib.contextmanager
def nginx_server(answers: dict[str, tuple[Path, list[str]]], prefix: Path) -> Iterator[str]:
    nginx = find_nginx()
    if nginx is None:
        sys.exit("nginx is needed: apt-get install nginx-light")
    port = free_port()
    (prefix / "nginx.conf").write_text(nginx_conf(prefix, port, answers))
    if os.geteuid() == 0:  # nginx's workers drop to nobody: let them read the saved answers
        prefix.chmod(0o755)
        for file, _ in answers.values():
            file.chmod(0o644)
    command = [nginx, "-p", str(prefix), "-c", str(prefix / "nginx.conf"), "-g", "daemon off;"]
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(base + next(iter(answers)), process, "nginx")
        yield base
    finally:
        process.terminate()
        process.wait(timeout=30)


def load(url: str, seconds: int, connections: int) -> dict[str, float]:
    result = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "-H", "Accept-Encoding: gzip",
         "-s", str(LUA), url],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    line = next(ln for ln in result.stdout.splitlines() if ln.startswith("{"))
    figures: dict[str, float] = json.loads(line)
    figures["rps"] = figures["requests"] / figures["seconds"]
    return figures


def row(path: str, side: str, f: dict[str, float], ratio: str) -> str:
    errors = int(f["errors"] + f["non_ok"])
    return (f"| `{path}` | {side} | {f['rps']:.0f} | {f['p50']:.1f} | {f['p95']:.1f} | "
            f"{f['p99']:.1f} | {errors} | {ratio} |")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=int, default=8, help="seconds per load")
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=1, help="app then nginx, this many times")
    parser.add_argument("--db", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--server", choices=["uvicorn", "granian"], default="uvicorn")
    parser.add_argument("paths", nargs="*", default=list(PATHS))
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        sys.exit("wrk is needed: apt-get install wrk")
    OUT.mkdir(parents=True, exist_ok=True)
    rows = [
        f"#### The app ({args.server}, {args.workers} workers) against nginx serving its saved "
        "answers "
        f"(wrk, {args.connections} connections, {args.duration} s each, gzip accepted)",
        "",
        "| path | side | req/s | p50 ms | p95 ms | p99 ms | errors | app / nginx |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    with (
        database(args.db) as url,
        tempfile.TemporaryDirectory(prefix="scrapindex-vs-nginx-") as folder,
    ):
        prepare(url)
        prefix = Path(folder)
        with app_server(url, args.workers, args.server) as app:
            answers = {
                path: saved_answer(app, path, prefix, index)
                for index, path in enumerate(args.paths)
            }
            with nginx_server(answers, prefix) as nginx:
                print("\n".join(rows), flush=True)
                for path in args.paths:
                    for _ in range(args.rounds):
                        load(app + path, 1, args.connections)  # warm: every worker's cache
                        ours = load(app + path, args.duration, args.connections)
                        load(nginx + path, 1, args.connections)
                        theirs = load(nginx + path, args.duration, args.connections)
                        ratio = f"{ours['rps'] / theirs['rps']:.2f}×"
                        for line in (row(path, "app", ours, ratio), row(path, "nginx", theirs, "")):
                            print(line, flush=True)
                            rows.append(line)
    (OUT / "vs_nginx.md").write_text("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()

"""The app's cached answers against nginx serving the same bytes, in the same run, same tool.

Starts `scrapindex serve --workers 2` over the full-year demo data (SQLite by default), asks it
once for each PATH given (by default bench/common.py's COMPARED_PATHS; gzip accepted, as
browsers do), and saves what it answered: the body and every header but the per-connection
ones. An nginx with 2 workers then serves those saved copies with the same headers (so the same
bytes on the wire, give or take the Date and Server lines), and wrk loads each side in turn at
the same concurrency, gzip accepted on both. Prints req/s and p50/p95/p99 of each side and the
app's share of nginx's throughput. Figures, not a pass/fail test.

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

import contextlib
import os
import sys
import tempfile
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.deploy_stack import find_nginx, free_port  # noqa: E402

from bench import common  # noqa: E402

# Headers of one connection or one moment, which each server writes itself.
OWN_HEADERS = {"date", "server", "connection", "keep-alive", "content-length", "transfer-encoding"}
ACCEPT = {"Accept-Encoding": "gzip"}


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
    base = f"http://127.0.0.1:{port}"
    output = prefix / "nginx-output.log"
    with common.running(command, base + next(iter(answers)), "nginx", output):
        yield base


def gzip_load(url: str, seconds: int, connections: int) -> dict[str, float]:
    return common.wrk(url, seconds, connections, extra=["-H", "Accept-Encoding: gzip"])


def row(path: str, side: str, f: dict[str, float], ratio: str) -> str:
    return common.table_row(f"`{path}`", side, *common.load_cells(f), common.wrk_errors(f), ratio)


def main() -> None:
    parser = common.parser_for(__doc__)
    common.add_load_options(parser, duration=8)
    parser.add_argument("--rounds", type=int, default=1, help="app then nginx, this many times")
    common.add_db_option(parser, default="sqlite", both=False)
    parser.add_argument("--server", choices=["uvicorn", "granian"], default="uvicorn")
    parser.add_argument("paths", nargs="*", default=list(common.COMPARED_PATHS))
    args = parser.parse_args()
    common.require_wrk()
    columns = ["path", "side", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors", "app / nginx"]
    rows = [
        f"#### The app ({args.server}, {args.workers} workers) against nginx serving its saved "
        "answers "
        f"(wrk, {args.connections} connections, {args.duration} s each, gzip accepted)",
        "",
        *common.table_head(columns, "llrrrrrr"),
    ]
    app_log = common.OUT / "vs-nginx-app.log"
    app_log.unlink(missing_ok=True)  # this run's alone
    with (
        common.database(args.db, "vs-nginx.sqlite3") as url,
        tempfile.TemporaryDirectory(prefix="scrapindex-vs-nginx-") as folder,
    ):
        common.prepare(url)
        prefix = Path(folder)
        with common.app_server(url, args.workers, log=app_log, server=args.server) as app:
            answers = {
                path: saved_answer(app, path, prefix, index)
                for index, path in enumerate(args.paths)
            }
            with nginx_server(answers, prefix) as nginx:
                print("\n".join(rows), flush=True)
                for path in args.paths:
                    for _ in range(args.rounds):
                        gzip_load(app + path, 1, args.connections)  # warm: every worker's cache
                        ours = gzip_load(app + path, args.duration, args.connections)
                        gzip_load(nginx + path, 1, args.connections)
                        theirs = gzip_load(nginx + path, args.duration, args.connections)
                        ratio = f"{ours['rps'] / theirs['rps']:.2f}×"
                        common.print_rows(
                            rows, row(path, "app", ours, ratio), row(path, "nginx", theirs, "")
                        )
    common.write_report("vs_nginx.md", rows)


if __name__ == "__main__":
    main()

"""The production stack on loopback: nginx (Debian's) with deploy/nginx/scrapindex.conf, in front
of `scrapindex serve --workers N` on PostgreSQL. Used by the deploy test and the soak benchmark.
"""

import contextlib
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from scrapindex.settings import PROJECT_ROOT

SITE_CONF = PROJECT_ROOT / "deploy" / "nginx" / "scrapindex.conf"
SCRAPINDEX = PROJECT_ROOT / ".venv" / "bin" / "scrapindex"
NGINX_CANDIDATES = ("/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx")


def find_nginx() -> str | None:
    return shutil.which("nginx") or next(
        (path for path in NGINX_CANDIDATES if os.access(path, os.X_OK)), None
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass(frozen=True)
class Stack:
    url: str  # nginx, where visitors arrive
    app_url: str  # the app itself, behind nginx
    app_pid: int  # the app's main process; its workers are its children
    plain_http_url: str  # the port-80 server, which sends visitors to HTTPS


@dataclass(frozen=True)
class EdgeLimits:
    """nginx's per-client limits: requests a minute, each bucket holding a minute's worth (its
    burst), for HTML pages, the API and writes; and requests at once."""

    pages_per_minute: int
    api_per_minute: int
    forms_per_minute: int
    connections: int


ZONES = {"pages": "scrapindex_pages", "api": "scrapindex_api", "forms": "scrapindex_forms"}
CONNECTIONS = re.compile(r"(limit_conn scrapindex_connections )(\d+);")
# Out of the way: one test client (or the soak benchmark's wrk) sends what a crowd would.
LIFTED_LIMITS = EdgeLimits(1_000_000, 1_000_000, 1_000_000, 65535)
# The real_ip lines as shipped, commented, for a balancer (or CDN) in front of nginx.
REAL_IP_LINES = (
    "# set_real_ip_from 10.0.0.0/8;",
    "# real_ip_header X-Forwarded-For;",
    "# real_ip_recursive on;",
    "# 10.0.0.0/8 1;",  # the geo block: the balancer's X-Forwarded-Proto is passed on
)


def zone_patterns(zone: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The rate of ``zone``'s limit_req_zone line and the burst of its limit_req lines."""
    rate = re.compile(rf"(zone={zone}:\S+ rate=)(\d+)r/m;")
    burst = re.compile(rf"(limit_req zone={zone} burst=)(\d+)( nodelay;)")
    return rate, burst


def shipped_limits(text: str | None = None) -> EdgeLimits:
    """The limits deploy/nginx/scrapindex.conf sets (each bucket a minute's worth, checked)."""
    text = SITE_CONF.read_text() if text is None else text
    per_minute = {}
    for name, zone in ZONES.items():
        rate, burst = zone_patterns(zone)
        (found,) = rate.findall(text)
        bursts = {int(b) for _, b, _ in burst.findall(text)}
        assert bursts == {int(found[1])}, f"{zone}: burst {bursts}, rate {found[1]} a minute"
        per_minute[name] = int(found[1])
    (connections,) = {int(n) for _, n in CONNECTIONS.findall(text)}
    return EdgeLimits(per_minute["pages"], per_minute["api"], per_minute["forms"], connections)


def with_limits(text: str, limits: EdgeLimits) -> str:
    per_minute = {
        "pages": limits.pages_per_minute,
        "api": limits.api_per_minute,
        "forms": limits.forms_per_minute,
    }
    for name, zone in ZONES.items():
        rate, burst = zone_patterns(zone)
        text, rates = rate.subn(rf"\g<1>{per_minute[name]}r/m;", text)
        text, bursts = burst.subn(rf"\g<1>{per_minute[name]}\g<3>", text)
        assert rates == 1, f"{SITE_CONF} no longer has the zone {zone}"
        assert bursts >= 1, f"{SITE_CONF} no longer limits with {zone}"
    text, found = CONNECTIONS.subn(rf"\g<1>{limits.connections};", text)
    assert found >= 1, f"{SITE_CONF} no longer limits connections"
    return text


def behind_balancer(text: str, balancer: str) -> str:
    """The shipped real_ip lines uncommented, for a balancer at ``balancer``."""
    for line in REAL_IP_LINES:
        assert text.count(line) == 1, f"{SITE_CONF} no longer has {line!r}"
        text = text.replace(line, line.removeprefix("# ").replace("10.0.0.0/8", balancer))
    return text


def site_conf(
    app_port: int,
    nginx_port: int,
    redirect_port: int,
    cache_dir: Path,
    certificate: Path,
    *,
    tile_cache_dir: Path | None = None,
    limits: EdgeLimits = LIFTED_LIMITS,
    balancer: str | None = None,
) -> str:
    """Our deploy file, pointed at this run's ports and folders, with ``limits`` (the shipped
    ones: shipped_limits()) and, given a ``balancer`` address, its real_ip lines uncommented.

    The HTTPS server answers plain HTTP on its test port (no certificate a client would trust
    exists here); the port-80 server, which redirects to HTTPS, listens on another test port.
    """
    text = SITE_CONF.read_text()
    tile_cache_dir = tile_cache_dir or cache_dir.with_name(cache_dir.name + "-tiles")
    for old, new in (
        ("server 127.0.0.1:8000;", f"server 127.0.0.1:{app_port};"),
        ("listen 80;", f"listen 127.0.0.1:{redirect_port};"),
        ("listen 443 ssl http2;", f"listen 127.0.0.1:{nginx_port};"),
        ("/var/cache/nginx/scrapindex-tiles ", f"{tile_cache_dir} "),
        ("/var/cache/nginx/scrapindex ", f"{cache_dir} "),
        ("/etc/letsencrypt/live/scrapindex.example/fullchain.pem", str(certificate / "cert.pem")),
        ("/etc/letsencrypt/live/scrapindex.example/privkey.pem", str(certificate / "key.pem")),
    ):
        assert text.count(old) == 1, f"{SITE_CONF} no longer has {old!r}"
        text = text.replace(old, new)
    text = with_limits(text, limits)
    return behind_balancer(text, balancer) if balancer else text


def self_signed_certificate(folder: Path) -> Path:
    """A throwaway certificate for scrapindex.example: cert.pem and key.pem in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
         "-subj", "/CN=scrapindex.example", "-keyout", str(folder / "key.pem"),
         "-out", str(folder / "cert.pem")],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return folder


def main_conf(prefix: Path, site: Path, run_as_nobody: bool) -> str:
    user = "user nobody nogroup;\n" if run_as_nobody else ""
    return f"""{user}worker_processes 2;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    include /etc/nginx/mime.types;
    access_log off;
    client_body_temp_path {prefix}/client_body;
    proxy_temp_path {prefix}/proxy;
    include {site};
}}
"""


def wait_for(url: str, process: subprocess.Popen[bytes], what: str, log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited: {tail(log)}")
        with contextlib.suppress(OSError):
            urllib.request.urlopen(url, timeout=2).read()
            return
        time.sleep(0.2)
    raise RuntimeError(f"{what} did not answer {url}: {tail(log)}")


def tail(log: Path) -> str:
    return log.read_text(errors="replace")[-2000:] if log.exists() else "(no log)"


def stop(process: subprocess.Popen[bytes], sig: int = signal.SIGTERM) -> None:
    if process.poll() is None:
        process.send_signal(sig)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextlib.contextmanager
def production_stack(
    database_url: str,
    folder: Path,
    workers: int = 2,
    frontend_dist: Path | None = None,
    extra_env: dict[str, str] | None = None,
    limits: EdgeLimits = LIFTED_LIMITS,
    balancer: str | None = None,
) -> Iterator[Stack]:
    """Start the app's workers and nginx in front of them; stop both on exit.

    nginx's per-client limits are ``limits`` (lifted unless a test asks for them); given a
    ``balancer`` address (127.0.0.1: the test's own requests), nginx believes its
    X-Forwarded-For and X-Forwarded-Proto as the shipped real_ip lines say."""
    nginx = find_nginx()
    if nginx is None:
        raise RuntimeError("nginx not found (apt-get install nginx-light)")
    app_port, nginx_port, redirect_port = free_port(), free_port(), free_port()
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "SITE_ROOT": f"http://127.0.0.1:{nginx_port}",
        # The last hop, nginx's: TRUSTED_PROXIES=127.0.0.1 would skip it, and a test's client,
        # on 127.0.0.1 too, could then name itself anyone (the balancer tests name nginx).
        "TRUST_PROXY_HEADERS": "true",
        "CLIENT_HASH_SALT": secrets.token_hex(16),
        "DATA_DIR": str(folder / "data"),
    }
    if frontend_dist is not None:
        env["FRONTEND_DIST"] = str(frontend_dist)
    env |= extra_env or {}
    app_log = folder / "app.log"
    command = [str(SCRAPINDEX), "serve", "--port", str(app_port), "--workers", str(workers)]
    with app_log.open("ab") as log:
        app = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    # Outside the test's own (private) folder: nginx's workers drop to nobody when started as
    # root, and must reach the cache and temp folders.
    prefix = Path(tempfile.mkdtemp(prefix="scrapindex-nginx-"))
    (prefix / "cache").mkdir()
    (prefix / "tile-cache").mkdir()
    as_root = os.geteuid() == 0
    if as_root:
        for path in (prefix, prefix / "cache", prefix / "tile-cache"):
            shutil.chown(path, "nobody", "nogroup")
    site = prefix / "scrapindex.conf"
    certificate = self_signed_certificate(prefix / "tls")
    conf = site_conf(
        app_port,
        nginx_port,
        redirect_port,
        prefix / "cache",
        certificate,
        tile_cache_dir=prefix / "tile-cache",
        limits=limits,
        balancer=balancer,
    )
    site.write_text(conf)
    (prefix / "nginx.conf").write_text(main_conf(prefix, site, as_root))
    nginx_command = [
        nginx,
        "-p",
        str(prefix),
        "-c",
        str(prefix / "nginx.conf"),
        "-g",
        "daemon off;",
    ]
    proxy: subprocess.Popen[bytes] | None = None
    try:
        wait_for(f"http://127.0.0.1:{app_port}/readyz", app, "the app", app_log)
        with (prefix / "stderr.log").open("ab") as errors:
            proxy = subprocess.Popen(nginx_command, stdin=subprocess.DEVNULL, stderr=errors)
        wait_for(f"http://127.0.0.1:{nginx_port}/healthz", proxy, "nginx", prefix / "stderr.log")
        yield Stack(
            f"http://127.0.0.1:{nginx_port}",
            f"http://127.0.0.1:{app_port}",
            app.pid,
            f"http://127.0.0.1:{redirect_port}",
        )
    finally:
        if proxy is not None:
            stop(proxy, signal.SIGQUIT)  # graceful: finish the requests in flight
        stop(app)
        shutil.rmtree(prefix, ignore_errors=True)

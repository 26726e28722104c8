"""Several hosts on loopback, as the README's Deploy section runs them: one PostgreSQL, two app
hosts (`scrapindex serve --workers 2` each, with a data folder of its own), a `scrapindex
schedule` beside each, nginx balancing both, and a real SMTP sink that takes its time.

Used by tests/integration/test_several_hosts.py and bench/several_hosts.py.
"""

import contextlib
import datetime as dt
import os
import secrets
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from sqlalchemy import Engine, create_engine, insert, select, text
from sqlalchemy.engine import make_url

from scrapindex.models import JobLease, OutboxMessage
from tests.deploy_stack import (
    SCRAPINDEX,
    find_nginx,
    free_port,
    main_conf,
    self_signed_certificate,
    site_conf,
    stop,
    wait_for,
)
from tests.mail_server import SlowInbox, due_mail_rows


@dataclass
class Host:
    name: str
    data_dir: Path
    app_port: int
    env: dict[str, str]
    app: subprocess.Popen[bytes] | None = None
    scheduler: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.app_port}"

    @property
    def scheduler_log(self) -> Path:
        return self.data_dir.parent / f"{self.name}-schedule.log"

    def run(self, *arguments: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        """A `scrapindex` command on this host."""
        return subprocess.run(
            [str(SCRAPINDEX), *arguments],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )

    def start_scheduler(self) -> None:
        with self.scheduler_log.open("ab") as log:
            self.scheduler = subprocess.Popen(
                [str(SCRAPINDEX), "schedule"],
                env=self.env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=log,
            )


@dataclass
class Topology:
    database_url: str
    url: str  # nginx, where visitors arrive
    hosts: list[Host]
    sink: SlowInbox
    mail_delay: float  # seconds the sink takes per message
    folder: Path
    timings: dict[str, float] = field(default_factory=dict)


def create_database(server_url: str) -> str:
    """A new, empty database on the server of ``server_url``; its URL."""
    name = f"hosts_{secrets.token_hex(4)}"
    admin = create_engine(server_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return make_url(server_url).set(database=name).render_as_string(hide_password=False)


def drop_database(server_url: str, url: str) -> None:
    admin = create_engine(server_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{make_url(url).database}" WITH (FORCE)'))
    admin.dispose()


def host_env(database_url: str, data_dir: Path, shared: dict[str, str]) -> dict[str, str]:
    return {**os.environ, **shared, "DATABASE_URL": database_url, "DATA_DIR": str(data_dir)}


@contextlib.contextmanager
def several_hosts(
    server_url: str,
    folder: Path,
    *,
    seeded_until: str,
    mail_delay: float,
    extra_env: dict[str, str] | None = None,
) -> Iterator[Topology]:
    """Start everything: a database of demo prices up to ``seeded_until`` (YYYY-MM-DD), two
    hosts with their schedulers, nginx; stop all on exit (the database is dropped)."""
    nginx = find_nginx()
    if nginx is None:
        raise RuntimeError("nginx not found (apt-get install nginx-light)")
    database_url = create_database(server_url)
    sink = SlowInbox(lambda: mail_delay)
    smtp_port = free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=smtp_port)
    controller.start()
    nginx_port, redirect_port = free_port(), free_port()
    shared = {
        "SITE_ROOT": f"http://127.0.0.1:{nginx_port}",
        "TRUSTED_PROXIES": "127.0.0.1/32",
        "TRUST_PROXY_HEADERS": "true",
        "CLIENT_HASH_SALT": secrets.token_hex(32),
        "TOKEN_SECRET": secrets.token_hex(32),
        "SMTP_HOST": "127.0.0.1",
        "SMTP_PORT": str(smtp_port),
        "SMTP_STARTTLS": "false",
        "MAIL_FROM": "ScrapIndex <no-reply@scrapindex.example>",
        "WEB_CONCURRENCY": "2",
        "EXPECTED_HOSTS": "2",
        **(extra_env or {}),
    }
    hosts = [Host(name, folder / name / "data", free_port(), {}) for name in ("host-a", "host-b")]
    for host in hosts:
        host.data_dir.mkdir(parents=True)
        host.env = host_env(database_url, host.data_dir, shared)
    prefix = Path(tempfile.mkdtemp(prefix="scrapindex-hosts-nginx-"))
    proxy: subprocess.Popen[bytes] | None = None
    try:
        first = hosts[0]
        for step in (
            ("db", "upgrade"),
            ("demo", "seed", "--days", "3", "--end-date", seeded_until),
        ):
            done = first.run(*step)
            assert done.returncode == 0, done.stdout + done.stderr
        for host in hosts:
            _start_app(host)
        for host in hosts:
            assert host.app is not None
            wait_for(f"{host.url}/readyz", host.app, host.name, host.data_dir.parent / "app.log")
        started = time.monotonic()
        for host in hosts:
            host.start_scheduler()
        proxy = _start_nginx(nginx, prefix, [h.app_port for h in hosts], nginx_port, redirect_port)
        topology = Topology(
            database_url, f"http://127.0.0.1:{nginx_port}", hosts, sink, mail_delay, folder
        )
        topology.timings["started"] = started
        yield topology
    finally:
        if proxy is not None:
            stop(proxy, signal.SIGQUIT)
        for host in hosts:
            for process in (host.scheduler, host.app):
                if process is not None:
                    stop(process)
        controller.stop()
        shutil.rmtree(prefix, ignore_errors=True)
        drop_database(server_url, database_url)


def _start_app(host: Host) -> None:
    log_path = host.data_dir.parent / "app.log"
    with log_path.open("ab") as log:
        host.app = subprocess.Popen(
            [str(SCRAPINDEX), "serve", "--port", str(host.app_port), "--workers", "2"],
            env=host.env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
        )


def _start_nginx(
    nginx: str, prefix: Path, app_ports: list[int], port: int, redirect_port: int
) -> subprocess.Popen[bytes]:
    (prefix / "cache").mkdir()
    as_root = os.geteuid() == 0
    if as_root:
        for path in (prefix, prefix / "cache"):
            shutil.chown(path, "nobody", "nogroup")
    certificate = self_signed_certificate(prefix / "tls")
    conf = site_conf(app_ports[0], port, redirect_port, prefix / "cache", certificate)
    servers = " ".join(f"server 127.0.0.1:{p};" for p in app_ports)
    conf = conf.replace(f"server 127.0.0.1:{app_ports[0]};", servers)
    site = prefix / "scrapindex.conf"
    site.write_text(conf)
    (prefix / "nginx.conf").write_text(main_conf(prefix, site, as_root))
    with (prefix / "stderr.log").open("ab") as errors:
        proxy = subprocess.Popen(
            [nginx, "-p", str(prefix), "-c", str(prefix / "nginx.conf"), "-g", "daemon off;"],
            stdin=subprocess.DEVNULL,
            stderr=errors,
        )
    wait_for(f"http://127.0.0.1:{port}/healthz", proxy, "nginx", prefix / "stderr.log")
    return proxy


def wait_until(condition: Any, timeout: float, what: str, every: float = 0.1) -> float:
    """Poll ``condition`` until true; the seconds it took. AssertionError after ``timeout``."""
    start = time.monotonic()
    while not condition():
        if time.monotonic() - start > timeout:
            raise AssertionError(f"not within {timeout} s: {what}")
        time.sleep(every)
    return time.monotonic() - start


def scheduler_output(host: Host) -> str:
    return host.scheduler_log.read_text(errors="replace") if host.scheduler_log.exists() else ""


def lease(db: Engine, job: str) -> JobLease | None:
    with db.connect() as connection:
        row = connection.execute(select(JobLease).where(JobLease.job == job)).first()
    return None if row is None else JobLease(**row._asdict())


def queue_mails(db: Engine, count: int, subject: str) -> None:
    rows = due_mail_rows(count, dt.datetime.now(dt.UTC), subject)
    with db.begin() as connection:
        connection.execute(insert(OutboxMessage), rows)


def delivered(topology: Topology, subject: str) -> dict[str, int]:
    """Deliveries per Message-ID of the messages whose subject starts with ``subject``."""
    ids: dict[str, int] = {}
    for message in topology.sink.messages():
        if str(message["Subject"]).startswith(f"{subject} "):
            key = str(message["Message-ID"])
            ids[key] = ids.get(key, 0) + 1
    return ids


def scheduler_holding(topology: Topology, db: Engine, job: str) -> int | None:
    held = lease(db, job)
    if held is None or held.holder is None:
        return None
    pid = int(held.holder.rsplit(":", 1)[1])
    pids = [host.scheduler.pid for host in topology.hosts if host.scheduler]
    return pid if pid in pids else None

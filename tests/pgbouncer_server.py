"""A throwaway PgBouncer in transaction mode in front of the test run's PostgreSQL server.

PgBouncer refuses to run as root: as root it switches to the `postgres` system user that
Debian's PostgreSQL package creates (``-u``), as the test server itself does.
"""

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy.engine import make_url

DEBIAN_PATH = Path("/usr/sbin/pgbouncer")  # not on a non-root user's PATH


def find_pgbouncer() -> Path | None:
    found = shutil.which("pgbouncer")
    if found:
        return Path(found)
    return DEBIAN_PATH if DEBIAN_PATH.exists() else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class PgBouncer:
    """Listens on a free loopback port; a database's URL through it is ``url_of(server_url)``.

    ``pool_size`` server connections per database and user: few, so that the transactions of
    several clients share them, as they do in production.
    """

    def __init__(self, program: Path, server_url: str, pool_size: int = 3) -> None:
        server = make_url(server_url)
        self.root = Path(tempfile.mkdtemp(prefix="scrapindex-pgbouncer-"))
        self.port = _free_port()
        self.log = self.root / "pgbouncer.log"
        user = server.username or "postgres"
        (self.root / "users.txt").write_text(f'"{user}" ""\n')
        (self.root / "pgbouncer.ini").write_text(
            "[databases]\n"
            f"* = host={server.host} port={server.port}\n"
            "[pgbouncer]\n"
            "listen_addr = 127.0.0.1\n"
            f"listen_port = {self.port}\n"
            "unix_socket_dir =\n"
            "auth_type = trust\n"
            f"auth_file = {self.root / 'users.txt'}\n"
            "pool_mode = transaction\n"
            f"default_pool_size = {pool_size}\n"
            "max_client_conn = 200\n"
            f"logfile = {self.log}\n"
        )
        command = [str(program)]
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres", "postgres")
            command += ["-u", "postgres"]
        self.process = subprocess.Popen(
            [*command, str(self.root / "pgbouncer.ini")],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        self._wait_until_listening()

    def url_of(self, server_url: str) -> str:
        """``server_url``'s database, reached through this pooler."""
        return make_url(server_url).set(host="127.0.0.1", port=self.port).render_as_string(False)

    def _wait_until_listening(self, timeout: float = 10) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                error = self.process.stderr.read().decode() if self.process.stderr else ""
                raise RuntimeError(f"pgbouncer exited ({self.process.returncode}): {error}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("pgbouncer did not start listening")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()  # SIGTERM: PgBouncer's immediate shutdown
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stderr:
            self.process.stderr.close()
        shutil.rmtree(self.root, ignore_errors=True)


@contextmanager
def pgbouncer(program: Path, server_url: str, pool_size: int = 3) -> Iterator[PgBouncer]:
    bouncer = PgBouncer(program, server_url, pool_size)
    try:
        yield bouncer
    finally:
        bouncer.stop()

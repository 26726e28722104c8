"""A throwaway PostgreSQL server for the test run: initdb in a temporary folder, pg_ctl start.

PostgreSQL refuses to run as root, so as root the server runs as the `postgres` system user
that Debian's package creates.
"""

import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def find_pg_bin() -> Path | None:
    pg_config = shutil.which("pg_config")
    candidates = []
    if pg_config:
        out = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True, check=False)
        candidates.append(Path(out.stdout.strip()))
    candidates += sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)
    return next(
        (c for c in candidates if (c / "initdb").exists() and (c / "pg_ctl").exists()), None
    )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _as_server_user(command: list[str]) -> list[str]:
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


class PostgresServer:
    """A server of the test run's own in a temporary folder; it can be stopped and started again."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin_dir = bin_dir
        self.root = Path(tempfile.mkdtemp(prefix="scrapindex-pg-"))
        self.data = self.root / "data"
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres", "postgres")
        self.port = _free_port()
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/scrapindex"
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8")
        self.start()
        self._run(
            "createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "scrapindex"
        )

    def _run(self, program: str, *args: str) -> None:
        command = _as_server_user([str(self.bin_dir / program), *args])
        subprocess.run(command, check=True, capture_output=True, text=True)

    def start(self) -> None:
        self._run(
            "pg_ctl", "-D", str(self.data), "-l", str(self.root / "server.log"), "-w",
            "-o", f"-p {self.port} -h 127.0.0.1 -k {self.root} -F -c fsync=off "
            "-c full_page_writes=off",
            "start",
        )  # fmt: skip

    def stop(self, mode: str = "fast") -> None:
        """`fast` ends every session and shuts down cleanly; `immediate` is a crash."""
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def remove(self) -> None:
        subprocess.run(
            _as_server_user(
                [str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"]
            ),
            capture_output=True,
            check=False,
        )
        shutil.rmtree(self.root, ignore_errors=True)


@contextmanager
def temporary_postgres(bin_dir: Path) -> Iterator[str]:
    """Start a server on a free loopback port; yield a SQLAlchemy URL of a fresh database."""
    with postgres_server(bin_dir) as server:
        yield server.url


@contextmanager
def postgres_server(bin_dir: Path) -> Iterator[PostgresServer]:
    server = PostgresServer(bin_dir)
    try:
        yield server
    finally:
        server.remove()

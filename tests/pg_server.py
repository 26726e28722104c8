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


@contextmanager
def temporary_postgres(bin_dir: Path) -> Iterator[str]:
    """Start a server on a free loopback port; yield a SQLAlchemy URL of a fresh database."""
    root = Path(tempfile.mkdtemp(prefix="scrapindex-pg-"))
    data = root / "data"
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
    port = _free_port()

    def run(*args: str) -> None:
        subprocess.run(_as_server_user(list(args)), check=True, capture_output=True, text=True)

    run(str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8")
    run(
        str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(root / "server.log"), "-w",
        "-o", f"-p {port} -h 127.0.0.1 -k {root} -F -c fsync=off -c full_page_writes=off",
        "start",
    )  # fmt: skip
    try:
        run(
            str(bin_dir / "createdb"),
            "-h",
            "127.0.0.1",
            "-p",
            str(port),
            "-U",
            "postgres",
            "scrapindex",
        )
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/scrapindex"
    finally:
        subprocess.run(
            _as_server_user([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
            capture_output=True,
            check=False,
        )
        shutil.rmtree(root, ignore_errors=True)

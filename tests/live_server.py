"""The app served for real: uvicorn on a loopback port, in a thread of the test process."""

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn
from fastapi import FastAPI

from scrapindex.server import protocol_for, server_options
from scrapindex.settings import Settings


@contextmanager
def running_server(app: FastAPI) -> Iterator[int]:
    """A real uvicorn server in a thread; yields its port."""
    settings: Settings = app.state.settings
    options = server_options(settings, protocol_for(settings))  # as `scrapindex serve` runs
    config = uvicorn.Config(
        app, host="127.0.0.1", port=0, log_config=None, access_log=False, **options
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run)
    thread.start()
    try:
        deadline = time.monotonic() + 10
        while not server.started:
            assert thread.is_alive(), "server stopped"
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.01)
        port: int = server.servers[0].sockets[0].getsockname()[1]
        yield port
    finally:
        server.should_exit = True
        thread.join(10)

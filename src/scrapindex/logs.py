"""Logs as JSON lines: one object per record on stderr, each with the request's id.

`scrapindex serve` hands ``log_config()`` to uvicorn, which applies it in every worker process;
nothing is configured at import time, so tests and other commands keep their own logging.
"""

import datetime as dt
import json
import logging
from contextvars import ContextVar
from typing import Any

# The id of the request being handled, set by the request context middleware.
request_id: ContextVar[str | None] = ContextVar("request_id", default=None)

# Fields a request's log line carries (passed as ``extra``).
REQUEST_FIELDS = ("method", "path", "status", "duration_ms", "client")


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": dt.datetime.fromtimestamp(record.created, dt.UTC).isoformat(
                timespec="milliseconds"
            ),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", None) or request_id.get(),
        }
        for name in REQUEST_FIELDS:
            if name in record.__dict__:
                entry[name] = record.__dict__[name]
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, default=str)


def log_config(level: str = "INFO") -> dict[str, Any]:
    """A logging.config.dictConfig dictionary: our records and uvicorn's, as JSON on stderr.

    uvicorn's access log is switched off: the request context middleware logs each request.
    """
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": "scrapindex.logs.JsonFormatter"}},
        "handlers": {
            "stderr": {
                "class": "logging.StreamHandler",
                "formatter": "json",
                "stream": "ext://sys.stderr",
            }
        },
        "root": {"handlers": ["stderr"], "level": "WARNING"},
        "loggers": {
            "scrapindex": {"level": level},
            "uvicorn": {"level": level},
            "uvicorn.access": {"handlers": [], "propagate": False},
        },
    }

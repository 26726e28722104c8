"""A real SMTP server for the mail tests (aiosmtpd on a free port) and settings pointing at it."""

import asyncio
import datetime as dt
import re
import socket
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default as default_policy
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller

from scrapindex.settings import Settings
from tests.conftest import CONTENT_DIR

MESSAGE_ID = re.compile(rb"^Message-ID:\s*(\S+)", re.IGNORECASE | re.MULTILINE)


class Inbox:
    """An aiosmtpd handler keeping every message it accepts."""

    def __init__(self) -> None:
        self.envelopes: list[tuple[str, list[str], bytes]] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        with self.lock:
            self.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos), envelope.content))
        return "250 Message accepted for delivery"

    def message_id_counts(self) -> Counter[bytes]:
        """How many times each Message-ID was accepted (read from the raw bytes: cheap)."""
        with self.lock:
            contents = [content for _, _, content in self.envelopes]
        found = (MESSAGE_ID.search(content) for content in contents)
        return Counter(match.group(1) if match else b"?" for match in found)

    def messages(self) -> list[EmailMessage]:
        with self.lock:
            contents = [content for _, _, content in self.envelopes]
        parsed = [message_from_bytes(content, policy=default_policy) for content in contents]
        return [message for message in parsed if isinstance(message, EmailMessage)]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


class SlowInbox(Inbox):
    """An SMTP server that takes ``delay()`` seconds to accept each message, as a busy relay."""

    def __init__(self, delay: Callable[[], float]) -> None:
        super().__init__()
        self.delay = delay

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        await asyncio.sleep(self.delay())
        return await super().handle_DATA(server, session, envelope)


@contextmanager
def running_smtp_server(inbox: Inbox | None = None) -> Iterator[tuple[Inbox, int]]:
    inbox = inbox or Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, port
    finally:
        controller.stop()


def mail_settings(port: int, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "smtp_host": "127.0.0.1",
        "smtp_port": port,
        "smtp_starttls": False,
        "site_root": "https://scrapindex.example",
        "mail_from": "ScrapIndex <no-reply@scrapindex.example>",
        "content_dir": CONTENT_DIR,
        "data_dir": Path("/nonexistent"),
        **overrides,
    }
    return Settings(**values)


def body_text(message: EmailMessage, subtype: str) -> str:
    part = message.get_body((subtype,))
    assert isinstance(part, EmailMessage)
    content: str = part.get_content()
    return content


def due_mail_rows(count: int, now: dt.datetime, subject: str = "Mail") -> list[dict[str, Any]]:
    """``count`` outbox rows due at ``now``, each to its own reader, subjects "SUBJECT n"."""
    return [
        {
            "kind": "test",
            "to_address": f"reader{number}@example.org",
            "subject": f"{subject} {number}",
            "text_body": f"Hello, reader {number}.",
            "html_body": f"<p>Hello, reader {number}.</p>",
            "headers": {},
            "status": "queued",
            "attempts": 0,
            "next_attempt_at": now,
            "created_at": now,
        }
        for number in range(count)
    ]

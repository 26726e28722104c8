"""Reading England's register of scrap metal dealers into the database: the service behind
`scrapindex yards fetch --source ea-register` (and go-live)."""

import datetime as dt
from pathlib import Path

from sqlalchemy.orm import Session

from scrapindex.data.feeds.ea_register import REGISTER, read_register
from scrapindex.db import engine_scope
from scrapindex.licences.store import RegisterSummary, apply_register
from scrapindex.settings import Settings


def fetch_ea_register(
    settings: Settings, file: Path | None, today: dt.date | None = None
) -> RegisterSummary:
    """Reads the whole register (or a downloaded page of it) and stores it in one transaction.
    Raises FeedError before anything is written."""
    entries = read_register(
        settings.ea_register_url, file=file, timeout_seconds=settings.feed_timeout_seconds
    )
    day = today or dt.datetime.now(dt.UTC).date()
    with engine_scope(settings) as engine, Session(engine) as session, session.begin():
        return apply_register(session, REGISTER, entries, day)

"""An engine on the configured database for one command or one scheduled run, disposed after."""

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Engine

from scrapindex.db import create_db_engine
from scrapindex.settings import Settings


@contextmanager
def engine_scope(settings: Settings) -> Iterator[Engine]:
    engine = create_db_engine(settings.effective_database_url)
    try:
        yield engine
    finally:
        engine.dispose()

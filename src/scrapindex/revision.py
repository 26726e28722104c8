"""The data revision: a counter that every write to published data moves forward."""

import datetime as dt

from sqlalchemy import Connection, Engine, insert, select, update

from scrapindex.models import DataRevision

ROW_ID = 1


def bump(connection: Connection) -> int:
    """Advance the revision inside the caller's transaction; returns the new number."""
    now = dt.datetime.now(dt.UTC)
    current = connection.execute(
        select(DataRevision.revision).where(DataRevision.id == ROW_ID)
    ).scalar_one_or_none()
    if current is None:
        connection.execute(insert(DataRevision).values(id=ROW_ID, revision=1, changed_at=now))
        return 1
    connection.execute(
        update(DataRevision)
        .where(DataRevision.id == ROW_ID)
        .values(revision=DataRevision.revision + 1, changed_at=now)
    )
    return current + 1


def read(engine: Engine) -> int:
    with engine.connect() as connection:
        value = connection.execute(
            select(DataRevision.revision).where(DataRevision.id == ROW_ID)
        ).scalar_one_or_none()
    return value or 0

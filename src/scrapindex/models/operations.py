"""What keeps several hosts in step: the leases of scheduled jobs and which code a schema
accepts."""

import datetime as dt

from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

from scrapindex.dbtypes import UtcDateTime
from scrapindex.models.base import Base


class JobLease(Base):
    """One scheduled job (daily update, mail send, ...): who runs it now and which round ran.

    A host runs a round of a job only after it has taken the lease (scrapindex/job_leases.py):
    no holder, or a holder whose lease expired (it died), and a round not yet run.
    """

    __tablename__ = "job_leases"

    job: Mapped[str] = mapped_column(String(40), primary_key=True)
    holder: Mapped[str | None] = mapped_column(String(120))  # host:pid, while it runs
    lease_until: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())
    last_round: Mapped[str | None] = mapped_column(String(40))  # e.g. a date, a minute
    started_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())
    finished_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())
    outcome: Mapped[str | None] = mapped_column(String(20))  # ok, failed; None while running
    error: Mapped[str | None] = mapped_column(String(500))


class SchemaCompatibility(Base):
    """For a schema revision, the oldest revision whose code still works on it.

    Written when the schema is migrated (scrapindex/migrate.py), so that code older than the
    schema can tell from the database alone whether it may keep serving (a rolling deploy).
    """

    __tablename__ = "schema_compatibility"

    revision: Mapped[str] = mapped_column(String(32), primary_key=True)
    oldest_compatible: Mapped[str] = mapped_column(String(32))
    recorded_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())

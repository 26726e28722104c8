"""Where the published data came from and when it changed: sources, import runs and the data
revision."""

import datetime as dt

from sqlalchemy import JSON, ForeignKey, Index, Integer, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from scrapindex.dbtypes import UtcDateTime
from scrapindex.models.base import Base


class Source(Base):
    """Where a row came from: a named feed, a manual entry, or the demo generator."""

    __tablename__ = "sources"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120), unique=True)
    # feed, manual, report, estimate or demo: the order of trust (see PRICE_KIND_TRUST)
    kind: Mapped[str] = mapped_column(String(16))
    url: Mapped[str | None] = mapped_column(String(500))


class ImportRun(Base):
    """One import of a file (command, inbox or console): what it did or why it was refused.

    A run refused only for outliers keeps its file (``ImportRunFile``; ``stored_path`` for runs
    from before, kept on the importing host's disk) so that an admin can re-run it with the
    outliers allowed (an override) from the console.
    """

    __tablename__ = "import_runs"
    __table_args__ = (Index("ix_import_runs_started_at", "started_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(20))  # prices, fx, yards, market
    file_name: Mapped[str] = mapped_column(String(300))
    stored_path: Mapped[str | None] = mapped_column(String(500))
    trigger: Mapped[str] = mapped_column(String(20))  # cli, inbox, console
    status: Mapped[str] = mapped_column(String(20))  # imported, rejected, outliers, overridden
    rows: Mapped[int] = mapped_column(Integer, default=0)
    inserted: Mapped[int] = mapped_column(Integer, default=0)
    updated: Mapped[int] = mapped_column(Integer, default=0)
    outliers: Mapped[int] = mapped_column(Integer, default=0)
    problem_count: Mapped[int] = mapped_column(Integer, default=0)
    problems: Mapped[list[str]] = mapped_column(JSON, default=list)  # the first 100, as lines
    started_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())
    finished_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime())
    overridden_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))


class ImportRunFile(Base):
    """The file of an import run refused only for outliers, kept in the database (not on the
    importing host's disk) so that an override works whichever host serves the console."""

    __tablename__ = "import_run_files"

    run_id: Mapped[int] = mapped_column(
        ForeignKey("import_runs.id", ondelete="CASCADE"), primary_key=True
    )
    file_name: Mapped[str] = mapped_column(String(300))
    size_bytes: Mapped[int] = mapped_column(Integer)
    content: Mapped[bytes] = mapped_column(LargeBinary)
    stored_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())


class DataRevision(Base):
    """One row whose number goes up with every change to the published data.

    Writers (seed, imports, the daily update) call ``scrapindex.revision.bump`` in their
    transaction; the API's response cache keys on it, so no process serves data older than it.
    """

    __tablename__ = "data_revision"

    id: Mapped[int] = mapped_column(primary_key=True)
    revision: Mapped[int] = mapped_column(Integer)
    changed_at: Mapped[dt.datetime] = mapped_column(UtcDateTime())

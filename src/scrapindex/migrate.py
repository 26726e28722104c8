"""Schema migrations through Alembic, driven from code (no alembic.ini needed).

Rolling deploys: expand, roll the hosts, contract. While hosts are replaced one by one, the
old code keeps serving on the schema the new release migrated, so a release's migrations are
of two kinds:

- expand: it only adds (a table, a nullable column or one with a default, an index) and the
  previous code, which never names what was added, works on the result. Its module says
  ``compatible_with_previous = True``, and the release may migrate before its hosts roll.
- contract: it drops or renames something (or adds a constraint the old code's writes would
  break). Its module says nothing, or ``compatible_with_previous = False``; it goes in a later
  release, applied only once every host runs code that no longer uses what it removes. If it
  only removes what the code at its own revision no longer uses (a rename is an expand, a
  release writing both, then this), its module may also say ``contract = True``: that code
  then stays ready on the schema before it, so its hosts roll first and it is applied after.

`upgrade` records, for the revision it leaves the database at, the oldest revision whose code
still works on it (schema_compatibility): walking down from that revision for as long as each
migration says ``compatible_with_previous = True``. The readiness check of older code reads it
(web/health.py): code whose newest migration is at or after that oldest revision stays ready
on the newer schema; any other code answers 503 until it is replaced. Code ahead of the schema
is ready only while every migration it lacks says ``contract = True`` (pending_are_contracts).
"""

import datetime as dt
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import Script, ScriptDirectory
from sqlalchemy import Connection, Engine, inspect, select
from sqlalchemy.exc import SQLAlchemyError

from scrapindex.db import upsert
from scrapindex.models.operations import SchemaCompatibility

MIGRATIONS_DIR = Path(__file__).parent / "migrations"


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    config.set_main_option("file_template", "%%(year)d_%%(month).2d_%%(day).2d_%%(rev)s_%%(slug)s")
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Migrate to ``revision``, and record which older code works on the result (in the same
    transaction: a schema is never left without its record)."""
    config = alembic_config(engine.url.render_as_string(hide_password=False))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
        record_compatibility(connection)


def scripts() -> ScriptDirectory:
    return ScriptDirectory(str(MIGRATIONS_DIR))


def head_revision() -> str | None:
    return scripts().get_current_head()


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def known_revisions() -> set[str]:
    """Every revision this code has: with one head (get_current_head refuses more), the head
    and all its ancestors."""
    return {script.revision for script in scripts().walk_revisions()}


def oldest_compatible(revision: str, directory: ScriptDirectory | None = None) -> str:
    """The oldest revision whose code works on a schema at ``revision``: down from it while
    each migration declares ``compatible_with_previous = True`` (a merge stops the walk)."""
    directory = directory or scripts()
    oldest = revision
    script = directory.get_revision(revision)
    while (
        script is not None
        and getattr(script.module, "compatible_with_previous", False) is True
        and isinstance(script.down_revision, str)
    ):
        oldest = script.down_revision
        script = directory.get_revision(oldest)
    return oldest


def pending_are_contracts(
    revision: str | None, head: str | None, directory: ScriptDirectory | None = None
) -> bool:
    """Every migration from ``revision`` (excluded) up to ``head`` says ``contract = True``: the
    code at ``head`` works on a schema at ``revision``. False when ``revision`` is not below
    ``head`` on one line of migrations."""
    if revision is None or head is None or revision == head:
        return False
    directory = directory or scripts()
    script: Script | None = directory.get_revision(head)
    while script is not None and script.revision != revision:
        if getattr(script.module, "contract", False) is not True:
            return False
        down = script.down_revision
        script = directory.get_revision(down) if isinstance(down, str) else None
    return script is not None


def record_compatibility(connection: Connection) -> None:
    """Upsert the schema_compatibility row of the revision ``connection``'s database is at
    (nothing before the migration that made the table)."""
    revision = MigrationContext.configure(connection).get_current_revision()
    if revision is None or not inspect(connection).has_table(SchemaCompatibility.__tablename__):
        return
    row = {
        "revision": revision,
        "oldest_compatible": oldest_compatible(revision),
        "recorded_at": dt.datetime.now(dt.UTC),
    }
    connection.execute(
        upsert(
            connection,
            SchemaCompatibility,
            [row],
            key=["revision"],
            values=["oldest_compatible", "recorded_at"],
        )
    )


def recorded_oldest_compatible(engine: Engine, revision: str) -> str | None:
    """The oldest compatible revision recorded for ``revision``; None without a record (or
    without the table, as on a schema from before it, or one this code cannot read)."""
    try:
        with engine.connect() as connection:
            return connection.execute(
                select(SchemaCompatibility.oldest_compatible).where(
                    SchemaCompatibility.revision == revision
                )
            ).scalar_one_or_none()
    except SQLAlchemyError:
        return None

"""The sources that imported rows name: feeds, created the first time a file names them; and
the site's own (estimates, user reports), created the first time they write a price."""

from sqlalchemy import Connection, select
from sqlalchemy.dialects import postgresql, sqlite

from scrapindex.models import Source

FEED_KIND = "feed"
WRITABLE_KINDS = ("feed", "manual")  # never let a file's rows pass for the demo generator's
MAX_NAME_LENGTH = 120


def source_kinds(connection: Connection) -> dict[str, str]:
    return dict(connection.execute(select(Source.name, Source.kind)).all())


def check_source_name(name: str, kinds: dict[str, str]) -> str:
    if not name:
        raise ValueError("source is empty")
    if len(name) > MAX_NAME_LENGTH:
        raise ValueError(f"source is longer than {MAX_NAME_LENGTH} characters")
    kind = kinds.get(name)
    if kind is not None and kind not in WRITABLE_KINDS:
        raise ValueError(f"source {name!r} is the {kind} source; name the feed the rows came from")
    return name


def source_ids(
    connection: Connection, names: set[str], url: str | None = None, kind: str = FEED_KIND
) -> dict[str, int]:
    """Ids of the named sources, creating the missing ones as ``kind`` (feeds). INSERT … ON
    CONFLICT DO NOTHING: two writers naming a new source at once both get its one row."""
    if not names:
        return {}
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    rows = [{"name": name, "kind": kind, "url": url} for name in sorted(names)]
    connection.execute(dialect.insert(Source).values(rows).on_conflict_do_nothing())
    found = connection.execute(select(Source.name, Source.id).where(Source.name.in_(names)))
    return dict(found.all())


def named_source_id(connection: Connection, name: str, kind: str) -> int:
    """The id of the source ``name``, created as ``kind`` (without an address) if missing."""
    return source_ids(connection, {name}, kind=kind)[name]

"""Fetched rows written as a normalized CSV in an import format, imported like any feed file."""

import csv
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from scrapindex.data.feeds import FeedFormatError, FeedUnavailableError
from scrapindex.data.imports.report import ImportReport


def read_local(file: Path, what: str) -> bytes:
    try:
        return file.read_bytes()
    except OSError as error:
        reason = (error.strerror or type(error).__name__).lower()
        raise FeedUnavailableError(
            f"{what}: could not read {file} ({reason}); nothing was changed"
        ) from None


def import_rows(
    file_name: str,
    columns: Sequence[str],
    rows: Iterable[Sequence[object]],
    import_file: Callable[[Path], ImportReport],
) -> ImportReport:
    """Write ``rows`` under ``columns`` to a temporary ``file_name`` and import it."""
    with tempfile.TemporaryDirectory(prefix="scrapindex-feed-") as folder:
        path = Path(folder) / file_name
        with path.open("w", encoding="utf-8", newline="") as out:
            writer = csv.writer(out, lineterminator="\n")
            writer.writerow(columns)
            writer.writerows(rows)
        return import_file(path)


def no_rows(what: str, detail: str) -> FeedFormatError:
    return FeedFormatError(f"{what}: {detail}; nothing was changed")

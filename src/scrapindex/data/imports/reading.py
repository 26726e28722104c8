"""Streaming CSV and JSON files into rows, turning unreadable input into reported problems.

Nothing here loads a whole file: CSV is read line by line, JSON through ijson's event parser.
CSV problems carry their line number (the header is line 1); JSON has no useful line numbers,
so its problems carry the item's number in the array instead.
"""

import csv
import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import IO, Any, TypeVar

import ijson

from scrapindex.data.imports.report import ProblemLog

T = TypeVar("T")
UTF8_BOM = b"\xef\xbb\xbf"


class FileFormat(StrEnum):
    csv = "csv"
    json = "json"


def file_format(path: Path) -> FileFormat | None:
    match path.suffix.lower():
        case ".csv":
            return FileFormat.csv
        case ".json" | ".geojson":
            return FileFormat.json
        case _:
            return None


def position_name(path: Path) -> str:
    return "item" if file_format(path) is FileFormat.json else "line"


@dataclass(frozen=True)
class SourceRow:
    """One record of a tabular file: its position and its fields as stripped text."""

    position: int
    fields: dict[str, str]

    def __getitem__(self, column: str) -> str:
        return self.fields.get(column, "")


def read_table(path: Path, columns: Sequence[str], problems: ProblemLog) -> Iterator[SourceRow]:
    """Rows of a CSV file with a header, or of a JSON array of objects, that have ``columns``.

    Other columns are kept (an importer may use them when present) and never required.
    """
    match file_format(path):
        case FileFormat.csv:
            yield from _csv_rows(path, columns, problems)
        case FileFormat.json:
            yield from _json_rows(path, columns, problems)
        case None:
            problems.add(None, f"unsupported file type '{path.suffix}': use .csv or .json")


def batched(items: Iterable[T], size: int) -> Iterator[list[T]]:
    iterator = iter(items)
    while batch := list(itertools.islice(iterator, size)):
        yield batch


class _Utf8Lines:
    """The file's lines as text. A line that is not UTF-8 is reported and read with U+FFFD."""

    def __init__(self, binary: IO[bytes], problems: ProblemLog) -> None:
        self.binary = binary
        self.problems = problems
        self.last_bad_line = 0

    def __iter__(self) -> Iterator[str]:
        for number, raw in enumerate(self.binary, start=1):
            if number == 1:
                raw = raw.removeprefix(UTF8_BOM)
            try:
                yield raw.decode("utf-8")
            except UnicodeDecodeError as error:
                self.last_bad_line = number
                self.problems.add(
                    number,
                    f"not valid UTF-8 (byte 0x{raw[error.start]:02x} at column "
                    f"{error.start + 1}); save the file as UTF-8",
                )
                # Still hand the line on, so the CSV reader's line count stays right.
                yield raw.decode("utf-8", errors="replace")


def _csv_rows(path: Path, columns: Sequence[str], problems: ProblemLog) -> Iterator[SourceRow]:
    with path.open("rb") as binary:
        lines = _Utf8Lines(binary, problems)
        reader = csv.reader(lines)
        names = _csv_header(reader, columns, problems)
        if names is None:
            return
        end_of_previous = reader.line_num
        while True:
            try:
                record = next(reader)
            except StopIteration:
                return
            except csv.Error as error:
                problems.add(reader.line_num, f"not readable as CSV: {error}")
                return
            first_line, end_of_previous = end_of_previous + 1, reader.line_num
            if lines.last_bad_line >= first_line or not any(f.strip() for f in record):
                continue  # already reported, or a blank line
            if len(record) != len(names):
                problems.add(first_line, f"expected {len(names)} fields, found {len(record)}")
                continue
            yield SourceRow(first_line, {n: v.strip() for n, v in zip(names, record, strict=True)})


def _csv_header(
    reader: Iterator[list[str]], columns: Sequence[str], problems: ProblemLog
) -> list[str] | None:
    try:
        header = next(reader, None)
    except csv.Error as error:
        problems.add(1, f"not readable as CSV: {error}")
        return None
    if header is None:
        problems.add(None, "the file is empty")
        return None
    names = [name.strip().lower() for name in header]
    missing = [column for column in columns if column not in names]
    if missing:
        found = ", ".join(names)
        problems.add(1, f"missing columns: {', '.join(missing)} (the header has: {found})")
        return None
    return names


def _json_rows(path: Path, columns: Sequence[str], problems: ProblemLog) -> Iterator[SourceRow]:
    for position, item in read_json_items(path, "item", problems):
        if not isinstance(item, dict):
            problems.add(position, "expected an object with the row's fields")
            continue
        fields = {str(key).strip().lower(): _json_text(value) for key, value in item.items()}
        missing = [column for column in columns if column not in fields]
        if missing:
            problems.add(position, f"missing fields: {', '.join(missing)}")
            continue
        yield SourceRow(position, fields)


def _json_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value).strip()  # ijson gives numbers as int or exact Decimal


def read_json_items(path: Path, prefix: str, problems: ProblemLog) -> Iterator[tuple[int, Any]]:
    """(number, value) of each element of the array at ``prefix`` ("item": the top level).

    Numbers come back as int or Decimal, never float.
    """
    with path.open("rb") as binary:
        if not _skip_bom_expecting(binary, b"[" if prefix == "item" else b"{"):
            expected = "an array" if prefix == "item" else "an object"
            problems.add(None, f"expected {expected} at the top level of the JSON file")
            return
        position = 0
        try:
            for position, value in enumerate(ijson.items(binary, prefix), start=1):
                yield position, value
        except ijson.JSONError as error:
            problems.add(position + 1, _json_error_message(error))


def _skip_bom_expecting(binary: IO[bytes], opening: bytes) -> bool:
    """Position the file after a UTF-8 byte order mark; True if it starts with ``opening``."""
    head = binary.read(4096)
    start = len(UTF8_BOM) if head.startswith(UTF8_BOM) else 0
    binary.seek(start)
    return head[start:].lstrip().startswith(opening)


def _json_error_message(error: Exception) -> str:
    text = error.args[0] if error.args else ""
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    first_line = str(text).strip().splitlines()[0] if str(text).strip() else "parse error"
    if "UTF8" in first_line or "UTF-8" in first_line:
        return "not valid UTF-8; save the file as UTF-8"
    return f"not valid JSON ({first_line})"

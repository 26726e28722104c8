"""Checks across the rows of a file: repeated keys, and prices far from their recent median."""

import datetime as dt
import statistics
from collections.abc import Callable, Iterable, Mapping
from decimal import Decimal
from functools import lru_cache

from scrapindex.data.imports.report import MAX_LISTED_PROBLEMS, ImportReport

SeriesDay = tuple[int, dt.date]  # (series number, day): a price series or a currency's rates

OUTLIER_WINDOW_DAYS = 7
OUTLIER_FACTOR = Decimal(3)


class RepeatedRows:
    """Finds rows whose (series, day) an earlier row already gave.

    One bit per series and day seen, so memory grows with the days a file spans, not with
    its rows. Where the first of a repeated pair was is found afterwards by reading the file
    again, only for the repeats that will be listed.
    """

    def __init__(self, series_count: int) -> None:
        self.bytes_per_day = (series_count + 7) // 8
        self.seen: dict[dt.date, bytearray] = {}
        self.count = 0
        self.listed: dict[SeriesDay, list[int]] = {}

    def add(self, key: SeriesDay, position: int) -> None:
        series, day = key
        bits = self.seen.setdefault(day, bytearray(self.bytes_per_day))
        byte, mask = divmod(series, 8)
        if not bits[byte] & (1 << mask):
            bits[byte] |= 1 << mask
            return
        self.count += 1
        if len(self.listed) < MAX_LISTED_PROBLEMS or key in self.listed:
            self.listed.setdefault(key, []).append(position)

    def report(
        self,
        rows_again: Iterable[tuple[SeriesDay, int]],
        report: ImportReport,
        describe: Callable[[SeriesDay], str],
    ) -> None:
        """Add one problem per repeat, naming the line it repeats, from a second read."""
        first: dict[SeriesDay, int] = {}
        for key, position in rows_again:
            if key in self.listed and key not in first:
                first[key] = position
        reported = 0
        for key, positions in self.listed.items():
            earlier = f"{report.position_name} {first[key]}" if key in first else "an earlier row"
            for position in positions:
                report.problems.add(position, f"{describe(key)} repeats {earlier}")
                reported += 1
        for _ in range(self.count - reported):
            report.problems.add(None, "a repeated row")  # counted; past what the report lists


def median_before(
    history: Mapping[dt.date, Decimal], day: dt.date, window_days: int = OUTLIER_WINDOW_DAYS
) -> Decimal | None:
    """The median of the stored values in the ``window_days`` before ``day``; None if none."""
    values = [history[d] for d in _days_before(day, window_days) if d in history]
    return statistics.median(values) if values else None


@lru_cache(maxsize=4096)
def _days_before(day: dt.date, window_days: int) -> tuple[dt.date, ...]:
    return tuple(day - dt.timedelta(days=n) for n in range(1, window_days + 1))


def outlier_message(
    value: Decimal,
    median: Decimal | None,
    unit: str,
    places: int,
    window_days: int = OUTLIER_WINDOW_DAYS,
) -> str | None:
    """Why ``value`` is an outlier against ``median`` (more than 3x or under a third), or None."""
    if median is None:
        return None
    if value > median * OUTLIER_FACTOR:
        side = f"more than {OUTLIER_FACTOR}x"
    elif value * OUTLIER_FACTOR < median:
        side = f"less than 1/{OUTLIER_FACTOR} of"
    else:
        return None
    shown, typical = f"{value:.{places}f}", f"{median:.{places}f}"
    return f"outlier: {shown} {unit} is {side} the {window_days}-day median of {typical} {unit}"

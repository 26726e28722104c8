"""A licensed daily provider (LME or COMEX prices through a paid API), described by a mapping.

The mapping file (setting MARKET_FEEDS_FILE; deploy/market-feeds.example.yaml) lists providers:

    providers:
      - name: example-lme              # what --source names
        source: "Example Metals Data: LME official prices"   # the source rows are stored under
        source_url: https://data.example.com/terms
        url: https://api.example.com/v1/lme/daily.csv       # or file: /srv/feeds/lme.csv
        headers: {Authorization: "Bearer ${EXAMPLE_API_TOKEN}"}  # ${NAME}: from the environment
        format: csv                    # csv, or json with records: data.prices (a dotted path)
        columns: {date: Date, metal: Metal, price: Price, unit: Unit, currency: Currency}
        unit: t                        # when there is no unit column: t, kg or lb
        currency: USD                  # when there is no currency column
        date_format: "%d/%m/%Y"        # strptime format; default YYYY-MM-DD
        period: daily                  # daily (default) or monthly
        metals: {"LME Copper": copper, "LME Aluminium": aluminium}

Rows of metals the mapping does not name are left out (a provider sells more than we track).
Prices in another currency are converted with our stored rate on, or the latest before, that
day; a day without one stops the fetch, so nothing is converted with a guess.
"""

import csv
import datetime as dt
import json
import os
import re
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import yaml

from scrapindex.data.feeds import FeedFormatError, feed_decimal
from scrapindex.formatting import KG_PER_UNIT

UNITS_PER_TONNE: dict[str, Decimal] = {
    unit: KG_PER_UNIT["t"] / kg for unit, kg in KG_PER_UNIT.items()
}
UNIT_NAMES = {"t": "t", "mt": "t", "tonne": "t", "ton": "t", "kg": "kg", "lb": "lb", "lbs": "lb"}
PRICE_STEP = Decimal("0.0001")
PERIODS = ("daily", "monthly")
FORMATS = ("csv", "json")
ENVIRONMENT_NAME = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")

RateOn = Callable[[str, dt.date], Decimal | None]  # USD per unit of a currency on a day


@dataclass(frozen=True)
class Columns:
    date: str
    metal: str
    price: str
    unit: str | None = None
    currency: str | None = None


@dataclass(frozen=True)
class Provider:
    name: str
    source: str
    columns: Columns
    metals: dict[str, str]  # the provider's name of a metal -> our metal key
    url: str | None = None
    file: Path | None = None
    format: str = "csv"
    records: str | None = None
    unit: str | None = None
    currency: str | None = None
    period: str = "daily"
    date_format: str | None = None
    source_url: str | None = None
    headers: dict[str, str] = field(default_factory=dict)

    def request_headers(self, environment: Mapping[str, str] = os.environ) -> dict[str, str]:
        """The headers with ${NAME} taken from the environment (API keys stay out of files)."""

        def value(match: re.Match[str]) -> str:
            name = match.group(1)
            if name not in environment:
                raise FeedFormatError(f"{self.name}: the environment variable {name} is not set")
            return environment[name]

        return {key: ENVIRONMENT_NAME.sub(value, text) for key, text in self.headers.items()}


@dataclass(frozen=True)
class ProviderPrice:
    day: dt.date
    metal: str
    usd_per_tonne: Decimal


def load_providers(path: Path, metals: Collection[str]) -> dict[str, Provider]:
    """The providers of a mapping file, by name, checked against our metals."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise FeedFormatError(f"{path}: could not read the mapping ({error.strerror})") from None
    except yaml.YAMLError as error:
        reason = " ".join(str(error).split())
        raise FeedFormatError(f"{path}: not valid YAML ({reason})") from None
    entries = data.get("providers") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise FeedFormatError(f"{path}: expected a 'providers' list")
    providers: dict[str, Provider] = {}
    for number, entry in enumerate(entries, start=1):
        provider = _provider(path, number, entry, metals)
        providers[provider.name] = provider
    return providers


def _provider(path: Path, number: int, entry: Any, metals: Collection[str]) -> Provider:
    where = f"{path}: provider {number}"
    if not isinstance(entry, dict):
        raise FeedFormatError(f"{where}: expected a mapping")
    try:
        columns = Columns(**entry["columns"])
        provider = Provider(
            name=str(entry["name"]),
            source=str(entry.get("source") or entry["name"]),
            columns=columns,
            metals={str(k): str(v) for k, v in entry["metals"].items()},
            url=entry.get("url"),
            file=path.parent / entry["file"] if entry.get("file") else None,  # beside the map
            format=str(entry.get("format", "csv")),
            records=entry.get("records"),
            unit=entry.get("unit"),
            currency=entry.get("currency"),
            period=str(entry.get("period", "daily")),
            date_format=entry.get("date_format"),
            source_url=entry.get("source_url"),
            headers={str(k): str(v) for k, v in (entry.get("headers") or {}).items()},
        )
    except (KeyError, TypeError, AttributeError) as error:
        raise FeedFormatError(f"{where}: missing or malformed {error}") from None
    _check_provider(where, provider, metals)
    return provider


def _check_provider(where: str, provider: Provider, metals: Collection[str]) -> None:
    problems = []
    if (provider.url is None) == (provider.file is None):
        problems.append("give exactly one of url and file")
    if provider.format not in FORMATS:
        problems.append(f"format {provider.format!r} is not csv or json")
    if provider.format == "json" and not provider.records:
        problems.append("a json provider needs records: the path to its list of objects")
    if provider.period not in PERIODS:
        problems.append(f"period {provider.period!r} is not daily or monthly")
    if provider.columns.unit is None and _unit_name(provider.unit) is None:
        problems.append("no unit column, and unit is not t, kg or lb")
    if provider.columns.currency is None and not provider.currency:
        problems.append("no currency column and no currency")
    unknown = sorted(set(provider.metals.values()) - set(metals))
    if unknown:
        problems.append(f"metals {', '.join(unknown)} are not ours ({', '.join(sorted(metals))})")
    if problems:
        raise FeedFormatError(f"{where} ({provider.name}): {'; '.join(problems)}")


def parse_provider(provider: Provider, data: bytes, rate_on: RateOn) -> list[ProviderPrice]:
    """The provider's prices of our metals, in USD per tonne."""
    prices: list[ProviderPrice] = []
    for position, record in _records(provider, data):
        metal = provider.metals.get(_field(provider, record, provider.columns.metal, position))
        if metal is None:
            continue
        prices.append(_price(provider, record, metal, position, rate_on))
    return prices


def _price(
    provider: Provider, record: Mapping[str, Any], metal: str, position: int, rate_on: RateOn
) -> ProviderPrice:
    columns = provider.columns
    where = f"{provider.name}: record {position}"
    day = _date(provider, _field(provider, record, columns.date, position), where)
    price = feed_decimal(_field(provider, record, columns.price, position), f"{where}: price")
    unit_text = _field(provider, record, columns.unit, position) if columns.unit else provider.unit
    unit = _unit_name(unit_text)
    if unit is None:
        raise FeedFormatError(f"{where}: unit {unit_text!r} is not t, kg or lb")
    currency = (
        _field(provider, record, columns.currency, position)
        if columns.currency
        else str(provider.currency)
    ).upper()
    usd_per_unit = Decimal(1) if currency == "USD" else rate_on(currency, day)
    if usd_per_unit is None:
        raise FeedFormatError(
            f"{where}: no stored {currency} exchange rate on or before {day} to convert with; "
            "import or fetch the rates first"
        )
    usd_per_tonne = (price * UNITS_PER_TONNE[unit] * usd_per_unit).quantize(PRICE_STEP)
    return ProviderPrice(day, metal, usd_per_tonne)


def _records(provider: Provider, data: bytes) -> Iterator[tuple[int, Mapping[str, Any]]]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FeedFormatError(f"{provider.name}: the feed is not UTF-8 text") from None
    if provider.format == "csv":
        reader = csv.DictReader(text.splitlines())
        for position, row in enumerate(reader, start=2):
            if any((value or "").strip() for value in row.values() if isinstance(value, str)):
                yield position, row
        return
    yield from enumerate(_json_records(provider, text), start=1)


def _json_records(provider: Provider, text: str) -> list[Mapping[str, Any]]:
    try:
        node: Any = json.loads(text, parse_float=Decimal)
    except json.JSONDecodeError as error:
        raise FeedFormatError(f"{provider.name}: not valid JSON ({error})") from None
    for key in str(provider.records).split("."):
        if not isinstance(node, dict) or key not in node:
            raise FeedFormatError(f"{provider.name}: the JSON has no {provider.records!r} list")
        node = node[key]
    if not isinstance(node, list) or not all(isinstance(item, dict) for item in node):
        raise FeedFormatError(f"{provider.name}: {provider.records!r} is not a list of objects")
    return node


def _field(provider: Provider, record: Mapping[str, Any], column: str, position: int) -> str:
    if column not in record or record[column] is None:
        raise FeedFormatError(f"{provider.name}: record {position} has no {column!r}")
    return str(record[column]).strip()


def _date(provider: Provider, text: str, where: str) -> dt.date:
    try:
        if provider.date_format:
            return dt.datetime.strptime(text, provider.date_format).date()
        return dt.date.fromisoformat(text[:10])
    except ValueError:
        expected = provider.date_format or "YYYY-MM-DD"
        raise FeedFormatError(f"{where}: date {text!r} is not in the form {expected}") from None


def _unit_name(text: str | None) -> str | None:
    return UNIT_NAMES.get((text or "").strip().lower())

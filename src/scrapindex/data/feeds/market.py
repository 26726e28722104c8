"""Fetching market reference prices: FRED's monthly IMF series, the World Bank's monthly Pink
Sheet or a licensed daily provider."""

import datetime as dt
from collections.abc import Iterable, Sequence
from decimal import Decimal
from pathlib import Path

from sqlalchemy import Engine, select

from scrapindex.data.estimate_table import Reference, load_estimate_table
from scrapindex.data.feeds import FeedFormatError
from scrapindex.data.feeds.fred import (
    FRED_BASE_URL,
    FRED_SOURCE,
    FRED_SOURCE_URL,
    fred_url,
    parse_fred_csv,
)
from scrapindex.data.feeds.generic import Provider, ProviderPrice, load_providers, parse_provider
from scrapindex.data.feeds.http import Fetch, fetch_bytes
from scrapindex.data.feeds.normalized import import_rows, no_rows, read_local
from scrapindex.data.feeds.worldbank import (
    CODES,
    WORLD_BANK_IRON_ORE_SOURCE,
    WORLD_BANK_PAGE,
    WORLD_BANK_SOURCE,
    WORLD_BANK_URL,
    download_worldbank,
    parse_worldbank,
)
from scrapindex.data.feeds.worldbank import (
    WHAT as WORLD_BANK,
)
from scrapindex.data.imports.market import COLUMNS as MARKET_COLUMNS
from scrapindex.data.imports.market import import_market_prices
from scrapindex.data.imports.report import ImportReport, Progress
from scrapindex.models import FxRate

MarketLine = tuple[str, str, str, str, str]  # date, metal, usd_per_tonne, period, source


def fetch_market_prices(
    engine: Engine,
    content_dir: Path,
    *,
    source: str = "fred",
    series: Sequence[str] | None = None,
    file: Path | None = None,
    today: dt.date | None = None,
    fetch: Fetch = fetch_bytes,
    fred_base_url: str = FRED_BASE_URL,
    world_bank_url: str = WORLD_BANK_URL,
    feeds_file: Path | None = None,
    timeout_seconds: float = 30,
    allow_outliers: bool = False,
    progress: Progress | None = None,
) -> ImportReport:
    """Fetch ``series`` (our metal keys; default all) from FRED, the World Bank or a provider
    of ``feeds_file``, and import them as one market price file."""
    references = load_estimate_table(content_dir).references
    metals = _chosen_metals(references, series)
    if source == "fred":
        lines = _fred_lines(references, metals, series, file, fetch, fred_base_url, timeout_seconds)
        urls = {FRED_SOURCE: FRED_SOURCE_URL}
    elif source == "worldbank":
        lines = _worldbank_lines(metals, series, file, fetch, world_bank_url, timeout_seconds)
        urls = dict.fromkeys((WORLD_BANK_SOURCE, WORLD_BANK_IRON_ORE_SOURCE), WORLD_BANK_PAGE)
    else:
        provider = _provider(feeds_file, source, references)
        prices = _provider_prices(engine, provider, file, fetch, timeout_seconds)
        lines = [_line(p, provider.period, provider.source) for p in prices if p.metal in metals]
        urls = {provider.source: provider.source_url} if provider.source_url else {}
    if not lines:
        raise no_rows(source, "the feed has no prices of the chosen metals")

    def import_file(path: Path) -> ImportReport:
        return import_market_prices(
            engine,
            path,
            allow_outliers=allow_outliers,
            today=today,
            progress=progress,
            metals=references.keys(),
            source_urls=urls,
        )

    return import_rows(f"{source}-market-prices.csv", MARKET_COLUMNS, lines, import_file)


def _chosen_metals(references: dict[str, Reference], series: Sequence[str] | None) -> list[str]:
    if not series:
        return list(references)
    unknown = [metal for metal in series if metal not in references]
    if unknown:
        raise FeedFormatError(
            f"unknown metal {', '.join(unknown)}: choose from {', '.join(references)}"
        )
    return list(dict.fromkeys(series))


def _fred_lines(
    references: dict[str, Reference],
    metals: list[str],
    series: Sequence[str] | None,
    file: Path | None,
    fetch: Fetch,
    base_url: str,
    timeout_seconds: float,
) -> list[MarketLine]:
    if file is not None:
        return _fred_file_lines(references, series, file)
    lines: list[MarketLine] = []
    for metal in metals:
        series_id = references[metal].fred_series
        if series_id is None:
            raise FeedFormatError(f"FRED: {metal} has no FRED series in the estimate table")
        data = fetch(
            fred_url(base_url, series_id), timeout_seconds=timeout_seconds, what=f"FRED {series_id}"
        )
        lines.extend(_monthly_lines(metal, parse_fred_csv(data, series_id).observations))
    return lines


def _fred_file_lines(
    references: dict[str, Reference], series: Sequence[str] | None, file: Path
) -> list[MarketLine]:
    """One FRED CSV: its metal is --series (exactly one) or the series id in its header."""
    if series and len(series) != 1:
        raise FeedFormatError("FRED: a --file holds one series; give one metal with --series")
    parsed = parse_fred_csv(read_local(file, "FRED"))
    by_series = {ref.fred_series: metal for metal, ref in references.items() if ref.fred_series}
    metal = series[0] if series else by_series.get(parsed.series_id)
    if metal is None:
        raise FeedFormatError(
            f"FRED: {file.name} holds {parsed.series_id}, which is none of our series "
            f"({', '.join(by_series)}); name the metal with --series"
        )
    return list(_monthly_lines(metal, parsed.observations))


def _monthly_lines(
    metal: str, observations: Iterable[tuple[dt.date, Decimal]]
) -> Iterable[MarketLine]:
    for day, value in observations:
        yield day.isoformat(), metal, f"{value}", "monthly", FRED_SOURCE


def _worldbank_lines(
    metals: list[str],
    series: Sequence[str] | None,
    file: Path | None,
    fetch: Fetch,
    url: str,
    timeout_seconds: float,
) -> list[MarketLine]:
    """The whole sheet's months of the chosen metals (all those the Pink Sheet quotes)."""
    quoted = set(CODES.values())
    unquoted = [metal for metal in metals if metal not in quoted]
    if series and unquoted:
        raise FeedFormatError(f"{WORLD_BANK}: it has no {', '.join(unquoted)} series")
    if file is not None:
        data = read_local(file, WORLD_BANK)
    else:
        data = download_worldbank(url, fetch, timeout_seconds)
    csv_export = file is not None and file.suffix.lower() == ".csv"
    chosen = [metal for metal in metals if metal in quoted]
    prices = parse_worldbank(data, chosen, csv_export=csv_export)
    return [(p.day.isoformat(), p.metal, f"{p.usd_per_tonne}", "monthly", p.source) for p in prices]


def _provider(feeds_file: Path | None, name: str, references: dict[str, Reference]) -> Provider:
    if feeds_file is None:
        raise FeedFormatError(
            f"{name}: not 'fred' or 'worldbank', and no MARKET_FEEDS_FILE names other providers"
        )
    providers = load_providers(feeds_file, references.keys())
    if name not in providers:
        known = ", ".join(["fred", "worldbank", *providers])
        raise FeedFormatError(f"{name}: no such provider in {feeds_file} (known: {known})")
    return providers[name]


def _provider_prices(
    engine: Engine, provider: Provider, file: Path | None, fetch: Fetch, timeout_seconds: float
) -> list[ProviderPrice]:
    local = file or provider.file
    if local is not None:
        data = read_local(local, provider.name)
    else:
        data = fetch(
            str(provider.url),
            timeout_seconds=timeout_seconds,
            what=provider.name,
            headers=provider.request_headers(),
        )
    with engine.connect() as connection:

        def rate_on(currency: str, day: dt.date) -> Decimal | None:
            query = (
                select(FxRate.usd_per_unit)
                .where(FxRate.currency == currency, FxRate.rate_date <= day)
                .order_by(FxRate.rate_date.desc())
                .limit(1)
            )
            return connection.execute(query).scalar_one_or_none()

        return parse_provider(provider, data, rate_on)


def _line(price: ProviderPrice, period: str, source: str) -> MarketLine:
    return price.day.isoformat(), price.metal, f"{price.usd_per_tonne}", period, source

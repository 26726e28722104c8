"""Fetching the market reference feeds: from files, from a loopback server, and offline."""

import datetime as dt
import functools
import http.server
import io
import socket
import threading
import zipfile
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from sqlalchemy import Engine, select
from typer.testing import CliRunner, Result

from scrapindex.cli import app as cli
from scrapindex.data.feeds import FeedUnavailableError
from scrapindex.data.feeds.ecb import ECB_SOURCE, ECB_SOURCE_URL, fetch_ecb_rates
from scrapindex.data.feeds.fred import FRED_SOURCE, FRED_SOURCE_URL
from scrapindex.data.feeds.http import Fetch, fetch_bytes
from scrapindex.data.feeds.market import fetch_market_prices
from scrapindex.models import City, FxRate, MarketPrice, Material, Price, PriceEstimate, Source
from scrapindex.settings import get_settings
from tests.conftest import CONTENT_DIR
from tests.databases import count_rows, data_fingerprint, fingerprint

FEEDS = Path(__file__).parents[1] / "fixtures" / "feeds"
FRED_IDS = ("PCOPPUSDM", "PALUMUSDM", "PLEADUSDM", "PZINCUSDM", "PNICKUSDM", "PTINUSDM")
FRED_IDS_ALL = (*FRED_IDS, "PIORECRUSDM")


class FeedServer:
    """Serves fixture bytes by path on 127.0.0.1; a path can answer some errors first."""

    def __init__(self) -> None:
        self.bodies: dict[str, bytes] = {}
        self.failures: dict[str, list[int]] = {}
        self.requests: list[str] = []
        served = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                served.requests.append(self.path)
                failures = served.failures.get(self.path, [])
                body = served.bodies.get(self.path)
                status = failures.pop(0) if failures else (200 if body is not None else 404)
                payload = body if status == 200 and body is not None else b"unavailable"
                self.send_response(status)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"


@pytest.fixture
def feed_server() -> Iterator[FeedServer]:
    server = FeedServer()
    thread = threading.Thread(target=server.server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.server.shutdown()
    server.server.server_close()
    thread.join()


@pytest.fixture
def waits() -> list[float]:
    return []


@pytest.fixture
def fetch(waits: list[float]) -> Fetch:
    """The real fetcher, waiting for nobody."""
    return functools.partial(fetch_bytes, sleep=waits.append)


def closed_port_url() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}"


def run_cli(db: Engine, monkeypatch: pytest.MonkeyPatch, *args: str, **env: str) -> Result:
    monkeypatch.setenv("DATABASE_URL", db.url.render_as_string(hide_password=False))
    monkeypatch.setenv("CONTENT_DIR", str(CONTENT_DIR))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    get_settings.cache_clear()
    try:
        return CliRunner().invoke(cli, list(args))
    finally:
        get_settings.cache_clear()


def stored_rate(db: Engine, currency: str, day: dt.date) -> Decimal | None:
    with db.connect() as connection:
        query = select(FxRate.usd_per_unit).where(
            FxRate.currency == currency, FxRate.rate_date == day
        )
        return connection.execute(query).scalar_one_or_none()


def stored_market(db: Engine, metal: str, day: dt.date) -> tuple[Decimal, str, str] | None:
    with db.connect() as connection:
        query = (
            select(MarketPrice.usd_per_tonne, MarketPrice.period, Source.name)
            .join(Source, Source.id == MarketPrice.source_id)
            .where(MarketPrice.metal == metal, MarketPrice.price_date == day)
        )
        row = connection.execute(query).one_or_none()
    return None if row is None else (row[0], row[1], row[2])


def source_url(db: Engine, name: str) -> tuple[str, str | None]:
    with db.connect() as connection:
        row = connection.execute(select(Source.kind, Source.url).where(Source.name == name)).one()
    return row[0], row[1]


def serve_fred(server: FeedServer, *series_ids: str) -> None:
    for series_id in series_ids:
        body = (FEEDS / f"fred-{series_id}.csv").read_bytes()
        server.bodies[f"/fredgraph.csv?id={series_id}"] = body


def test_the_ecb_history_file_imports_through_the_cli(
    db: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = run_cli(db, monkeypatch, "fx", "fetch", "--file", str(FEEDS / "eurofxref-hist.csv"))
    assert result.exit_code == 0, result.output
    assert "imported" in result.output
    assert stored_rate(db, "EUR", dt.date(2025, 4, 22)) == Decimal("1.1476")
    assert stored_rate(db, "GBP", dt.date(2025, 4, 22)) == Decimal("1.33662559")
    assert stored_rate(db, "NZD", dt.date(2025, 4, 9)) is None  # N/A in the file
    assert source_url(db, ECB_SOURCE) == ("feed", ECB_SOURCE_URL)


def test_the_daily_rates_are_fetched_by_url(db: Engine, feed_server: FeedServer) -> None:
    feed_server.bodies["/eurofxref-daily.xml"] = (FEEDS / "eurofxref-daily.xml").read_bytes()
    report = fetch_ecb_rates(db, base_url=feed_server.url)
    assert report.ok, report.problem_lines()
    assert (report.inserted, report.updated) == (7, 0)
    assert stored_rate(db, "ZAR", dt.date(2025, 4, 25)) == Decimal("0.05316748")
    assert feed_server.requests == ["/eurofxref-daily.xml"]


def test_the_history_zip_is_fetched_with_history(db: Engine, feed_server: FeedServer) -> None:
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.write(FEEDS / "eurofxref-hist.csv", "eurofxref-hist.csv")
    feed_server.bodies["/eurofxref-hist.zip"] = packed.getvalue()
    report = fetch_ecb_rates(db, history=True, base_url=feed_server.url)
    assert report.ok, report.problem_lines()
    assert report.inserted == 25 * 7 - 1  # 25 days of our 7 currencies, less one N/A


def test_a_server_that_fails_twice_is_retried(
    db: Engine, feed_server: FeedServer, fetch: Fetch, waits: list[float]
) -> None:
    feed_server.bodies["/eurofxref-daily.xml"] = (FEEDS / "eurofxref-daily.xml").read_bytes()
    feed_server.failures["/eurofxref-daily.xml"] = [503, 503]
    report = fetch_ecb_rates(db, base_url=feed_server.url, fetch=fetch)
    assert report.ok, report.problem_lines()
    assert len(feed_server.requests) == 3
    assert waits == [1.0, 2.0]


def test_a_missing_series_is_not_retried(
    db: Engine, feed_server: FeedServer, fetch: Fetch, waits: list[float]
) -> None:
    before = fingerprint(db)
    gone = r"after 1 attempt \(HTTP 404 Not Found\); nothing was changed"
    with pytest.raises(FeedUnavailableError, match=gone):
        fetch_market_prices(
            db,
            CONTENT_DIR,
            series=["copper"],
            fred_base_url=f"{feed_server.url}/fredgraph.csv",
            fetch=fetch,
        )
    assert waits == []
    assert fingerprint(db) == before


def test_offline_gives_one_line_and_changes_nothing(
    db: Engine, fetch: Fetch, waits: list[float]
) -> None:
    before = fingerprint(db)
    with pytest.raises(FeedUnavailableError) as raised:
        fetch_ecb_rates(db, base_url=closed_port_url(), fetch=fetch)
    message = str(raised.value)
    assert message.startswith("ECB reference rates: could not reach http://127.0.0.1:")
    assert message.endswith("after 3 attempts (connection refused); nothing was changed")
    assert "\n" not in message
    assert waits == [1.0, 2.0]
    with pytest.raises(FeedUnavailableError):
        fetch_market_prices(db, CONTENT_DIR, fred_base_url=closed_port_url(), fetch=fetch)
    after = fingerprint(db)
    assert after["fx_rates"] == before["fx_rates"]
    assert after["market_prices"] == before["market_prices"]
    assert after == before


def test_every_fred_series_is_fetched_and_a_refetch_changes_nothing(
    db: Engine, feed_server: FeedServer
) -> None:
    serve_fred(feed_server, *FRED_IDS_ALL)
    base = f"{feed_server.url}/fredgraph.csv"
    first = fetch_market_prices(db, CONTENT_DIR, fred_base_url=base)
    assert first.ok, first.problem_lines()
    assert first.inserted == 7 * 24
    assert stored_market(db, "copper", dt.date(2025, 10, 1)) == (
        Decimal("10741.36"),
        "monthly",
        FRED_SOURCE,
    )
    assert stored_market(db, "iron_ore", dt.date(2023, 11, 1)) is not None
    assert source_url(db, FRED_SOURCE) == ("feed", FRED_SOURCE_URL)
    after_first = fingerprint(db)
    again = fetch_market_prices(db, CONTENT_DIR, fred_base_url=base)
    assert (again.inserted, again.updated, again.unchanged) == (0, 0, 7 * 24)
    assert fingerprint(db) == after_first


def test_an_outlier_in_a_fetched_series_is_refused(db: Engine, feed_server: FeedServer) -> None:
    serve_fred(feed_server, "PCOPPUSDM")
    base = f"{feed_server.url}/fredgraph.csv"
    assert fetch_market_prices(db, CONTENT_DIR, series=["copper"], fred_base_url=base).ok
    before = fingerprint(db)
    copper = (FEEDS / "fred-PCOPPUSDM.csv").read_bytes() + b"2025-11-01,107413.60\n"
    feed_server.bodies["/fredgraph.csv?id=PCOPPUSDM"] = copper
    report = fetch_market_prices(db, CONTENT_DIR, series=["copper"], fred_base_url=base)
    assert not report.ok
    assert report.outliers == 1
    assert any(
        "copper on 2025-11-01: outlier: 107413.6000 USD/t is more than 3x the 100-day median"
        in line
        for line in report.problem_lines()
    )
    assert fingerprint(db) == before


def test_a_fred_file_names_its_metal_by_its_header(
    db: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    tin = str(FEEDS / "fred-PTINUSDM.csv")
    result = run_cli(db, monkeypatch, "market", "fetch", "--file", tin)
    assert result.exit_code == 0, result.output
    assert stored_market(db, "tin", dt.date(2025, 10, 1)) == (
        Decimal("36013.55"),
        "monthly",
        FRED_SOURCE,
    )
    refused = run_cli(db, monkeypatch, "market", "fetch", "--file", tin, "--series", "tin,lead")
    assert refused.exit_code == 1
    assert refused.output.strip() == (
        "FRED: a --file holds one series; give one metal with --series"
    )


def test_a_licensed_provider_is_converted_and_imported(
    db: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    feeds_file = str(FEEDS / "market-feeds.yaml")
    result = run_cli(
        db,
        monkeypatch,
        "market",
        "fetch",
        "--source",
        "example-lme",
        MARKET_FEEDS_FILE=feeds_file,
    )
    assert result.exit_code == 0, result.output
    eur = stored_rate(db, "EUR", dt.date(2026, 3, 31))
    assert eur is not None
    zinc = stored_market(db, "zinc", dt.date(2026, 4, 1))
    assert zinc == (
        (Decimal(2400) * eur).quantize(Decimal("0.0001")),
        "daily",
        "Example Metals Data: LME official prices",
    )
    assert source_url(db, "Example Metals Data: LME official prices") == (
        "feed",
        "https://data.example.com/terms",
    )
    assert count_rows(db, MarketPrice) == 6


def test_an_unknown_provider_is_one_red_line(db: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    before = fingerprint(db)
    result = run_cli(db, monkeypatch, "market", "fetch", "--source", "lme")
    assert result.exit_code == 1
    assert result.output.strip() == (
        "lme: not 'fred' or 'worldbank', and no MARKET_FEEDS_FILE names other providers"
    )
    assert fingerprint(db) == before


def test_market_import_reads_the_normalized_format(
    db: Engine, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    good = tmp_path / "market.csv"
    good.write_text(
        "date,metal,usd_per_tonne,period,source\n"
        "2026-04-01,copper,9850.5,daily,Desk Feed\n"
        "2026-04-02,copper,9912,daily,Desk Feed\n"
    )
    bad = tmp_path / "bad.csv"
    bad.write_text(
        "date,metal,usd_per_tonne,period,source\n"
        "2026-04-01,gold,3120,daily,Desk Feed\n"
        "2026-04-02,copper,9.912,weekly,Desk Feed\n"
    )
    imported = run_cli(db, monkeypatch, "market", "import", str(good))
    assert imported.exit_code == 0, imported.output
    assert stored_market(db, "copper", dt.date(2026, 4, 2)) == (
        Decimal("9912"),
        "daily",
        "Desk Feed",
    )
    before = data_fingerprint(db)
    rejected = run_cli(db, monkeypatch, "market", "import", str(bad))
    assert rejected.exit_code == 1
    assert "line 2: metal 'gold' is not one of aluminium, copper" in rejected.output
    assert "line 3: period 'weekly' is not one of daily, monthly" in rejected.output
    assert data_fingerprint(db) == before  # only the refused run is recorded


def estimated_row(db: Engine, city: str, material: str) -> tuple[Decimal, str, Decimal]:
    """(stored price, source kind, the price the stored inputs give) of the series' newest day."""
    with db.connect() as connection:
        row = connection.execute(
            select(
                Price.price_per_kg,
                Source.kind,
                PriceEstimate.reference_usd_per_tonne,
                PriceEstimate.grade_factor,
                PriceEstimate.margin,
                PriceEstimate.usd_per_unit,
            )
            .join(Source, Source.id == Price.source_id)
            .join(PriceEstimate, PriceEstimate.price_id == Price.id)
            .join(City, City.id == Price.city_id)
            .join(Material, Material.id == Price.material_id)
            .where(City.slug == city, Material.slug == material)
            .order_by(Price.price_date.desc())
            .limit(1)
        ).one()
    price, kind, reference, factor, margin, usd_per_unit = row
    expected = (reference / 1000 * factor * margin / usd_per_unit).quantize(Decimal("0.01"))
    return price, kind, expected


def test_the_daily_update_fetches_the_feeds_then_estimates(
    db: Engine, feed_server: FeedServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    feed_server.bodies["/eurofxref-daily.xml"] = (FEEDS / "eurofxref-daily.xml").read_bytes()
    serve_fred(feed_server, *FRED_IDS_ALL)
    result = run_cli(
        db, monkeypatch, "prices", "update",
        MARKET_FEEDS="ecb,fred", ECB_BASE_URL=feed_server.url,
        FRED_BASE_URL=f"{feed_server.url}/fredgraph.csv", INBOX_DIR=str(tmp_path / "inbox"),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Estimates for" in result.output
    assert stored_rate(db, "ZAR", dt.date(2025, 4, 25)) == Decimal("0.05316748")
    price, kind, expected = estimated_row(db, "johannesburg", "copper-1")
    assert kind == "estimate"
    assert price == expected
    # 10.74136 $/kg (Oct 2025) x 0.935 x 0.82 ZA margin = 8.2354007 $/kg; / 0.05316748 $ per
    # rand = R154.8955
    assert expected == Decimal("154.90")


def test_an_offline_feed_fails_the_update_and_writes_no_estimate_from_nothing(
    db: Engine, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    before = data_fingerprint(db)
    offline = closed_port_url()
    result = run_cli(
        db, monkeypatch, "prices", "update",
        MARKET_FEEDS="ecb", ECB_BASE_URL=offline, FEED_TIMEOUT_SECONDS="2",
        INBOX_DIR=str(tmp_path / "inbox"),
    )  # fmt: skip
    assert result.exit_code == 1
    assert "ecb: ECB reference rates: could not reach" in " ".join(result.output.split())
    assert "Not estimated: no copper reference price" in " ".join(result.output.split())
    assert data_fingerprint(db) == before  # the run's lease is bookkeeping

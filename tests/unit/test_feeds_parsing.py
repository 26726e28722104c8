"""Parsing the market reference feeds: ECB rates, FRED series and a licensed provider."""

import datetime as dt
import io
import urllib.error
import zipfile
from decimal import Decimal
from pathlib import Path

import pytest

from scrapindex.data.feeds import FeedFormatError, FeedUnavailableError
from scrapindex.data.feeds.ecb import UsdRate, parse_ecb, parse_ecb_csv, parse_ecb_xml
from scrapindex.data.feeds.fred import parse_fred_csv
from scrapindex.data.feeds.generic import load_providers, parse_provider
from scrapindex.data.feeds.http import fetch_bytes

FEEDS = Path(__file__).parents[1] / "fixtures" / "feeds"
OURS = ("AUD", "CAD", "EUR", "GBP", "NZD", "USD", "ZAR")
METALS = ("copper", "aluminium", "lead", "zinc", "nickel", "tin", "iron_ore")
APRIL_25 = dt.date(2025, 4, 25)


def rates_of(rates: list[UsdRate], day: dt.date) -> dict[str, Decimal]:
    return {rate.currency: rate.usd_per_unit for rate in rates if rate.day == day}


def test_the_daily_xml_converts_to_usd_per_unit() -> None:
    rates = parse_ecb_xml((FEEDS / "eurofxref-daily.xml").read_bytes(), OURS)
    # 1.1357 USD per EUR; GBP 0.85310, ZAR 21.3608, AUD 1.7797, CAD 1.5754, NZD 1.9063 per EUR.
    assert rates_of(rates, APRIL_25) == {
        "USD": Decimal("1.00000000"),
        "EUR": Decimal("1.13570000"),
        "GBP": Decimal("1.33126245"),  # 1.1357 / 0.85310 = 1.331262454...
        "ZAR": Decimal("0.05316748"),  # 1.1357 / 21.3608 = 0.053167484...
        "AUD": Decimal("0.63814126"),  # 1.1357 / 1.7797 = 0.638141259...
        "CAD": Decimal("0.72089628"),  # 1.1357 / 1.5754 = 0.720896280...
        "NZD": Decimal("0.59576142"),  # 1.1357 / 1.9063 = 0.595761422...
    }
    assert {rate.day for rate in rates} == {APRIL_25}


def test_only_our_currencies_are_kept() -> None:
    rates = parse_ecb_xml((FEEDS / "eurofxref-daily.xml").read_bytes(), ["EUR", "JPY"])
    assert rates_of(rates, APRIL_25) == {
        "EUR": Decimal("1.13570000"),
        "JPY": Decimal("0.00697604"),  # 1.1357 / 162.80
    }


def test_the_90_day_xml_gives_every_day() -> None:
    xml = (
        b"<?xml version='1.0' encoding='UTF-8'?><gesmes:Envelope "
        b"xmlns:gesmes='http://www.gesmes.org/xml/2002-08-01' "
        b"xmlns='http://www.ecb.int/vocabulary/2002-08-01/eurofxref'><Cube>"
        b"<Cube time='2025-04-25'><Cube currency='USD' rate='1.1357'/></Cube>"
        b"<Cube time='2025-04-24'><Cube currency='USD' rate='1.1376'/></Cube>"
        b"</Cube></gesmes:Envelope>"
    )
    rates = parse_ecb_xml(xml, ["EUR"])
    assert [(r.day.isoformat(), r.usd_per_unit) for r in rates] == [
        ("2025-04-25", Decimal("1.13570000")),
        ("2025-04-24", Decimal("1.13760000")),
    ]


def test_the_history_csv_keeps_every_day_and_skips_na() -> None:
    rates = parse_ecb_csv((FEEDS / "eurofxref-hist.csv").read_bytes(), OURS)
    assert len({rate.day for rate in rates}) == 25
    assert rates_of(rates, dt.date(2025, 4, 22))["GBP"] == Decimal("1.33662559")  # 1.1476/0.85858
    april_9 = rates_of(rates, dt.date(2025, 4, 9))
    assert "NZD" not in april_9  # N/A in the file
    assert set(april_9) == set(OURS) - {"NZD"}


def test_the_history_zip_reads_like_its_csv() -> None:
    csv_bytes = (FEEDS / "eurofxref-hist.csv").read_bytes()
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("eurofxref-hist.csv", csv_bytes)
    assert parse_ecb(packed.getvalue(), OURS) == parse_ecb_csv(csv_bytes, OURS)


def test_a_day_without_a_usd_rate_is_skipped() -> None:
    data = b"Date,USD,GBP,\n2025-04-25,N/A,0.8531,\n2025-04-24,1.1376,0.855,\n"
    rates = parse_ecb_csv(data, ["GBP"])
    assert [(r.day, r.usd_per_unit) for r in rates] == [
        (dt.date(2025, 4, 24), Decimal("1.33052632"))  # 1.1376 / 0.855
    ]


@pytest.mark.parametrize(
    "xml",
    [
        b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]><Cube>&lol;</Cube>',
        b'<!DOCTYPE Cube SYSTEM "http://example.com/evil.dtd"><Cube/>',
        b'<Cube><!ENTITY x SYSTEM "file:///etc/passwd"></Cube>',
    ],
)
def test_dtds_and_entities_are_refused(xml: bytes) -> None:
    with pytest.raises(FeedFormatError, match="DTD or entities"):
        parse_ecb_xml(xml, OURS)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"<Cube><Cube time='2025-04-25'>", "not well-formed XML"),
        (b"<html><body>Service unavailable</body></html>", "no <Cube time="),
        (b"<Cube><Cube time='25/04/2025'><Cube currency='USD' rate='1.1'/></Cube></Cube>", "date"),
        (b"<Cube><Cube time='2025-04-25'><Cube currency='USD' rate='1,13'/></Cube></Cube>", "rate"),
        (b"Datum;USD\n2025-04-25;1.1357\n", "not the ECB history CSV"),
        (b"Date,USD,GBP,\n2025-04-25,1.1357,0,\n", "GBP on 2025-04-25 has the rate '0'"),
        (b"Date,USD,\n2025-04-25,1.1357,1,2,\n", "line 2 has 5 fields"),
        (b"PK\x03\x04 not really a zip", "not a readable ZIP file"),
    ],
)
def test_malformed_ecb_files_give_a_format_error(data: bytes, message: str) -> None:
    with pytest.raises(FeedFormatError, match=message) as raised:
        parse_ecb(data, OURS)
    assert "\n" not in str(raised.value)


@pytest.mark.parametrize("date_column", ["observation_date", "DATE"])
def test_both_fred_headers_parse_and_dots_are_skipped(date_column: str) -> None:
    data = f"{date_column},PCOPPUSDM\n2025-08-01,9748.73\n2025-09-01,.\n2025-10-01,10741.36\n"
    series = parse_fred_csv(data.encode(), "PCOPPUSDM")
    assert series.series_id == "PCOPPUSDM"
    assert series.observations == [
        (dt.date(2025, 8, 1), Decimal("9748.73")),
        (dt.date(2025, 10, 1), Decimal("10741.36")),
    ]


def test_every_fred_fixture_has_24_months() -> None:
    for path in sorted(FEEDS.glob("fred-*.csv")):
        series = parse_fred_csv(path.read_bytes())
        assert path.stem == f"fred-{series.series_id}"
        assert len(series.observations) == 24
        assert series.observations[-1][0] == dt.date(2025, 10, 1)


@pytest.mark.parametrize(
    ("data", "expected", "message"),
    [
        (b"<!DOCTYPE html><html>Not found</html>", None, "not a FRED CSV"),
        (b"observation_date,PALUMUSDM\n2025-10-01,2789.50\n", "PCOPPUSDM", "holds PALUMUSDM"),
        (b"observation_date,PCOPPUSDM\n2025-10-01,10.741,36\n", None, "line 2 has 3 fields"),
        (b"observation_date,PCOPPUSDM\nOct 2025,10741.36\n", None, "not a YYYY-MM-DD date"),
        (b"observation_date,PCOPPUSDM\n2025-10-01,n/a\n", None, "'n/a' is not a number"),
        (b"", None, "not a FRED CSV"),
    ],
)
def test_malformed_fred_files_give_a_format_error(
    data: bytes, expected: str | None, message: str
) -> None:
    with pytest.raises(FeedFormatError, match=message):
        parse_fred_csv(data, expected)


def test_a_provider_converts_units_and_currencies_to_usd_per_tonne() -> None:
    provider = load_providers(FEEDS / "market-feeds.yaml", METALS)["example-lme"]
    eur_rates = {dt.date(2026, 3, 31): Decimal("1.08")}

    def rate_on(currency: str, day: dt.date) -> Decimal | None:
        assert currency == "EUR"
        return max((d, r) for d, r in eur_rates.items() if d <= day)[1]

    prices = parse_provider(provider, (FEEDS / "provider-daily.csv").read_bytes(), rate_on)
    assert [(p.day.isoformat(), p.metal, p.usd_per_tonne) for p in prices] == [
        ("2026-04-01", "copper", Decimal("9850.5000")),
        ("2026-04-01", "aluminium", Decimal("2540.2500")),
        ("2026-04-01", "zinc", Decimal("2592.0000")),  # 2400 EUR x 1.08
        ("2026-04-02", "copper", Decimal("9912.0000")),
        ("2026-04-02", "aluminium", Decimal("2555.7500")),
        ("2026-04-02", "zinc", Decimal("2602.8000")),  # 2.41 EUR/kg x 1000 x 1.08
    ]  # COMEX Copper and LME Cobalt are not in the mapping: left out


def test_a_json_provider_reads_its_records_in_pounds() -> None:
    provider = load_providers(FEEDS / "market-feeds.yaml", METALS)["example-comex"]
    data = (FEEDS / "comex-settlements.json").read_bytes()
    prices = parse_provider(provider, data, lambda currency, day: None)
    assert [(p.day.isoformat(), p.usd_per_tonne) for p in prices] == [
        ("2026-04-01", Decimal("9920.8018")),  # 4.5 x 2204.62262185 lb/t
        ("2026-04-02", Decimal("10168.8218")),  # 4.6125 x 2204.62262185
    ]
    assert provider.request_headers({"EXAMPLE_METALS_TOKEN": "k"}) == {"Authorization": "Bearer k"}
    with pytest.raises(FeedFormatError, match="EXAMPLE_METALS_TOKEN is not set"):
        provider.request_headers({})


def test_a_provider_price_without_a_stored_rate_stops_the_fetch() -> None:
    provider = load_providers(FEEDS / "market-feeds.yaml", METALS)["example-lme"]
    data = (FEEDS / "provider-daily.csv").read_bytes()
    with pytest.raises(FeedFormatError, match="no stored EUR exchange rate on or before"):
        parse_provider(provider, data, lambda currency, day: None)


def test_a_mapping_to_an_unknown_metal_is_refused(tmp_path: Path) -> None:
    mapping = tmp_path / "feeds.yaml"
    mapping.write_text(
        "providers:\n  - name: x\n    url: https://example.com/x.csv\n"
        "    columns: {date: d, metal: m, price: p}\n    unit: oz\n    currency: USD\n"
        "    metals: {Gold: gold}\n"
    )
    with pytest.raises(FeedFormatError, match="unit is not t, kg or lb; metals gold are not ours"):
        load_providers(mapping, METALS)


def test_fetch_gives_up_after_its_attempts_in_one_line() -> None:
    waits: list[float] = []
    with pytest.raises(FeedUnavailableError) as raised:
        fetch_bytes(
            "http://127.0.0.1:9/eurofxref-daily.xml",
            timeout_seconds=2,
            sleep=waits.append,
            what="ECB reference rates",
        )
    assert waits == [1.0, 2.0]
    message = str(raised.value)
    assert message.startswith(
        "ECB reference rates: could not reach http://127.0.0.1:9/eurofxref-daily.xml "
        "after 3 attempts ("
    )
    assert message.endswith("); nothing was changed")
    assert "\n" not in message


def test_an_http_error_is_not_a_url_error_to_retry() -> None:
    assert issubclass(urllib.error.HTTPError, urllib.error.URLError)  # why HTTPError goes first

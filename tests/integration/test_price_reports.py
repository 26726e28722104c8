"""User price reports: validation, pending until approved, the public aggregate, the price."""

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, delete, func, insert, select

from scrapindex.models import City, FxRate, Material, Price, PriceEstimate, PriceReport, Source
from scrapindex.queries.current_prices import refresh_current_prices
from tests.moderation import (
    CITY,
    CITY_YARD,
    MATERIAL,
    OTHER_CITY_YARD,
    app_client,
    city_today,
    decide,
    report_ids,
    seller,
    send_report,
    series_row,
    stored_report,
    summary,
)

ACCEPTED = {
    "status": "pending",
    "message": "Thank you. Your report will count once a moderator has checked it.",
}
CURRENT = Decimal("151.53")  # the demo's copper-1 price in Cape Town on its last day


def report_count(engine: Engine) -> int:
    with engine.connect() as connection:
        return connection.execute(select(func.count()).select_from(PriceReport)).scalar_one()


def approve_reports(
    site: TestClient, moderator: dict[str, str], prices: list[Any], **changes: Any
) -> None:
    """Reports from as many sellers, each approved."""
    for number, price in enumerate(prices):
        assert send_report(seller(site, number), price=price, **changes).status_code == 202
    for report_id in report_ids_pending(site):
        assert decide(site, moderator, report_id).status_code == 200


def report_ids_pending(site: TestClient) -> list[int]:
    engine: Engine = site.app.state.engine  # type: ignore[attr-defined]
    with engine.connect() as connection:
        return list(
            connection.scalars(
                select(PriceReport.id).where(PriceReport.status == "pending").order_by("id")
            )
        )


def to_the_cent(value: Decimal) -> Decimal:
    return value.quantize(Decimal("0.01"), ROUND_HALF_UP)


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"citySlug": "atlantis"}, "citySlug: no city 'atlantis'"),
        ({"materialSlug": "unobtainium"}, "materialSlug: no material 'unobtainium'"),
        ({"yardId": OTHER_CITY_YARD}, f"yardId: no yard {OTHER_CITY_YARD} in Cape Town"),
        ({"yardId": 999_999}, "yardId: no yard 999999 in Cape Town"),
        ({"date": "FUTURE"}, "date: must not be in the future"),
        ({"date": "TOO_OLD"}, "date: must be within the last 14 days"),
        ({"currency": "EUR"}, "currency: give the price in ZAR or USD"),
        ({"price": 0}, "price: "),
        ({"price": -5}, "price: "),
        ({"price": 1_000_001}, "price: "),
        ({"price": "1.23456"}, "price: "),
        ({"unit": "oz"}, "unit: "),
        (
            {"materialSlug": "catalytic-converters", "unit": "kg"},
            "unit: Catalytic Converters sell by the piece: give the price per piece",
        ),
        ({"unit": "piece"}, "unit: #1 Copper is priced by weight: give the price per kg, lb, t"),
        ({"currency": "RANDS"}, "currency: "),
        ({"note": "x" * 501}, "note: "),
        ({"note": "   "}, "note: "),
        ({"date": "yesterday"}, "date: "),
    ],
)
def test_bad_reports_are_refused_with_a_clear_message(
    client: TestClient, engine: Engine, changes: dict[str, Any], expected: str
) -> None:
    today = city_today()
    dates = {
        "FUTURE": (today + dt.timedelta(days=1)).isoformat(),
        "TOO_OLD": (today - dt.timedelta(days=15)).isoformat(),
    }
    changes = {k: dates.get(v, v) if isinstance(v, str) else v for k, v in changes.items()}
    before = report_count(engine)
    response = send_report(client, **changes)
    assert response.status_code == 422, response.text
    assert response.json()["message"].startswith("Invalid request: ")
    assert expected in response.json()["message"]
    assert report_count(engine) == before


def test_a_report_is_taken_pending_and_shows_nowhere(db: Engine, site: TestClient) -> None:
    fourteen_days_back = (city_today() - dt.timedelta(days=14)).isoformat()
    response = send_report(
        site, price=70, unit="lb", yardId=CITY_YARD, note="Paid cash", date=fourteen_days_back
    )
    assert response.status_code == 202
    assert response.json() == ACCEPTED
    (report_id,) = report_ids(db)
    report = stored_report(db, report_id)
    assert (report.status, report.unit, report.currency, report.yard_id) == (
        "pending",
        "lb",
        "ZAR",
        CITY_YARD,
    )
    assert report.price_per_kg == Decimal("154.3236")  # 70 / 0.45359237, to four places
    assert report.report_date.isoformat() == fourteen_days_back
    assert report.note == "Paid cash"
    assert not report.flagged

    assert summary(site)["count"] == 0
    assert series_row(site)["source"]["kind"] == "demo"


def test_the_date_defaults_to_today_in_the_city(db: Engine, site: TestClient) -> None:
    assert send_report(site, citySlug="sydney", price=10).status_code == 202
    (report_id,) = report_ids(db)
    assert stored_report(db, report_id).report_date == city_today("Australia/Sydney")


def test_units_become_prices_per_kg(db: Engine, site: TestClient) -> None:
    for number, (price, unit) in enumerate([(150, "kg"), (70, "lb"), (160_000, "t")]):
        assert send_report(seller(site, number), price=price, unit=unit).status_code == 202
    per_kg = [stored_report(db, i).price_per_kg for i in report_ids(db)]
    assert per_kg == [Decimal("150"), Decimal("154.3236"), Decimal("160")]


def test_a_piece_is_kept_per_piece_and_a_troy_ounce_per_kg(
    db: Engine, site: TestClient, moderator: dict[str, str]
) -> None:
    piece = send_report(
        seller(site, 0), materialSlug="catalytic-converters", price=1200, unit="piece"
    )
    troy = send_report(seller(site, 1), materialSlug="silver", price=22, unit="ozt")
    assert (piece.status_code, troy.status_code) == (202, 202)
    stored = [stored_report(db, i) for i in report_ids(db)]
    assert [(r.unit, r.price_per_kg) for r in stored] == [
        ("piece", Decimal("1200")),
        ("ozt", Decimal("707.3164")),  # 22 x 32.1507466 troy ounces in a kg
    ]
    assert decide(site, moderator, stored[0].id).status_code == 200
    aggregate = summary(site, material="catalytic-converters")
    assert (aggregate["unit"], aggregate["medianPerKg"]) == ("piece", "1200.00")


def test_approved_reports_publish_an_aggregate_then_the_series_price(
    db: Engine, site: TestClient, moderator: dict[str, str]
) -> None:
    note = "my name is Sipho, 072 555 0100"
    sent = [(150, "kg"), (70, "lb"), (160_000, "t")]
    for number, (price, unit) in enumerate(sent):
        assert send_report(seller(site, number), price=price, unit=unit, note=note).status_code
    first, second, third = report_ids(db)

    assert decide(site, moderator, first).status_code == 200
    one = summary(site)
    assert one == {
        "citySlug": CITY,
        "materialSlug": MATERIAL,
        "windowDays": 14,
        "count": 1,
        "medianPerKg": "150.00",
        "minPerKg": "150.00",
        "maxPerKg": "150.00",
        "latestDate": city_today().isoformat(),
        "currency": "ZAR",
        "unit": "kg",
        "publishesPrice": False,
    }
    assert series_row(site)["source"]["kind"] == "demo"  # one report publishes no price

    assert decide(site, moderator, second).status_code == 200
    assert decide(site, moderator, third).status_code == 200
    three = summary(site)
    assert (three["count"], three["medianPerKg"], three["minPerKg"], three["maxPerKg"]) == (
        3,
        "154.32",
        "150.00",
        "160.00",
    )
    assert three["publishesPrice"] is True
    assert note not in str(three)

    row = series_row(site)
    assert row["source"] == {"name": "User reports", "kind": "report"}
    assert row["price"] == "154.32"
    assert row["date"] == city_today().isoformat()  # the day in Cape Town, as reports are dated
    assert row["previousPrice"] == str(CURRENT)


@pytest.mark.parametrize(
    ("kind", "replaced"), [("feed", False), ("manual", False), ("estimate", True)]
)
def test_report_prices_respect_precedence(
    db: Engine, site: TestClient, moderator: dict[str, str], kind: str, replaced: bool
) -> None:
    price_id = add_todays_price(db, kind, Decimal("140.00"))
    approve_reports(site, moderator, [150, 152, 154])
    row = series_row(site)
    assert summary(site)["publishesPrice"] is True
    if replaced:
        assert (row["price"], row["source"]["kind"]) == ("152.00", "report")
        with db.connect() as connection:
            estimates = select(func.count()).where(PriceEstimate.price_id == price_id)
            assert connection.execute(estimates).scalar_one() == 0
    else:
        assert (row["price"], row["source"]["kind"]) == ("140.00", kind)


def add_todays_price(engine: Engine, kind: str, price: Decimal) -> int:
    """A price of ``kind`` for today in the series (an estimate with its inputs row)."""
    today = city_today()
    with engine.begin() as connection:
        source_id = connection.execute(
            insert(Source).values(name=f"Test {kind}", kind=kind).returning(Source.id)
        ).scalar_one()
        material_id = connection.execute(
            select(Material.id).where(Material.slug == MATERIAL)
        ).scalar_one()
        city_id = connection.execute(select(City.id).where(City.slug == CITY)).scalar_one()
        price_id = connection.execute(
            insert(Price)
            .values(
                material_id=material_id,
                city_id=city_id,
                price_date=today,
                price_per_kg=price,
                currency="ZAR",
                source_id=source_id,
                updated_at=dt.datetime.now(dt.UTC),
            )
            .returning(Price.id)
        ).scalar_one()
        if kind == "estimate":
            connection.execute(
                insert(PriceEstimate).values(
                    price_id=price_id,
                    metal="copper",
                    reference_usd_per_tonne=Decimal(9412),
                    reference_date=today,
                    reference_source="test",
                    reference_period="daily",
                    grade_factor=Decimal("0.935"),
                    margin=Decimal("0.82"),
                    usd_per_unit=Decimal("0.055"),
                    fx_date=today,
                )
            )
        refresh_current_prices(connection)
    return price_id


def test_a_rejected_report_never_shows(
    db: Engine, site: TestClient, moderator: dict[str, str]
) -> None:
    for number in range(3):
        assert send_report(seller(site, number), price=150 + number).status_code == 202
    first, second, third = report_ids(db)
    assert decide(site, moderator, first).status_code == 200
    assert decide(site, moderator, second, "reject", "A guess, not a sale").status_code == 200
    assert decide(site, moderator, third).status_code == 200
    answer = summary(site)
    assert (answer["count"], answer["medianPerKg"], answer["maxPerKg"]) == (2, "151.00", "152.00")
    assert answer["publishesPrice"] is False
    assert series_row(site)["source"]["kind"] == "demo"


@pytest.mark.parametrize(
    ("price", "reason"),
    [
        (1000, "6.6x its latest feed or manual price (R151.53/kg on TODAY)"),
        (20, "0.13x its latest feed or manual price (R151.53/kg on TODAY)"),
        (454, None),  # 2.996x: not more than three times
        (51, None),
    ],
)
def test_a_report_far_from_the_trusted_price_is_taken_but_flagged(
    db: Engine, site: TestClient, price: int, reason: str | None
) -> None:
    add_todays_price(db, "feed", CURRENT)
    assert send_report(site, price=price).status_code == 202
    (report_id,) = report_ids(db)
    report = stored_report(db, report_id)
    expected = reason and reason.replace("TODAY", city_today().isoformat())
    assert (report.status, report.flagged, report.flag_reason) == (
        "pending",
        bool(reason),
        expected,
    )


def test_approved_reports_never_move_the_price_the_next_ones_are_flagged_against(
    db: Engine, site: TestClient, moderator: dict[str, str]
) -> None:
    """Three rounds of reports at 2.9x the shown price took copper from R157 to R1,324 when
    the flag compared with the shown price, which each round's approval had moved. Here two
    rounds at 2x: the second, 4x what any trusted or demo price said, is flagged."""
    brass = {"materialSlug": "brass"}  # no grade family: no order to break, only the band
    shown = Decimal(series_row(site, material="brass")["price"])
    first_round = (shown * 2).quantize(Decimal("0.01"))
    approve_reports(site, moderator, [str(first_round)] * 3, **brass)
    row = series_row(site, material="brass")
    assert (row["source"]["kind"], Decimal(row["price"])) == ("report", first_round)
    second_round = (first_round * 2).quantize(Decimal("0.01"))  # 4x the baseline
    assert send_report(seller(site, 10), price=str(second_round), **brass).status_code == 202
    report = stored_report(db, report_ids(db)[-1])
    assert report.flagged
    assert "x its median over the 366 days before (R" in str(report.flag_reason)


def test_a_sender_counts_once_in_the_figure(
    db: Engine, site: TestClient, moderator: dict[str, str]
) -> None:
    one_person = seller(site, 0)
    for price in (150, 152):
        assert send_report(one_person, price=price).status_code == 202
    assert send_report(seller(site, 1), price=160).status_code == 202
    for report_id in report_ids(db):
        assert decide(site, moderator, report_id).status_code == 200
    answer = summary(site)
    # Their latest report (152) counts, once: two sellers, no price published.
    assert (answer["count"], answer["medianPerKg"], answer["minPerKg"]) == (2, "156.00", "152.00")
    assert answer["publishesPrice"] is False
    assert series_row(site)["source"]["kind"] == "demo"


def test_how_many_sellers_make_a_price_is_a_setting(db: Engine, moderator: dict[str, str]) -> None:
    with app_client(db, report_min_senders=2) as two_make_a_price:
        approve_reports(two_make_a_price, moderator, [150, 154])
        row = series_row(two_make_a_price)
    assert (row["price"], row["source"]["kind"]) == ("152.00", "report")


def test_a_client_may_send_two_reports_of_a_series_a_day(db: Engine, site: TestClient) -> None:
    one_person = seller(site, 0)
    for price in (150, 151):
        assert send_report(one_person, price=price).status_code == 202
    third = send_report(one_person, price=152)
    assert third.status_code == 429
    assert third.json()["message"].startswith("You have sent 2 reports of #1 Copper in Cape Town")
    assert 23 * 3600 < int(third.headers["retry-after"]) <= 24 * 3600
    assert len(report_ids(db)) == 2
    # Another series is another matter.
    assert send_report(one_person, materialSlug="brass", price=50).status_code == 202


def test_more_than_five_reports_a_minute_from_one_client_are_refused(
    db: Engine, site: TestClient
) -> None:
    # Five series: a client's share of one series is two a day (the next test).
    for material in (MATERIAL, "brass", "aluminum", "steel", "zinc"):
        assert send_report(site, materialSlug=material, price=150).status_code == 202
    response = send_report(site, price=156)
    assert response.status_code == 429
    assert response.headers["Retry-After"] == "60"
    assert len(report_ids(db)) == 5
    assert send_report(seller(site, 1), price=156).status_code == 202  # another client


def test_the_honeypot_refuses_quietly(db: Engine, site: TestClient) -> None:
    response = send_report(site, website="http://spam.example")
    assert response.status_code == 400
    assert response.json() == {"message": "Submission rejected"}
    assert report_ids(db) == []


def newest_zar_rate(engine: Engine) -> Decimal:
    with engine.connect() as connection:
        rate: Decimal = connection.execute(
            select(FxRate.usd_per_unit)
            .where(FxRate.currency == "ZAR")
            .order_by(FxRate.rate_date.desc())
            .limit(1)
        ).scalar_one()
    return rate


def test_a_usd_report_is_kept_in_usd_and_counted_in_the_city_currency(
    db: Engine, site: TestClient, moderator: dict[str, str]
) -> None:
    assert send_report(site, price="8.4", currency="usd").status_code == 202
    (report_id,) = report_ids(db)
    report = stored_report(db, report_id)
    assert (report.currency, report.price_per_kg) == ("USD", Decimal("8.4"))
    assert decide(site, moderator, report_id).status_code == 200

    in_rand = (Decimal("8.4") / newest_zar_rate(db)).quantize(Decimal("0.0001"), ROUND_HALF_UP)
    answer = summary(site)
    assert (answer["currency"], answer["medianPerKg"]) == ("ZAR", f"{to_the_cent(in_rand)}")


def test_a_usd_report_is_flagged_against_the_price_in_rand(db: Engine, site: TestClient) -> None:
    add_todays_price(db, "feed", CURRENT)
    usd_for_ten_times = CURRENT * 10 * newest_zar_rate(db)
    assert send_report(site, price=f"{to_the_cent(usd_for_ten_times)}", currency="USD").status_code
    (report_id,) = report_ids(db)
    reason = f"10.0x its latest feed or manual price (R151.53/kg on {city_today()})"
    assert stored_report(db, report_id).flag_reason == reason


def test_usd_is_refused_without_an_exchange_rate(db: Engine, site: TestClient) -> None:
    with db.begin() as connection:
        connection.execute(delete(FxRate).where(FxRate.currency == "ZAR"))
    response = send_report(site, currency="USD")
    assert response.status_code == 422
    assert response.json()["message"] == "Invalid request: currency: give the price in ZAR"
    assert send_report(site, currency="ZAR").status_code == 202


def test_the_aggregate_of_an_unknown_series_is_404(client: TestClient) -> None:
    response = client.get(f"/api/price-reports?citySlug=atlantis&materialSlug={MATERIAL}")
    assert response.status_code == 404
    missing = client.get(f"/api/price-reports?citySlug={CITY}")
    assert missing.status_code == 422

"""GET /api/calculator on both databases: hand-computed answers in three currencies and units.

Each test writes the city's prices through the price-write service and places yards of its own
at known distances north or south of the city's centre (the country's demo yards are closed for
good first, so only these are near). Every figure asserted is worked out by hand in the comments.

A degree of latitude is pi/180 x 6,371.0088 km = 111.19508 km, so a yard 0.09 degrees north of
the origin is 10.00756 km away, shown as 10.0 km; a mile is 1.609344 km.
"""

import datetime as dt
import io
import json
import re
from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Connection, Engine, insert, select, update

from scrapindex import revision
from scrapindex.models import City, Country, Material, ScrapYard, Source, YardPrice
from scrapindex.prices.record import PriceRow, price_write
from scrapindex.settings import get_settings
from tests.factories import add_yard
from tests.moderation import city_today
from tests.operators import add_owner

NOW = dt.datetime.now(dt.UTC)
PRICE_DAY = NOW.date()  # the city's prices: today's, so none is stale
WEDNESDAY_10AM = "2026-12-02T10:00"  # test yards keep weekday hours, 08:00-17:00
JHB_ITEMS = (
    "item=copper-1:10:kg&item=copper-2:5:kg&item=insulated-copper-wire:20:kg"
    "&item=catalytic-converters:2:piece"
)


def get(client: TestClient, query: str) -> dict[str, Any]:
    response = client.get(f"/api/calculator?{query}")
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def refused(client: TestClient, query: str) -> str:
    response = client.get(f"/api/calculator?{query}")
    assert response.status_code == 422, response.text
    message: str = response.json()["message"]
    return message


def city_row(connection: Connection, slug: str) -> Any:
    """The city's id, centre and currency."""
    return connection.execute(
        select(City.id, City.latitude, City.longitude, Country.currency)
        .join(Country, Country.code == City.country_code)
        .where(City.slug == slug)
    ).one()


def material_ids(connection: Connection) -> dict[str, int]:
    return dict(connection.execute(select(Material.slug, Material.id)).all())


def write_city_prices(db: Engine, city_slug: str, prices: dict[str, str]) -> None:
    """The city's shown prices for today, per kg (per piece), written as an operator would."""
    with db.begin() as connection:
        source_id = connection.execute(
            insert(Source)
            .values(name=f"Calculator test prices {city_slug}", kind="manual")
            .returning(Source.id)
        ).scalar_one()
        city = city_row(connection, city_slug)
        ids = material_ids(connection)
        rows = [
            PriceRow(ids[slug], city.id, PRICE_DAY, Decimal(price), city.currency, source_id, NOW)
            for slug, price in prices.items()
        ]
        with price_write(connection, get_settings()) as write:
            write.upsert(rows)


def only_our_yards(db: Engine, country_code: str) -> None:
    """The demo's yards of the country closed for good: the calculator leaves them out."""
    with db.begin() as connection:
        cities = select(City.id).where(City.country_code == country_code)
        connection.execute(
            update(ScrapYard)
            .where(ScrapYard.city_id.in_(cities.scalar_subquery()))
            .values(permanently_closed=True)
        )
        revision.bump(connection)


def yard_north(db: Engine, city_slug: str, degrees: float, **values: Any) -> int:
    """A yard ``degrees`` of latitude north of the city's centre (south when negative)."""
    with db.begin() as connection:
        city = city_row(connection, city_slug)
        yard_id = add_yard(
            connection,
            city_slug,
            latitude=city.latitude + degrees,
            longitude=city.longitude,
            **values,
        )
        revision.bump(connection)
    return yard_id


def post_prices(db: Engine, yard_id: int, prices: dict[str, str], day: dt.date) -> None:
    """The yard's own board for ``day`` (stored as prices are: per kg, or per piece), posted by
    its owner (a board is shown only while an owner stands behind it)."""
    add_owner(db, yard_id)
    with db.begin() as connection:
        ids = material_ids(connection)
        currency = connection.execute(
            select(Country.currency)
            .join(City, City.country_code == Country.code)
            .join(ScrapYard, ScrapYard.city_id == City.id)
            .where(ScrapYard.id == yard_id)
        ).scalar_one()
        connection.execute(
            insert(YardPrice),
            [
                {
                    "yard_id": yard_id,
                    "material_id": ids[slug],
                    "price_date": day,
                    "price_per_kg": Decimal(price),
                    "currency": currency,
                    "posted_at": NOW,
                }
                for slug, price in prices.items()
            ],
        )
        revision.bump(connection)


def lines_by_slug(answer: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {line["material"]["slug"]: line for line in answer["lines"]}


def yard_lines(yard: dict[str, Any]) -> list[tuple[str, str | None, str | None, Any]]:
    return [(y["materialSlug"], y["price"], y["value"], y["accepted"]) for y in yard["lines"]]


@pytest.fixture
def johannesburg(db: Engine) -> dict[str, int]:
    """Johannesburg's prices and four yards of the test's own (ZAR, km, R4.76 a km)."""
    write_city_prices(
        db,
        "johannesburg",
        {
            "bare-bright-copper": "185.00",
            "copper-1": "175.00",
            "copper": "168.00",
            "copper-2": "156.00",
            "insulated-copper-wire": "66.00",
            "catalytic-converters": "2950.00",
        },
    )
    only_our_yards(db, "ZA")
    today = city_today("Africa/Johannesburg")
    yards = {
        # 0.09 degrees north: 10.00756 km, shown 10.0 km. Posts #1 and #2 copper today.
        "A": yard_north(db, "johannesburg", 0.09, name="Calc A"),
        # 0.18 north: 20.01511 km, 20.0. Takes three coppers only: no converters.
        "B": yard_north(
            db,
            "johannesburg",
            0.18,
            name="Calc B",
            accepted_materials=["copper-1", "copper-2", "insulated-copper-wire"],
        ),
        # 0.045 south: 5.00378 km, 5.0. Open on Saturday mornings only.
        "C": yard_north(
            db,
            "johannesburg",
            -0.045,
            name="Calc C",
            weekly_hours=[{"day": 5, "opens": "08:00", "closes": "13:00"}],
        ),
        # 0.009 south (1 km), but closed for good: never listed.
        "D": yard_north(db, "johannesburg", -0.009, name="Calc D", permanently_closed=True),
        # 0.5 north: 55.6 km, outside the default 50 km.
        "E": yard_north(db, "johannesburg", 0.5, name="Calc E"),
    }
    post_prices(db, yards["A"], {"copper-1": "180.00", "copper-2": "160.00"}, today)
    post_prices(db, yards["B"], {"copper-1": "178.00"}, today)
    # E's board is current too: E is too far for the ranking, but a yard of the city's range.
    post_prices(db, yards["E"], {"copper-1": "190.00"}, today - dt.timedelta(days=1))
    return yards


def test_johannesburg_in_rand_per_kg_and_per_piece(
    site: TestClient, johannesburg: dict[str, int]
) -> None:
    answer = get(site, f"city=johannesburg&{JHB_ITEMS}&at={WEDNESDAY_10AM}")
    assert answer["city"] == {
        "slug": "johannesburg",
        "name": "Johannesburg",
        "countryCode": "ZA",
        "currency": "ZAR",
        "timeZone": "Africa/Johannesburg",
    }
    assert answer["origin"] == {"latitude": -26.2041, "longitude": 28.0473, "from": "city"}
    assert answer["distanceUnit"] == "km"
    assert answer["at"] == WEDNESDAY_10AM
    trip = answer["tripCost"]
    assert (trip["perDistance"], trip["defaultPerDistance"], trip["isDefault"]) == (
        "4.7600",
        "4.7600",
        True,
    )
    assert trip["sourceUrl"].startswith("https://www.sars.gov.za/")

    lines = lines_by_slug(answer)
    assert [line["material"]["slug"] for line in answer["lines"]] == [
        "copper-1",
        "copper-2",
        "insulated-copper-wire",
        "catalytic-converters",
    ]
    # 10 kg x R175 = R1,750.00; 5 x 156 = 780.00; 20 x 66 = 1,320.00; 2 pieces x 2,950 = 5,900.00.
    assert [line["value"] for line in answer["lines"]] == [
        "1750.00",
        "780.00",
        "1320.00",
        "5900.00",
    ]
    assert answer["total"] == "9750.00"  # 1,750 + 780 + 1,320 + 5,900
    assert answer["unpriced"] == []
    copper = lines["copper-1"]
    assert copper["cityPrice"] == {
        "price": "175.00",
        "priceExact": "175.0000",
        "kind": "manual",
        "date": PRICE_DAY.isoformat(),
        "stale": False,
    }
    assert (copper["amount"], copper["unit"], copper["quantity"]) == ("10", "kg", "10")
    assert copper["hint"].startswith("Clean, unalloyed pipe")
    converters = lines["catalytic-converters"]
    assert converters["material"]["saleUnit"] == "piece"
    assert (converters["unit"], converters["quantity"]) == ("piece", "2")
    # The range is of the city's yards' current posted prices: A R180, B R178 (E is a Johannesburg
    # yard too, and current, so it counts: R190).
    assert copper["yardRange"] == {"low": "178.00", "high": "190.00", "yards": 3}
    assert lines["copper-2"]["yardRange"] == {"low": "160.00", "high": "160.00", "yards": 1}
    assert converters["yardRange"] is None

    # Trip cost 2 x distance x R4.76; net = gross - trip cost. Best take-home first.
    # A: 10 x 180 (its own) + 5 x 160 (its own) + 1,320 + 5,900 = 9,820.00;
    #    2 x 10.0 x 4.76 = 95.20; net 9,724.80.
    # C: the city's prices, 9,750.00; 2 x 5.0 x 4.76 = 47.60; net 9,702.40.
    # B: 10 x 178 (its own) + 780 + 1,320, no converters: 3,880.00; 2 x 20.0 x 4.76 = 190.40;
    #    net 3,689.60.
    yards = answer["yards"]
    assert [y["name"] for y in yards] == ["Calc A", "Calc C", "Calc B"]
    assert [(y["distance"], y["tripCost"], y["gross"], y["net"]) for y in yards] == [
        (10.0, "95.20", "9820.00", "9724.80"),
        (5.0, "47.60", "9750.00", "9702.40"),
        (20.0, "190.40", "3880.00", "3689.60"),
    ]
    a, c, b = yards
    assert yard_lines(a) == [
        ("copper-1", "180.00", "1800.00", None),
        ("copper-2", "160.00", "800.00", None),
        ("insulated-copper-wire", "66.00", "1320.00", None),
        ("catalytic-converters", "2950.00", "5900.00", None),
    ]
    assert [y["kind"] for y in a["lines"]] == ["yard", "yard", "manual", "manual"]
    assert a["postedOn"] == city_today("Africa/Johannesburg").isoformat()
    assert c["postedOn"] is None
    # B does not take converters: no price, no value, listed as not accepted.
    assert yard_lines(b) == [
        ("copper-1", "178.00", "1780.00", True),
        ("copper-2", "156.00", "780.00", True),
        ("insulated-copper-wire", "66.00", "1320.00", True),
        ("catalytic-converters", None, None, False),
    ]
    assert b["notAccepted"] == ["catalytic-converters"]
    # Wednesday 10:00: A and B keep weekday hours; C opens on Saturdays only.
    assert [(y["name"], y["openAt"]) for y in yards] == [
        ("Calc A", True),
        ("Calc C", False),
        ("Calc B", True),
    ]

    tips = {tip["kind"]: tip for tip in answer["tips"]}
    # Stripping: 20 kg x 50% x R175 (#1 copper) = 1,750.00, less 1,320.00 as it is: R430.00.
    assert tips["strip-insulated"]["gain"] == "430.00"
    assert tips["strip-insulated"]["text"].startswith(
        "Stripping your insulated copper wire would pay about R430.00 more, if you have the time"
    )
    # Sorting: 10 x 175 + 5 x 156 = 2,530.00 against 15 kg x 156 = 2,340.00 mixed: R190.00.
    assert tips["sort-grades"]["gain"] == "190.00"
    assert tips["sort-grades"]["materialSlug"] == "copper-2"
    assert "R190.00 more" in tips["sort-grades"]["text"]
    assert any("straight lines" in said for said in answer["assumptions"])


def test_the_radius_and_the_cost_per_km_change_the_ranking(
    site: TestClient, johannesburg: dict[str, int]
) -> None:
    near = get(site, f"city=johannesburg&{JHB_ITEMS}&at={WEDNESDAY_10AM}&radius=15")
    assert [y["name"] for y in near["yards"]] == ["Calc A", "Calc C"]  # B is 20 km away
    wide = get(site, f"city=johannesburg&{JHB_ITEMS}&at={WEDNESDAY_10AM}&radius=60")
    assert [y["name"] for y in wide["yards"]] == ["Calc A", "Calc C", "Calc E", "Calc B"]
    # At R10 a km, A's trip is 2 x 10.0 x 10 = 200.00 (net 9,620.00) and C's 100.00 (net
    # 9,650.00): the nearer yard now leaves more.
    dear = get(site, f"city=johannesburg&{JHB_ITEMS}&at={WEDNESDAY_10AM}&costPerDistance=10")
    assert dear["tripCost"]["perDistance"] == "10.0000"
    assert dear["tripCost"]["isDefault"] is False
    assert [(y["name"], y["tripCost"], y["net"]) for y in dear["yards"]] == [
        ("Calc C", "100.00", "9650.00"),
        ("Calc A", "200.00", "9620.00"),
        ("Calc B", "400.00", "3480.00"),
    ]
    assert any("your figure" in said for said in dear["assumptions"])


def test_london_in_pounds_given_in_lb_with_miles(db: Engine, site: TestClient) -> None:
    write_city_prices(db, "london", {"copper-1": "7.10", "yellow-brass": "3.70"})
    only_our_yards(db, "GB")
    # 0.1 north: 11.11951 km = 6.9094 mi, shown 6.9 mi; posts #1 copper at £7.30 a kg.
    first = yard_north(db, "london", 0.1, name="Calc London 1")
    post_prices(db, first, {"copper-1": "7.30"}, city_today("Europe/London"))
    # 0.2 north: 22.23902 km = 13.8188 mi, 13.8 mi; hours unknown.
    yard_north(db, "london", 0.2, name="Calc London 2", weekly_hours=[])

    query = f"city=london&item=copper-1:100:lb&item=yellow-brass:50:lb&at={WEDNESDAY_10AM}"
    answer = get(site, query)
    assert answer["city"]["currency"] == "GBP"
    assert answer["distanceUnit"] == "mi"
    assert answer["tripCost"]["perDistance"] == "0.5500"
    lines = lines_by_slug(answer)
    # 100 lb = 45.359237 kg x £7.10 = 322.0505827 -> 322.05;
    # 50 lb = 22.6796185 kg x £3.70 = 83.91458845 -> 83.91. Total 405.96.
    assert lines["copper-1"]["quantity"] == "45.359237"
    assert lines["yellow-brass"]["quantity"] == "22.6796185"
    assert [line["value"] for line in answer["lines"]] == ["322.05", "83.91"]
    assert answer["total"] == "405.96"
    # London 1: 45.359237 x 7.30 = 331.1224301 -> 331.12, + 83.91 = 415.03;
    #   trip 2 x 6.9 x 0.55 = 7.59; net 407.44.
    # London 2: 405.96; trip 2 x 13.8 x 0.55 = 15.18; net 390.78.
    assert [(y["distance"], y["tripCost"], y["gross"], y["net"]) for y in answer["yards"]] == [
        (6.9, "7.59", "415.03", "407.44"),
        (13.8, "15.18", "405.96", "390.78"),
    ]
    assert [y["openAt"] for y in answer["yards"]] == [True, None]  # no hours: unknown
    assert answer["tips"] == []  # one grade of copper, one of brass: nothing to sort

    # At £1 a mile: 2 x 6.9 x 1 = 13.80 (net 401.23); 2 x 13.8 x 1 = 27.60 (net 378.36).
    dear = get(site, f"{query}&costPerDistance=1")
    assert [(y["tripCost"], y["net"]) for y in dear["yards"]] == [
        ("13.80", "401.23"),
        ("27.60", "378.36"),
    ]
    free = get(site, f"{query}&costPerDistance=0")
    assert [y["net"] for y in free["yards"]] == ["415.03", "405.96"]


def test_chicago_in_dollars_with_lb_tonnes_and_miles(db: Engine, site: TestClient) -> None:
    write_city_prices(db, "chicago", {"copper-2": "8.00", "aluminum": "1.25", "steel": "0.23"})
    only_our_yards(db, "US")
    # 0.2 north: 22.23902 km = 13.8188 mi, 13.8 mi; posts #2 copper at $8.20 a kg.
    far = yard_north(db, "chicago", 0.2, name="Calc Chicago far")
    post_prices(db, far, {"copper-2": "8.20"}, city_today("America/Chicago"))
    # 0.05 north: 5.55976 km = 3.4547 mi, 3.5 mi; takes no steel.
    yard_north(
        db, "chicago", 0.05, name="Calc Chicago near", accepted_materials=["copper-2", "aluminum"]
    )

    answer = get(
        site,
        f"city=chicago&item=copper-2:200:lb&item=aluminum:300:lb&item=steel:1:t&at={WEDNESDAY_10AM}",
    )
    assert (answer["city"]["currency"], answer["distanceUnit"]) == ("USD", "mi")
    assert answer["tripCost"]["perDistance"] == "0.7600"
    # 200 lb = 90.718474 kg x $8.00 = 725.747792 -> 725.75;
    # 300 lb = 136.077711 kg x $1.25 = 170.09713875 -> 170.10; 1 t = 1,000 kg x 0.23 = 230.00.
    assert [line["quantity"] for line in answer["lines"]] == ["90.718474", "136.077711", "1000"]
    assert [line["value"] for line in answer["lines"]] == ["725.75", "170.10", "230.00"]
    assert answer["total"] == "1125.85"
    # Far: 90.718474 x 8.20 = 743.8914868 -> 743.89, + 170.10 + 230.00 = 1,143.99;
    #   trip 2 x 13.8 x 0.76 = 20.976 -> 20.98; net 1,123.01.
    # Near: no steel: 725.75 + 170.10 = 895.85; trip 2 x 3.5 x 0.76 = 5.32; net 890.53.
    assert [
        (y["name"], y["distance"], y["tripCost"], y["gross"], y["net"]) for y in answer["yards"]
    ] == [
        ("Calc Chicago far", 13.8, "20.98", "1143.99", "1123.01"),
        ("Calc Chicago near", 3.5, "5.32", "895.85", "890.53"),
    ]
    assert answer["yards"][1]["notAccepted"] == ["steel"]


def test_a_line_the_city_does_not_price(db: Engine, site: TestClient) -> None:
    """Unpriced: no city value and not in the total; a yard posting it is paid for it."""
    with db.begin() as connection:
        connection.execute(
            insert(Material).values(
                slug="test-grade", name="Test Grade", category="Copper", sale_unit="kg"
            )
        )
        revision.bump(connection)
    write_city_prices(db, "johannesburg", {"copper-1": "175.00"})
    only_our_yards(db, "ZA")
    posting = yard_north(db, "johannesburg", 0.09, name="Calc posts it")
    post_prices(db, posting, {"test-grade": "20.00"}, city_today("Africa/Johannesburg"))
    yard_north(db, "johannesburg", 0.045, name="Calc does not")

    answer = get(site, "city=johannesburg&item=copper-1:1:kg&item=test-grade:3:kg")
    (_, line) = answer["lines"]
    assert (line["cityPrice"], line["value"], line["hint"]) == (None, None, None)
    assert answer["unpriced"] == ["test-grade"]
    assert answer["total"] == "175.00"
    # Posts it: 175.00 + 3 x 20.00 = 235.00, trip 95.20, net 139.80. The other: 175.00, less
    # 2 x 5.0 x 4.76 = 47.60: 127.40.
    assert [(y["name"], y["gross"], y["net"]) for y in answer["yards"]] == [
        ("Calc posts it", "235.00", "139.80"),
        ("Calc does not", "175.00", "127.40"),
    ]
    assert answer["yards"][1]["lines"][1] == {
        "materialSlug": "test-grade",
        "price": None,
        "kind": None,
        "date": None,
        "value": None,
        "accepted": None,
    }


def test_an_old_posted_price_is_not_the_yards_price(db: Engine, site: TestClient) -> None:
    write_city_prices(db, "johannesburg", {"copper-1": "175.00"})
    only_our_yards(db, "ZA")
    stale = yard_north(db, "johannesburg", 0.09, name="Calc posted long ago")
    old = city_today("Africa/Johannesburg") - dt.timedelta(days=8)  # the limit is 7 days
    post_prices(db, stale, {"copper-1": "200.00"}, old)
    answer = get(site, "city=johannesburg&item=copper-1:10:kg")
    (yard,) = answer["yards"]
    assert (yard["lines"][0]["price"], yard["lines"][0]["kind"], yard["postedOn"]) == (
        "175.00",
        "manual",
        None,
    )
    assert answer["lines"][0]["yardRange"] is None


def test_without_at_it_is_now_in_the_citys_zone(db: Engine, site: TestClient) -> None:
    before = dt.datetime.now(dt.UTC).astimezone(dt.timezone(dt.timedelta(hours=2)))
    answer = get(site, "city=johannesburg&item=copper-1:1:kg")
    at = dt.datetime.strptime(answer["at"], "%Y-%m-%dT%H:%M")
    assert abs(at - before.replace(tzinfo=None, second=0, microsecond=0)) <= dt.timedelta(minutes=1)


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ("item=copper-1:1:kg", "Invalid request: give city (a city's slug) or near"),
        ("city=johannesburg", "Invalid request: item: give 1 to 20 items"),
        (
            "city=johannesburg&item=copper-1:1:kg&item=catalytic-converters:3:kg",
            "Invalid request: item 2: catalytic-converters is priced per piece: give pieces, "
            "e.g. catalytic-converters:3:piece",
        ),
        (
            "city=johannesburg&item=copper-1:3:piece",
            "Invalid request: item 1: copper-1 is priced by weight: give kg, lb or t",
        ),
        ("city=johannesburg&item=copper-1", "Invalid request: item 1: expected material:amount"),
        ("city=johannesburg&item=gold:1:kg", "Invalid request: item 1: no material 'gold'"),
        ("city=johannesburg&item=copper-1:0:kg", "item 1: the amount must be above 0"),
        ("city=johannesburg&item=copper-1:2000000:kg", "at most 1,000,000"),
        ("city=johannesburg&item=copper-1:1:kg&at=tomorrow", "Invalid request: at: expected"),
        ("city=johannesburg&item=copper-1:1:kg&costPerDistance=101", "costPerDistance"),
        ("city=johannesburg&item=copper-1:1:kg&costPerDistance=-1", "costPerDistance"),
        ("city=johannesburg&item=copper-1:1:kg&radius=201", "radius"),
        ("near=95,0&item=copper-1:1:kg", "near: latitude must be between -90 and 90"),
    ],
)
def test_bad_input_is_a_422_that_says_what_and_why(
    client: TestClient, query: str, says: str
) -> None:
    assert says in refused(client, query)


def test_an_unknown_city_is_a_404(client: TestClient) -> None:
    response = client.get("/api/calculator?city=atlantis&item=copper-1:1:kg")
    assert response.status_code == 404
    assert response.json() == {"message": "City 'atlantis' not found"}


def test_items_are_kept_in_order_and_each_query_is_its_own_answer(client: TestClient) -> None:
    """The API cache keys answers by the declared parameters with their values in the order
    sent: another order of the same items is another answer, never the first one's."""
    one = get(client, "city=durban&item=copper-1:1:kg&item=lead:2:kg")
    other = get(client, "city=durban&item=lead:2:kg&item=copper-1:1:kg")
    assert [line["material"]["slug"] for line in one["lines"]] == ["copper-1", "lead"]
    assert [line["material"]["slug"] for line in other["lines"]] == ["lead", "copper-1"]
    more = get(client, "city=durban&item=copper-1:1:kg&item=lead:2:kg&item=zinc:1:kg")
    assert len(more["lines"]) == 3
    kept = client.get("/api/calculator?city=durban&item=copper-1:1:kg")
    assert kept.headers["cache-control"].startswith("public")


def test_near_finds_the_nearest_city_and_is_neither_logged_nor_cached(
    client: TestClient, access_lines: io.StringIO
) -> None:
    # A point 3 km east of Pretoria's centre (-25.7479, 28.2293): Pretoria's prices.
    response = client.get("/api/calculator?near=-25.747912,28.259876&item=copper-1:2:kg")
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["city"]["slug"] == "pretoria"
    assert answer["origin"] == {"latitude": -25.747912, "longitude": 28.259876, "from": "location"}
    assert response.headers["cache-control"] == "private, no-store"
    assert "etag" not in response.headers
    # With a city too: that city's prices, measured from the point.
    both = get(client, "city=johannesburg&near=-25.747912,28.259876&item=copper-1:2:kg")
    assert (both["city"]["slug"], both["origin"]["from"]) == ("johannesburg", "location")
    text = access_lines.getvalue()
    assert any(json.loads(line).get("path") == "/api/calculator" for line in text.splitlines())
    for part in ("25.747912", "28.259876", "near="):
        assert part not in text
    refusal = client.get("/api/calculator?near=95.123456,28.654321&item=copper-1:1:kg")
    assert "95.123456" not in refusal.text


def test_the_calculator_is_in_the_openapi_document(client: TestClient) -> None:
    document = client.get("/api/openapi.json").json()
    operation = document["paths"]["/api/calculator"]["get"]
    assert operation["operationId"] == "get_calculator"
    names = {parameter["name"] for parameter in operation["parameters"]}
    assert names == {"item", "city", "near", "costPerDistance", "radius", "at"}
    (item,) = (p for p in operation["parameters"] if p["name"] == "item")
    pattern = item["schema"]["items"]["pattern"]
    assert re.fullmatch(pattern, "catalytic-converters:3:piece")
    assert not re.fullmatch(pattern, "copper-1:01:kg")
    example = operation["responses"]["200"]["content"]["application/json"]["example"]
    assert example["city"]["slug"] == "johannesburg"

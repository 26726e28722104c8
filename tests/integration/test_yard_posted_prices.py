"""A yard's owner posts the yard's own prices (kind ``yard``): through the publish checks, onto
the yard's page and the city's, current for YARD_PRICE_MAX_AGE_DAYS, audited, and watched by
the data check. Both databases."""

import datetime as dt
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from scrapindex import revision
from scrapindex.data.check import check_data
from scrapindex.models import AuditEntry, City, Material, ScrapYard, Source, User, YardPrice
from scrapindex.prices.record import PriceRow, begin_price_write, publish
from scrapindex.prices.yard_board import BoardLine, post_board
from scrapindex.queries.prices import latest_quotes
from scrapindex.settings import get_settings
from tests.conftest import CONTENT_DIR
from tests.databases import data_fingerprint
from tests.factories import add_yard
from tests.moderation import CITY, CITY_YARD
from tests.operators import add_operator, add_owner, log_in

ZONE = "Africa/Johannesburg"  # Cape Town's
KG_PER_LB = Decimal("0.45359237")


def today() -> dt.date:
    return dt.datetime.now(ZoneInfo(ZONE)).date()


@pytest.fixture
def owner(db: Engine, site: TestClient) -> dict[str, str]:
    """The headers of the logged-in owner of CITY_YARD."""
    return log_in(site, add_owner(db, CITY_YARD))


def city_price(db: Engine, material: str, price: Decimal | None = None) -> Decimal:
    """Cape Town's price of ``material`` written today as a manual (trusted) price: ``price``,
    or the city's shown one; the baseline a yard's post is held to."""
    with db.begin() as connection, Session(bind=connection) as session:
        city = session.scalars(select(City).where(City.slug == CITY)).one()
        found = session.scalars(select(Material).where(Material.slug == material)).one()
        if price is None:
            price = site_price(session, city.id, found.id)
        source = session.scalars(select(Source).where(Source.name == "Test manual")).first()
        if source is None:
            source = Source(name="Test manual", kind="manual")
            session.add(source)
            session.flush()
        write = begin_price_write(connection, override=True)
        now = dt.datetime.now(dt.UTC)
        row = PriceRow(found.id, city.id, today(), price, "ZAR", source.id, now)
        write.upsert([row])
        publish(write, get_settings(), now=now)
    return price


def site_price(session: Session, city_id: int, material_id: int) -> Decimal:
    (quote,) = latest_quotes(session, city_id=city_id, material_id=material_id)
    return quote.price_per_kg


def post(site: TestClient, headers: dict[str, str], *lines: tuple[str, str, str]) -> Any:
    body = {"prices": [{"materialSlug": m, "price": p, "unit": u} for m, p, u in lines]}
    return site.put(f"/api/owner/yards/{CITY_YARD}/prices", json=body, headers=headers)


def yard_detail(site: TestClient, yard_id: int = CITY_YARD) -> dict[str, Any]:
    answer = site.get(f"/api/scrap-yards/{yard_id}")
    assert answer.status_code == 200
    return dict(answer.json())


def posted_prices(site: TestClient) -> dict[str, Any]:
    answer = site.get(f"/api/cities/{CITY}/overview")
    assert answer.status_code == 200
    return dict(answer.json()["postedPrices"])


def stored(db: Engine) -> list[tuple[int, str, dt.date, Decimal]]:
    with Session(db) as session:
        rows = session.execute(
            select(YardPrice.yard_id, Material.slug, YardPrice.price_date, YardPrice.price_per_kg)
            .join(Material, Material.id == YardPrice.material_id)
            .order_by(YardPrice.yard_id, Material.slug)
        )
        return [tuple(row) for row in rows]  # type: ignore[misc]


def audits(db: Engine, action: str = "yard-price.post") -> list[AuditEntry]:
    with Session(db) as session:
        entries = session.scalars(
            select(AuditEntry).where(AuditEntry.action == action).order_by(AuditEntry.id)
        ).all()
        session.expunge_all()
        return list(entries)


def aluminum_id(session: Session) -> int:
    return session.scalars(select(Material.id).where(Material.slug == "aluminum")).one()


def yard_name(db: Engine, yard_id: int = CITY_YARD) -> str:
    with Session(db) as session:
        return session.get_one(ScrapYard, yard_id).name


def test_a_post_shows_on_the_yard_page_and_the_city_overview(
    db: Engine, site: TestClient, owner: dict[str, str]
) -> None:
    copper = city_price(db, "copper-1")
    city_price(db, "copper-2")
    before = yard_detail(site)  # kept in the API's cache: the post must move it on
    assert (before["claimed"], before["postedBoard"], before["lastPostedOn"]) == (True, None, None)
    assert posted_prices(site) == {"yards": 0, "prices": 0, "best": []}
    mine = (copper + 5).quantize(Decimal("0.01"))
    per_lb = (copper * KG_PER_LB * Decimal("0.8")).quantize(Decimal("0.01"))

    answer = post(site, owner, ("copper-1", f"{mine}", "kg"), ("copper-2", f"{per_lb}", "lb"))

    assert answer.status_code == 200, answer.text
    day = today().isoformat()
    shown = yard_detail(site)
    board = shown["postedBoard"]
    assert (board["postedOn"], shown["lastPostedOn"]) == (day, day)
    by_slug = {line["material"]["slug"]: line for line in board["prices"]}
    assert by_slug["copper-1"]["priceExact"] == f"{mine:.4f}"
    assert by_slug["copper-1"]["price"] == f"{mine:.2f}"
    # The pound is 0.45359237 kg exactly: per kg, to four places, half up.
    expected = (per_lb / KG_PER_LB).quantize(Decimal("0.0001"))
    assert by_slug["copper-2"]["priceExact"] == f"{expected}"
    assert {line["unit"] for line in board["prices"]} == {"kg"}
    assert {line["date"] for line in board["prices"]} == {day}
    overview = posted_prices(site)
    assert (overview["yards"], overview["prices"]) == (1, 2)
    best = {line["material"]["slug"]: line for line in overview["best"]}
    assert best["copper-1"]["yard"] == {"id": CITY_YARD, "name": yard_name(db)}
    assert (best["copper-1"]["price"], best["copper-1"]["date"]) == (f"{mine:.2f}", day)

    page = site.get(f"/scrap-yard/{CITY_YARD}")
    assert page.status_code == 200
    assert f"Posted by the yard on {day}" in page.text
    assert f"Current {'Cape Town'} Prices" not in page.text


def test_the_best_posted_price_of_the_city_is_the_highest_yards(
    db: Engine, site: TestClient, owner: dict[str, str]
) -> None:
    copper = city_price(db, "copper-1")
    with db.begin() as connection:
        other = add_yard(connection, CITY, name="Higher Payer Metals")
    other_owner = log_in(site, add_owner(db, other))
    assert post(site, owner, ("copper-1", f"{copper:.2f}", "kg")).status_code == 200
    higher = (copper + 3).quantize(Decimal("0.01"))
    body = {"prices": [{"materialSlug": "copper-1", "price": f"{higher}", "unit": "kg"}]}
    answer = site.put(f"/api/owner/yards/{other}/prices", json=body, headers=other_owner)
    assert answer.status_code == 200, answer.text
    overview = posted_prices(site)
    assert (overview["yards"], overview["prices"]) == (2, 2)
    (best,) = overview["best"]
    assert best["yard"] == {"id": other, "name": "Higher Payer Metals"}
    assert best["price"] == f"{higher:.2f}"


def test_the_city_prices_stand_in_said_as_the_citys_without_a_board(site: TestClient) -> None:
    page = site.get(f"/scrap-yard/{CITY_YARD}")
    assert page.status_code == 200
    assert "Current Cape Town Prices" in page.text
    assert "not this yard&#39;s own" in page.text or "not this yard's own" in page.text
    assert "Posted by the yard on" not in page.text


def test_a_post_breaking_the_grade_order_is_refused_and_nothing_is_stored(
    db: Engine, site: TestClient, owner: dict[str, str]
) -> None:
    copper = city_price(db, "copper-1")
    city_price(db, "bare-bright-copper", copper)
    data = data_fingerprint(db)
    cheap = f"{copper:.2f}"
    dear = f"{copper + 10:.2f}"

    answer = post(site, owner, ("bare-bright-copper", cheap, "kg"), ("copper-1", dear, "kg"))

    assert answer.status_code == 422
    refusal = answer.json()
    (problem,) = refusal["problems"]
    assert problem.startswith(f"at {yard_name(db)}, #1 Copper (R")
    assert "is above Bare Bright Copper" in problem
    assert refusal["detail"] == refusal["message"]
    assert problem in refusal["detail"]
    assert data_fingerprint(db) == data


def test_a_post_is_held_to_the_order_of_the_yards_current_board(
    db: Engine, site: TestClient, owner: dict[str, str]
) -> None:
    copper = city_price(db, "copper-1")
    city_price(db, "copper-2", copper)
    assert post(site, owner, ("copper-2", f"{copper:.2f}", "kg")).status_code == 200
    data = data_fingerprint(db)

    answer = post(site, owner, ("copper-1", f"{copper - 1:.2f}", "kg"))

    assert answer.status_code == 422
    (problem,) = answer.json()["problems"]
    assert "Copper (R" in problem
    assert "is above #1 Copper" in problem
    assert data_fingerprint(db) == data


@pytest.mark.parametrize("factor", ["3.5", "0.25"])
def test_a_post_far_from_the_citys_price_is_refused_and_nothing_is_stored(
    db: Engine, site: TestClient, owner: dict[str, str], factor: str
) -> None:
    baseline = city_price(db, "aluminum", Decimal("20.00"))
    data = data_fingerprint(db)
    far = (baseline * Decimal(factor)).quantize(Decimal("0.01"))

    answer = post(site, owner, ("aluminum", f"{far}", "kg"))

    assert answer.status_code == 422
    (problem,) = answer.json()["problems"]
    day = today()
    assert problem == (
        f"in Cape Town, Aluminum (R{far:.2f}/kg on {day}) is {Decimal(factor):.2f}x its latest "
        f"feed or manual price (R20.00/kg on {day})"
    )
    assert data_fingerprint(db) == data


def test_a_post_at_the_edge_of_the_band_is_taken(
    db: Engine, site: TestClient, owner: dict[str, str]
) -> None:
    city_price(db, "aluminum", Decimal("20.00"))
    assert post(site, owner, ("aluminum", "60", "kg")).status_code == 200
    assert stored(db)[0][3] == Decimal("60")


def test_lines_that_are_wrong_are_each_named_and_nothing_is_stored(
    db: Engine, site: TestClient, owner: dict[str, str]
) -> None:
    data = data_fingerprint(db)
    answer = post(
        site,
        owner,
        ("copper-1", "150,50", "kg"),
        ("unobtainium", "1", "kg"),
        ("catalytic-converters", "900", "kg"),
        ("aluminum", "0", "kg"),
        ("brass", "1.00001", "kg"),
        ("brass", "10", "kg"),
    )
    assert answer.status_code == 422
    assert answer.json()["problems"] == [
        "line 1: #1 Copper: the price is no number: write it with a decimal point, e.g. 172.50",
        "line 2: no material 'unobtainium'",
        "line 3: Catalytic Converters sell by the piece: give the price per piece",
        "line 4: Aluminum: the price must be more than 0",
        "line 5: Brass: give the price with at most 4 decimals",
        "line 6: Brass is given twice: give one price per material",
    ]
    assert data_fingerprint(db) == data


def test_posting_again_the_same_day_updates_the_days_price_and_is_audited(
    db: Engine, site: TestClient, owner: dict[str, str]
) -> None:
    copper = city_price(db, "copper-1")
    first, second = f"{copper:.2f}", f"{copper + 2:.2f}"
    assert post(site, owner, ("copper-1", first, "kg")).status_code == 200
    revision_before = revision.read(db)

    answer = post(site, owner, ("copper-1", second, "kg"))

    assert answer.status_code == 200
    assert revision.read(db) > revision_before
    assert stored(db) == [(CITY_YARD, "copper-1", today(), Decimal(second))]
    (material,) = [m for m in answer.json()["materials"] if m["slug"] == "copper-1"]
    assert material["lastPosted"] == {
        "price": second,
        "priceExact": f"{Decimal(second):.4f}",
        "date": today().isoformat(),
    }
    entries = audits(db)
    assert len(entries) == 2
    day = today().isoformat()
    assert entries[0].before == {"yardId": CITY_YARD, "prices": {"copper-1": None}}
    assert entries[1].entity_type == "scrap-yard"
    assert entries[1].entity_id == str(CITY_YARD)
    assert entries[1].actor.startswith("owner-")
    assert entries[1].before == {
        "yardId": CITY_YARD,
        "prices": {"copper-1": {"pricePerKg": f"{Decimal(first):.4f}", "date": day}},
    }
    assert entries[1].after == {
        "yardId": CITY_YARD,
        "day": day,
        "prices": {"copper-1": {"pricePerKg": f"{Decimal(second):.4f}", "date": day}},
    }


def test_a_post_older_than_the_max_age_is_no_longer_current(
    db: Engine, site: TestClient, owner: dict[str, str]
) -> None:
    settings = get_settings()
    old = dt.datetime.now(dt.UTC) - dt.timedelta(days=settings.yard_price_max_age_days + 1)
    with Session(db) as session:
        yard = session.get_one(ScrapYard, CITY_YARD)
        actor = session.scalars(select(User).where(User.role == "owner")).one()
        shown_price = site_price(session, yard.city_id, aluminum_id(session))
        line = BoardLine("aluminum", f"{shown_price:.2f}", "kg")
        report = post_board(session, yard, [line], actor, settings, old)
        session.commit()
    shown = yard_detail(site)
    assert shown["postedBoard"] is None
    assert shown["lastPostedOn"] == report.day.isoformat()
    assert posted_prices(site) == {"yards": 0, "prices": 0, "best": []}
    mine = site.get(f"/api/owner/yards/{CITY_YARD}", headers=owner).json()
    (aluminum,) = [m for m in mine["materials"] if m["slug"] == "aluminum"]
    assert aluminum["lastPosted"]["date"] == report.day.isoformat()  # still prefilled
    page = site.get(f"/scrap-yard/{CITY_YARD}").text
    assert f"the yard last posted prices on {report.day}" in page


def test_the_data_check_warns_of_a_posted_price_far_from_the_citys_shown_price(
    db: Engine, site: TestClient, owner: dict[str, str]
) -> None:
    city_price(db, "aluminum", Decimal("20.00"))
    assert post(site, owner, ("aluminum", "30", "kg")).status_code == 200
    day = dt.datetime.now(dt.UTC).date()
    findings = check_data(db, CONTENT_DIR, today=day, stale_days=7).findings
    assert "yard-price-band" not in [finding.code for finding in findings]

    city_price(db, "aluminum", Decimal("9.00"))  # the market fell; the yard's board did not

    report = check_data(db, CONTENT_DIR, today=day, stale_days=7)
    (finding,) = [f for f in report.findings if f.code == "yard-price-band"]
    assert finding.level == "warning"
    assert finding.count == 1
    assert finding.examples == [
        f"yard {CITY_YARD} {yard_name(db)!r} in {CITY}: aluminum 30.00 ZAR ({today()}) is "
        f"3.33x the city's shown price 9.00 ZAR ({today()})"
    ]
    later = day + dt.timedelta(days=get_settings().yard_price_max_age_days + 2)
    aged = check_data(db, CONTENT_DIR, today=later, stale_days=7)
    assert "yard-price-band" not in [f.code for f in aged.findings]


def test_a_suspended_owners_board_leaves_the_site_until_reinstated(
    db: Engine, site: TestClient, owner: dict[str, str]
) -> None:
    copper = city_price(db, "copper-1")
    assert post(site, owner, ("copper-1", f"{copper}", "kg")).status_code == 200
    moderator = log_in(site, add_operator(db, "moderator"))
    (row,) = site.get(f"/api/admin/yard-owners?yardId={CITY_YARD}", headers=moderator).json()[
        "data"
    ]
    calculator = f"/api/calculator?city={CITY}&item=copper-1:10:kg&radius=200"

    def shown() -> tuple[bool, bool, int, set[str | None]]:
        detail = yard_detail(site)
        ranked = site.get(calculator).json()["yards"]
        kinds = {
            line["kind"] for yard in ranked if yard["id"] == CITY_YARD for line in yard["lines"]
        }
        return (
            detail["claimed"],
            detail["postedBoard"] is not None,
            posted_prices(site)["yards"],
            kinds,
        )

    assert shown() == (True, True, 1, {"yard"})
    suspended = site.post(f"/api/admin/yard-owners/{row['id']}/suspend", headers=moderator)
    assert suspended.status_code == 200
    # Cached answers included: the suspension moved the data revision on.
    assert shown() == (False, False, 0, {"manual"})
    reinstated = site.post(f"/api/admin/yard-owners/{row['id']}/reinstate", headers=moderator)
    assert reinstated.status_code == 200
    assert shown() == (True, True, 1, {"yard"})


def test_posting_a_material_the_profile_left_out_adds_it_to_what_the_yard_buys(
    db: Engine, site: TestClient, owner: dict[str, str]
) -> None:
    copper = city_price(db, "copper-1")
    with Session(db) as session:
        session.get_one(ScrapYard, CITY_YARD).accepted_materials = ["brass"]
        session.commit()

    assert post(site, owner, ("copper-1", f"{copper}", "kg")).status_code == 200

    assert yard_detail(site)["acceptedMaterials"] == ["brass", "copper-1"]
    (entry,) = audits(db)
    assert entry.after is not None
    assert entry.after["nowBought"] == ["copper-1"]

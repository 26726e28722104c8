"""The one guarded path every price takes (scrapindex.prices.record): writers take turns, a
write that breaks a grade family is refused whole or held, one daily update runs at a time,
and nothing else writes prices or the shown prices."""

import datetime as dt
import re
from decimal import Decimal
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from scrapindex import revision
from scrapindex.data.daily_update import run_daily_update
from scrapindex.data.estimates import estimate_prices
from scrapindex.data.imports.prices import import_prices
from scrapindex.data.run_lock import AlreadyRunning, one_update_at_a_time
from scrapindex.models import (
    City,
    ImportRun,
    Material,
    Price,
    PriceReport,
    Source,
    User,
)
from scrapindex.moderation.price_reports import approve_report
from scrapindex.prices.record import PriceRow, PublishRefused, price_write
from scrapindex.settings import get_settings
from tests.concurrency import at_once, rebuilt, shown
from tests.conftest import CONTENT_DIR
from tests.databases import fingerprint
from tests.integration.test_estimates import DAY, add_references, stored
from tests.moderation import decide, report_ids, seller, send_report
from tests.operators import Operator

SRC = Path(__file__).parents[2] / "src" / "scrapindex"
HEADER = "date,country,city,material,price,currency,unit,source\n"
DEMO_END = dt.date(2026, 3, 31)  # the newest day of the tests' demo set


def feed(tmp_path: Path, name: str, lines: list[str]) -> Path:
    path = tmp_path / name
    path.write_text(HEADER + "".join(f"{line}\n" for line in lines), encoding="utf-8")
    return path


def london(material: str, price: str, day: dt.date = DEMO_END + dt.timedelta(days=1)) -> str:
    return f"{day},GB,london,{material},{price},GBP,kg,Test Feed"


def test_two_imports_at_once_both_land_and_the_shown_prices_are_whole(
    db: Engine, tmp_path: Path
) -> None:
    first = feed(tmp_path, "a.csv", [london("aluminum", "1.05"), london("copper-1", "7.10")])
    second = feed(tmp_path, "b.csv", [london("aluminum", "1.07"), london("brass", "4.00")])
    reports = at_once(lambda: import_prices(db, first), lambda: import_prices(db, second))
    assert [getattr(report, "ok", report) for report in reports] == [True, True]
    assert shown(db) == rebuilt(db)


def test_an_import_and_a_report_approval_at_once_both_land(
    db: Engine, site: TestClient, operator: Operator, tmp_path: Path
) -> None:
    for number in range(3):
        assert send_report(seller(site, number), price=152).status_code == 202
    pending = report_ids(db)
    path = feed(tmp_path, "a.csv", [london("aluminum", "1.05")])
    operator_id = operator.id

    def approve(report_id: int) -> str | None:
        with Session(db) as session, session.begin():
            report = session.get_one(PriceReport, report_id)
            actor = session.get_one(User, operator_id)
            now = dt.datetime.now(dt.UTC)
            return approve_report(session, report, actor, None, now, get_settings())

    assert approve(pending[0]) is None
    assert approve(pending[1]) is None
    held, report = at_once(lambda: approve(pending[2]), lambda: import_prices(db, path))
    assert held is None
    assert getattr(report, "ok", report) is True
    assert shown(db) == rebuilt(db)


def test_an_estimate_and_the_daily_update_at_once_both_land(db: Engine, tmp_path: Path) -> None:
    add_references(db)
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    feed(inbox, "prices-1.csv", [london("aluminum", "1.05", DAY)])
    estimate, update = at_once(
        lambda: estimate_prices(db, CONTENT_DIR, DAY),
        lambda: run_daily_update(db, inbox_dir=inbox, content_dir=CONTENT_DIR, demo=False),
    )
    assert getattr(estimate, "written", estimate) > 0
    assert getattr(update, "ok", update) is True
    assert not (inbox / "failed").exists()
    assert shown(db) == rebuilt(db)


def test_a_second_daily_update_leaves_the_inbox_alone_and_says_since_when(
    db: Engine, tmp_path: Path
) -> None:
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    waiting = feed(inbox, "prices-1.csv", [london("aluminum", "1.05")])
    with one_update_at_a_time(db, inbox):
        with pytest.raises(AlreadyRunning, match=r"already running since \d\d:\d\d UTC"):
            run_daily_update(db, inbox_dir=inbox, content_dir=CONTENT_DIR, demo=False)
        assert waiting.exists()
        assert not (inbox / "failed").exists()
        assert not (inbox / "processed").exists()
        with db.connect() as connection:
            assert connection.execute(select(ImportRun.id)).first() is None
    report = run_daily_update(db, inbox_dir=inbox, content_dir=CONTENT_DIR, demo=False)
    assert report.ok
    assert not waiting.exists()
    with db.connect() as connection:
        assert connection.execute(select(ImportRun.status)).scalars().all() == ["imported"]


def test_an_import_that_breaks_a_family_fails_whole_naming_the_pair(
    db: Engine, tmp_path: Path
) -> None:
    before = fingerprint(db)
    # #1 copper below #2 copper in London; the aluminium row beside it is fine on its own.
    path = feed(tmp_path, "a.csv", [london("aluminum", "1.05"), london("copper-1", "5.00")])
    report = import_prices(db, path)
    assert not report.ok
    problems = "\n".join(report.problem_lines())
    assert re.search(
        r"in London, .*Copper \(£[\d.]+/kg.*\) is above #1 Copper \(£5\.00/kg", problems
    )
    assert (report.inserted, report.updated) == (0, 0)
    assert fingerprint(db) == before


def test_the_operators_override_publishes_a_broken_order(db: Engine, tmp_path: Path) -> None:
    path = feed(tmp_path, "a.csv", [london("copper-1", "5.00")])
    report = import_prices(db, path, allow_outliers=True)
    assert report.ok
    assert any("is above #1 Copper (£5.00/kg" in line for line in report.published_anyway)
    with db.connect() as connection:
        stored = connection.execute(
            select(Price.price_per_kg)
            .join(City, City.id == Price.city_id)
            .join(Material, Material.id == Price.material_id)
            .where(City.slug == "london", Material.slug == "copper-1")
            .order_by(Price.price_date.desc())
        ).first()
    assert stored is not None
    assert stored[0] == Decimal("5.00")


def test_an_approval_that_would_break_the_order_is_held_flagged(
    db: Engine, site: TestClient, moderator: dict[str, str]
) -> None:
    # #1 copper at R120 in Cape Town: below its #2 copper and generic copper.
    for number in range(3):
        assert send_report(seller(site, number), price=120).status_code == 202
    first, second, third = report_ids(db)
    for report_id in (first, second, third):
        answer = decide(site, moderator, report_id)
        assert answer.status_code == 200, answer.text
    held = answer.json()
    assert held["status"] == "pending"
    assert held["flagged"] is True
    assert "Not published on approval" in held["flagReason"]
    assert "is above #1 Copper (R120.00/kg" in held["flagReason"]
    with db.connect() as connection:
        statuses = connection.execute(select(PriceReport.status)).scalars()
        assert sorted(statuses) == ["approved", "approved", "pending"]
        report_prices = connection.execute(
            select(Price.id)
            .join(Source, Source.id == Price.source_id)
            .where(Source.kind == "report")
        )
        assert report_prices.all() == []


WRITES = re.compile(
    r"(insert|update|delete)\((Price|CurrentPrice)\)|\.insert\(Price\)|"
    r"refresh_current_prices\(|evaluate_alerts_in\(|COPY \{Price"
)
SERVICE = {"prices/record.py", "prices/bulk_load.py"}
DEFINED = {"queries/current_prices.py", "alerts/evaluate.py"}  # where the two are defined


def test_nothing_but_the_price_write_service_writes_prices() -> None:
    writers = set()
    for path in SRC.rglob("*.py"):
        name = path.relative_to(SRC).as_posix()
        if name.startswith("migrations/"):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if WRITES.search(line) and not line.lstrip().startswith(("def ", "#", '"""')):
                writers.add(name)
    assert writers - DEFINED == SERVICE


# A yard's own posted prices (kind yard) have their one writer too.
YARD_PRICE_WRITES = re.compile(
    r"(insert|update|delete)\(\s*YardPrice\b|upsert\(\s*[\w.()]+,\s*YardPrice\b"
    r"|(?<!class )YardPrice\("
)


def test_nothing_but_the_yard_board_writes_yard_prices() -> None:
    writers = {
        path.relative_to(SRC).as_posix()
        for path in SRC.rglob("*.py")
        if not path.relative_to(SRC).as_posix().startswith("migrations/")
        and YARD_PRICE_WRITES.search(path.read_text(encoding="utf-8"))
    }
    assert writers == {"prices/yard_board.py"}


def test_an_approval_far_outside_the_trusted_baseline_is_held_flagged(
    db: Engine, site: TestClient, moderator: dict[str, str]
) -> None:
    # Aluminium is in no grade family: only the band around its baseline can hold it.
    for number in range(3):
        sent = send_report(seller(site, number), materialSlug="aluminum", price=1000)
        assert sent.status_code == 202
    answers = [decide(site, moderator, report_id) for report_id in report_ids(db)]
    assert [answer.status_code for answer in answers] == [200, 200, 200]
    held = answers[-1].json()
    assert held["status"] == "pending"
    assert held["flagged"] is True
    assert "x its median over the 366 days before" in held["flagReason"]
    with db.connect() as connection:
        kinds = connection.execute(
            select(Source.kind)
            .join(Price, Price.source_id == Source.id)
            .join(Material, Material.id == Price.material_id)
            .join(City, City.id == Price.city_id)
            .where(Material.slug == "aluminum", City.slug == "cape-town")
        ).scalars()
        assert "report" not in set(kinds)


def test_an_estimate_that_would_break_the_order_is_held_back_and_named(
    db: Engine, tmp_path: Path
) -> None:
    add_references(db)
    # Bare bright from a feed at R100 in Johannesburg (the operator's override: it is already
    # below the demo's other copper grades), under what any copper grade's estimate comes to.
    path = feed(tmp_path, "a.csv", [f"{DAY},ZA,johannesburg,bare-bright-copper,100.00,ZAR,kg,Desk"])
    assert import_prices(db, path, today=DAY, allow_outliers=True).ok
    report = estimate_prices(db, CONTENT_DIR, DAY)
    held = [line for line in report.skipped if line.startswith("held back: in Johannesburg")]
    assert held
    assert all("Bare Bright Copper (R100.00/kg" in line for line in held)
    assert stored(db, "johannesburg", "copper-1")[1] == "demo"  # kept its price, not bent
    assert stored(db, "cape-town", "copper-1")[1] == "estimate"  # the rest were written


def test_an_estimate_far_from_the_latest_feed_price_is_held_back(
    db: Engine, tmp_path: Path
) -> None:
    add_references(db)
    # Radiators (in no grade family) from a feed the day before, at ten times the demo's.
    demo = stored(db, "cape-town", "copper-radiators", DAY - dt.timedelta(days=1))[0]
    fed = (demo * 10).quantize(Decimal("0.01"))
    line = f"{DAY - dt.timedelta(days=1)},ZA,cape-town,copper-radiators,{fed},ZAR,kg,Desk"
    assert import_prices(db, feed(tmp_path, "a.csv", [line]), allow_outliers=True).ok
    report = estimate_prices(db, CONTENT_DIR, DAY)
    held = [line for line in report.skipped if "in Cape Town, Copper Radiators" in line]
    assert len(held) == 1
    assert (
        f"its latest feed or manual price (R{fed:,}/kg on {DAY - dt.timedelta(days=1)})"
        in (held[0])
    )
    assert stored(db, "cape-town", "copper-radiators")[1] == "demo"
    assert stored(db, "johannesburg", "copper-radiators")[1] == "estimate"


def test_the_service_refuses_an_outlier_whoever_writes_it(db: Engine) -> None:
    """The band is the service's rule, not each writer's: a write straight through it with a
    price ten times its series' baseline is refused, and nothing is left."""
    before = fingerprint(db)
    with db.connect() as connection:
        material_id, city_id, price, currency, source_id = connection.execute(
            select(
                Price.material_id,
                Price.city_id,
                Price.price_per_kg,
                Price.currency,
                Price.source_id,
            )
            .join(City, City.id == Price.city_id)
            .join(Material, Material.id == Price.material_id)
            .where(City.slug == "london", Material.slug == "aluminum", Price.price_date == DEMO_END)
        ).one()
    row = PriceRow(
        material_id, city_id, DEMO_END, price * 10, currency, source_id, dt.datetime.now(dt.UTC)
    )
    with (
        pytest.raises(PublishRefused) as refused,
        db.begin() as connection,
        price_write(connection, get_settings()) as write,
    ):
        write.upsert([row])
    assert [flag.material_id for flag in refused.value.outliers] == [material_id]
    assert "x its median over the 30 days before" in refused.value.problems[0]
    assert fingerprint(db) == before


def test_an_approval_that_publishes_no_price_still_moves_the_revision(
    db: Engine, site: TestClient, moderator: dict[str, str]
) -> None:
    """One approved report publishes no price, but the reports' public summary changed: the
    caches, which follow the revision, must show it."""
    assert send_report(seller(site, 0), price=152).status_code == 202
    before = revision.read(db)
    assert decide(site, moderator, report_ids(db)[0]).status_code == 200
    assert revision.read(db) > before

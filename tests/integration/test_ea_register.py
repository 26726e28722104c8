"""`yards fetch --source ea-register`: England's register of scrap metal dealers read from its
real-format fixture, site licences matched to yards with reasons, collectors never; operators
confirm or reject in the console; the yard page's badge; re-reads keep decisions; offline."""

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session
from typer.testing import CliRunner, Result

from scrapindex import revision
from scrapindex.cli import app as cli
from scrapindex.licences.matching import name_likeness
from scrapindex.licences.osgb import grid_to_lat_lng
from scrapindex.models import AuditEntry, ScrapYard, YardLicence
from scrapindex.settings import get_settings
from tests.conftest import FreshDatabase
from tests.databases import IMPORT_DEMO

FIXTURES = Path(__file__).parents[1] / "fixtures" / "ea-register"
REGISTER = FIXTURES / "registration.json"


@pytest.fixture
def db(fresh_database: FreshDatabase, monkeypatch: pytest.MonkeyPatch) -> Iterator[Engine]:
    db = fresh_database(IMPORT_DEMO)
    monkeypatch.setenv("DATABASE_URL", db.url.render_as_string(hide_password=False))
    monkeypatch.setenv(
        "EA_REGISTER_URL", "http://127.0.0.1:9/scrap-metal-dealers/registration.json"
    )
    monkeypatch.setenv("FEED_TIMEOUT_SECONDS", "2")
    get_settings.cache_clear()
    yield db
    get_settings.cache_clear()


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, ["yards", *args])


def entries(db: Engine) -> dict[str, YardLicence]:
    with Session(db) as session:
        return {r.register_no: r for r in session.scalars(select(YardLicence))}


def yard_ids(db: Engine) -> dict[str, int]:
    with Session(db) as session:
        rows = session.execute(
            select(ScrapYard.name, ScrapYard.id).where(ScrapYard.osm_id.is_not(None))
        )
        return {row[0]: row[1] for row in rows}


def test_names_weigh_their_distinctive_words_and_the_grid_converts() -> None:
    assert name_likeness("Smith Metals Ltd", "Jones Metals Ltd") < 0.3
    assert name_likeness("Nine Elms Metal Recycling Limited", "Nine Elms Metal Recycling") > 0.9
    lat, lng = grid_to_lat_lng(651409.903, 313177.270)  # Ordnance Survey's worked example
    assert (round(lat, 4), round(lng, 4)) == (52.6576, 1.7179)


def test_register_matched_confirmed_shown_and_kept(
    db: Engine, site: TestClient, moderator: dict[str, str], tmp_path: Path
) -> None:
    assert run("import", str(FIXTURES / "overpass-gb.json")).exit_code == 0
    yards = yard_ids(db)
    before = revision.read(db)

    fetched = run("fetch", "--source", "ea-register", "--file", str(REGISTER))
    assert fetched.exit_code == 0, fetched.output
    assert "5 entries read: 4 site licences, 1 mobile collector(s)" in fetched.output
    assert revision.read(db) > before
    found = entries(db)
    nine_elms = found["SMD-LBL-0412"]
    assert (nine_elms.status, nine_elms.yard_id) == ("proposed", yards["Nine Elms Metal Recycling"])
    assert nine_elms.match_score is not None
    assert nine_elms.match_score >= 0.9
    assert "same postcode SW8 5BP" in nine_elms.match_reasons
    assert any(r.endswith("km apart") for r in nine_elms.match_reasons)
    collector = found["SMD-LBL-0519"]  # the same holder, as a mobile collector: not a yard
    assert (collector.licence_type, collector.status, collector.yard_id) == (
        "collector",
        "unmatched",
        None,
    )
    trafford = found["SMD-MAN-0107"]  # matched by its trading name, the postcode's district
    assert (trafford.status, trafford.yard_id) == ("proposed", yards["Trafford Park Scrap"])
    assert "same postcode district M17 (M17 1AF / M17 1PY)" in trafford.match_reasons
    assert found["SMD-BHM-0233"].status == "unmatched"  # no yard of ours is it
    assert found["SMD-LEW-0088"].expires_on is not None
    proposal = f"SMD-LBL-0412 Nine Elms Metal Recycling Limited -> yard {nine_elms.yard_id}"
    assert proposal in fetched.output

    page = f"/api/scrap-yards/{nine_elms.yard_id}"
    assert site.get(page).json()["licence"] is None  # proposed is not shown
    queue = site.get("/api/admin/yard-licences", headers=moderator).json()
    assert next(row["registerNo"] for row in queue["data"]) == "SMD-LBL-0412"
    assert site.post(f"/api/admin/yard-licences/{nine_elms.id}/confirm").status_code in {401, 403}
    confirmed = site.post(f"/api/admin/yard-licences/{nine_elms.id}/confirm", headers=moderator)
    assert confirmed.status_code == 200, confirmed.text
    assert confirmed.json()["status"] == "confirmed"
    badge = site.get(page).json()["licence"]
    assert badge["registerNo"] == "SMD-LBL-0412"
    assert badge["registerUrl"] == (
        "https://environment.data.gov.uk/public-register/scrap-metal-dealers/registration/SMD-LBL-0412"
    )
    html = site.get(f"/scrap-yard/{nine_elms.yard_id}").text
    assert "Licensed (register no. SMD-LBL-0412, checked" in html
    assert "Contains Environment Agency information © Environment Agency" in html

    refused = site.post(f"/api/admin/yard-licences/{collector.id}/confirm", headers=moderator)
    assert refused.status_code == 409
    rejected = site.post(f"/api/admin/yard-licences/{trafford.id}/reject", headers=moderator)
    assert rejected.json()["status"] == "rejected"
    deptford = found["SMD-LEW-0088"]  # expired on 2026-01-31: confirmed, yet no badge
    assert (
        site.post(f"/api/admin/yard-licences/{deptford.id}/confirm", headers=moderator).status_code
        == 200
    )
    assert site.get(f"/api/scrap-yards/{deptford.yard_id}").json()["licence"] is None
    with Session(db) as session:
        actions = session.scalars(
            select(AuditEntry.action).where(AuditEntry.entity_type == "yard_licence")
        )
        assert sorted(actions) == [
            "yard-licence.confirm",
            "yard-licence.confirm",
            "yard-licence.reject",
        ]

    settled = revision.read(db)
    again = run("fetch", "--source", "ea-register", "--file", str(REGISTER))
    assert (
        "0 new, 0 changed, 5 unchanged, 0 no longer listed; 3 operators' decisions kept"
        in again.output
    )
    assert revision.read(db) == settled
    assert {k: r.status for k, r in entries(db).items()} == {
        k: r.status for k, r in found.items()
    } | {
        "SMD-LBL-0412": "confirmed",
        "SMD-MAN-0107": "rejected",
        "SMD-LEW-0088": "confirmed",
    }

    changed = json.loads(REGISTER.read_text())
    changed["items"] = [i for i in changed["items"] if i["registrationNumber"] != "SMD-MAN-0107"]
    changed["items"][0]["holder"]["name"] = "Nine Elms Metals (2027) Ltd"
    moved = tmp_path / "registration.json"
    moved.write_text(json.dumps(changed))
    third = run("fetch", "--source", "ea-register", "--file", str(moved))
    assert "1 no longer listed" in third.output
    assert "1 reopened" in third.output
    after = entries(db)
    assert after["SMD-MAN-0107"].status == "removed"
    assert (
        after["SMD-LBL-0412"].status == "proposed"
    )  # its holder changed: the operators look again
    assert site.get(page).json()["licence"] is None


def test_offline_register_changes_nothing(db: Engine, tmp_path: Path) -> None:
    shutil.copy(REGISTER, tmp_path / "unused.json")
    result = run("fetch", "--source", "ea-register")
    assert result.exit_code == 1
    message = " ".join(result.output.split())
    assert "EA scrap metal dealers register: could not reach http://127.0.0.1:9/" in message
    assert "nothing was changed" in message
    assert entries(db) == {}

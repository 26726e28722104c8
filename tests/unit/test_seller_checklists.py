"""The seller's checklists (content/legal/checklists): every country has one, every line names
a source address and the day it was reviewed, says why when it is unconfirmed, and a regional
line's region is one of ours; the loader refuses a file that breaks these rules."""

import datetime as dt
import json
from pathlib import Path

import pytest

from scrapindex.data.seller_checklist import checklist_dir, load_checklists, read_checklist
from scrapindex.schemas.seller_checklist import TOPICS, ChecklistLine, SellerChecklist
from tests.conftest import CONTENT_DIR

PLACES = json.loads((CONTENT_DIR / "reference/places.json").read_text())["countries"]
REGIONS = {c["code"]: {r["slug"] for r in c["regions"]} for c in PLACES}
CHECKLISTS = load_checklists(checklist_dir(CONTENT_DIR))


def lines(checklist: SellerChecklist) -> list[tuple[str, ChecklistLine]]:
    found: list[tuple[str, ChecklistLine]] = []
    for item in checklist.items:
        found.append((item.title, item))
        found += [(f"{item.title} / {line.name}", line) for line in item.regions]
    return found


def test_every_country_has_a_checklist_of_every_topic() -> None:
    assert set(CHECKLISTS) == set(REGIONS) == {"ZA", "US", "GB", "AU", "CA", "NZ", "ES"}
    for checklist in CHECKLISTS.values():
        assert tuple(item.topic for item in checklist.items) == TOPICS


@pytest.mark.parametrize("code", sorted(REGIONS))
def test_every_line_has_a_source_address_a_review_date_and_an_honest_flag(code: str) -> None:
    checklist = CHECKLISTS[code]
    for where, line in lines(checklist):
        assert line.sources, where
        for source in line.sources:
            assert source.url.startswith("https://"), where
            assert " " not in source.url, where
            assert source.name.strip(), where
        reviewed = line.reviewed_on
        assert dt.date(2026, 1, 1) <= reviewed <= dt.date.today(), where
        if not line.confirmed:
            assert line.note, where
            assert line.note.strip(), where


@pytest.mark.parametrize("code", sorted(REGIONS))
def test_regional_lines_name_our_regions(code: str) -> None:
    for item in CHECKLISTS[code].items:
        for line in item.regions:
            assert line.region is None or line.region in REGIONS[code], (item.title, line.name)


def payment(code: str, region: str | None = None) -> str:
    item = next(i for i in CHECKLISTS[code].items if i.topic == "payment")
    if region is None:
        return item.text
    return next(line.text for line in item.regions if line.region == region)


def test_the_cash_rules_the_issue_names() -> None:
    assert payment("GB").startswith("No cash")  # England and Wales
    assert payment("GB", "scotland").startswith("No cash")
    assert "No cash" in payment("AU", "new-south-wales")
    assert "No cash" in payment("AU", "victoria")
    assert "No cash" in payment("CA", "alberta")
    assert "$50" in payment("CA", "british-columbia")
    assert "Texas" in [line.name for line in next(
        i for i in CHECKLISTS["US"].items if i.topic == "payment"
    ).regions]  # fmt: skip


GOOD_LINE = {
    "text": "Bring photo ID.",
    "sources": [{"name": "An Act", "url": "https://example.org/act"}],
    "reviewed_on": "2026-11-29",
    "confirmed": True,
}


def write(tmp_path: Path, items: list[dict[str, object]], name: str = "nz.yaml") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"country": "NZ", "items": items}))  # JSON is YAML
    return path


def every_topic(**change: object) -> list[dict[str, object]]:
    items = [{**GOOD_LINE, "topic": t, "title": t} for t in TOPICS]
    items[0] = {**items[0], **change}
    return items


def test_the_loader_reads_a_good_file(tmp_path: Path) -> None:
    assert len(read_checklist(write(tmp_path, every_topic())).items) == len(TOPICS)


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"sources": []}, "sources"),
        ({"sources": [{"name": "An Act", "url": "example.org/act"}]}, "url"),
        ({"reviewed_on": None}, "reviewed_on"),
        ({"confirmed": False}, "could not be confirmed"),
        ({"topic": "weather"}, "topic"),
        (
            {"regions": [{**GOOD_LINE, "confirmed": False, "name": "Otago"}]},
            "could not be confirmed",
        ),
        ({"sauce": "extra"}, "sauce"),
    ],
)
def test_the_loader_refuses_a_line_that_breaks_the_rules(
    tmp_path: Path, change: dict[str, object], says: str
) -> None:
    with pytest.raises(ValueError, match=says):
        read_checklist(write(tmp_path, every_topic(**change)))


def test_the_loader_refuses_a_missing_topic_or_a_misnamed_file(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="topics"):
        read_checklist(write(tmp_path, every_topic()[:-1]))
    with pytest.raises(ValueError, match="names country NZ"):
        read_checklist(write(tmp_path, every_topic(), name="es.yaml"))

"""Import runs: every file import is recorded, refused ones too; outliers kept for an override."""

import datetime as dt
import shutil
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session
from typer.testing import CliRunner, Result

from scrapindex.cli import app as cli
from scrapindex.data.daily_update import run_daily_update
from scrapindex.data.imports.runs import (
    OverrideRefusedError,
    override_import_run,
    recorded_import,
)
from scrapindex.models import AuditEntry, City, ImportRun, Material, Price, User
from scrapindex.settings import Settings, get_settings
from tests.conftest import CONTENT_DIR
from tests.databases import data_fingerprint
from tests.operators import add_operator

FIXTURES = Path(__file__).parents[1] / "fixtures" / "imports"
APRIL_1 = dt.date(2026, 4, 1)
MARKET_CSV = "date,metal,usd_per_tonne,period,source\n2026-03-31,copper,9412,monthly,Metal Desk\n"


@pytest.fixture
def settings(db: Engine, tmp_path: Path) -> Settings:
    url = db.url.render_as_string(hide_password=False)
    return Settings(database_url=url, content_dir=CONTENT_DIR, data_dir=tmp_path / "data")


@pytest.fixture
def command(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[CliRunner]:
    """Runs `scrapindex` commands against the test's database and data folder."""
    monkeypatch.setenv("DATABASE_URL", settings.database_url)
    monkeypatch.setenv("DATA_DIR", str(settings.data_dir))
    get_settings.cache_clear()
    yield CliRunner()
    get_settings.cache_clear()


def run_import(runner: CliRunner, kind: str, path: Path) -> Result:
    return runner.invoke(cli, [kind, "import", str(path)])


def all_runs(db: Engine) -> list[ImportRun]:
    with Session(db) as session:
        return list(session.scalars(select(ImportRun).order_by(ImportRun.id)))


def london_copper(db: Engine, day: dt.date) -> Decimal | None:
    with db.connect() as connection:
        return connection.execute(
            select(Price.price_per_kg)
            .join(City, City.id == Price.city_id)
            .join(Material, Material.id == Price.material_id)
            .where(City.slug == "london", Material.slug == "copper", Price.price_date == day)
        ).scalar()


def admin_user(db: Engine) -> User:
    operator = add_operator(db, "admin")
    with Session(db, expire_on_commit=False) as session:
        return session.get_one(User, operator.id)


def test_a_command_import_records_an_imported_run(db: Engine, command: CliRunner) -> None:
    started = dt.datetime.now(dt.UTC)
    result = run_import(command, "prices", FIXTURES / "prices_valid.csv")
    assert result.exit_code == 0, result.output
    (run,) = all_runs(db)
    assert (run.kind, run.file_name, run.trigger, run.status) == (
        "prices", "prices_valid.csv", "cli", "imported"
    )  # fmt: skip
    assert (run.rows, run.inserted, run.updated, run.outliers) == (7, 5, 2, 0)
    assert (run.problem_count, run.problems, run.stored_path) == (0, [], None)
    assert run.finished_at is not None
    assert started <= run.started_at <= run.finished_at <= dt.datetime.now(dt.UTC)


@pytest.mark.parametrize(
    ("kind", "file"),
    [("fx", "fx_valid.csv"), ("yards", "yards_valid.csv"), ("market", "market.csv")],
)
def test_every_import_command_records_its_kind(
    db: Engine, command: CliRunner, tmp_path: Path, kind: str, file: str
) -> None:
    path = FIXTURES / file
    if kind == "market":
        path = tmp_path / file
        path.write_text(MARKET_CSV, encoding="utf-8")
    result = run_import(command, kind, path)
    assert result.exit_code == 0, result.output
    (run,) = all_runs(db)
    assert (run.kind, run.file_name, run.trigger, run.status) == (kind, file, "cli", "imported")
    assert run.inserted + run.updated == run.rows > 0


def test_a_file_with_bad_rows_records_its_problems_and_changes_no_data(
    db: Engine, command: CliRunner, settings: Settings
) -> None:
    before = data_fingerprint(db)
    result = run_import(command, "prices", FIXTURES / "prices_unknown_city.csv")
    assert result.exit_code == 1
    assert data_fingerprint(db) == before
    (run,) = all_runs(db)
    assert (run.status, run.problem_count, run.inserted, run.stored_path) == (
        "rejected", 1, 0, None
    )  # fmt: skip
    assert run.problems == ["line 3: unknown city 'atlantis'"]
    assert not (settings.data_dir / "import-runs").exists()


def test_the_run_keeps_the_first_hundred_problems_and_counts_them_all(
    db: Engine, tmp_path: Path
) -> None:
    path = tmp_path / "prices-many.csv"
    line = "2026-04-01,GB,atlantis,copper,6.71,GBP,kg,Northern Metals Exchange\n"
    path.write_text("date,country,city,material,price,currency,unit,source\n" + line * 150)
    recorded = recorded_import(db, "prices", path, trigger="cli", kept_dir=tmp_path / "kept")
    (run,) = all_runs(db)
    assert run.id == recorded.run_id
    assert (run.status, run.problem_count, len(run.problems)) == ("rejected", 150, 101)
    assert run.problems[-1] == "… and 50 more"


def test_outliers_and_bad_rows_together_are_a_rejection_not_an_outlier_run(
    db: Engine, tmp_path: Path
) -> None:
    path = tmp_path / "prices-mixed.csv"
    outliers = (FIXTURES / "prices_outlier.csv").read_text()
    path.write_text(outliers + "2026-04-01,GB,atlantis,zinc,1.00,GBP,kg,Northern Metals Exchange\n")
    recorded_import(db, "prices", path, trigger="cli", kept_dir=tmp_path / "kept")
    (run,) = all_runs(db)
    assert (run.status, run.outliers, run.problem_count, run.stored_path) == (
        "rejected", 2, 3, None
    )  # fmt: skip


def test_a_file_refused_for_outliers_is_kept_for_an_override(
    db: Engine, command: CliRunner, settings: Settings
) -> None:
    before = data_fingerprint(db)
    result = run_import(command, "prices", FIXTURES / "prices_outlier.csv")
    assert result.exit_code == 1
    assert data_fingerprint(db) == before
    (run,) = all_runs(db)
    assert (run.status, run.outliers, run.problem_count) == ("outliers", 2, 2)
    assert f"override import run {run.id}" in result.output
    kept = settings.data_dir / "import-runs" / f"{run.id}-prices_outlier.csv"
    assert run.stored_path == str(kept)
    assert kept.read_bytes() == (FIXTURES / "prices_outlier.csv").read_bytes()


def test_an_override_imports_the_kept_file_and_is_audited(
    db: Engine, command: CliRunner, settings: Settings
) -> None:
    run_import(command, "prices", FIXTURES / "prices_outlier.csv")
    (refused,) = all_runs(db)
    admin = admin_user(db)

    overridden = override_import_run(db, settings, refused.id, admin)

    assert (overridden.id, overridden.status, overridden.overridden_by) == (
        refused.id, "overridden", admin.id
    )  # fmt: skip
    assert london_copper(db, APRIL_1) == Decimal("67.10")
    first, rerun = all_runs(db)
    assert first.status == "overridden"
    assert (rerun.kind, rerun.file_name, rerun.trigger, rerun.status) == (
        "prices", f"{refused.id}-prices_outlier.csv", "console", "imported"
    )  # fmt: skip
    assert (rerun.inserted, rerun.outliers, rerun.stored_path) == (3, 0, None)
    with Session(db) as session:
        (entry,) = session.scalars(select(AuditEntry))
    assert (entry.action, entry.actor, entry.entity_type, entry.entity_id) == (
        "import-run.override", admin.email, "import_run", str(refused.id)
    )  # fmt: skip
    assert entry.before == {"status": "outliers", "overriddenBy": None}
    assert entry.after is not None
    assert (entry.after["status"], entry.after["rerunId"]) == ("overridden", rerun.id)

    with pytest.raises(OverrideRefusedError, match="this one was overridden"):
        override_import_run(db, settings, refused.id, admin)
    with pytest.raises(LookupError):
        override_import_run(db, settings, 999_999, admin)


def test_no_override_without_the_kept_file_or_of_an_imported_run(
    db: Engine, settings: Settings
) -> None:
    kept_dir = settings.data_dir / "import-runs"
    outliers = recorded_import(
        db, "prices", FIXTURES / "prices_outlier.csv", trigger="cli", kept_dir=kept_dir
    )
    imported = recorded_import(
        db, "fx", FIXTURES / "fx_valid.csv", trigger="cli", kept_dir=kept_dir
    )
    admin = admin_user(db)
    with pytest.raises(OverrideRefusedError, match="this one was imported"):
        override_import_run(db, settings, imported.run_id, admin)
    shutil.rmtree(kept_dir)
    with pytest.raises(OverrideRefusedError, match="no longer kept"):
        override_import_run(db, settings, outliers.run_id, admin)
    assert london_copper(db, APRIL_1) is None


def test_an_import_that_fails_is_recorded_and_the_error_goes_on(db: Engine, tmp_path: Path) -> None:
    gone = tmp_path / "prices-gone.csv"
    with pytest.raises(FileNotFoundError):
        recorded_import(db, "prices", gone, trigger="inbox", kept_dir=tmp_path)
    (run,) = all_runs(db)
    assert (run.file_name, run.status, run.problem_count) == ("prices-gone.csv", "rejected", 1)
    assert run.problems[0].startswith("file: the import failed: [Errno 2]")


def test_inbox_imports_are_recorded(db: Engine, tmp_path: Path) -> None:
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    shutil.copy(FIXTURES / "prices_valid.csv", inbox / "prices-1-good.csv")
    shutil.copy(FIXTURES / "prices_unknown_city.csv", inbox / "prices-2-bad.csv")
    shutil.copy(FIXTURES / "prices_outlier.csv", inbox / "prices-3-outliers.csv")
    shutil.copy(FIXTURES / "fx_valid.json", inbox / "fx-2026-04-01.json")
    (inbox / "notes.txt").write_text("not a feed\n", encoding="utf-8")

    run_daily_update(db, inbox_dir=inbox, content_dir=CONTENT_DIR, demo=False)

    runs = {run.file_name: run for run in all_runs(db)}
    assert {name: (run.kind, run.trigger, run.status) for name, run in runs.items()} == {
        "fx-2026-04-01.json": ("fx", "inbox", "imported"),
        "prices-1-good.csv": ("prices", "inbox", "imported"),
        "prices-2-bad.csv": ("prices", "inbox", "rejected"),
        "prices-3-outliers.csv": ("prices", "inbox", "outliers"),
    }
    kept = runs["prices-3-outliers.csv"].stored_path
    assert kept is not None
    assert Path(kept).parent == tmp_path / "import-runs"  # beside the inbox: DATA_DIR's default
    assert Path(kept).read_bytes() == (FIXTURES / "prices_outlier.csv").read_bytes()

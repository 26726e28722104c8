"""Import runs: every file import is recorded, refused ones too; a file refused for outliers is
kept in the database for an override, whichever host serves it."""

import datetime as dt
import shutil
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, select, update
from sqlalchemy.orm import Session
from typer.testing import CliRunner, Result

from scrapindex.app import create_app
from scrapindex.cli import app as cli
from scrapindex.data.daily_update import run_daily_update
from scrapindex.data.imports import runs as import_runs
from scrapindex.data.imports.runs import (
    KEPT_FILE_DAYS,
    OverrideRefusedError,
    override_import_run,
    recorded_import,
)
from scrapindex.models import AuditEntry, City, ImportRun, ImportRunFile, Material, Price, User
from scrapindex.settings import Settings, get_settings
from tests.conftest import CONTENT_DIR
from tests.databases import data_fingerprint
from tests.operators import add_operator, log_in

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


def kept_files(db: Engine) -> dict[int, bytes]:
    """The files kept for an override, by run."""
    with Session(db) as session:
        return {kept.run_id: kept.content for kept in session.scalars(select(ImportRunFile))}


def data_but_kept_files(db: Engine) -> dict[str, tuple[int, str]]:
    """The data's fingerprint without the files kept for an override (bookkeeping, like runs)."""
    return {t: rows for t, rows in data_fingerprint(db).items() if t != "import_run_files"}


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
    assert kept_files(db) == {}
    assert not settings.data_dir.exists()  # nothing on the host's disk either


def test_the_run_keeps_the_first_hundred_problems_and_counts_them_all(
    db: Engine, tmp_path: Path
) -> None:
    path = tmp_path / "prices-many.csv"
    line = "2026-04-01,GB,atlantis,copper,6.71,GBP,kg,Northern Metals Exchange\n"
    path.write_text("date,country,city,material,price,currency,unit,source\n" + line * 150)
    recorded = recorded_import(db, "prices", path, trigger="cli")
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
    recorded_import(db, "prices", path, trigger="cli")
    (run,) = all_runs(db)
    assert (run.status, run.outliers, run.problem_count, run.stored_path) == (
        "rejected", 2, 3, None
    )  # fmt: skip
    assert kept_files(db) == {}


def test_a_file_refused_for_outliers_is_kept_for_an_override(
    db: Engine, command: CliRunner, settings: Settings
) -> None:
    before = data_but_kept_files(db)
    result = run_import(command, "prices", FIXTURES / "prices_outlier.csv")
    assert result.exit_code == 1
    assert data_but_kept_files(db) == before
    (run,) = all_runs(db)
    assert (run.status, run.outliers, run.problem_count) == ("outliers", 2, 2)
    assert f"override import run {run.id}" in result.output
    assert run.stored_path is None  # not on the importing host's disk: in the database
    assert not settings.data_dir.exists()
    assert kept_files(db) == {run.id: (FIXTURES / "prices_outlier.csv").read_bytes()}
    with Session(db) as session:
        kept = session.get_one(ImportRunFile, run.id)
        assert (kept.file_name, kept.size_bytes) == ("prices_outlier.csv", len(kept.content))
        assert run.finished_at is not None
        assert kept.stored_at == run.finished_at


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
    assert kept_files(db) == {}  # the override deleted the kept file
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
    outliers = recorded_import(db, "prices", FIXTURES / "prices_outlier.csv", trigger="cli")
    imported = recorded_import(db, "fx", FIXTURES / "fx_valid.csv", trigger="cli")
    admin = admin_user(db)
    with pytest.raises(OverrideRefusedError, match="this one was imported"):
        override_import_run(db, settings, imported.run_id, admin)
    with Session(db) as session, session.begin():
        session.delete(session.get_one(ImportRunFile, outliers.run_id))
    with pytest.raises(OverrideRefusedError, match="no longer kept") as refused:
        override_import_run(db, settings, outliers.run_id, admin)
    assert "`scrapindex prices import --allow-outliers prices_outlier.csv`" in str(refused.value)
    assert london_copper(db, APRIL_1) is None


def test_an_import_that_fails_is_recorded_and_the_error_goes_on(db: Engine, tmp_path: Path) -> None:
    gone = tmp_path / "prices-gone.csv"
    with pytest.raises(FileNotFoundError):
        recorded_import(db, "prices", gone, trigger="inbox")
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
    kept = runs["prices-3-outliers.csv"]
    assert kept.stored_path is None
    assert kept_files(db) == {kept.id: (FIXTURES / "prices_outlier.csv").read_bytes()}
    assert not (tmp_path / "import-runs").exists()  # nothing beside the inbox


def test_an_override_works_on_a_host_without_the_importing_hosts_disk(
    db: Engine, command: CliRunner, settings: Settings, tmp_path: Path
) -> None:
    """The file refused for outliers is kept in the database: a console served by another host
    (another DATA_DIR, the importing host's gone) overrides the run all the same."""
    run_import(command, "prices", FIXTURES / "prices_outlier.csv")
    (refused,) = all_runs(db)
    if settings.data_dir.exists():
        shutil.rmtree(settings.data_dir)  # the importing host, out of reach
    other_host = settings.model_copy(update={"data_dir": tmp_path / "other-host"})

    overridden = override_import_run(db, other_host, refused.id, admin_user(db))

    assert overridden.status == "overridden"
    assert london_copper(db, APRIL_1) == Decimal("67.10")
    assert kept_files(db) == {}


def test_the_console_of_another_host_lists_and_overrides_a_kept_file(
    db: Engine, command: CliRunner, settings: Settings, tmp_path: Path
) -> None:
    run_import(command, "prices", FIXTURES / "prices_outlier.csv")
    (refused,) = all_runs(db)
    other_host = settings.model_copy(update={"data_dir": tmp_path / "other-host"})
    with TestClient(create_app(other_host)) as site:
        admin = log_in(site, add_operator(db, "admin"))
        listed = site.get("/api/admin/import-runs", headers=admin).json()["data"]
        assert [(run["id"], run["canOverride"]) for run in listed] == [(refused.id, True)]
        done = site.post(f"/api/admin/import-runs/{refused.id}/override", headers=admin)
        assert done.status_code == 200, done.text
        assert (done.json()["status"], done.json()["canOverride"]) == ("overridden", False)
    assert london_copper(db, APRIL_1) == Decimal("67.10")
    assert kept_files(db) == {}
    assert not (tmp_path / "other-host").exists()  # the override left nothing on its disk


def test_a_file_over_the_cap_is_not_kept_and_its_run_says_why(
    db: Engine, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = FIXTURES / "prices_outlier.csv"
    monkeypatch.setattr(import_runs, "KEPT_FILE_MAX_BYTES", path.stat().st_size - 1)
    recorded = recorded_import(db, "prices", path, trigger="inbox")

    (run,) = all_runs(db)
    assert (run.status, run.outliers, run.problem_count, run.stored_path) == (
        "outliers", 2, 2, None
    )  # fmt: skip
    assert kept_files(db) == {}
    size = f"{path.stat().st_size:,} bytes"
    assert run.problems[-1] == (
        f"file: too large to keep for an override ({size}, the cap is "
        f"{path.stat().st_size - 1:,} bytes): fix the file or import it again with "
        "`scrapindex prices import --allow-outliers prices_outlier.csv`"
    )
    with pytest.raises(OverrideRefusedError, match="no longer kept"):
        override_import_run(db, settings, recorded.run_id, admin_user(db))


def test_the_command_offers_the_console_override_only_for_a_kept_file(
    db: Engine, command: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = FIXTURES / "prices_outlier.csv"
    kept = run_import(command, "prices", path)
    assert "in the console (/admin)" in kept.output
    monkeypatch.setattr(import_runs, "KEPT_FILE_MAX_BYTES", path.stat().st_size - 1)
    not_kept = run_import(command, "prices", path)
    assert "import again with --allow-outliers" in not_kept.output
    assert "in the console (/admin)" not in not_kept.output


def test_the_cap_is_stated_in_megabytes() -> None:
    assert import_runs._megabytes(import_runs.KEPT_FILE_MAX_BYTES) == "32 MB"
    assert import_runs._megabytes(40 * 1024 * 1024 + 300_000) == "40.3 MB"
    assert import_runs._megabytes(2_048) == "2,048 bytes"


def test_kept_files_go_after_their_days_when_a_later_run_is_recorded(db: Engine) -> None:
    old = recorded_import(db, "prices", FIXTURES / "prices_outlier.csv", trigger="cli").run_id
    recent = recorded_import(db, "prices", FIXTURES / "prices_outlier.csv", trigger="cli").run_id
    long_ago = dt.datetime.now(dt.UTC) - dt.timedelta(days=KEPT_FILE_DAYS, minutes=1)
    with Session(db) as session, session.begin():
        session.execute(
            update(ImportRunFile).where(ImportRunFile.run_id == old).values(stored_at=long_ago)
        )
    assert set(kept_files(db)) == {old, recent}

    recorded_import(db, "fx", FIXTURES / "fx_valid.csv", trigger="cli")

    assert set(kept_files(db)) == {recent}


def test_a_run_kept_on_this_hosts_disk_before_is_still_overridden(
    db: Engine, settings: Settings, tmp_path: Path
) -> None:
    """Runs from before files were kept in the database: their copy on the importing host."""
    refused = recorded_import(db, "prices", FIXTURES / "prices_outlier.csv", trigger="cli")
    copy = tmp_path / "import-runs" / f"{refused.run_id}-prices_outlier.csv"
    copy.parent.mkdir()
    shutil.copyfile(FIXTURES / "prices_outlier.csv", copy)
    as_before(db, refused.run_id, copy)

    overridden = override_import_run(db, settings, refused.run_id, admin_user(db))

    assert overridden.status == "overridden"
    assert london_copper(db, APRIL_1) == Decimal("67.10")
    assert not copy.exists()  # deleted after the override, as a file kept in the database is
    assert all_runs(db)[-1].file_name == copy.name


def test_a_run_kept_on_another_hosts_disk_before_says_so(
    db: Engine, settings: Settings, tmp_path: Path
) -> None:
    refused = recorded_import(db, "prices", FIXTURES / "prices_outlier.csv", trigger="cli")
    elsewhere = tmp_path / "host-a" / "import-runs" / f"{refused.run_id}-prices_outlier.csv"
    as_before(db, refused.run_id, elsewhere)

    with pytest.raises(OverrideRefusedError, match="kept on another host's disk") as refused_again:
        override_import_run(db, settings, refused.run_id, admin_user(db))
    assert str(elsewhere) in str(refused_again.value)
    assert "`scrapindex prices import --allow-outliers prices_outlier.csv`" in str(
        refused_again.value
    )
    assert london_copper(db, APRIL_1) is None


def as_before(db: Engine, run_id: int, copy: Path) -> None:
    """Makes the run one recorded before files were kept in the database: kept at ``copy``."""
    with Session(db) as session, session.begin():
        session.delete(session.get_one(ImportRunFile, run_id))
        session.get_one(ImportRun, run_id).stored_path = str(copy)

"""One address for every link the site writes: SITE_ROOT when set, else the address `scrapindex
serve` last announced (DATA_DIR/site-root); a command that must write links and knows neither
refuses, where it used to take its own PORT (after `PORT=8101 make run`, alert links in mail
pointed at :8000)."""

import datetime as dt
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, insert, select
from typer.testing import CliRunner

from scrapindex.app import create_app
from scrapindex.cli import app as cli
from scrapindex.models import City, PriceAlert
from scrapindex.settings import SITE_ROOT_FILE, Settings, SiteRootUnknown, get_settings
from tests.databases import fingerprint
from tests.deploy_stack import SCRAPINDEX, free_port, stop, wait_for

HEADER = "date,country,city,material,price,currency,unit,source\n"


@pytest.fixture
def no_site_root(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """A data folder, and an environment with no SITE_ROOT: the site's address is unknown."""
    monkeypatch.delenv("SITE_ROOT", raising=False)
    monkeypatch.setenv("PORT", "8000")
    monkeypatch.setenv("DATA_DIR", str(tmp_path))
    get_settings.cache_clear()
    yield tmp_path
    get_settings.cache_clear()


def test_a_command_takes_the_address_serve_announced(no_site_root: Path) -> None:
    (no_site_root / SITE_ROOT_FILE).write_text("http://127.0.0.1:8101\n", encoding="utf-8")
    settings = Settings()
    assert (settings.site_root, settings.site_root_origin) == ("http://127.0.0.1:8101", "announced")
    assert settings.link_root() == "http://127.0.0.1:8101"


def test_a_given_site_root_wins(no_site_root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (no_site_root / SITE_ROOT_FILE).write_text("http://127.0.0.1:8101\n", encoding="utf-8")
    monkeypatch.setenv("SITE_ROOT", "https://scrap.example/")
    assert Settings().link_root() == "https://scrap.example"


def test_only_the_server_may_link_to_its_own_port(no_site_root: Path, db: Engine) -> None:
    settings = Settings(database_url=db.url.render_as_string(hide_password=False))
    assert settings.site_root_origin == "assumed"
    with pytest.raises(SiteRootUnknown, match="set SITE_ROOT"):
        settings.link_root()
    served: Settings = create_app(settings).state.settings
    assert served.link_root() == "http://127.0.0.1:8000"


def test_serve_announces_the_address_it_serves_on(no_site_root: Path, db: Engine) -> None:
    port = free_port()
    (no_site_root / SITE_ROOT_FILE).write_text("http://127.0.0.1:8000\n", encoding="utf-8")
    env = {
        **os.environ,
        "DATABASE_URL": db.url.render_as_string(hide_password=False),
        "PORT": str(port),
    }
    log = no_site_root / "serve.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [str(SCRAPINDEX), "serve"], env=env, stdout=output, stderr=subprocess.STDOUT
        )
    try:
        wait_for(f"http://127.0.0.1:{port}/healthz", process, "scrapindex serve", log)
        announced = (no_site_root / SITE_ROOT_FILE).read_text(encoding="utf-8").strip()
    finally:
        stop(process)
    assert announced == f"http://127.0.0.1:{port}"  # its own, not the earlier serve's :8000


def add_confirmed_alert(db: Engine) -> None:
    now = dt.datetime.now(dt.UTC)
    with db.begin() as connection:
        city_id = connection.scalar(select(City.id).where(City.slug == "london"))
        connection.execute(
            insert(PriceAlert).values(
                email="reader@example.org",
                kind="digest-daily",
                city_id=city_id,
                currency="GBP",
                client_hash="test",
                created_at=now,
                confirmed_at=now,
            )
        )


def test_an_import_that_may_mail_links_refuses_without_an_address(
    no_site_root: Path, db: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_URL", db.url.render_as_string(hide_password=False))
    get_settings.cache_clear()
    add_confirmed_alert(db)
    feed = no_site_root / "prices.csv"
    feed.write_text(HEADER + "2026-04-01,GB,london,aluminum,1.05,GBP,kg,Feed\n", encoding="utf-8")
    before = fingerprint(db)
    refused = CliRunner().invoke(cli, ["prices", "import", str(feed)])
    assert refused.exit_code == 1
    assert "set SITE_ROOT" in refused.output
    assert fingerprint(db) == before  # refused before anything changed

    (no_site_root / SITE_ROOT_FILE).write_text("http://127.0.0.1:8101\n", encoding="utf-8")
    get_settings.cache_clear()
    imported = CliRunner().invoke(cli, ["prices", "import", str(feed)])
    assert imported.exit_code == 0, imported.output


def test_an_import_with_no_one_to_mail_needs_no_address(
    no_site_root: Path, db: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_URL", db.url.render_as_string(hide_password=False))
    get_settings.cache_clear()
    feed = no_site_root / "prices.csv"
    feed.write_text(HEADER + "2026-04-01,GB,london,aluminum,1.05,GBP,kg,Feed\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["prices", "import", str(feed)])
    assert result.exit_code == 0, result.output

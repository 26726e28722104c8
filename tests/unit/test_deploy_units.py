"""The systemd units in deploy/systemd are valid and run commands that exist."""

import configparser
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scrapindex.cli import app as cli
from tests.needs import unavailable

ROOT = Path(__file__).resolve().parents[2]
UNITS = ROOT / "deploy" / "systemd"
INSTALLED_ROOT = "/srv/scrapindex"  # where the units expect the checkout
UNIT_NAMES = ["scrapindex-web.service", "scrapindex-schedule.service"]


def read_unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read_string((UNITS / name).read_text(encoding="utf-8"))
    return parser


def scrapindex_arguments(command_line: str) -> list[str]:
    program, *arguments = shlex.split(command_line)
    assert program == f"{INSTALLED_ROOT}/.venv/bin/scrapindex"
    return arguments


def test_the_shipped_units_are_exactly_these() -> None:
    assert sorted(path.name for path in UNITS.iterdir()) == sorted(UNIT_NAMES)


@pytest.mark.parametrize("name", UNIT_NAMES)
def test_each_unit_restarts_its_command_and_reads_the_settings(name: str) -> None:
    unit = read_unit(name)
    service = unit["Service"]
    assert service["Restart"] == "always"
    assert service["EnvironmentFile"] == f"{INSTALLED_ROOT}/.env"
    assert service["User"] != "root"
    assert unit["Install"]["WantedBy"] == "multi-user.target"
    commands = [service["ExecStart"]] + [service[k] for k in ("ExecStartPre",) if k in service]
    for command_line in commands:
        arguments = scrapindex_arguments(command_line)
        result = CliRunner().invoke(cli, [*arguments, "--help"])
        assert result.exit_code == 0, f"{command_line}: {result.output}"


def test_the_web_unit_serves_and_the_schedule_unit_schedules() -> None:
    assert scrapindex_arguments(read_unit(UNIT_NAMES[0])["Service"]["ExecStart"]) == ["serve"]
    assert scrapindex_arguments(read_unit(UNIT_NAMES[1])["Service"]["ExecStart"]) == ["schedule"]


def test_systemd_accepts_the_units(tmp_path: Path) -> None:
    """systemd-analyze verify, with the units pointed at this checkout: it checks every key and
    value, and that each command is an executable file."""
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        unavailable("systemd-analyze is not installed (Debian package systemd)")
    for name in UNIT_NAMES:
        text = (UNITS / name).read_text(encoding="utf-8")
        (tmp_path / name).write_text(text.replace(INSTALLED_ROOT, str(ROOT)), encoding="utf-8")
    (tmp_path / ".env").touch()
    result = subprocess.run(
        [analyze, "verify", *(str(tmp_path / name) for name in UNIT_NAMES)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    complaints = [
        line
        for line in (result.stdout + result.stderr).splitlines()
        if line.strip() and "Documentation" not in line
    ]
    assert result.returncode == 0, result.stderr
    assert complaints == []

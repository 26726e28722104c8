"""`scrapindex check --deploy`: what it reports for unsafe settings, and silence for safe ones."""

import sqlite3
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine
from typer.testing import CliRunner

from scrapindex.app import create_app
from scrapindex.auth.sessions import SESSION_COOKIE
from scrapindex.cli import app as cli
from scrapindex.deploy_check import (
    Finding,
    connection_budget_findings,
    database_findings,
    deploy_findings,
    readiness_findings,
    settings_findings,
)
from scrapindex.settings import Settings, get_settings
from tests.conftest import CONTENT_DIR
from tests.operators import add_operator

SAFE_SALT = "3c1f0a9e5b7d2468-a-long-random-salt"
SAFE_TOKEN_SECRET = "9d2b7c41e8a6f035-another-long-random-secret"
SAFE = {
    "site_root": "https://scrapindex.example",
    "client_hash_salt": SAFE_SALT,
    "token_secret": SAFE_TOKEN_SECRET,
    "hsts_seconds": 31536000,
    "api_cache_seconds": 60,
    "debug": False,
    "smtp_host": "smtp.scrapindex.example",
    "operator_email": "operator@scrapindex.example",
}
POSTGRES_URL = "postgresql://scrapindex:secret@127.0.0.1:1/scrapindex"  # never connected to


def built(tmp_path: Path) -> Path:
    dist = tmp_path / "dist"
    dist.mkdir(exist_ok=True)
    (dist / "index.html").write_text("<!doctype html>")
    return dist


def make_settings(**overrides: Any) -> Settings:
    return Settings(**{"content_dir": CONTENT_DIR, **SAFE, **overrides})


def codes(findings: list[Finding]) -> dict[str, str]:
    return {finding.code: finding.level for finding in findings}


def test_safe_settings_have_no_findings(database_url: str, tmp_path: Path) -> None:
    settings = make_settings(database_url=database_url, frontend_dist=built(tmp_path))
    assert deploy_findings(settings, workers=1) == []
    if not database_url.startswith("sqlite"):
        assert deploy_findings(settings, workers=8) == []


def test_unsafe_settings_are_all_reported(tmp_path: Path) -> None:
    settings = Settings(
        content_dir=CONTENT_DIR,
        data_dir=tmp_path / "data",  # default SQLite file, never created
        frontend_dist=tmp_path / "not-built",
        debug=True,
        api_cache_seconds=0,
    )
    assert codes(deploy_findings(settings, workers=4)) == {
        "debug": "error",
        "site-root": "error",
        "sqlite-workers": "warning",
        "client-hash-salt": "error",
        "token-secret": "error",
        "api-cache": "warning",
        "smtp-host": "warning",
        "operator-email": "warning",
        "frontend": "error",
        "database": "error",
    }
    assert not (tmp_path / "data" / "scrapindex.sqlite3").exists()  # the check made no file


@pytest.mark.parametrize(
    ("site_root", "expected"),
    [
        ("http://127.0.0.1:8000", {"site-root": "error"}),
        ("http://localhost:8000/", {"site-root": "error"}),
        ("https://localhost", {"site-root": "error"}),
        ("http://[::1]:8000", {"site-root": "error"}),
        ("", {"site-root": "error"}),
        ("http://scrapindex.example", {"site-root-https": "error"}),
        ("https://scrapindex.example/", {}),
        ("HTTPS://scrapindex.example", {}),  # a scheme is case-insensitive
        ("Https://ScrapIndex.Example/", {}),
        ("HTTP://scrapindex.example", {"site-root-https": "error"}),
        ("HTTP://LOCALHOST:8000", {"site-root": "error"}),
    ],
)
def test_site_root_must_be_the_public_https_address(
    site_root: str, expected: dict[str, str]
) -> None:
    assert codes(settings_findings(make_settings(site_root=site_root))) == expected


@pytest.mark.parametrize(
    ("site_root", "hsts_seconds", "expected"),
    [
        ("https://scrapindex.example", 0, {"hsts": "warning"}),
        ("https://scrapindex.example", 300, {}),
        ("http://scrapindex.example", 0, {"site-root-https": "error"}),  # HTTPS first
        ("HTTPS://scrapindex.example", 0, {"hsts": "warning"}),
    ],
)
def test_hsts_is_expected_once_the_site_is_https(
    site_root: str, hsts_seconds: int, expected: dict[str, str]
) -> None:
    settings = make_settings(site_root=site_root, hsts_seconds=hsts_seconds)
    assert codes(settings_findings(settings)) == expected


@pytest.mark.parametrize(
    ("database_url", "workers", "expected"),
    [
        ("", 1, {}),
        ("", 2, {"sqlite-workers": "warning"}),
        ("sqlite:////srv/scrapindex.sqlite3", 3, {"sqlite-workers": "warning"}),
        (POSTGRES_URL, 8, {}),
    ],
)
def test_sqlite_with_several_workers(
    database_url: str, workers: int, expected: dict[str, str]
) -> None:
    settings = make_settings(database_url=database_url)
    assert codes(settings_findings(settings, workers)) == expected


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        ({"debug": True}, {"debug": "error"}),
        ({"client_hash_salt": "scrapindex"}, {"client-hash-salt": "error"}),
        ({"client_hash_salt": ""}, {"client-hash-salt": "error"}),
        ({"token_secret": "scrapindex-insecure-token-secret"}, {"token-secret": "error"}),
        ({"token_secret": ""}, {"token-secret": "error"}),
        ({"api_cache_seconds": 0}, {"api-cache": "warning"}),
        ({"host": "0.0.0.0"}, {"no-proxy": "warning"}),
        (
            {"host": "203.0.113.5", "trust_proxy_headers": True},
            {"forgeable-proxy-headers": "error"},
        ),
        ({"host": "127.0.0.1", "trust_proxy_headers": True}, {}),
        ({"mail_claim_timeout_seconds": 60}, {"mail-claim-timeout": "warning"}),
        ({"mail_claim_timeout_seconds": 180}, {}),
        ({"expected_hosts": 2}, {"sqlite-hosts": "error"}),
        ({"expected_hosts": 2, "database_url": POSTGRES_URL}, {}),
    ],
)
def test_single_unsafe_settings(overrides: dict[str, Any], expected: dict[str, str]) -> None:
    assert codes(settings_findings(make_settings(**overrides))) == expected


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        ({"trusted_proxies": ["127.0.0.1"]}, {}),
        ({"trusted_proxies": ["127.0.0.1", "10.0.0.0/8", "fd00::/8", "2400:cb00::/32"]}, {}),
        ({"trusted_proxies": ["fc00::/7"]}, {}),  # IPv6's private range, like 10.0.0.0/8
        # Behind a balancer, listening on the private network: only the balancer is believed.
        ({"host": "10.0.0.5", "trusted_proxies": ["10.0.0.0/24"]}, {}),
        (
            {"host": "10.0.0.5", "trusted_proxies": ["10.0.0.0/24"], "trust_proxy_headers": True},
            {},
        ),
        ({"trusted_proxies": ["0.0.0.0/0"]}, {"wide-trusted-proxies": "warning"}),
        ({"trusted_proxies": ["127.0.0.1", "::/0"]}, {"wide-trusted-proxies": "warning"}),
        ({"trusted_proxies": ["0.0.0.0/1"]}, {"wide-trusted-proxies": "warning"}),
        ({"trusted_proxies": ["2000::/3"]}, {"wide-trusted-proxies": "warning"}),
        ({"trusted_proxies": ["::ffff:0.0.0.0/96"]}, {"wide-trusted-proxies": "warning"}),
        (
            {"host": "0.0.0.0", "trusted_proxies": ["0.0.0.0/0"]},
            {"wide-trusted-proxies": "warning"},
        ),
    ],
)
def test_trusted_proxies(overrides: dict[str, Any], expected: dict[str, str]) -> None:
    assert codes(settings_findings(make_settings(**overrides))) == expected


def test_a_wide_trusted_network_is_named() -> None:
    settings = make_settings(trusted_proxies=["127.0.0.1", "0.0.0.0/0", "10.0.0.0/8"])
    (finding,) = settings_findings(settings)
    assert "TRUSTED_PROXIES trusts 0.0.0.0/0:" in finding.message
    assert "10.0.0.0/8" not in finding.message


RANDOM_32 = "f3a94c0e7b1d25689ec4a0b7d3f61c28"  # as `openssl rand -hex 16` makes them


@pytest.mark.parametrize(
    ("secret", "weak"),
    [
        ("x", True),  # one character
        ("9d2b7c41e8a6f035a2c4e6b8d0f1a3c", True),  # 31 random characters: one short
        ("a" * 64, True),
        ("abababababababababababababababab", True),  # two characters
        ("password-password-password-password", True),  # eight characters, repeated
        ("0123456789abcdef0123456789abcdef", True),  # sixteen characters, one piece repeated
        (RANDOM_32, False),
        ("correct horse battery staple, 4 of them", False),
    ],
)
def test_secrets_must_be_long_and_random_looking(secret: str, weak: bool) -> None:
    as_token = codes(settings_findings(make_settings(token_secret=secret)))
    assert as_token == ({"token-secret-weak": "error"} if weak else {})
    as_salt = codes(settings_findings(make_settings(client_hash_salt=secret)))
    assert as_salt == ({"client-hash-salt-weak": "error"} if weak else {})


def test_a_weak_secret_is_named_without_being_shown() -> None:
    findings = settings_findings(make_settings(token_secret="s"))
    [finding] = findings
    assert finding.code == "token-secret-weak"
    assert "TOKEN_SECRET is 1 character(s) long, shorter than 32" in finding.message
    assert "openssl rand -hex 32" in finding.message
    assert "'s'" not in finding.message


def test_the_two_secrets_must_differ() -> None:
    settings = make_settings(token_secret=RANDOM_32, client_hash_salt=RANDOM_32)
    assert codes(settings_findings(settings)) == {"shared-secret": "error"}


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        ({"smtp_username": "mailer", "smtp_starttls": False}, {"smtp-plaintext": "error"}),
        ({"smtp_username": "mailer", "smtp_starttls": True}, {}),
        ({"smtp_username": "mailer", "smtp_starttls": False, "smtp_tls": True}, {}),
        ({"smtp_username": "", "smtp_starttls": False}, {}),  # no password to lose
        ({"smtp_username": "mailer", "smtp_starttls": False, "smtp_host": "127.0.0.1"}, {}),
        ({"smtp_username": "mailer", "smtp_starttls": False, "smtp_host": "localhost"}, {}),
    ],
)
def test_smtp_credentials_travel_only_over_tls(
    overrides: dict[str, Any], expected: dict[str, str]
) -> None:
    assert codes(settings_findings(make_settings(**overrides))) == expected


def test_limits_turned_off_are_reported_together() -> None:
    off = {
        "api_rate_limit_per_minute": 0,
        "page_rate_limit_per_minute": 0,
        "max_concurrent_requests": 0,
        "max_concurrent_requests_per_client": 0,
        "request_timeout_seconds": 0,
        "head_timeout_seconds": 0,
    }
    [finding] = settings_findings(make_settings(**off))
    assert (finding.code, finding.level) == ("limits-off", "warning")
    for name in off:
        assert name.upper() in finding.message
    [one] = settings_findings(make_settings(api_rate_limit_per_minute=0))
    assert one.code == "limits-off"
    assert "API_RATE_LIMIT_PER_MINUTE is 0, which turns that limit off" in one.message


def test_an_upper_case_https_site_root_keeps_the_login_cookie_secure(
    database_url: str, engine: Engine
) -> None:
    settings = make_settings(
        database_url=database_url,
        data_dir=Path("/nonexistent"),
        site_root="HTTPS://scrapindex.example",
    )
    assert settings.secure_cookies
    assert settings.site_root == "https://scrapindex.example"  # links say it one way
    # The cookie is decided by the property even where the validator never ran.
    assert settings.model_copy(update={"site_root": "HTTPS://x.example"}).secure_cookies
    operator = add_operator(engine)
    with TestClient(create_app(settings), base_url="https://testserver") as site:
        response = site.post(
            "/api/auth/login", json={"email": operator.email, "password": operator.password}
        )
    assert response.status_code == 200, response.text
    assert SimpleCookie(response.headers["set-cookie"])[SESSION_COOKIE]["secure"] is True


def test_an_unmigrated_database(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite3"
    sqlite3.connect(path).close()
    [finding] = database_findings(f"sqlite:///{path}")
    assert (finding.code, finding.level) == ("migrations", "error")
    assert "(none)" in finding.message
    assert "scrapindex db upgrade" in finding.message


def test_an_unreachable_database_without_its_password() -> None:
    [finding] = database_findings(POSTGRES_URL)
    assert (finding.code, finding.level) == ("database", "error")
    assert "not reachable" in finding.message
    assert "secret" not in finding.message


@pytest.mark.parametrize("url", ["not a url", "nosuchdriver://host/db"])
def test_an_unusable_database_url(url: str) -> None:
    assert codes(database_findings(url)) == {"database": "error"}


def test_readiness_without_deploy_settings(database_url: str, tmp_path: Path) -> None:
    unsafe_but_ready = Settings(
        database_url=database_url, frontend_dist=built(tmp_path), debug=True
    )
    assert readiness_findings(unsafe_but_ready) == []


def run_check(monkeypatch: pytest.MonkeyPatch, env: dict[str, str], *args: str) -> Any:
    for name in (
        "DEBUG",
        "WEB_CONCURRENCY",
        "HSTS_SECONDS",
        "API_CACHE_SECONDS",
        "SMTP_HOST",
        "OPERATOR_EMAIL",
    ):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    get_settings.cache_clear()
    try:
        return CliRunner().invoke(cli, ["check", *args])
    finally:
        get_settings.cache_clear()


def test_the_command_exits_1_on_errors(
    database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = {
        "DATABASE_URL": database_url,
        "FRONTEND_DIST": str(built(tmp_path)),
        "SITE_ROOT": "http://127.0.0.1:8000",
        "CLIENT_HASH_SALT": "scrapindex",
        "TOKEN_SECRET": SAFE_TOKEN_SECRET,
        "SMTP_HOST": "smtp.scrapindex.example",
        "OPERATOR_EMAIL": "operator@scrapindex.example",
    }
    result = run_check(monkeypatch, env, "--deploy")
    assert result.exit_code == 1, result.output
    assert "SITE_ROOT" in result.output
    assert "CLIENT_HASH_SALT" in result.output
    assert "2 error(s), 0 warning(s)" in result.output
    # Without --deploy only whether the site can serve counts.
    assert run_check(monkeypatch, env).exit_code == 0


def test_the_command_passes_safe_settings(
    database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = {
        "DATABASE_URL": database_url,
        "FRONTEND_DIST": str(built(tmp_path)),
        "SITE_ROOT": "https://scrapindex.example",
        "CLIENT_HASH_SALT": SAFE_SALT,
        "TOKEN_SECRET": SAFE_TOKEN_SECRET,
        "HSTS_SECONDS": "31536000",
        "SMTP_HOST": "smtp.scrapindex.example",
        "OPERATOR_EMAIL": "operator@scrapindex.example",
    }
    result = run_check(monkeypatch, env, "--deploy")
    assert result.exit_code == 0, result.output
    assert "No problems found." in result.output
    # Warnings alone do not fail it; workers come from WEB_CONCURRENCY like `serve`'s.
    result = run_check(monkeypatch, {**env, "WEB_CONCURRENCY": "4"}, "--deploy")
    assert result.exit_code == 0, result.output
    assert ("sqlite-workers" in result.output) == database_url.startswith("sqlite")


# --- Connection budget: hosts x workers x (pool + overflow) against max_connections ----------
# The test server has PostgreSQL's defaults: max_connections 100, 3 reserved for superusers.


def budget_settings(postgres_url: str, **overrides: Any) -> Settings:
    return make_settings(database_url=postgres_url, **overrides)


def test_the_connection_budget_of_the_review(postgres_url: str) -> None:
    """3 hosts x 4 workers x (10 + 30) asks for 480 connections of the 97 PostgreSQL allows."""
    settings = budget_settings(
        postgres_url, expected_hosts=3, web_concurrency=4, db_pool_size=10, db_max_overflow=30
    )
    [finding] = connection_budget_findings(settings)
    assert (finding.code, finding.level) == ("connection-budget", "warning")
    message = finding.message
    assert "3 host(s) x 4 worker(s) x 40 connections" in message
    assert "= 480, plus 15 for the schedulers and commands" in message
    assert "for 495 connections; it allows 97 (max_connections 100, less 3 reserved)" in message
    assert "at most 6 a process" in message  # (97 - 15) // 12
    assert "DATABASE_TRANSACTION_POOLER=true" in message
    assert "connection-budget" in codes(deploy_findings(settings))


@pytest.mark.parametrize(("workers", "over"), [(9, False), (10, True)])
def test_the_budget_counts_every_worker(postgres_url: str, workers: int, over: bool) -> None:
    """One host with the default 5 + 5 a process: 9 workers (90 + 5) fit in 97, 10 do not."""
    settings = budget_settings(postgres_url)
    assert bool(connection_budget_findings(settings, workers)) is over
    assert (
        bool(connection_budget_findings(settings.model_copy(update={"web_concurrency": workers})))
        is over
    )


def test_behind_a_transaction_pooler_the_server_does_not_see_the_processes(
    postgres_url: str,
) -> None:
    settings = budget_settings(
        postgres_url, expected_hosts=3, web_concurrency=4, database_transaction_pooler=True
    )
    assert connection_budget_findings(settings) == []


def test_no_budget_without_postgresql(tmp_path: Path) -> None:
    assert connection_budget_findings(make_settings(data_dir=tmp_path, web_concurrency=50)) == []
    unreachable = make_settings(database_url=POSTGRES_URL, expected_hosts=50)
    assert connection_budget_findings(unreachable) == []  # database_findings says why


def test_the_command_reads_hosts_and_workers_from_the_environment(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = {
        "DATABASE_URL": postgres_url,
        "FRONTEND_DIST": str(built(tmp_path)),
        "EXPECTED_HOSTS": "3",
        "WEB_CONCURRENCY": "4",
    }
    result = run_check(monkeypatch, env, "--deploy")
    assert "connection-budget" in result.output
    assert "DATABASE_TRANSACTION_POOLER" in result.output
    monkeypatch.setenv("DB_POOL_SIZE", "2")
    monkeypatch.setenv("DB_MAX_OVERFLOW", "4")  # 3 x 4 x 6 = 72, plus 15: fits in 97
    assert "connection-budget" not in run_check(monkeypatch, env, "--deploy").output

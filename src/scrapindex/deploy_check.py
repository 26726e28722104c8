"""`scrapindex check --deploy`: what in the current settings is unsafe or not ready to serve.

Modelled on Django's `check --deploy`: each problem is a Finding, an error (do not deploy like
this) or a warning (probably wrong, or costly). `check` without --deploy looks only at whether
the site can serve at all: the front end built, the database reachable and migrated.
"""

import ipaddress
from dataclasses import dataclass
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.pool import NullPool

from scrapindex import migrate
from scrapindex.middleware.proxies import ProxyRule
from scrapindex.settings import Settings
from scrapindex.web.health import SERVING_STATES, schema_state

Level = Literal["error", "warning"]

DEFAULT_SALT = Settings.model_fields["client_hash_salt"].default
DEFAULT_TOKEN_SECRET = Settings.model_fields["token_secret"].default.get_secret_value()
LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1", "0.0.0.0"}
MIN_SECRET_LENGTH = 32
MIN_CLAIM_TIMEOUT_SECONDS = 180  # a few of the sender's 20 s SMTP timeouts, with room
MIN_DISTINCT_SECRET_CHARACTERS = 9
MAKE_A_SECRET = (
    f"Use at least {MIN_SECRET_LENGTH} random characters, e.g. `openssl rand -hex 32`, and a "
    "different one for each secret."
)
CONNECT_TIMEOUT_SECONDS = 5


@dataclass(frozen=True)
class Finding:
    code: str  # stable, for tests and for silencing by hand: "debug", "site-root", ...
    level: Level
    message: str


def deploy_findings(settings: Settings, workers: int = 1) -> list[Finding]:
    """Everything `check --deploy` reports, for a server running `workers` processes."""
    return [
        *settings_findings(settings, workers),
        *readiness_findings(settings),
        *connection_budget_findings(settings, workers),
    ]


def readiness_findings(settings: Settings) -> list[Finding]:
    """Can the site serve at all: the built front end, a reachable and migrated database."""
    findings = []
    if not (settings.frontend_dist / "index.html").is_file():
        findings.append(
            Finding(
                "frontend",
                "error",
                f"The front end is not built ({settings.frontend_dist / 'index.html'} is "
                "missing): every page would be a placeholder. Run `make frontend`.",
            )
        )
    findings += database_findings(settings.effective_database_url)
    return findings


def settings_findings(settings: Settings, workers: int = 1) -> list[Finding]:
    """The settings that are unsafe for a public site (no I/O)."""
    findings = []
    if settings.debug:
        findings.append(Finding("debug", "error", "DEBUG is on: turn it off in production."))
    findings += _site_root_findings(settings)
    if settings.expected_hosts > 1 and _uses_sqlite(settings):
        findings.append(
            Finding(
                "sqlite-hosts",
                "error",
                f"SQLite with EXPECTED_HOSTS={settings.expected_hosts}: a SQLite file belongs to "
                "one machine. Several hosts share one PostgreSQL (DATABASE_URL).",
            )
        )
    if workers > 1 and _uses_sqlite(settings):
        findings.append(
            Finding(
                "sqlite-workers",
                "warning",
                f"SQLite with {workers} workers: every process opens the same file and writes "
                "(form submissions, the daily update) wait on one lock. Use PostgreSQL "
                "(DATABASE_URL) or a single worker.",
            )
        )
    findings += _secret_findings(settings)
    if settings.serves_https and settings.hsts_seconds == 0:
        findings.append(
            Finding(
                "hsts",
                "warning",
                "HSTS_SECONDS is 0: browsers are not told to keep to HTTPS. Set it (31536000 "
                "is a year) once the site and all its subdomains serve HTTPS.",
            )
        )
    findings += _exposure_findings(settings)
    findings += _mail_findings(settings)
    findings += _limit_findings(settings)
    if settings.api_cache_seconds == 0:
        findings.append(
            Finding(
                "api-cache",
                "warning",
                "API_CACHE_SECONDS is 0: no API answer or page is reused, so every request "
                "queries the database.",
            )
        )
    return findings


def _secret_findings(settings: Settings) -> list[Finding]:
    """Each secret set, long and random-looking, and used for one purpose only."""
    salt = settings.client_hash_salt
    token_secret = settings.token_secret.get_secret_value()
    findings = []
    if salt in ("", DEFAULT_SALT):
        findings.append(
            Finding(
                "client-hash-salt",
                "error",
                "CLIENT_HASH_SALT is not set: with the public default, the stored hashes of "
                "visitors' addresses can be reversed. Set a long random secret.",
            )
        )
    elif weakness := secret_weakness(salt):
        findings.append(
            Finding(
                "client-hash-salt-weak",
                "error",
                f"CLIENT_HASH_SALT {weakness}: the stored hashes of visitors' addresses could be "
                f"reversed by guessing it. {MAKE_A_SECRET}",
            )
        )
    if token_secret in ("", DEFAULT_TOKEN_SECRET):
        findings.append(
            Finding(
                "token-secret",
                "error",
                "TOKEN_SECRET is not set: with the public default, anyone can forge the signed "
                "links in mail (confirm or cancel a subscription or an alert for any address). "
                "Set a long random secret.",
            )
        )
    elif weakness := secret_weakness(token_secret):
        findings.append(
            Finding(
                "token-secret-weak",
                "error",
                f"TOKEN_SECRET {weakness}: a secret that can be guessed lets anyone forge the "
                f"signed links in mail. {MAKE_A_SECRET}",
            )
        )
    if salt and salt == token_secret:
        findings.append(
            Finding(
                "shared-secret",
                "error",
                "TOKEN_SECRET and CLIENT_HASH_SALT are the same: one leak would give away both, "
                "and whoever learns the salt could sign links in mail. Give each its own "
                "random value.",
            )
        )
    return findings


def secret_weakness(secret: str) -> str | None:
    """Why ``secret`` does not look like MIN_SECRET_LENGTH random characters, or None.

    Length alone lets "aaaa…" through, so the characters must also vary: at least
    MIN_DISTINCT_SECRET_CHARACTERS different ones (32 random hex digits hold 8 or fewer once in
    about 300,000 draws), and not one short piece repeated."""
    if len(secret) < MIN_SECRET_LENGTH:
        return f"is {len(secret)} character(s) long, shorter than {MIN_SECRET_LENGTH}"
    if len(set(secret)) < MIN_DISTINCT_SECRET_CHARACTERS:
        return f"has only {len(set(secret))} different characters, so it is not random"
    if _repeats_a_piece(secret):
        return "is one short piece repeated, so it is not random"
    return None


def _repeats_a_piece(text: str) -> bool:
    """ "abcabcabc…": ``text`` is a shorter piece repeated (the last time perhaps cut short)."""
    return any(
        text == (text[:period] * (len(text) // period + 1))[: len(text)]
        for period in range(1, len(text) // 2 + 1)
    )


def _exposure_findings(settings: Settings) -> list[Finding]:
    """The app is meant to listen on loopback, behind nginx (deploy/nginx/scrapindex.conf), and to
    believe the X-Forwarded-* headers of its own proxies alone (middleware/proxies.py)."""
    findings = _trusted_proxy_findings(settings)
    if settings.host in ("127.0.0.1", "::1", "localhost"):
        return findings
    if settings.trusted_proxies:
        return findings  # a client reaching the app directly is none of them: not believed
    if settings.trust_proxy_headers:
        return [
            Finding(
                "forgeable-proxy-headers",
                "error",
                f"TRUST_PROXY_HEADERS is on while the app listens on {settings.host}: a client "
                "reaching it directly can forge X-Forwarded-For to dodge the rate limits. Listen "
                "on 127.0.0.1 (HOST) behind the proxy, or name the proxies in TRUSTED_PROXIES.",
            )
        ]
    return [
        Finding(
            "no-proxy",
            "warning",
            f"The app listens on {settings.host} with no proxy in front: no TLS, and uvicorn "
            "alone does not cache or absorb slow clients. Put nginx in front "
            "(deploy/nginx/scrapindex.conf), set TRUSTED_PROXIES=127.0.0.1 and HOST=127.0.0.1.",
        )
    ]


# Wider than this (a /8 of IPv4, a /16 of IPv6) is a slice of the Internet, not a proxy's range;
# the unique local range fc00::/7, private like 10.0.0.0/8, is not.
WIDEST_PROXY_PREFIX = {4: 8, 6: 16}
PRIVATE_IPV6 = ipaddress.IPv6Network("fc00::/7")


def _trusted_proxy_findings(settings: Settings) -> list[Finding]:
    """TRUSTED_PROXIES that take in far more than proxies: their headers are believed."""
    wide = [
        network
        for network in ProxyRule.of(settings).networks
        if network.prefixlen < WIDEST_PROXY_PREFIX[network.version]
        and not (isinstance(network, ipaddress.IPv6Network) and network.subnet_of(PRIVATE_IPV6))
    ]
    if not wide:
        return []
    return [
        Finding(
            "wide-trusted-proxies",
            "warning",
            f"TRUSTED_PROXIES trusts {', '.join(map(str, wide))}: any client with an address in "
            "it may write X-Forwarded-For and name itself anyone, to dodge the rate limits (and "
            "if every hop is trusted, the leftmost, which the client wrote, is taken). Name your "
            "proxies alone: 127.0.0.1 for nginx on the host, your balancer's or CDN's ranges.",
        )
    ]


def _mail_findings(settings: Settings) -> list[Finding]:
    findings = []
    if not settings.smtp_host:
        findings.append(
            Finding(
                "smtp-host",
                "warning",
                "SMTP_HOST is not set: no mail is sent, it stays in the outbox (`scrapindex mail "
                "outbox` lists it). Set SMTP_HOST (and SMTP_PORT, SMTP_USERNAME, SMTP_PASSWORD).",
            )
        )
    encrypted = settings.smtp_tls or settings.smtp_starttls
    remote = settings.smtp_host not in ("", *LOCAL_HOSTS)  # loopback: the password stays here
    if settings.smtp_username and remote and not encrypted:
        findings.append(
            Finding(
                "smtp-plaintext",
                "error",
                f"SMTP_USERNAME is set but neither SMTP_STARTTLS nor SMTP_TLS is: the mail "
                f"password would cross the network to {settings.smtp_host} in clear. Turn on "
                "SMTP_STARTTLS (port 587) or SMTP_TLS (port 465).",
            )
        )
    if not settings.operator_email:
        findings.append(
            Finding(
                "operator-email",
                "warning",
                "OPERATOR_EMAIL is not set: nobody is told of new contact messages.",
            )
        )
    if settings.mail_claim_timeout_seconds < MIN_CLAIM_TIMEOUT_SECONDS:
        findings.append(
            Finding(
                "mail-claim-timeout",
                "warning",
                f"MAIL_CLAIM_TIMEOUT_SECONDS is {settings.mail_claim_timeout_seconds:g}: one slow "
                "SMTP exchange can outlast it, and another sender would then send the same "
                f"message again. Keep it at {MIN_CLAIM_TIMEOUT_SECONDS} or more (default 600).",
            )
        )
    return findings


# What each client may take of a process (middleware/limits.py, server.py); 0 turns one off.
LIMIT_SETTINGS = (
    "api_rate_limit_per_minute",
    "page_rate_limit_per_minute",
    "max_concurrent_requests",
    "max_concurrent_requests_per_client",
    "request_timeout_seconds",
    "head_timeout_seconds",
)


def _limit_findings(settings: Settings) -> list[Finding]:
    off = [name.upper() for name in LIMIT_SETTINGS if getattr(settings, name) == 0]
    if not off:
        return []
    return [
        Finding(
            "limits-off",
            "warning",
            f"{', '.join(off)} {'is' if len(off) == 1 else 'are'} 0, which turns "
            f"{'that limit' if len(off) == 1 else 'those limits'} off: one client can then "
            "take as much of the site as it likes. Leave the defaults unless a test needs "
            "otherwise.",
        )
    ]


def _uses_sqlite(settings: Settings) -> bool:
    try:
        return make_url(settings.effective_database_url).get_backend_name() == "sqlite"
    except ArgumentError:
        return False  # reported by database_findings


def _site_root_findings(settings: Settings) -> list[Finding]:
    parts = urlsplit(settings.site_root)
    host = parts.hostname or ""
    if host in LOCAL_HOSTS or host.endswith(".localhost") or not host:
        return [
            Finding(
                "site-root",
                "error",
                f"SITE_ROOT is {settings.site_root!r}, not the public address: canonical URLs, "
                "share tags and the sitemap would point there. Set it to https://your-domain.",
            )
        ]
    if not settings.serves_https:
        return [
            Finding(
                "site-root-https",
                "error",
                f"SITE_ROOT {settings.site_root!r} is not https://: serve the site over HTTPS "
                "and say so in SITE_ROOT. Until then the console's login cookie is not Secure, "
                "and a password or session could be read on the way.",
            )
        ]
    return []


def database_findings(url: str) -> list[Finding]:
    """The database answers, and its schema is at the newest migration."""
    try:
        parsed = make_url(url)
    except ArgumentError as error:
        return [Finding("database", "error", f"DATABASE_URL is not a database URL: {error}")]
    if _is_sqlite_file(parsed) and not Path(parsed.database or "").is_file():
        message = f"The SQLite database {parsed.database} does not exist."
        return [Finding("database", "error", message + " Run `scrapindex db upgrade`.")]
    try:
        engine = _probe_engine(parsed)
        try:
            current = migrate.current_revision(engine)
            state, _oldest = schema_state(engine, current)
        finally:
            engine.dispose()
    except SQLAlchemyError as error:
        detail = str(getattr(error, "orig", None) or error).strip()
        reason = detail.splitlines()[0] if detail else type(error).__name__
        where = parsed.render_as_string(hide_password=True)
        return [Finding("database", "error", f"The database {where} is not reachable: {reason}")]
    head = migrate.head_revision()
    if state == "head":
        return []
    if state in SERVING_STATES:  # a rolling deploy: this code serves this schema
        why = (
            "recorded compatible with this code"
            if state == "compatible"
            else ("behind by contract migrations only, applied once every host runs this code")
        )
        message = f"The database is at migration {current}, the code's is {head}: {why}."
        return [Finding("migrations", "warning", message)]
    return [
        Finding(
            "migrations",
            "error",
            f"The database is at migration {current or '(none)'}, the code needs {head}. "
            "Run `scrapindex db upgrade` (or, for a newer schema, this host's new release).",
        )
    ]


def _is_sqlite_file(url: URL) -> bool:
    return url.get_backend_name() == "sqlite" and url.database not in (None, "", ":memory:")


def _probe_engine(url: URL) -> Engine:
    """One short-lived connection that gives up quickly (and, checked first, no new SQLite file)."""
    if url.get_backend_name() == "postgresql":
        connect_args = {"connect_timeout": CONNECT_TIMEOUT_SECONDS}
        return create_engine(url, poolclass=NullPool, connect_args=connect_args)
    return create_engine(url, poolclass=NullPool)


# Connection budget: what the app's processes may hold at once against what PostgreSQL allows.

# Connections a host's other processes may hold besides its web workers: `scrapindex schedule`
# (the daily update's round and the mail round, one each) and a command or two run by hand.
OTHER_CONNECTIONS_PER_HOST = 5
CONNECTION_SETTINGS = ("max_connections", "superuser_reserved_connections", "reserved_connections")


def connection_budget_findings(settings: Settings, workers: int = 1) -> list[Finding]:
    """EXPECTED_HOSTS x workers x (DB_POOL_SIZE + DB_MAX_OVERFLOW), plus the other processes'
    few, against the server's max_connections less the slots it keeps for superusers.

    Workers per host: the larger of ``workers`` (`check --workers`) and WEB_CONCURRENCY. Behind
    PgBouncer in transaction mode (DATABASE_TRANSACTION_POOLER) the app's connections go to the
    pooler, which holds only its own pool's on the server: nothing to add up here then. An
    unreachable database is database_findings' to report."""
    try:
        url = make_url(settings.effective_database_url)
    except ArgumentError:
        return []
    if url.get_backend_name() != "postgresql" or settings.database_transaction_pooler:
        return []
    try:
        limits = _connection_limits(url)
    except (SQLAlchemyError, ValueError):
        return []
    hosts = settings.expected_hosts
    per_host = max(workers, settings.web_concurrency)
    per_process = settings.db_pool_size + settings.db_max_overflow
    web = hosts * per_host * per_process
    others = hosts * OTHER_CONNECTIONS_PER_HOST
    reserved = limits.get("superuser_reserved_connections", 0) + limits.get(
        "reserved_connections", 0
    )
    allowed = limits["max_connections"] - reserved
    if web + others <= allowed:
        return []
    fits = max(0, (allowed - others) // (hosts * per_host))
    return [
        Finding(
            "connection-budget",
            "warning",
            f"{hosts} host(s) x {per_host} worker(s) x {per_process} connections "
            f"(DB_POOL_SIZE {settings.db_pool_size} + DB_MAX_OVERFLOW "
            f"{settings.db_max_overflow}) = {web}, plus {others} for the schedulers and "
            f"commands ({OTHER_CONNECTIONS_PER_HOST} a host), may ask PostgreSQL for "
            f"{web + others} connections; it allows {allowed} (max_connections "
            f"{limits['max_connections']}, less {reserved} reserved). Past that, connections "
            "are refused and requests answer 503. Lower DB_POOL_SIZE + DB_MAX_OVERFLOW to at "
            f"most {fits} a process (EXPECTED_HOSTS, WEB_CONCURRENCY as deployed), raise "
            "max_connections, or put PgBouncer in transaction mode in between and set "
            "DATABASE_TRANSACTION_POOLER=true.",
        )
    ]


def _connection_limits(url: URL) -> dict[str, int]:
    """The server's connection settings (reserved_connections only from PostgreSQL 16)."""
    engine = _probe_engine(url)
    try:
        with engine.connect() as connection:
            rows = connection.execute(
                text("SELECT name, setting FROM pg_settings WHERE name = ANY(:names)"),
                {"names": list(CONNECTION_SETTINGS)},
            )
            return {name: int(setting) for name, setting in rows}
    finally:
        engine.dispose()

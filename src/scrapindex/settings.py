"""Typed settings, read from the environment (prefix-free names) and an optional .env file."""

import datetime as dt
import ipaddress
import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

PROJECT_ROOT = Path(__file__).resolve().parents[2]
# A Content-Security-Policy source such as https://tile.example.org or https://*.example.org:
# nothing that could end the directive or the header.
CSP_SOURCE = re.compile(r"[a-z][a-z0-9+.-]*://[^\s;,'\"]+|[^\s;,'\":/]+", re.IGNORECASE)
WILDCARD_HOSTS = {"0.0.0.0", "::", ""}  # listen everywhere: not an address to link to
# A list of CSP sources; in the environment a JSON list or a comma- or space-separated string.
SourceList = Annotated[list[str], NoDecode]
SITE_ROOT_FILE = "site-root"  # in DATA_DIR: the address `scrapindex serve` last served on
# given: SITE_ROOT; announced: read from SITE_ROOT_FILE; served: this process serves the site
# there; assumed: HOST:PORT, which a command other than the server cannot know is the site's.
SiteRootOrigin = Literal["given", "announced", "served", "assumed"]


class SiteRootUnknown(RuntimeError):
    """A command must write links (mail) but knows no address for the site."""

    def __init__(self) -> None:
        super().__init__(
            "Links in mail need the site's address: set SITE_ROOT (https://your.site), or "
            "start `scrapindex serve` once, which records the address it serves on."
        )


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    data_dir: Path = PROJECT_ROOT / "data"  # where the default SQLite file lives
    content_dir: Path = PROJECT_ROOT / "content"  # blog posts, legal guidance, reference data
    frontend_dist: Path = PROJECT_ROOT / "frontend" / "dist"  # the built React app
    database_url: str = ""  # SQLAlchemy or postgres:// URL; empty means SQLite in data_dir
    host: str = "127.0.0.1"
    port: int = 8000
    # Public address of the site (canonical URLs, share tags, sitemap). Unset: the address the
    # app serves on, http://HOST:PORT (a wildcard HOST is reached as 127.0.0.1).
    site_root: str = ""
    site_root_origin: SiteRootOrigin = "assumed"  # set by the validator, never by the environment
    api_cache_seconds: int = Field(default=60, ge=0)
    client_hash_salt: str = "scrapindex"  # set a secret value in production
    inbox_dir: Path | None = None  # feed files for the daily update; unset means data_dir/inbox
    daily_update_time: dt.time = dt.time(3, 15)  # when `scrapindex schedule` runs it, UTC
    # Market reference feeds (data/feeds): the YAML file listing licensed daily providers for
    # `scrapindex market fetch --source NAME` (see deploy/market-feeds.example.yaml); unset
    # means only FRED and the World Bank. The base URLs are settings so a mirror or a test
    # server can stand in.
    market_feeds_file: Path | None = None
    ecb_base_url: str = "https://www.ecb.europa.eu/stats/eurofxref"
    fred_base_url: str = "https://fred.stlouisfed.org/graph/fredgraph.csv"
    # The World Bank's monthly prices workbook (CMO-Historical-Data-Monthly.xlsx) moves with each
    # monthly release: its current address, or the commodity-markets page that links it.
    world_bank_url: str = (
        "https://thedocs.worldbank.org/en/doc/74e8be41ceb20fa0da750cda2f6b9e4e-0050012026/"
        "related/CMO-Historical-Data-Monthly.xlsx"
    )
    # An estimate whose market reference is a monthly average (the World Bank's) older than
    # this many days is shown as resting on an old reference.
    monthly_reference_max_age_days: int = Field(default=62, ge=1)
    # Real yards: the Overpass API (OpenStreetMap) `yards fetch --source osm` asks, and the
    # Environment Agency's public register of scrap metal dealers `--source ea-register` reads.
    overpass_url: str = "https://overpass-api.de/api/interpreter"
    ea_register_url: str = (
        "https://environment.data.gov.uk/public-register/scrap-metal-dealers/registration.json"
    )
    feed_timeout_seconds: float = Field(default=30, gt=0)  # per attempt; three attempts
    debug: bool = False  # development only; `scrapindex check --deploy` refuses it
    # PostgreSQL connections each process may hold (SQLite keeps its own larger pool):
    # `check --deploy` adds them up over EXPECTED_HOSTS x WEB_CONCURRENCY processes and compares
    # the sum with the server's max_connections.
    db_pool_size: int = Field(default=5, ge=1)
    db_max_overflow: int = Field(default=5, ge=0)
    expected_hosts: int = Field(default=1, ge=1)  # app hosts sharing the database
    web_concurrency: int = Field(default=1, ge=1)  # worker processes per host (as `serve` reads)
    # Behind PgBouncer in transaction mode: no server-side prepared statements (psycopg's
    # prepare_threshold off), which a pooler handing each transaction another server breaks.
    database_transaction_pooler: bool = False
    # A price older than this many days is marked stale (API `stale`, pages "price from …").
    price_stale_days: int = Field(default=7, ge=1)
    # Distinct senders whose approved reports (each counted once, its latest) make a series'
    # price; fewer show only as the reports' summary (queries/price_reports.py).
    report_min_senders: int = Field(default=3, ge=1)
    # A price a yard posted itself stops being shown as its current price this many days after
    # its day (the yard page then says when it last posted); the calculator falls back to the
    # city's price for it.
    yard_price_max_age_days: int = Field(default=7, ge=1)
    # A claim link mailed to a listing's address works this many hours, once.
    yard_claim_link_hours: int = Field(default=48, ge=1)
    # Market feeds the daily update fetches before estimating (e.g. "ecb,fred" or
    # "ecb,worldbank"); empty: none, and the update extends the demo data instead when the data
    # is demo data.
    market_feeds: SourceList = []
    # Security headers (middleware/security.py): where the pages may load map tiles from, where
    # analytics scripts and beacons may go, and HSTS (0 = no Strict-Transport-Security).
    # Empty: the pages' tiles come from our own /tiles/ (web/tiles.py); list the hosts of a
    # front end built with VITE_MAP_TILE_URL pointing elsewhere.
    map_tile_hosts: SourceList = []
    analytics_hosts: SourceList = []
    # Map tiles (web/tiles.py): where /tiles/{z}/{x}/{y}.png fetches a tile it has not kept, a
    # URL template with {z}, {x} and {y} (empty: no upstream, every tile is the placeholder),
    # and how many MB of tiles each process keeps in memory.
    map_tile_upstream: str = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
    map_tile_cache_mb: int = Field(default=32, ge=0)
    hsts_seconds: int = Field(default=0, ge=0)
    trust_proxy_headers: bool = False  # believe the X-Forwarded-* headers of the proxy in front
    # The proxies whose X-Forwarded-* headers are believed, as CIDRs (e.g. "127.0.0.1/32,
    # 10.0.0.0/8" for nginx on the host and a balancer in front); the client is the first
    # X-Forwarded-For hop, read from the right, that is not one of them (middleware/proxies.py).
    # Empty with TRUST_PROXY_HEADERS: only the connecting peer is trusted.
    trusted_proxies: SourceList = []
    # Requests per minute per client to /api/ (0 = off), counted in each process; the client is
    # who middleware/proxies.py says it is (behind TRUSTED_PROXIES, an X-Forwarded-For hop).
    api_rate_limit_per_minute: int = Field(default=600, ge=0)
    # A new API key's quotas unless the operator sets others (`api-keys create --quota`).
    api_key_default_per_day: int = Field(default=10_000, ge=1)
    api_key_default_per_minute: int = Field(default=120, ge=1)
    request_timeout_seconds: float = Field(default=30, ge=0)  # then 503 (0 = no limit)
    # Requests an HTML page may be asked for per minute per client, per process (0 = off); a
    # page's own API calls are not counted.
    page_rate_limit_per_minute: int = Field(default=120, ge=0)
    # What one client can hold of the server process (server.py, middleware/limits.py).
    max_head_bytes: int = Field(default=16 * 1024, ge=1024)  # request line + headers, then 431
    head_timeout_seconds: float = Field(default=10, ge=0)  # to send the head, then 408 (0 = off)
    keep_alive_seconds: int = Field(default=5, ge=1)  # an idle kept-alive connection closes
    max_concurrent_requests: int = Field(default=256, ge=0)  # per process, then 503 (0 = off)
    max_concurrent_requests_per_client: int = Field(default=16, ge=0)  # then 429 (0 = off)
    # Outgoing mail (scrapindex/mail): every message is written to the outbox table first and
    # delivered by `scrapindex mail send` / `scrapindex schedule`. No SMTP_HOST: nothing is sent,
    # messages wait in the outbox (`scrapindex mail outbox` shows them).
    smtp_host: str = ""
    smtp_port: int = Field(default=587, ge=1, le=65535)
    smtp_username: str = ""  # log in when set
    smtp_password: SecretStr = SecretStr("")
    smtp_starttls: bool = True  # upgrade a plain connection with STARTTLS
    smtp_tls: bool = False  # implicit TLS from the first byte (port 465)
    mail_from: str = "ScrapIndex <no-reply@scrapindex.invalid>"
    operator_email: str = ""  # where notifications of new contact messages go; empty: none
    mail_max_attempts: int = Field(default=8, ge=1)  # then a message is dead
    # A message claimed by a sender that has not finished it this long after is claimed again
    # (the sender died); a live sender renews its claim while it works (mail/sender.py).
    mail_claim_timeout_seconds: float = Field(default=600, gt=0)
    mail_send_every_seconds: int = Field(default=60, ge=1)  # how often `schedule` sends mail
    # A scheduled job's lease (scrapindex/job_leases.py), renewed every third of it while the job
    # runs: a host that dies holding it lets another take the job's next round after this long.
    job_lease_seconds: float = Field(default=60, gt=0)
    # Signs the links in mail (newsletter confirm/unsubscribe, alerts: mail/tokens.py). The
    # default is public, so anyone could forge them: `check --deploy` reports it as an error.
    token_secret: SecretStr = SecretStr("scrapindex-insecure-token-secret")
    # Operator console logins (auth/): a session ends after this long unused, or this long after
    # the login whatever happens. The cookie is Secure whenever SITE_ROOT is https.
    session_idle_minutes: int = Field(default=60, ge=1)
    session_absolute_hours: int = Field(default=12, ge=1)

    @model_validator(mode="after")
    def served_address_as_site_root(self) -> "Settings":
        self.site_root = self.site_root.rstrip("/")  # said here once: paths start with "/"
        scheme, separator, rest = self.site_root.partition("://")
        if separator:  # HTTPS://… is https://…: every later check and link sees one spelling
            self.site_root = scheme.lower() + separator + rest
        if self.site_root:
            self.site_root_origin = "given"
        elif announced := read_announced_site_root(self.data_dir):
            self.site_root, self.site_root_origin = announced, "announced"
        else:
            self.site_root, self.site_root_origin = served_address(self.host, self.port), "assumed"
        return self

    def link_root(self) -> str:
        """The site's address for links written into mail. Raises SiteRootUnknown in a command
        that has only assumed it (after `PORT=8101 make run`, a command's own PORT is not the
        site's)."""
        if self.site_root_origin == "assumed":
            raise SiteRootUnknown()
        return self.site_root

    def as_served(self) -> "Settings":
        """These settings in the process that serves the site: its own address is the site's."""
        if self.site_root_origin != "assumed":
            return self
        return self.model_copy(update={"site_root_origin": "served"})

    @field_validator(
        "map_tile_hosts", "analytics_hosts", "market_feeds", "trusted_proxies", mode="before"
    )
    @classmethod
    def split_sources(cls, value: Any) -> Any:
        if isinstance(value, str) and value.lstrip().startswith("["):
            return json.loads(value)
        return value.replace(",", " ").split() if isinstance(value, str) else value

    @field_validator("map_tile_hosts", "analytics_hosts")
    @classmethod
    def check_sources(cls, sources: list[str]) -> list[str]:
        for source in sources:
            if not CSP_SOURCE.fullmatch(source):
                raise ValueError(f"not a Content-Security-Policy source: {source!r}")
        return sources

    @field_validator("trusted_proxies")
    @classmethod
    def check_trusted_proxies(cls, proxies: list[str]) -> list[str]:
        for proxy in proxies:
            try:
                ipaddress.ip_network(proxy, strict=False)
            except ValueError:
                raise ValueError(
                    "not an IP address or network (CIDR, e.g. 10.0.0.0/8 or 2001:db8::/32): "
                    f"{proxy!r}"
                ) from None
        return proxies

    @field_validator("map_tile_upstream")
    @classmethod
    def check_tile_upstream(cls, template: str) -> str:
        template = template.strip()
        if not template:
            return template
        if not template.startswith(("http://", "https://")):
            raise ValueError(f"not an http(s) URL template: {template!r}")
        try:
            template.format(z=0, x=0, y=0)
        except (KeyError, IndexError, ValueError):
            raise ValueError(
                f"only {{z}}, {{x}} and {{y}} may be filled in: {template!r}"
            ) from None
        missing = [name for name in ("{z}", "{x}", "{y}") if name not in template]
        if missing:
            raise ValueError(f"the tile URL template lacks {', '.join(missing)}: {template!r}")
        return template

    @property
    def effective_database_url(self) -> str:
        url = self.database_url
        if url.startswith(("postgres://", "postgresql://")):
            # Plain PostgreSQL URLs (as hosting platforms hand them out) use psycopg 3.
            return "postgresql+psycopg://" + url.split("://", 1)[1]
        if url:
            return url
        return f"sqlite:///{self.data_dir / 'scrapindex.sqlite3'}"

    @property
    def serves_https(self) -> bool:
        """Whether SITE_ROOT is https (in any case: a URL's scheme is case-insensitive)."""
        return urlsplit(self.site_root).scheme.lower() == "https"

    @property
    def secure_cookies(self) -> bool:
        return self.serves_https

    @property
    def effective_inbox_dir(self) -> Path:
        return self.inbox_dir or self.data_dir / "inbox"


@lru_cache
def get_settings() -> Settings:
    return Settings()


def served_address(host: str, port: int) -> str:
    """http://HOST:PORT, as a browser on this machine reaches it (a wildcard as 127.0.0.1)."""
    host = "127.0.0.1" if host in WILDCARD_HOSTS else host
    host = f"[{host}]" if ":" in host else host
    return f"http://{host}:{port}"


def read_announced_site_root(data_dir: Path) -> str | None:
    try:
        text = (data_dir / SITE_ROOT_FILE).read_text(encoding="utf-8").strip().rstrip("/")
    except OSError:
        return None
    return text if text.startswith(("http://", "https://")) else None


def announce_site_root(settings: Settings) -> None:
    """Record the address the site is served on, for the commands that write links."""
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    path = settings.data_dir / SITE_ROOT_FILE
    path.write_text(settings.site_root + "\n", encoding="utf-8")

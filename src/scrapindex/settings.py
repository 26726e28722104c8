"""Typed settings, read from the environment (prefix-free names) and an optional .env file."""

import datetime as dt
from functools import lru_cache
from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

PROJECT_ROOT = Path(__file__).resolve().parents[2]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    data_dir: Path = PROJECT_ROOT / "data"  # where the default SQLite file lives
    content_dir: Path = PROJECT_ROOT / "content"  # blog posts, legal guidance, reference data
    frontend_dist: Path = PROJECT_ROOT / "frontend" / "dist"  # the built React app
    database_url: str = ""  # SQLAlchemy or postgres:// URL; empty means SQLite in data_dir
    host: str = "127.0.0.1"
    port: int = 8000
    site_root: str = "http://127.0.0.1:8000"
    api_cache_seconds: int = Field(default=60, ge=0)
    client_hash_salt: str = "scrapindex"  # set a secret value in production
    inbox_dir: Path | None = None  # feed files for the daily update; unset means data_dir/inbox
    daily_update_time: dt.time = dt.time(3, 15)  # when `scrapindex schedule` runs it, UTC

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
    def effective_inbox_dir(self) -> Path:
        return self.inbox_dir or self.data_dir / "inbox"


@lru_cache
def get_settings() -> Settings:
    return Settings()

"""The Vite build's manifest (frontend/dist/.vite/manifest.json): which files a page needs.

Read once per build: it is parsed again only when the file changes (a new build).
"""

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

Manifest = dict[str, dict[str, Any]]


def manifest_path(dist: Path) -> Path:
    return dist / ".vite" / "manifest.json"


def read_manifest(dist: Path) -> Manifest:
    path = manifest_path(dist)
    try:
        changed = path.stat().st_mtime_ns
    except OSError:
        return {}  # not built
    return _parse(path, changed)


@lru_cache(maxsize=4)
def _parse(path: Path, changed: int) -> Manifest:  # changed: the cache key of this build
    manifest: Manifest = json.loads(path.read_text("utf-8"))
    return manifest


def module_preloads(dist: Path, chunk: str) -> list[str]:
    """The route's page module and what it imports statically (the entry is already linked)."""
    manifest = read_manifest(dist)
    seen: set[str] = set()
    pending = [chunk]
    while pending:
        key = pending.pop()
        if key in seen or key not in manifest or manifest[key].get("isEntry"):
            continue
        seen.add(key)
        pending += [str(k) for k in manifest[key].get("imports", [])]
    return sorted(str(manifest[k]["file"]) for k in seen)


def entry_files(dist: Path) -> list[str]:
    """The entry chunk and its CSS and static imports: what every page needs."""
    manifest = read_manifest(dist)
    entry = manifest.get("index.html", {})
    files = [entry.get("file"), *entry.get("css", [])]
    files += [manifest[k]["file"] for k in entry.get("imports", []) if k in manifest]
    return [f"/{file}" for file in files if file]

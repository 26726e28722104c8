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
    """The route's page module and what it imports statically, less what index.html links.

    The built index.html already links the entry and its static imports (Vite writes those
    tags), so naming them again would only lengthen the head.
    """
    manifest = read_manifest(dist)
    entries = [key for key, item in manifest.items() if item.get("isEntry")]
    linked = static_imports(manifest, entries)
    wanted = static_imports(manifest, [chunk]) - linked
    return sorted(str(manifest[k]["file"]) for k in wanted)


def static_imports(manifest: Manifest, chunks: list[str]) -> set[str]:
    """The chunks named and every chunk they import statically, however deep."""
    seen: set[str] = set()
    pending = list(chunks)
    while pending:
        key = pending.pop()
        if key in seen or key not in manifest:
            continue
        seen.add(key)
        pending += [str(k) for k in manifest[key].get("imports", [])]
    return seen


def entry_files(dist: Path) -> list[str]:
    """The entry chunk and its CSS and static imports: what every page needs."""
    manifest = read_manifest(dist)
    entry = manifest.get("index.html", {})
    files = [entry.get("file"), *entry.get("css", [])]
    files += [manifest[k]["file"] for k in entry.get("imports", []) if k in manifest]
    return [f"/{file}" for file in files if file]

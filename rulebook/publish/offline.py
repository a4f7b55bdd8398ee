"""The rulebook at a table without a signal: a web app manifest and a service worker for each house's
language, written into its folder once Sphinx has written everything else.

The worker's scope is its folder (``/<house>/<lang>/``): after a first visit it keeps that house's
pages in that language and its search (the search page, its indexes and every static file), and
serves them from its cache only when the network fails, so a reader online always gets the edition
published now. The calculators' runtime (``_runtime/``, whose folders are named by what they hold)
is served from its own cache first, once the calculators page has put it there. Its cache is named by the digest of what it keeps: a new edition is a new worker,
which replaces the old pages when it activates.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from rulebook.publish.link_preview import FOLDER as PREVIEW
from rulebook.publish.runtime import FOLDER as RUNTIME

MANIFEST = "manifest.webmanifest"
WORKER = "sw.js"
ICON = "_static/favicon.svg"
# What a reader never needs offline (the downloads are files for the printer; the archived editions
# and the rules' permanent addresses are redirects or pages of another edition, each fetched online).
# (The link preview's picture is for other sites' previews, not for readers.)
# The calculators' runtime (``rulebook.publish.runtime``), two folders up, shared by every house and language:
# kept in one cache of its own, and only once the calculators page has fetched it (megabytes that a
# reader who never opens that page should not download), never with the pages at install.
RUNTIME_CACHE = "rulebook-runtime"
SKIPPED = frozenset({"downloads", "edition", "r", "_sources", "_images", ".doctrees", ".buildinfo",
                     ".buildinfo.bak", "objects.inv", WORKER, PREVIEW})


def kept(folder: Path) -> list[str]:
    """The files the worker keeps, relative to its folder, in a stable order."""
    return sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*")
                  if path.is_file() and path.relative_to(folder).parts[0] not in SKIPPED)


def manifest(name: str, short_name: str, description: str, lang: str) -> str:
    """The web app manifest of a house's language: its names and description in the language, the
    rulebook's icon, opened at the home page of the folder it is in."""
    return json.dumps({"name": name, "short_name": short_name, "description": description, "lang": lang,
                       "start_url": "index.html", "scope": "./", "display": "standalone",
                       "background_color": "#ffffff", "theme_color": "#ffffff",
                       "icons": [{"src": ICON, "sizes": "any", "type": "image/svg+xml", "purpose": "any"}]},
                      ensure_ascii=False, indent=1) + "\n"


def worker(name: str, files: list[str], version: str) -> str:
    """The service worker: the data it needs (written as JSON, never code) and its fixed script."""
    data = json.dumps({"cache": f"rulebook-{name}-", "version": version, "files": ["./", *files],
                       "runtime": f"../../{RUNTIME}/", "runtime_cache": RUNTIME_CACHE}, ensure_ascii=True)
    return f"const RULEBOOK = {data};\n{(Path(__file__).with_name('offline_worker.js')).read_text(encoding='utf-8')}"


def write(folder: Path, name: str, short_name: str, description: str, lang: str, house: str) -> None:
    """The manifest, then the worker keeping every file beside it (the manifest with them), its cache
    versioned by their digest; each written only when it changed (the build's stamps hash them)."""
    _write_if_changed(folder / MANIFEST, manifest(name, short_name, description, lang))
    files = kept(folder)
    digest = hashlib.sha256()
    for file in files:
        digest.update(file.encode("utf-8") + b"\0" + (folder / file).read_bytes() + b"\0")
    _write_if_changed(folder / WORKER, worker(f"{house}-{lang}", files, digest.hexdigest()[:16]))


def _write_if_changed(path: Path, text: str) -> None:
    if not (path.exists() and path.read_text(encoding="utf-8") == text):
        path.write_text(text, encoding="utf-8")

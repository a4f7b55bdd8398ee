"""The rulebook at a table without a signal: after one visit to any page of a house, every page of it in
every language it publishes, its rules' permanent addresses, its search, the site's root page and the
calculators work offline; its printed files too, once opened or kept with one tap.

One service worker for the whole site (``sw.js`` at its root, ``offline_worker.js``: a fixed script)
keeps what the site's data files list (JSON, never code):

- ``<house>/<lang>/offline.json``, written by each language's build: the files its pages need, each
  named exactly as the pages ask for it (``furo.css?v=…``: the worker's copy is then the browser's,
  fetched once), no source map, licence or unused theme file; its rules' permanent addresses
  (``r/38.html`` → the page and anchor); the printed files it offers; the calculators' runtime, for a
  house that offers them; and the words of the downloads page's "keep" control;
- ``<house>/offline.json``, written once every language is: each language's version and the house's,
  the one file a page view asks for to learn whether the house kept offline is still current;
- ``offline.json`` at the root: the root page and the site's 404 page.

Each is versioned by the digest of what it lists: a new edition is a new version, which the worker
downloads whole beside the old one and only then puts in its place. The web app manifest of each
language opens that language's home page. The folder's ``sw.js`` is the worker an earlier edition
kept each language with: it now lets go of itself, so that the site's worker takes its pages.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

from rulebook.publish.site.link_preview import FOLDER as PREVIEW

MANIFEST = "manifest.webmanifest"
WORKER = "sw.js"
LIST = "offline.json"
ICON = "_static/favicon.svg"
#: What the site's root keeps: the page where a reader picks a house, its icon, and the 404 page.
ROOT_FILES = ("index.html", "404.html", "favicon.svg")
#: Where the printed files are, and the rules' permanent addresses (``rulebook.publish.site.sphinxext``).
DOWNLOADS = "downloads"
RULES = "r"
#: Never kept with the pages: the printed files (kept when opened, or with the downloads page's control),
#: the rules' addresses (answered from their list), the archived editions (another edition's pages),
#: the link preview's picture (for other sites), and what only the build or the worker reads.
_NOT_PAGES = frozenset({DOWNLOADS, RULES, "edition", PREVIEW, "_sources", "_images"})
#: Resources a page loads (a link's rel): not the pages it links to.
_LOADED_RELS = frozenset({"stylesheet", "icon", "shortcut", "manifest", "preload", "modulepreload"})
#: The cache the calculators' runtime is kept in, shared by every house (``static/calculators.js``).
RUNTIME_CACHE = "rulebook-runtime"


class _Loads(HTMLParser):
    """The resources a page loads (scripts, stylesheets, icons, the manifest, pictures), and the
    printed files it links to, each as written in the page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.loads: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag in ("script", "img") and found.get("src"):
            self.loads.append(str(found["src"]))
        elif tag == "link" and found.get("href") and _LOADED_RELS & set((found.get("rel") or "").lower().split()):
            self.loads.append(str(found["href"]))
        elif tag == "a" and found.get("href"):
            self.links.append(str(found["href"]))


def _inside(folder: Path, address: str) -> str | None:
    """An address of a page of ``folder`` as a file of it (its query kept, as the page asks for it),
    or None when it leads elsewhere (another site, another language, a folder never kept)."""
    parts = urlsplit(address)
    if parts.scheme or parts.netloc or not parts.path or parts.path.startswith("/"):
        return None
    path = (folder / parts.path).resolve()
    if not path.is_file() or not path.is_relative_to(folder.resolve()):
        return None
    relative = path.relative_to(folder.resolve()).as_posix()
    if relative.split("/")[0] in _NOT_PAGES or relative in (WORKER, LIST):
        return None
    return relative + (f"?{parts.query}" if parts.query else "")


def kept(folder: Path) -> list[str]:
    """The files the worker keeps of a language's folder, relative to it, in a stable order: its pages,
    and what they load, as they ask for it (what their scripts fetch, their heads name too)."""
    found: dict[str, None] = {}
    for page in sorted(folder.glob("*.html")):
        found[page.name] = None
        loads = _Loads()
        loads.feed(page.read_text(encoding="utf-8"))
        for address in loads.loads:
            if (inside := _inside(folder, address)) is not None:
                found[inside] = None
    if (folder / MANIFEST).is_file():
        for icon in json.loads((folder / MANIFEST).read_text(encoding="utf-8"))["icons"]:
            if (inside := _inside(folder, icon["src"])) is not None:
                found[inside] = None
    return sorted(found)


def offered(folder: Path) -> list[str]:
    """The printed files the language's downloads page links to, in its order."""
    page = folder / "downloads.html"
    if not page.is_file():
        return []
    links = _Loads()
    links.feed(page.read_text(encoding="utf-8"))
    found = (urlsplit(link).path for link in links.links)
    return list(dict.fromkeys(path for path in found if path.startswith(f"{DOWNLOADS}/") and (folder / path).is_file()))


def manifest(name: str, short_name: str, description: str, lang: str) -> str:
    """The web app manifest of a house's language: its names and description in the language, the
    rulebook's icon, opened at the language's home page, every language of the house in its scope."""
    return json.dumps({"name": name, "short_name": short_name, "description": description, "lang": lang,
                       "start_url": "index.html", "scope": "../", "display": "standalone",
                       "background_color": "#ffffff", "theme_color": "#ffffff",
                       "icons": [{"src": ICON, "sizes": "any", "type": "image/svg+xml", "purpose": "any"}]},
                      ensure_ascii=False, indent=1) + "\n"


def _version(folder: Path, files: Iterable[str], *data: object) -> str:
    """The digest of the listed files' bytes and of what else the list says."""
    digest = hashlib.sha256(json.dumps(data, sort_keys=True).encode("utf-8"))
    for file in files:
        digest.update(file.encode("utf-8") + b"\0" + (folder / file.split("?")[0]).read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def write(folder: Path, name: str, short_name: str, description: str, lang: str, languages: Iterable[str],
          rules: Mapping[str, str], runtime: Iterable[str]) -> None:
    """The manifest, then the list the worker keeps the language by (``offline.json``), and the
    earlier edition's worker letting go; each written only when it changed (the build's stamps hash
    them). ``rules``: each permanent address (``r/38.html``) and the page and anchor it leads to;
    ``runtime``: the calculators' files, from the language's folder (none for a house without them)."""
    _write_if_changed(folder / MANIFEST, manifest(name, short_name, description, lang))
    files, downloads = kept(folder), offered(folder)
    data = {"lang": lang, "languages": list(languages), "rules": dict(sorted(rules.items())),
            "downloads": downloads, "runtime": list(runtime)}
    _write_if_changed(folder / LIST, json.dumps({"version": _version(folder, files, data), "files": files, **data},
                                                ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n")
    _write_if_changed(folder / WORKER, Path(__file__).with_name("offline_released.js").read_text(encoding="utf-8"))


def house_list(house: Path) -> str | None:
    """``<house>/offline.json``: each language's version (from its list) and the house's, for the
    languages ``house`` holds; None for a folder without any."""
    versions = {lang.name: json.loads((lang / LIST).read_text(encoding="utf-8"))["version"]
                for lang in sorted(house.iterdir()) if (lang / LIST).is_file()}
    if not versions:
        return None
    return json.dumps({"version": _version(house, (), versions), "languages": versions},
                      sort_keys=True, separators=(",", ":")) + "\n"


def root_files(site: Path) -> dict[Path, str]:
    """What the site holds beside its houses for the worker: the worker itself (``sw.js``), the root's
    list (the root page, its icon and the 404 page) and each house's list (``house_list``)."""
    files = [name for name in ROOT_FILES if (site / name).is_file()]
    found = {site / WORKER: Path(__file__).with_name("offline_worker.js").read_text(encoding="utf-8"),
             site / LIST: json.dumps({"version": _version(site, files), "files": files},
                                     sort_keys=True, separators=(",", ":")) + "\n"}
    for house in sorted(path for path in site.iterdir() if path.is_dir() and not path.name.startswith("_")):
        if (listed := house_list(house)) is not None:
            found[house / LIST] = listed
    return found


def write_root(site: Path) -> None:
    """The site's worker, the root's list and each house's (``root_files``), each written only when it changed."""
    for path, text in root_files(site).items():
        _write_if_changed(path, text)


def root_written(site: Path) -> bool:
    """Whether ``site`` holds the worker and the lists ``write_root`` would write now."""
    return all(path.is_file() and path.read_text(encoding="utf-8") == text for path, text in root_files(site).items())


def _write_if_changed(path: Path, text: str) -> None:
    if not (path.exists() and path.read_text(encoding="utf-8") == text):
        path.write_text(text, encoding="utf-8")

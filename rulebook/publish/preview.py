"""The editors' preview: the reader's edition of what an edit changed, rebuilt as files are saved,
served with live reload, and never published.

An editor who saves a catalog wants to see the page, not the cards and PDFs ``rulebook site`` prints
first. The preview builds only the HTML, into its own folder (``_build/preview``, with its own work
folders and stamps: ``_build/site``, ``cards`` and ``pdf`` are never touched), in a process that
stays up, so Sphinx and the theme are imported once rather than at every save, and a rule file
that did not change is not parsed again (``yamlload.remember_parses``). Each change is
loaded and gated as every command does (the gate's one-line messages in the terminal; a refused
edit leaves the last preview standing), and only the houses and languages the changed files can
reach are rebuilt: a catalog or a language's glossary its language, a house file its house,
anything else every one. The watcher is watchfiles; the server is the standard library's, which
adds a small polling script to each HTML page it serves (never to the files) so that an open page
reloads once its build is in place.
"""

from __future__ import annotations

import http.server
import socketserver
import sys
import threading
from pathlib import Path
from typing import Callable, Iterable

from rulebook.core import yamlload
from rulebook.core.characters import for_terminal
from rulebook.i18n.catalogs import LANGUAGES
from rulebook.project import Project
from rulebook.publish.machinery import lock
from rulebook.publish.site.builds import build_all, import_sphinx

# What an edit can change in the reader's edition (what the watcher watches).
WATCHED = ("rules", "houses", "locales", "templates", "executable_examples", "rulebook", "pokerrules", "conf.py")
FOLDER = "preview"   # under _build: the preview's own build folder
VERSION_PATH = "/_preview/version"
# Added before </body> of every HTML page served: reload when the preview's build count changes.
RELOAD_SCRIPT = (b'<script>(function(){var seen=null;setInterval(function(){fetch("' + VERSION_PATH.encode() +
                 b'",{cache:"no-store"}).then(function(r){return r.text()}).then(function(v){'
                 b'if(seen!==null&&v!==seen){location.reload()}seen=v}).catch(function(){})},500)})();</script>')

Targets = dict[str, tuple[str, ...]]   # house -> the languages of it to rebuild


def affected(root: Path, changed: Iterable[Path | str], houses: tuple[str, ...],
             languages: tuple[str, ...]) -> Targets:
    """The houses and languages (among those previewed) that the changed files can reach: a
    catalog or glossary under ``locales/<lang>/`` its language in every house, ``houses/<id>/`` that
    house in every language, anything else everything. A house or language not reached is absent."""
    every = {house: languages for house in houses}
    targets: dict[str, set[str]] = {}
    for path in changed:
        parts = Path(path).resolve().relative_to(root.resolve()).parts \
            if Path(path).is_absolute() else Path(path).parts
        if len(parts) > 2 and parts[0] == "locales" and parts[1] in LANGUAGES:
            for house in houses:
                targets.setdefault(house, set()).update({parts[1]} & set(languages))
        elif len(parts) > 2 and parts[0] == "houses":
            if parts[1] in houses:
                targets.setdefault(parts[1], set()).update(languages)
        else:
            return every
    return {house: tuple(lang for lang in languages if lang in found) for house, found in targets.items() if found}


def build(project: Project, targets: Targets, folder: Path) -> bool:
    """The reader's edition of ``targets`` into ``folder`` (``<folder>/site``), all at once; True if
    every build passed (a failed one leaves the last preview as it was)."""

    # One set of jobs, published once: every house reached in every language reached (the stamps
    # skip what did not change).
    languages = tuple(lang for lang in LANGUAGES if any(lang in reached for reached in targets.values()))
    with lock.held(folder):
        return build_all(project, languages, "html", folder, tuple(targets))


def with_reload(html: bytes) -> bytes:
    """An HTML page as served: the reload script before its last ``</body>`` (at its end if none)."""
    at = html.rfind(b"</body>")
    return html + RELOAD_SCRIPT if at < 0 else html[:at] + RELOAD_SCRIPT + html[at:]


class _Handler(http.server.SimpleHTTPRequestHandler):
    """The preview's files (through the ``site`` link, so always the last build), HTML with the
    reload script, and the build count at ``VERSION_PATH``."""

    count: Callable[[], int]

    def do_GET(self) -> None:
        if self.path.split("?")[0] == VERSION_PATH:
            return self._send(str(self.count()).encode(), "text/plain")
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?")[0].endswith("/"):
                return super().do_GET()   # the redirect to the folder's address
            path = path / "index.html"
        if path.suffix == ".html" and path.is_file():
            return self._send(with_reload(path.read_bytes()), "text/html; charset=utf-8")
        return super().do_GET()

    def _send(self, body: bytes, kind: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args) -> None:   # the terminal is the gate's
        pass


def serve(site: Path, count: Callable[[], int], port: int) -> socketserver.TCPServer:
    """A server of ``site`` on localhost (``port`` 0: any free port), running in a thread."""
    handler = type("Handler", (_Handler,), {"count": staticmethod(count)})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port),
                                             lambda *args: handler(*args, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class Preview:
    """One editor's preview: ``gated()`` loads and gates the project (None when the gate refuses it,
    its messages printed), ``update`` rebuilds what a set of changed files reaches."""

    def __init__(self, root: Path, gated: Callable[[], Project | None], houses: tuple[str, ...] | None,
                 languages: tuple[str, ...], build: Path):
        self.root, self.gated, self.houses, self.languages = root, gated, houses, languages
        self.folder = build / FOLDER
        self.builds = 0   # how many builds have been put in place (what the open pages poll)
        yamlload.remember_parses()   # loaded at every change: a file that did not change is not parsed again

    def update(self, changed: Iterable[Path | str] | None = None) -> bool:
        """Load, gate and rebuild what ``changed`` reaches (None: everything previewed); True if the
        preview now shows the sources as they are."""
        project = self.gated()
        if project is None:
            return False
        houses = self.houses or tuple(project.houses)
        targets = {house: self.languages for house in houses} if changed is None else \
            affected(self.root, changed, houses, self.languages)
        if not targets:
            return True
        ok = build(project, targets, self.folder)
        if ok:
            self.builds += 1
        return ok

    def watch(self, port: int, ready: Callable[[str], None] = print) -> None:
        """Build everything previewed, serve it, and rebuild on every change until interrupted."""
        import watchfiles

        import_sphinx()   # once, before the first build forks its workers: no build pays for them again

        self.update()
        server = serve(self.folder / "site", lambda: self.builds, port)
        ready(f"preview: http://127.0.0.1:{server.server_address[1]}/ (of {self.folder / 'site'}; "
              "never published); watching the sources, Ctrl-C to stop")
        try:
            paths = [self.root / name for name in WATCHED if (self.root / name).exists()]
            for changes in watchfiles.watch(*paths, watch_filter=watchfiles.DefaultFilter(), raise_interrupt=True):
                changed = sorted({Path(path) for _, path in changes})
                shown = ", ".join(str(path.relative_to(self.root)) for path in changed[:3])
                print(for_terminal(f"preview: {shown}{' ...' if len(changed) > 3 else ''} changed"), file=sys.stderr,
                      flush=True)
                before = self.builds
                if self.update(changed) and self.builds > before:
                    ready(f"preview: build {self.builds} in place")
        finally:
            server.shutdown()

"""What the readers' benchmarks share: a site served on localhost as a static host serves it, counting every
byte it sends, and the previous version's site built beside this one's, so that both are measured in
one run.

The server (also the browser tests') sends a file's precompressed sibling (``.br``, else ``.gz``) when the browser accepts it and
``compressed`` is on, as nginx's ``gzip_static``/``brotli_static`` do (the README's lines), and revalidates
every file (``Cache-Control: no-cache``, answered 304 when unchanged), as a plain web server does.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_build" / "site"
#: Where the previous versions' sites are built (``previous_site``), one folder per commit, kept.
PREVIOUS = ROOT / "_build" / "bench-previous"
#: The version before issue 49 (the reader at the table): the figures it printed are the "before".
BEFORE = "9911993"
ENCODINGS = {"br": ".br", "gzip": ".gz"}


class Counting(http.server.SimpleHTTPRequestHandler):
    """Serves a folder and counts what it sends (bodies, per path; a 304 sends none): each ``Served``
    makes a class of its own, with its own ``sent`` and whether it sends the precompressed siblings."""

    sent: dict[str, int] = {}
    compressed = False

    def log_message(self, *args) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):
        if self.compressed and self.command == "GET":
            accepted = {part.split(";")[0].strip() for part in self.headers.get("Accept-Encoding", "").split(",")}
            path = Path(self.translate_path(self.path))
            for encoding, suffix in ENCODINGS.items():
                sibling = path.with_name(path.name + suffix)
                if encoding in accepted and path.is_file() and sibling.is_file():
                    return self._sibling(path, sibling, encoding)
        return super().send_head()

    def _sibling(self, path: Path, sibling: Path, encoding: str):
        if self.headers.get("If-Modified-Since") == self.date_time_string(int(path.stat().st_mtime)):
            self.send_response(304)
            self.end_headers()
            return None
        data = sibling.open("rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(os.fstat(data.fileno()).st_size))
        self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return data

    def copyfile(self, source, outputfile) -> None:
        data = source.read()
        outputfile.write(data)
        self.sent[self.path] = self.sent.get(self.path, 0) + len(data)


class _QuietServer(http.server.ThreadingHTTPServer):
    """A server that says nothing when the browser leaves before a file is sent (it does when a page
    navigates on): a test's output shows what failed, not a traceback of a closed socket."""

    def handle_error(self, request, client_address) -> None:
        pass


class Served:
    """A folder served on a free port of localhost while the ``with`` block runs (or until ``stop``):
    its ``address``, and ``sent``, the bytes of each path it sent."""

    def __init__(self, folder: Path, compressed: bool = False) -> None:
        self.sent: dict[str, int] = {}
        handler = type("Handler", (Counting,), {"compressed": compressed, "sent": self.sent})
        self.httpd = _QuietServer(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
        self.address = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def __enter__(self) -> Served:
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def stop(self) -> None:
        """Stop serving and close the port: nothing can come from it any more (once; again is nothing)."""
        if self.httpd.socket.fileno() != -1:
            self.httpd.shutdown()
            self.httpd.server_close()


def previous_site(commit: str, house: str, lang: str | None = None) -> Path:
    """The site ``commit`` publishes for ``house`` (in ``lang``, or every language): its tree exported
    with ``git archive`` into ``_build/bench-previous/<commit>`` and built there with this virtualenv
    (kept: a second run builds nothing)."""
    tree = PREVIOUS / commit
    if not (tree / "rulebook").is_dir():
        shutil.rmtree(tree, ignore_errors=True)
        tree.mkdir(parents=True)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
        (tree / "runtime" / "node_modules").symlink_to(ROOT / "runtime" / "node_modules", target_is_directory=True)
    env = dict(os.environ, PYTHONPATH=str(tree))
    command = [sys.executable, "-m", "rulebook", "site", "--house", house, *(["--lang", lang] if lang else [])]
    built = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
    if built.returncode != 0:
        raise SystemExit(f"{commit}: rulebook site failed:\n{(built.stdout + built.stderr)[-2000:]}")
    return tree / "_build" / "site"

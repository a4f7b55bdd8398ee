"""The browser every test of this folder drives (Debian's Chromium through Playwright, once per module),
and the local web server it reads a built site from."""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


class Browser:
    """Chromium, whose pages run no service worker unless a test asks for one
    (``new_context(service_workers="allow")``: the tests of reading offline). A page's first visit
    to a house's language installs the worker, which fetches every page of that language to keep
    for offline reading: in a test that opens twenty languages and pages, most of its time, spent
    on nothing it looks at."""

    def __init__(self, chromium) -> None:
        self.chromium = chromium

    def new_context(self, **options):
        options.setdefault("service_workers", "block")
        return self.chromium.new_context(**options)


@pytest.fixture(scope="module")
def browser():
    playwright_api = pytest.importorskip("playwright.sync_api")
    with playwright_api.sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield Browser(chromium)
        chromium.close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


class _QuietServer(http.server.ThreadingHTTPServer):
    """A server that says nothing when the browser leaves before a file is sent (it does when a page
    navigates on): a test's output shows what failed, not a traceback of a closed socket."""

    def handle_error(self, request, client_address) -> None:
        pass


class Served:
    """A folder served on a free port of localhost while the ``with`` block runs."""

    def __init__(self, folder: Path) -> None:
        self.httpd = _QuietServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(folder)))
        self.address = f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def __enter__(self) -> Served:
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def stop(self) -> None:
        """Stop serving and close the port: nothing can come from it any more (once; again is nothing)."""
        if self.httpd.socket.fileno() != -1:
            self.httpd.shutdown()
            self.httpd.server_close()

"""The browser every test of this folder drives (Debian's Chromium through Playwright, once per module),
and the local web server it reads a built site from."""

from __future__ import annotations

import shutil

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


# The local web server the tests read a built site from (the benchmarks' too).
from benchmarks.served import Served  # noqa: E402,F401

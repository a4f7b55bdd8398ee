"""The weight of a page view on a phone, cold: every type of page of a house, this version beside the
previous one (before issue 49), in one run.

    .venv/bin/python benchmarks/bench_pages.py                         # the club in Romanian, the casino in Croatian
    .venv/bin/python benchmarks/bench_pages.py --house club --lang fr

A page view is what the page itself asks for, loaded in a fresh profile of Debian's Chromium with a
phone's descriptor (Pixel 7), its offline worker kept out (what the worker downloads for reading offline
comes after, in the background: the last line counts it). Each version's site is served twice on
localhost (``served.Served``): as a plain static server sends files, and with the precompressed siblings
sent as nginx sends them with the README's lines (Chromium accepts gzip over http). The target: at most
150 kB over the wire, and no page heavier than before. A benchmark, not a test: it prints what it
measured and asserts nothing (tests/browser/test_offline_and_motion.py holds the 150 kB).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from playwright.sync_api import sync_playwright

from served import BEFORE, SITE, Served, previous_site

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DEFAULT = {"club": "ro", "casino": "hr"}
TARGET = 150_000


def page_types(folder: Path) -> list[str]:
    """An address of each type of page of a language: the home page, each part, the glossary, the
    search (with a question), the other pages, a rule's permanent address and the missing page's."""
    parts = sorted(path.name for path in folder.glob("*.html")
                   if path.stem not in ("index", "glossary", "search", "genindex", "404", "at-the-table", "calculators",
                                        "downloads", "changes"))
    named = [name for name in ("index.html", "at-the-table.html", "calculators.html", "downloads.html", "changes.html",
                               "glossary.html", "genindex.html") if (folder / name).is_file()]
    return [*named, *parts[:3], "search.html?q=rake", "r/1.html" if (folder / "r" / "1.html").is_file() else "r/1.1.html",
            "404.html"]   # what the README's nginx lines send for a missing page


def weigh(browser, driver, site: Path, address: str, compressed: bool, worker: bool = False) -> int:
    """The bytes sent for one page view in a fresh profile, but the calculators' runtime (megabytes the
    calculators' page preloads, measured by bench_calculators.py); with ``worker``, everything, what
    the offline worker downloads after the page included."""
    with Served(site, compressed) as served:
        context = browser.new_context(**driver.devices["Pixel 7"], service_workers="allow" if worker else "block")
        page = context.new_page()
        page.goto(served.address + address, wait_until="load")
        page.wait_for_timeout(15_000 if worker else 800)
        context.close()
        return sum(size for path, size in served.sent.items() if worker or "/_runtime/" not in path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--house", action="append", choices=sorted(DEFAULT), help="default: both")
    parser.add_argument("--lang", default=None)
    parser.add_argument("--previous", default=BEFORE)
    args = parser.parse_args()
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        for house in args.house or sorted(DEFAULT):
            lang = args.lang or DEFAULT[house]
            sites = {"before": previous_site(args.previous, house), "this": SITE}
            print(f"\n{house}/{lang}, a cold page view on a phone (kB sent; before = {args.previous})")
            print(f"{'page':34} {'before, plain':>14} {'this, plain':>12} {'before, gzip':>13} {'this, gzip':>11}")
            heavier = []
            for address in page_types(SITE / house / lang):
                sizes = [weigh(browser, driver, sites[version], f"{house}/{lang}/{address}", compressed)
                         for compressed in (False, True) for version in ("before", "this")]
                print(f"{address:34} " + " ".join(f"{size / 1000:>12.1f}" for size in sizes)
                      + ("" if sizes[3] <= TARGET else "  over 150 kB"))
                if sizes[1] > sizes[0]:
                    heavier.append(address)
            print(f"heavier than before (plain): {', '.join(heavier) or 'none'}")
            kept = {version: weigh(browser, driver, site, f"{house}/{lang}/index.html", True, worker=True)
                    for version, site in sites.items()}
            print("the first visit and what the offline worker keeps behind it (gzip): "
                  + json.dumps({version: f"{size / 1e6:.2f} MB" for version, size in kept.items()}))
        browser.close()


if __name__ == "__main__":
    main()

"""At a table without a signal, and for a reader who asks for less motion, in Debian's Chromium.

The site is the session's (``built_site``), served on 127.0.0.1 (a secure context, where service
workers run); each offline test serves it on a server of its own, which it stops: nothing can then
come from the network.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from pokerrules import House
from rulebook.reading.calculators import plain
from tests.browser.conftest import Served
from tests.browser.test_calculators_in_browser import FEED
from tests.browser.test_site_in_browser import RESULTS, RESULTS_SHOWN, SCROLL_SETTLED


@pytest.fixture(scope="module")
def server(built_site):
    with Served(built_site) as served:
        yield served.address


# The house the page is in is kept whole (its list, the last thing the worker puts in its cache, is
# there), and so is the calculators' runtime when the house offers it: the cache names it holds then.
HOUSE_KEPT = """async ([house, runtime]) => {
  await navigator.serviceWorker.ready;
  for (let i = 0; i < 1200; i++) {
    const names = await caches.keys();
    const kept = names.find((name) => name.startsWith(`rulebook-house:${house}:`));
    const whole = kept && await (await caches.open(kept)).match(house + 'offline.json');
    const started = !runtime || (names.includes('rulebook-runtime') &&
      (await (await caches.open('rulebook-runtime')).keys()).some((request) => request.url.endsWith('snapshot.bin')));
    if (whole && started) {
      return names;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}"""

# Every address the browser keeps, in every cache.
CACHED = """async () => {
  const found = [];
  for (const name of await caches.keys()) {
    found.push(...(await (await caches.open(name)).keys()).map((request) => request.url));
  }
  return found;
}"""


def visit_and_keep(context, address: str, house: str, runtime: bool):
    """A first visit to one page of a house, once the worker has kept the house (and the runtime)."""
    page = context.new_page()
    page.goto(address)
    names = page.evaluate(HOUSE_KEPT, [address.split(house + "/")[0] + house + "/", runtime])
    assert names is not None, "the house was never kept"
    return page


def _types(folder: Path, part: str) -> list[tuple[str, str]]:
    """Every type of page of a language, by an address of each and the id its page shows."""
    data = json.loads((folder / "offline.json").read_text(encoding="utf-8"))
    number, target = next((address, target) for address, target in data["rules"].items() if address[2].isdigit())
    found = [("index.html", "index"), (f"{part}.html", part), ("glossary.html", "glossary"), ("genindex.html", "genindex"),
             ("downloads.html", "downloads"), (number, target), ("", "index"), ("no-such-page.html", "404")]
    found += [(f"{name}.html", name) for name in ("at-the-table", "calculators", "changes") if (folder / f"{name}.html").is_file()]
    return found


@pytest.mark.parametrize("house_id", ["club", "casino"])
def test_after_one_visit_every_page_of_the_house_opens_offline_in_every_language(browser, built_site, project, house_id):
    """One page of one language visited with a signal: then, with none, every type of page in every
    language the house publishes, its rules' permanent addresses, its search and the site's root page."""
    book = project.houses[house_id].book
    part = book.parts[0].id
    with Served(built_site) as served:
        context = browser.new_context(service_workers="allow")
        try:
            page = visit_and_keep(context, f"{served.address}{house_id}/{book.languages[-1]}/{part}.html", house_id,
                                  runtime=False)
            context.set_offline(True)
            served.stop()
            for lang in book.languages:
                for address, shown in _types(built_site / house_id / lang, part):
                    page.goto(f"{served.address}{house_id}/{lang}/{address}", wait_until="domcontentloaded")
                    assert page.locator("html").get_attribute("lang") == lang, (lang, address)
                    if shown == "404":
                        assert page.locator("form[role=search], form.rulebook-not-found").count(), (lang, address)
                    elif "#" in shown:   # a rule's address: the rule on its page
                        page.wait_for_url(f"**/{shown}")
                        assert page.locator(f"section#{shown.split('#')[1]}").count() == 1, (lang, address)
                    else:
                        assert page.url.endswith(address) and page.locator("article[role=main]").count() == 1, (lang, address)
                number = _types(built_site / house_id / lang, part)[5][0].removeprefix("r/").removesuffix(".html")
                page.goto(f"{served.address}{house_id}/{lang}/search.html?q={number}")   # a rule cited by its number
                page.wait_for_function(RESULTS_SHOWN, timeout=15000)
                assert page.evaluate(RESULTS)["rules"], lang
            page.goto(served.address + "index.html")
            assert page.locator(f'a[href="{house_id}/{book.languages[0]}/index.html"]').count() == 1
        finally:
            context.close()


def test_the_calculators_are_kept_from_any_first_page_and_answer_offline(browser, built_site, project):
    """The runtime is kept in the background after the first page a reader opens (here the home page),
    and the calculators page, never opened with a signal, then answers without one."""
    house = House.from_mapping(plain(project.houses["club"].book.house))
    with Served(built_site) as served:
        context = browser.new_context(service_workers="allow")
        try:
            page = visit_and_keep(context, served.address + "club/ro/index.html", "club", runtime=True)
            context.set_offline(True)
            served.stop()
            page.goto(served.address + "club/fr/calculators.html")
            page.wait_for_function("document.documentElement.dataset.calculators", timeout=120_000)
            assert page.evaluate("document.documentElement.dataset.calculators") == "ready"
            (answer,) = page.evaluate(FEED, ["split-pot-rake", [{"stakes": "1/3", "pot": "504", "dead": "20"}]])
            assert answer["result"] == {"rake": house.split_pot_rake(504, dead_money=20, stakes="1/3")}
        finally:
            context.close()


def test_never_kept_the_calculators_say_they_need_a_signal_once(browser, built_site, project):
    """Opened where the runtime cannot come (no signal, nothing kept): the page says so plainly, in
    the reader's language, rather than asking to reload."""
    tr = project.translations("es")
    with Served(built_site) as served:
        context = browser.new_context()
        try:
            page = context.new_page()
            page.route("**/_runtime/**", lambda route: route.abort("internetdisconnected"))
            page.goto(served.address + "club/es/calculators.html")
            page.wait_for_function("document.documentElement.dataset.calculators", timeout=60_000)
            assert page.evaluate("document.documentElement.dataset.calculators") == "failed"
            said = page.locator("p.calculator-status").first.inner_text()
            from rulebook.reading.calculators import UI
            assert said == tr.gettext(UI["offline"]) and said != tr.gettext(UI["failed"])
        finally:
            context.close()


def test_the_worker_fetches_nothing_twice_and_keeps_no_source_map_or_licence(browser, built_site):
    """A first visit, and the house kept behind it: each file is sent once (what the page loaded, the
    worker takes from the browser's cache), and nothing kept is a source map or a licence."""
    with Served(built_site) as served:
        context = browser.new_context(service_workers="allow")
        try:
            page = visit_and_keep(context, served.address + "club/en/search.html?q=straddle", "club", runtime=True)
            page.wait_for_timeout(500)
            sent = dict(served.sent)
            kept = page.evaluate(CACHED)
        finally:
            context.close()
    by_file: dict[str, int] = {}
    for path, size in sent.items():
        if size:
            by_file[path.split("?")[0]] = by_file.get(path.split("?")[0], 0) + 1
    assert [path for path, times in by_file.items() if times > 1] == []
    assert len(by_file) > 100   # five languages' pages and the runtime were sent
    assert not [url for url in kept if url.endswith(".map") or "LICENSE" in url]


def _fetched(page, url: str) -> int | None:
    """The bytes a page gets for ``url`` (through the worker), or None when it gets nothing."""
    return page.evaluate("""async (url) => {
      try { const response = await fetch(url); return response.ok ? (await response.arrayBuffer()).byteLength : null; }
      catch (failure) { return null; }
    }""", url)


def test_printed_files_are_kept_when_opened_or_with_the_downloads_pages_control(browser, built_site, project):
    tr = project.translations("hr")
    folder = built_site / "club" / "hr"
    printed = json.loads((folder / "offline.json").read_text(encoding="utf-8"))["downloads"]
    with Served(built_site) as served:
        context = browser.new_context(service_workers="allow")
        try:
            page = visit_and_keep(context, served.address + "club/hr/downloads.html", "club", runtime=False)
            base = served.address + "club/hr/"
            opened = _fetched(page, base + printed[0])   # opened once, with a signal
            assert opened == (folder / printed[0]).stat().st_size
            context.set_offline(True)
            assert _fetched(page, base + printed[0]) == opened
            assert _fetched(page, base + printed[1]) is None   # never opened: not kept
            context.set_offline(False)
            button = page.locator("div.keep-offline button")
            assert button.inner_text() == tr.gettext("Keep every file of this page on this device")
            button.click()
            page.wait_for_function("document.querySelector('div.keep-offline').dataset.state === 'done'", timeout=60_000)
            assert page.locator("p.keep-offline-status").inner_text() == \
                tr.gettext("Kept on this device: these files open without a signal.")
            context.set_offline(True)
            served.stop()
            assert [_fetched(page, base + name) for name in printed] == [(folder / name).stat().st_size for name in printed]
            page.reload()   # the control says they are kept
            page.wait_for_function("document.querySelector('div.keep-offline').dataset.state === 'done'", timeout=15_000)
        finally:
            context.close()


def _copy(site: Path, into: Path) -> Path:
    """The published site, linked file by file (never written in place: ``_rewrite`` replaces a file)."""
    shutil.copytree(site, into, copy_function=os.link)
    return into


def _rewrite(path: Path, text: str) -> None:
    path.unlink()
    path.write_text(text, encoding="utf-8")


def _new_version(site: Path, house: str, lang: str, version: str) -> None:
    """What a new edition's build changes in the lists: the language's version, the house's."""
    listed = json.loads((site / house / lang / "offline.json").read_text(encoding="utf-8"))
    _rewrite(site / house / lang / "offline.json", json.dumps({**listed, "version": version}))
    index = json.loads((site / house / "offline.json").read_text(encoding="utf-8"))
    index["languages"][lang] = version
    _rewrite(site / house / "offline.json", json.dumps({**index, "version": f"house-{version}"}))


def test_a_new_edition_replaces_the_kept_one_whole_and_a_failed_update_keeps_the_old(browser, built_site, tmp_path):
    site = _copy(built_site, tmp_path / "site")
    page_file = site / "club" / "en" / "rake.html"
    with Served(site) as served:
        context = browser.new_context(service_workers="allow")
        try:
            page = visit_and_keep(context, served.address + "club/en/index.html", "club", runtime=False)
            first = [name for name in page.evaluate("caches.keys()") if name.startswith("rulebook-house:")]
            # A new edition whose download fails half-way (a page missing): the old one stays, whole.
            _rewrite(page_file, page_file.read_text(encoding="utf-8").replace("</h1>", " EDITION-TWO</h1>", 1))
            _new_version(site, "club", "en", "edition-two")
            missing = site / "club" / "hr" / "glossary.html"
            saved = missing.read_text(encoding="utf-8")
            missing.unlink()
            page.goto(served.address + "club/fr/index.html")
            page.wait_for_timeout(3000)
            assert [name for name in page.evaluate("caches.keys()") if name.startswith("rulebook-house:")
                    and page.evaluate("async (name) => !!(await (await caches.open(name)).match(location.origin + '/club/offline.json'))", name)] == first
            context.set_offline(True)
            page.goto(served.address + "club/en/rake.html")
            assert "EDITION-TWO" not in page.locator("h1").first.inner_text()
            context.set_offline(False)
            # The page back: the next visit keeps the new edition whole, and lets the old go.
            missing.write_text(saved, encoding="utf-8")
            page.goto(served.address + "club/es/index.html")
            wanted = [f"rulebook-house:{served.address}club/:house-edition-two"]
            for _ in range(300):
                kept = [name for name in page.evaluate("caches.keys()") if name.startswith("rulebook-house:")]
                if kept == wanted:
                    break
                page.wait_for_timeout(100)
            assert kept == wanted
            context.set_offline(True)
            served.stop()
            page.goto(served.address + "club/en/rake.html")
            assert "EDITION-TWO" in page.locator("h1").first.inner_text()
        finally:
            context.close()


def test_an_earlier_editions_worker_for_one_language_lets_go(browser, built_site):
    """A browser that kept a language with the earlier edition's worker: that worker, updated, drops
    its copies and unregisters, and the site's worker takes the language's pages."""
    with Served(built_site) as served:
        context = browser.new_context(service_workers="allow")
        try:
            page = context.new_page()
            page.goto(served.address + "club/en/index.html")
            page.evaluate("navigator.serviceWorker.ready")
            page.evaluate("caches.open('rulebook-club-en-0123456789abcdef')")
            page.evaluate("navigator.serviceWorker.register('sw.js', {scope: './'})")   # the old registration, updated
            for _ in range(100):
                scopes = page.evaluate("async () => (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope)")
                if scopes == [served.address]:
                    break
                page.wait_for_timeout(100)
            assert scopes == [served.address]
            assert "rulebook-club-en-0123456789abcdef" not in page.evaluate("caches.keys()")
        finally:
            context.close()


# What a page view on a phone may weigh over the wire, cold (issue 49: 130 kB before the rule index).
LIGHT = 150_000


def test_a_page_view_on_a_phone_weighs_at_most_150_kb_over_the_wire(browser, built_site, project):
    """Every type of page of each house, opened cold on a phone with no offline worker (what it keeps
    comes afterwards, in the background), from a server that sends the precompressed files as nginx
    does with the README's lines: the page and everything it asks for, but the calculators' runtime
    (megabytes, measured by benchmarks/bench_calculators.py)."""
    phone = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}
    weighed = {}
    context = browser.new_context(**phone)
    page = context.new_page()
    context.new_cdp_session(page).send("Network.setCacheDisabled", {"cacheDisabled": True})   # every view cold
    with Served(built_site, compressed=True) as served:
        for house_id, view in project.houses.items():
            lang = view.book.languages[0]
            addresses = [address for address, _ in _types(built_site / house_id / lang, view.book.parts[0].id)
                         if address != "no-such-page.html"]
            for address in [*addresses, "404.html", "search.html?q=rake"]:
                page.goto(f"{served.address}{house_id}/{lang}/{address}", wait_until="load")
                if address.startswith("r/"):   # a rule's permanent address, then the page it leads to
                    page.wait_for_url(lambda url: "/r/" not in url, wait_until="load")
                page.goto("about:blank")   # nothing of this page is still coming when the next is counted
                weighed[house_id, address] = sum(size for path, size in served.sent.items() if "/_runtime/" not in path)
                served.sent.clear()
    context.close()
    assert all(weighed.values()) and len(weighed) >= 20
    assert {page: sent for page, sent in weighed.items() if sent > LIGHT} == {}


# Every scroll position of the page, frame by frame, from the moment the document starts.
RECORD_POSITIONS = """
window.__positions = [];
(function record() { window.__positions.push(Math.round(window.scrollY)); requestAnimationFrame(record); })();
"""


def _moves(page) -> list[int]:
    """The positions the page passed through before it settled (none: it jumped, or did not move)."""
    page.evaluate(SCROLL_SETTLED)
    final = page.evaluate("Math.round(window.scrollY)")
    return [y for y in page.evaluate("window.__positions") if y not in (0, final)], final


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_a_landing_on_a_rule_far_down_the_page_jumps_there(browser, server, motion):
    """Opening a rule thousands of pixels down the page never animates the way there."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion=motion)
    page = context.new_page()
    page.add_init_script(RECORD_POSITIONS)
    page.goto(server + "club/en/cash-betting.html#cash-betting-string-bet")
    moves, final = _moves(page)
    assert final > 2 * 800 and moves == [], (final, moves[:10])
    context.close()


def test_with_reduced_motion_a_link_on_the_page_jumps_even_within_a_screen(browser, server):
    context = browser.new_context(viewport={"width": 1600, "height": 800})   # "On this page" beside the text
    page = context.new_page()
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(RECORD_POSITIONS)
    page.goto(server + "club/en/cash-betting.html")
    page.evaluate(SCROLL_SETTLED)
    page.evaluate("window.__positions = []")
    page.locator("div.toc-tree a[href^='#']").nth(2).click()   # "On this page": a rule a little way down
    moves, final = _moves(page)
    assert final > 0 and moves == [], (final, moves[:10])
    assert page.evaluate("getComputedStyle(document.documentElement).scrollBehavior") == "auto"
    context.close()

"""At a table without a signal, and for a reader who asks for less motion, in Debian's Chromium.

The site is the session's (``built_site``), served on 127.0.0.1 (a secure context, where service
workers run); the offline test serves it on a server of its own, which it stops.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import Served
from tests.browser.test_site_in_browser import RESULTS, RESULTS_SHOWN, SCROLL_SETTLED


@pytest.fixture(scope="module")
def server(built_site):
    with Served(built_site) as served:
        yield served.address


# The worker is active (its cache filled when it installed) and controls the page.
WORKER_READY = """async () => {
  const registration = await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  }
  return registration.scope;
}"""


def test_after_a_first_visit_a_reader_offline_reads_another_page_and_searches(browser, built_site):
    with Served(built_site) as served:
        address = served.address
        context = browser.new_context(service_workers="allow")
        try:
            page = context.new_page()
            page.goto(address + "club/fr/index.html")
            assert page.evaluate(WORKER_READY) == address + "club/fr/"
            context.set_offline(True)
            served.stop()          # and no server either: nothing can come from the network
            page.goto(address + "club/fr/rake.html#rake-rate")
            assert page.locator("html").get_attribute("lang") == "fr"
            assert page.locator("section#rake-rate").count() == 1
            page.goto(address + "club/fr/search.html?q=straddle")
            page.wait_for_function(RESULTS_SHOWN, timeout=15000)
            results = page.evaluate(RESULTS)
            assert results["rules"] and results["pages"], results
            # Another language was never visited: it is not kept (the worker's scope is its folder).
            with pytest.raises(pytest.importorskip("playwright.sync_api").Error):
                page.goto(address + "club/en/rake.html")
        finally:
            context.close()


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

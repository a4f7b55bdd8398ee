"""axe-core (the engine of browsers' accessibility tools) over every kind of page a reader opens, in
every language of both houses, at a phone's and a desktop's width, light and dark (Debian's Chromium).

Every kind of page of a house's language is checked in one of the four modes, the mode turning with
the page and the language, so that each kind of page is seen in every mode across the five languages.
Nothing serious or critical is found, and text is 4.5:1 against its background wherever it is, large
text too (axe asks large text only 3:1). The moderate findings are held to half of what they were
(main at 9911993: 181 over every kind of page of every language and the root pages, nearly all the
theme's two side panels, both landmarks named alike).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulebook.core.numbering import number_rules
from tests.browser.conftest import Served
from tests.browser.test_site_in_browser import SEARCH_FINISHED

MODES = [(390, "light"), (1280, "dark"), (390, "dark"), (1280, "light")]

# The moderate findings on main at 9911993 (each a rule broken on a page), for one language of each
# house (the same in all five) and for the root pages in the four modes; this module allows half.
MODERATE_BEFORE = {"club": 18, "casino": 15, "root": 16}

# axe's own options for its contrast check, large text held to 4.5:1 as well.
CONTRAST = {"ignoreUnicode": True, "ignoreLength": False, "ignorePseudo": False, "boldValue": 700,
            "boldTextPt": 14, "largeTextPt": 18, "contrastRatio": {"normal": {"expected": 4.5}, "large": {"expected": 4.5}},
            "pseudoSizeThreshold": 0.25, "shadowOutlineEmMax": 0.2, "textStrokeEmMin": 0.03}

_RUN = """async (contrast) => {
  axe.configure({checks: [{id: "color-contrast", options: contrast}]});
  const results = await axe.run(document, {resultTypes: ["violations"]});
  return results.violations.map((violation) => ({
    id: violation.id, impact: violation.impact,
    nodes: violation.nodes.slice(0, 3).map((node) => [node.target.join(" "), node.failureSummary]),
  }));
}"""


@pytest.fixture(scope="module")
def server(built_site):
    with Served(built_site) as served:
        yield served.address


@pytest.fixture(scope="module")
def tabs(browser):
    """One tab a mode, for the module's pages (a tab of its own each would cost a renderer each),
    each page given axe as it opens (a tenth of the time of handing it over once the page is open)."""
    package = pytest.importorskip("axe_playwright_python")
    contexts = [browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
                for width, scheme in MODES]
    for context in contexts:
        context.add_init_script(path=Path(package.__file__).parent / "axe.min.js")
    yield [context.new_page() for context in contexts]
    for context in contexts:
        context.close()


def _kinds(site: Path, project, house: str, lang: str) -> list[str]:
    """Every kind of page of a house's language: the home page, parts, the glossary, the search's
    results, At the table, the calculators, the downloads, the changes, the index, the page of a
    missing address and a rule's permanent address (each page the house publishes). The parts are
    one kind of page: each language takes its share of them, so that every part is seen in one
    language (the parts of a house are built alike; axe's contrast check is most of the time)."""
    book = project.houses[house].book
    first = next(iter(number_rules(book).numbers.values()))
    optional = ["at-the-table.html", "calculators.html", "downloads.html", "changes.html"]
    turn = book.languages.index(lang)
    parts = [f"{part.id}.html" for part in book.parts][turn::len(book.languages)] or [f"{book.parts[0].id}.html"]
    return ["index.html", *parts, "glossary.html", "search.html?q=straddle",
            *(name for name in optional if (site / house / lang / name).is_file()), "genindex.html", "404.html",
            f"r/{first}.html"]


def _open(tab, server: str, site: Path, address: str, runtime: bool) -> None:
    """Open a page as a reader finds it once it is ready: the search's results listed, the
    calculators' forms built (with their runtime started, or, where ``runtime`` is false, failed to
    start, the other state a reader may meet), a rule's permanent address shown (not led on)."""
    url = server + address
    if "/r/" in address:   # the page as it is, without its instant redirection to the rule
        page = (site / address).read_text(encoding="utf-8").replace('http-equiv="refresh"', 'http-equiv="x-shown"')
        assert page.count('http-equiv="x-shown"') == 1
        tab.route(url, lambda route: route.fulfill(body=page, content_type="text/html; charset=utf-8"))
    if not runtime:
        tab.route("**/_runtime/**", lambda route: route.abort())
    try:
        tab.goto(url)
        if "search.html" in address:
            tab.wait_for_function(SEARCH_FINISHED, timeout=15000)
        if "calculators.html" in address:
            tab.wait_for_function("document.documentElement.dataset.calculators", timeout=180_000)
            wanted = "ready" if runtime else "failed"
            assert tab.evaluate("document.documentElement.dataset.calculators") == wanted, address
    finally:
        tab.unroute_all()


def _audit(tab, where: tuple) -> tuple[list, int]:
    """The serious and critical findings of the page open in ``tab`` (with ``where`` it is), and how
    many moderate ones."""
    serious, moderate = [], 0
    for finding in tab.evaluate(_RUN, CONTRAST):
        if finding["impact"] in ("serious", "critical"):
            serious.append((*where, finding["id"], finding["nodes"]))
        moderate += finding["impact"] == "moderate"
    return serious, moderate


# Each house's languages a group of their own (xdist joins it to the one tests/conftest.py gives every
# browser module), so that the two houses may run on two workers, each with its Chromium.
HOUSE_LANGUAGES = [pytest.param(house, lang, marks=pytest.mark.xdist_group(f"browser-accessibility-{house}"))
                   for house in ("club", "casino") for lang in ("ro", "en", "fr", "es", "hr")]


@pytest.mark.parametrize("house, lang", HOUSE_LANGUAGES)
def test_axe_finds_nothing_serious_on_any_kind_of_page(tabs, server, built_site, project, house, lang):
    """Every kind of page of the house's language: nothing serious or critical in any mode, and at
    most half the moderate findings of before. The calculators start in the house's language of
    authority; in the others their runtime is kept from starting, and the failure is checked too."""
    if lang not in project.houses[house].book.languages:
        pytest.skip(f"{house} does not publish {lang}")
    turn = project.houses[house].book.languages.index(lang)
    runtime = lang == project.houses[house].book.house["official_language"]
    serious, moderate = [], 0
    kinds = _kinds(built_site, project, house, lang)
    assert len(kinds) >= 11, kinds
    for number, name in enumerate(kinds):
        mode = (number + turn) % len(MODES)
        _open(tabs[mode], server, built_site, f"{house}/{lang}/{name}", runtime)
        found, count = _audit(tabs[mode], (name, *MODES[mode]))
        serious += found
        moderate += count
    assert serious == []
    assert moderate <= MODERATE_BEFORE[house] // 2, moderate


def test_axe_finds_nothing_serious_on_the_root_pages(tabs, server, built_site):
    """The site's own home page (each house in its languages) and its page for a missing address, in
    every mode."""
    serious, moderate = [], 0
    for tab, mode in zip(tabs, MODES):
        for name in ("index.html", "404.html"):
            _open(tab, server, built_site, name, runtime=False)
            found, count = _audit(tab, (name, *mode))
            serious += found
            moderate += count
    assert serious == []
    assert moderate <= MODERATE_BEFORE["root"] // 2, moderate


PICTURES = ("showdown", "hand", "split", "seats", "betting", "chips", "rake", "show-order", "first-to-show", "table")


@pytest.mark.parametrize("house", ["club", "casino"])
def test_axe_sees_every_kind_of_picture(built_site, project, house):
    """The pages axe opens (a share of the parts in each language) hold a worked example's picture of
    every kind the house draws (rulebook/publish/site/svg.py), so each kind is audited in some mode."""
    book = project.houses[house].book
    seen, drawn = set(), set()
    for lang in book.languages:
        visited = set(_kinds(built_site, project, house, lang))
        for path in (built_site / house / lang).glob("*.html"):
            kinds = set(re.findall(r'class="rb-pic rb-pic-([a-z-]+)"', path.read_text(encoding="utf-8")))
            drawn |= kinds
            seen |= kinds if path.name in visited else set()
    assert drawn <= set(PICTURES) and seen == drawn, sorted(drawn - seen)
    assert len(drawn) >= (9 if house == "club" else 6), sorted(drawn)

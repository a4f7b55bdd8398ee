"""The five-language site: same rule anchors everywhere, local numbers, text-only translations."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulebook.i18n import LANGUAGES, po_path, read_catalog, write_catalog
from rulebook.model import load_rulebook
from rulebook.project import Project
from rulebook.site import build_all


@pytest.fixture(scope="module")
def site(built_site) -> Path:
    return built_site


def anchors(html: str) -> set[str]:
    return set(re.findall(r'id="([^"]+)"', html))


def test_every_language_has_every_page_with_the_same_rule_anchors(site):
    from tests.conftest import ROOT

    book = load_rulebook(ROOT / "rules")
    for lang in LANGUAGES:
        assert (site / lang / "index.html").exists()
        for part in book.parts:
            page = (site / lang / f"{part.id}.html").read_text(encoding="utf-8")
            assert re.search(rf'<html[^>]* lang="{lang}"', page)
            missing = {rule.id for rule in part.rules} - anchors(page)
            assert not missing, f"{lang}/{part.id}.html misses {missing}"


def test_numbers_are_formatted_for_each_locale(site):
    text = {lang: (site / lang / "rake.html").read_text(encoding="utf-8") for lang in LANGUAGES}
    assert "5%" in text["en"] and "5\u00a0%" in text["fr"] and "5\u00a0%" in text["ro"]
    assert "1/3, 2/2, and 2/5" in text["en"]
    assert "1/3, 2/2 și 2/5" in text["ro"] and "1/3, 2/2 et 2/5" in text["fr"]


def test_every_page_names_the_authoritative_language(site):
    names = {"ro": "română", "en": "Romanian", "fr": "roumain", "es": "rumano", "hr": "rumunjski"}
    for lang, name in names.items():
        for page in ("index.html", "rake.html"):
            assert name in (site / lang / page).read_text(encoding="utf-8"), (lang, page)


def test_root_page_offers_the_five_languages(site):
    root = (site / "index.html").read_text(encoding="utf-8")
    for lang in LANGUAGES:
        assert f'href="{lang}/index.html"' in root and (site / lang / "index.html").exists()


def test_a_translation_cannot_inject_markup(tree):
    path = po_path(tree, "fr")
    catalog = read_catalog(path, "fr")
    message = next(m for m in catalog if m.context == "no-flop-no-drop.text")
    message.string = "<script>alert(1)</script> .. raw:: html `lien <http://x>`_ **gras** :ref:`x`"
    message.flags.discard("fuzzy")
    write_catalog(path, catalog)
    build = tree / "_build"
    assert build_all(Project.load(tree), ("fr",), "html", build)  # past the gate, which rejects it
    html = (build / "site" / "fr" / "rake.html").read_text(encoding="utf-8")
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; .. raw:: html `lien &lt;http://x&gt;`_ **gras** :ref:`x`" in html
    assert "<strong>gras</strong>" not in html and 'href="http://x"' not in html


def _translate(tree: Path, lang: str, changes: dict[tuple[str | None, str], str]) -> None:
    path = po_path(tree, lang)
    catalog = read_catalog(path, lang)
    for (context, msgid), string in changes.items():
        entry = catalog.get(msgid, context)
        entry.string = string
        entry.flags.discard("fuzzy")
    write_catalog(path, catalog)


def test_an_incremental_build_is_never_stale(tree):
    """A part title and the switcher label appear on every page: one edit must reach them all."""
    build = tree / "_build"
    assert build_all(Project.load(tree), ("fr",), "html", build)
    part = next(m for m in read_catalog(po_path(tree, "fr"), "fr") if m.context == "rake.title")
    language = read_catalog(po_path(tree, "fr"), "fr").get("Language")
    _translate(tree, "fr", {("rake.title", part.id): "Rake MARQUETITRE", (None, "Language"): "Langue MARQUELANGUE"})
    assert build_all(Project.load(tree), ("fr",), "html", build)
    pages = [path for path in (build / "site" / "fr").rglob("*.html") if path.parent.name != "r"]
    assert len(pages) > 15
    for path in pages:
        html = path.read_text(encoding="utf-8")
        assert "MARQUELANGUE" in html and "MARQUETITRE" in html, path.name
    _translate(tree, "fr", {("rake.title", part.id): part.string, (None, "Language"): language.string})
    assert build_all(Project.load(tree), ("fr",), "html", build)
    stale = [path.name for path in (build / "site" / "fr").rglob("*.html")
             if "MARQUE" in path.read_text(encoding="utf-8")]
    assert stale == []

"""The five-language site: same rule anchors everywhere, local numbers, text-only translations."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import jsonschema
import pytest
from markupsafe import escape

from rulebook.i18n.catalogs import LANGUAGES, po_path, read_catalog, write_catalog
from rulebook.project import Project
from rulebook.publish.site import rules_json
from rulebook.publish.site.builds import build_all
from tests.conftest import article, edit, pdf_text


@pytest.fixture(scope="module")
def site(built_site) -> Path:
    return built_site


def anchors(html: str) -> set[str]:
    return set(re.findall(r'id="([^"]+)"', html))


def test_every_house_has_every_page_in_every_language_with_the_same_rule_anchors(site, project):
    """Every language the house publishes (``languages``: the shipped houses, all five), and no other."""
    for house_id, view in project.houses.items():
        assert sorted(path.name for path in (site / house_id).iterdir() if path.is_dir()) == sorted(view.book.languages)
        for lang in view.book.languages:
            assert (site / house_id / lang / "index.html").exists()
            for part in view.book.parts:
                page = (site / house_id / lang / f"{part.id}.html").read_text(encoding="utf-8")
                assert re.search(rf'<html[^>]* lang="{lang}"', page)
                missing = {rule.id for rule in part.rules} - anchors(page)
                assert not missing, f"{house_id}/{lang}/{part.id}.html misses {missing}"
                assert all((site / house_id / lang / "r" / f"{rule.id}.html").exists() for rule in part.rules)


def test_numbers_are_formatted_for_each_locale(site):
    text = {lang: (site / "club" / lang / "rake.html").read_text(encoding="utf-8") for lang in LANGUAGES}
    assert "5%" in text["en"] and "5\u00a0%" in text["fr"] and "5\u00a0%" in text["ro"]
    assert "1/3, 2/2 and 2/5" in text["en"]
    assert "1/3, 2/2 și 2/5" in text["ro"] and "1/3, 2/2 et 2/5" in text["fr"]


AUTHORITY = {  # the language of authority, named in each language
    "club": {"ro": "română", "en": "Romanian", "fr": "roumain", "es": "rumano", "hr": "rumunjski"},
    "casino": {"ro": "croată", "en": "Croatian", "fr": "croate", "es": "croata", "hr": "hrvatski"},
}


def test_every_page_names_its_house_and_its_language_of_authority(site, project):
    for house_id, names in AUTHORITY.items():
        book = project.houses[house_id].book
        for lang, name in names.items():
            for page in ("index.html", f"{book.parts[0].id}.html", "holdem-basics.html", "glossary.html"):
                text = article((site / house_id / lang / page).read_text(encoding="utf-8"))
                assert name in text, (house_id, lang, page)
            for path in (site / house_id / lang).glob("*.html"):   # the footer of every page
                assert str(escape(book.name_in(lang))) in path.read_text(encoding="utf-8"), (house_id, lang, path.name)


def test_no_page_of_one_house_speaks_of_the_other(site, project):
    """The club's pages never name Croatian or the room's rules; the room's never Romanian or the club's."""
    for house_id, other_id in (("club", "casino"), ("casino", "club")):
        other = project.houses[other_id].book
        own = {rule.id for rule in project.houses[house_id].book.rules}
        foreign_rules = {rule.id for rule in other.rules} - own
        for lang in LANGUAGES:
            foreign_language = AUTHORITY[other_id][lang]
            # The translation status lists the site's five languages (a build report, for the editors).
            for path in set((site / house_id / lang).glob("*.html")) - {site / house_id / lang / "status.html"}:
                html = path.read_text(encoding="utf-8")
                text = article(html)
                assert foreign_language.lower() not in text.lower(), (house_id, lang, path.name)
                assert other.name not in text or other.name in project.houses[house_id].book.name
                assert not any(f'id="{rule_id}"' in html or f"#{rule_id}\"" in html for rule_id in foreign_rules), \
                    (house_id, lang, path.name)


def test_root_page_offers_every_house_in_the_five_languages(site, project):
    """Each house in the languages it publishes (the shipped houses: the five), and in no other."""
    root = (site / "index.html").read_text(encoding="utf-8")
    for house_id, view in project.houses.items():
        assert str(escape(view.book.name)) in root
        for lang in LANGUAGES:
            offered = f'href="{house_id}/{lang}/index.html"' in root
            assert offered == (lang in view.book.languages), (house_id, lang)
            assert not offered or (site / house_id / lang / "index.html").exists()


def test_a_translation_cannot_inject_markup(tree):
    path = po_path(tree, "fr")
    catalog = read_catalog(path, "fr")
    message = next(m for m in catalog if m.context == "no-flop-no-drop.text")
    message.string = "<script>alert(1)</script> .. raw:: html `lien <http://x>`_ **gras** :ref:`x`"
    message.flags.discard("fuzzy")
    write_catalog(path, catalog)
    build = tree / "_build"
    assert build_all(Project.load(tree), ("fr",), "html", build, ("club",))  # past the gate, which rejects it
    html = (build / "site" / "club" / "fr" / "rake.html").read_text(encoding="utf-8")
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
    """A part title and the switcher label appear on every page: one edit must reach them all, alone
    (a title is part of what every page shows) or with nothing but its letters changed (a page of the
    same size is still a new page); a part the house no longer publishes is gone, with its rules'
    permanent addresses."""
    build = tree / "_build"
    folder = build / "site" / "club" / "fr"

    def rebuilt() -> dict[str, str]:
        assert build_all(Project.load(tree), ("fr",), "html", build, ("club",))
        return {str(path.relative_to(folder)): path.read_text(encoding="utf-8") for path in folder.rglob("*.html")
                if path.parent.name != "r"}

    rebuilt()
    part = next(m for m in read_catalog(po_path(tree, "fr"), "fr") if m.context == "rake.title")
    language = read_catalog(po_path(tree, "fr"), "fr").get("Language")
    for title in ("Rake MARQUETITRE", "Rake MARQUETITR2"):   # the second, of the same length
        _translate(tree, "fr", {("rake.title", part.id): title})
        pages = rebuilt()
        assert len(pages) >= 15   # eleven parts, the home page, the glossary, search and the index
        assert [name for name, html in pages.items() if title not in html] == []
    _translate(tree, "fr", {(None, "Language"): "Langue MARQUELANGUE"})
    pages = rebuilt()
    assert [name for name, html in pages.items() if "MARQUELANGUE" not in html or "MARQUETITR2" not in html] == []
    removed = Project.load(tree).houses["club"].book.parts[-1]
    edit(tree / "houses" / "club" / "house.yaml", f"  - {removed.id}\n", "")
    _translate(tree, "fr", {("rake.title", part.id): part.string, (None, "Language"): language.string})
    pages = rebuilt()
    assert [name for name, html in pages.items() if "MARQUE" in html] == []
    assert f"{removed.id}.html" not in pages and len(pages) >= 14
    assert not any((folder / "r" / f"{rule.id}.html").exists() for rule in removed.rules)


def test_a_partial_build_keeps_everything_else_published(tree):
    """Rebuilding one house in one language leaves every page of the others as it was."""
    project = Project.load(tree)
    build = tree / "_build"
    assert build_all(project, ("ro",), "html", build, ("club",))
    assert build_all(project, ("fr",), "html", build)
    before = {path.relative_to(build / "site") for path in (build / "site").rglob("*") if path.is_file()}
    assert build_all(project, ("fr",), "html", build, ("casino",))
    after = {path.relative_to(build / "site") for path in (build / "site").rglob("*") if path.is_file()}
    assert after == before and len([p for p in after if p.parts[:2] == ("club", "ro")]) > 100


def test_the_strings_of_rules_a_house_never_shows_redo_nothing_of_that_house(tree):
    """Every French string of the rules the casino shows nowhere, changed: the casino's French inputs
    are the same (its jobs are skipped), its French site made again from them is the same files, and
    one string it does show changes its inputs (as every change to a rule the club shows changes the club's)."""
    import shutil

    from rulebook.publish.machinery.inputs import inputs_of, unshown_contexts

    build = tree / "_build"
    project = Project.load(tree)
    unshown = unshown_contexts(project)["casino"]
    assert len(unshown) > 100 and "rake-split-pot.text" in unshown   # the club's split-pot rake rule
    assert "rake-split-pot.text" not in unshown_contexts(project)["club"]
    assert build_all(project, ("fr",), "html", build, ("casino",))
    site = build / "site" / "casino" / "fr"
    before = {path.relative_to(site): path.read_bytes() for path in site.rglob("*") if path.is_file()}
    catalog = read_catalog(po_path(tree, "fr"), "fr")
    changed = [message for message in catalog if message.context in unshown and message.string]
    for message in changed:
        message.string = message.string[0].swapcase() + message.string[1:]
    write_catalog(po_path(tree, "fr"), catalog)
    edited = Project.load(tree)
    assert len(changed) > 100
    assert inputs_of(edited, "casino", ("fr",)) == inputs_of(project, "casino", ("fr",))
    assert inputs_of(edited, "club", ("fr",)) != inputs_of(project, "club", ("fr",))
    shutil.rmtree(build / "stamps")   # made again, as if nothing had been published
    assert build_all(edited, ("fr",), "html", build, ("casino",))
    after = {path.relative_to(site): path.read_bytes() for path in site.rglob("*") if path.is_file()}
    assert sorted(after) == sorted(before)
    assert [str(name) for name in before if after[name] != before[name]] == []
    casino_rule = project.houses["casino"].book.rules[0].text
    shown = catalog.get(casino_rule.text, casino_rule.context)
    shown.string = shown.string[0].swapcase() + shown.string[1:]
    write_catalog(po_path(tree, "fr"), catalog)
    assert inputs_of(Project.load(tree), "casino", ("fr",)) != inputs_of(edited, "casino", ("fr",))


def test_a_build_with_nothing_changed_runs_no_sphinx_and_publishes_the_same(tree):
    """The stamp of a published build lets the next one skip Sphinx only while every input is equal."""
    build = tree / "_build"
    project = Project.load(tree)
    assert build_all(project, ("fr",), "html", build, ("club",))
    written = build / "work" / "html" / "club" / "fr" / "searchindex.js"   # Sphinx rewrites it on every run
    before = written.stat().st_mtime_ns
    published = (build / "site" / "club" / "fr" / "rake.html").read_bytes()
    assert build_all(Project.load(tree), ("fr",), "html", build, ("club",))
    assert written.stat().st_mtime_ns == before                       # Sphinx did not run
    assert (build / "site" / "club" / "fr" / "rake.html").read_bytes() == published
    _translate(tree, "fr", {("rake.title", next(m.id for m in read_catalog(po_path(tree, "fr"), "fr")
                                                 if m.context == "rake.title")): "Rake MARQUE"})
    assert build_all(Project.load(tree), ("fr",), "html", build, ("club",))
    assert "Rake MARQUE" in (build / "site" / "club" / "fr" / "rake.html").read_text(encoding="utf-8")


def test_the_whole_published_output_built_again_is_the_same_files(site, project):
    """`make site` run again with nothing changed prints and writes nothing: every published file
    (site, cards, PDFs and what each offers for download) is the very file it was. A printed rulebook
    that listed a file printed from itself (its short form, its redline) would change it at every print,
    and no build would ever be a no-op."""
    from rulebook.publish.build import build_site

    build = site.parent

    def files() -> dict[Path, int]:
        return {path.relative_to(build): path.stat().st_ino
                for kind in ("site", "cards", "pdf") for path in (build / kind).rglob("*") if path.is_file()}

    before = files()
    assert build_site(project, LANGUAGES, build)
    after = files()
    assert after == before, sorted(str(path) for path in after.keys() | before.keys() if after.get(path) != before.get(path))[:10]


def test_unchanged_sources_skip_even_the_rendering_and_an_edit_is_still_seen(tree, monkeypatch):
    """Sources judged by name, size and time (older than two seconds, like git's racy check): equal,
    the build renders no page; one catalog edited, its page is rebuilt."""
    import os
    import time

    from rulebook.publish.site.render import PageRenderer

    old = time.time() - 100
    def age(seconds: float) -> None:
        for path in tree.rglob("*"):
            if path.is_file() and "_build" not in path.parts:
                os.utime(path, (old + seconds, old + seconds))
    age(0)
    build = tree / "_build"
    assert build_all(Project.load(tree), ("fr",), "html", build, ("club",))
    def no_rendering(*args, **kwargs):
        raise AssertionError("rendered pages although no source changed")
    monkeypatch.setattr(PageRenderer, "pages", no_rendering)
    assert build_all(Project.load(tree), ("fr",), "html", build, ("club",))
    monkeypatch.undo()
    part = next(m for m in read_catalog(po_path(tree, "fr"), "fr") if m.context == "rake.title")
    _translate(tree, "fr", {("rake.title", part.id): "Rake VU"})
    age(1)
    assert build_all(Project.load(tree), ("fr",), "html", build, ("club",))
    assert "Rake VU" in (build / "site" / "club" / "fr" / "rake.html").read_text(encoding="utf-8")


def test_heading_links_and_on_this_page_use_the_ids_every_language_shares(site, project):
    """The ¶ beside each heading and each "On this page" link name the rule or section id, never a slug
    of the translated title, so an address copied in one language opens the same rule in another."""
    for house_id, view in project.houses.items():
        book = view.book
        stable = {part.id for part in book.parts} | {s.id for part in book.parts for s in part.sections} \
            | {rule.id for rule in book.rules}
        for part in book.parts:
            seen = {}
            for lang in book.languages:
                html = (site / house_id / lang / f"{part.id}.html").read_text(encoding="utf-8")
                permalinks = re.findall(r'class="headerlink" href="#([^"]+)"', html)
                on_this_page = re.findall(r'class="reference internal" href="#([^"]+)"', html)
                assert permalinks and on_this_page, (house_id, lang, part.id)
                assert set(permalinks) <= stable and set(on_this_page) <= stable, (house_id, lang, part.id)
                seen[lang] = (permalinks, on_this_page)
            assert all(links == seen[book.languages[0]] for links in seen.values()), (house_id, part.id)


MACHINERY = re.compile(r"\d{3}_[0-9a-f]{16}\.txt|&gt;&gt;&gt;|>>>|Translation status|Editorial note")


def test_the_readers_edition_shows_no_machinery_and_the_editors_edition_shows_it_all(site, project, tree):
    """Readers see rules and worked examples; the editors see, beside each rule, its source and
    excerpt, the editorial notes, the doctests and the translation status."""
    for house_id in project.houses:
        for lang in LANGUAGES:
            folder = site / house_id / lang
            assert not (folder / "status.html").exists()
            assert not list(folder.rglob("_sources")), (house_id, lang)   # Sphinx's empty folder is not published
            for path in folder.glob("*.html"):
                found = MACHINERY.search(path.read_text(encoding="utf-8"))
                assert found is None, (house_id, lang, path.name, found and found.group())
    build = tree / "_build"
    assert build_all(Project.load(tree), ("en",), "review", build, ("club",))
    review = build / "review" / "club" / "en"
    rake = (review / "rake.html").read_text(encoding="utf-8")
    assert "Source: 000_04a66977b465c41b.txt" in rake and '<span class="gp">&gt;&gt;&gt; </span>' in rake
    assert "Editorial note:" in rake and "ÎNTOTDEAUNA 5%" in rake        # a note, and the excerpt verbatim
    assert '<p class="source-excerpt" lang="ro">' in rake                 # quoted in its own language
    assert '<ul class="note-source simple" lang="ro">' in rake            # and so are the notes' sources
    assert "Translation status" in (review / "status.html").read_text(encoding="utf-8")


def _rule_index(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("RuleSearch.setIndex(") and text.endswith(");\n")
    return json.loads(text[len("RuleSearch.setIndex("):-3])


def test_the_searchs_rule_index_holds_every_rule_once_and_no_machinery(site, project):
    """The rules the search ranks: each published rule once, under the page that holds it (its
    anchor is there), with its title and text as readers see them and readers' words about it in the
    language, never a build message."""
    reports = re.compile(r"\((?:INFO|WARNING|ERROR)/\d\)|\.rst:\d|" + MACHINERY.pattern)
    for house_id, view in project.houses.items():
        for lang in view.book.languages:
            folder = site / house_id / lang
            index = _rule_index(folder / "_static" / "rule_index.js")
            found = [(page, entry["id"]) for page, entries in index["pages"] for entry in entries if entry["id"]]
            assert sorted(found) == sorted((part.id, rule.id) for part in view.book.parts for rule in part.rules
                                           if not rule.see)   # a reference: the search lists the rule it leads to
            assert [page for page, _ in index["pages"]][:len(view.book.parts)] == [p.id for p in view.book.parts]
            for page, entries in index["pages"]:
                html = (folder / f"{page}.html").read_text(encoding="utf-8")
                for entry in entries:
                    assert entry["title"] and (not entry["id"] or f'id="{entry["id"]}"' in html), (page, entry)
                    words = " ".join(entry.get(key, "") for key in ("title", "section", "text", "examples", "about"))
                    # How readers of the language ask about the rule (the glossaries' asked), for the search.
                    asked = project.glossary.asked.get(lang, {}).get(entry["id"], ())
                    assert all(phrase in entry.get("about", "") for phrase in asked), (house_id, lang, entry)
                    assert reports.search(words) is None, (house_id, lang, page, entry["id"], reports.search(words))
            if lang == "en" and house_id == "club":
                straddle = next(entry for _, entries in index["pages"] for entry in entries
                                if entry["id"] == "straddle-amount")
                assert straddle["defines"] == "straddle, straddles, straddled"   # the glossary's rule for the term


def test_every_house_and_language_publishes_its_rules_as_data(site, project):
    """Each language's rules.json has its schema's shape (docs/rules.schema.json) and holds every rule
    the house publishes, in book order, each at its permanent address and in the words its page shows
    (the search's index reads them from the page: the rule's text, then its table's)."""
    schema = json.loads((project.root / "docs" / "rules.schema.json").read_text(encoding="utf-8"))
    for house_id, view in project.houses.items():
        for lang in view.book.languages:
            folder = site / house_id / lang
            data = json.loads((folder / rules_json.FILE).read_text(encoding="utf-8"))
            jsonschema.validate(data, schema)
            assert (data["house"]["id"], data["lang"]) == (house_id, lang)
            assert [rule["id"] for rule in data["rules"]] == [rule.id for rule in view.book.rules]
            index = {entry["id"]: entry for _, entries in _rule_index(folder / "_static" / "rule_index.js")["pages"]
                     for entry in entries if entry["id"]}
            for rule in data["rules"]:
                address = rule["url"].removeprefix(f"{(view.book.base_url or '').rstrip('/')}/")
                assert (site / address).is_file(), (house_id, lang, rule["url"])
                if rule["see"] is None:   # a rule stated elsewhere: the index holds the rule it leads to
                    words = " ".join(" ".join([rule["text"], *rule["items"]]).split())
                    assert index[rule["id"]]["title"] == rule["title"], (house_id, lang, rule["id"])
                    assert index[rule["id"]]["text"].startswith(words), (house_id, lang, rule["id"])


def test_the_searchs_rule_index_is_kept_between_builds(tree):
    """Sphinx re-reads only the page an edit touched: the rules it keeps for the other pages in its
    environment (``RuleIndexDomain``) are still all in the index, and the edited rule has its new text."""
    build = tree / "_build"
    assert build_all(Project.load(tree), ("fr",), "html", build, ("club",))
    index = build / "site" / "club" / "fr" / "_static" / "rule_index.js"
    doctrees = build / "doctrees" / "html" / "club" / "fr"
    before, read = _rule_index(index), {path.name: path.stat().st_mtime_ns for path in doctrees.glob("*.doctree")}
    rule = next(m for m in read_catalog(po_path(tree, "fr"), "fr") if m.context == "cash-betting-string-bet.text")
    _translate(tree, "fr", {(rule.context, rule.id): "Une mise en plusieurs gestes MARQUE."})
    assert build_all(Project.load(tree), ("fr",), "html", build, ("club",))
    again = [name for name, when in read.items() if (doctrees / name).stat().st_mtime_ns != when]
    assert again == ["cash-betting.doctree"], again
    after = _rule_index(index)
    assert [(page, [entry["id"] for entry in entries]) for page, entries in after["pages"]] == \
           [(page, [entry["id"] for entry in entries]) for page, entries in before["pages"]]
    edited = {entry["id"]: entry for _, entries in after["pages"] for entry in entries}["cash-betting-string-bet"]
    assert edited["text"] == "Une mise en plusieurs gestes MARQUE."


def test_the_rule_index_is_data_that_no_text_can_break_out_of():
    from rulebook.publish.site.rule_index import script

    hostile = "</script><script>alert(1)</script> \u2028 & \" ' `${x}`"
    text = script([("p", [{"id": "", "title": hostile, "text": hostile}])], {"rules": hostile, "pages": "P"})
    assert "<" not in text and ">" not in text and "\u2028" not in text
    data = json.loads(text[len("RuleSearch.setIndex("):-3])
    assert data == {"labels": {"rules": hostile, "pages": "P"}, "pages": [["p", [{"id": "", "title": hostile, "text": hostile}]]]}


THEME_ENGLISH = re.compile(r"Skip to content|Back to top|On this page|>\s*Next\s*<|>\s*Previous\s*<|Link to this heading"
                           r"|Toggle (?:site navigation|table of contents|Light)")


def test_the_themes_own_words_are_in_the_readers_language(site, project):
    for house_id in project.houses:
        for lang in LANGUAGES:
            if lang == "en":
                continue
            for path in (site / house_id / lang).glob("*.html"):
                found = THEME_ENGLISH.search(path.read_text(encoding="utf-8"))
                assert found is None, (house_id, lang, path.name, found and found.group())


def test_cards_are_written_as_symbols_in_every_language(site):
    for lang in LANGUAGES:
        text = article((site / "club" / lang / "holdem-hand-rankings.html").read_text(encoding="utf-8"))
        assert "10\u2665" in text and "A\u2660" in text, lang
        # (not "As": the ace of spades is spelled like the Romanian word for the ace)
        assert re.search(r"(?<![\w/])(?:[2-9TJQK][shdc]|A[hdc])(?!\w)", text) is None, lang


def test_every_page_has_an_icon_that_exists(site, project):
    assert 'rel="icon" href="favicon.svg"' in (site / "index.html").read_text(encoding="utf-8")
    assert (site / "favicon.svg").is_file()
    for house_id in project.houses:
        for lang in LANGUAGES:
            for path in (site / house_id / lang).glob("*.html"):
                icon = re.search(r'<link rel="(?:shortcut )?icon" href="([^"]+)"', path.read_text(encoding="utf-8"))
                # an address from the server's root (the 404 page's) is from the site's root
                where = site / icon.group(1).lstrip("/") if icon and icon.group(1).startswith("/") else \
                    path.parent / (icon.group(1) if icon else "")
                assert icon and where.is_file(), (house_id, lang, path.name)


def test_every_page_says_which_edition_it_is_and_since_when(site, project):
    from rulebook.reading import Reading

    for house_id, view in project.houses.items():
        book = view.book
        assert book.edition == 1 and book.effective is not None
        for lang in book.languages:
            day = Reading.of(project, house_id, lang).fmt.long_date(book.effective)   # as written where it is
            for page in ("index.html", f"{book.parts[0].id}.html", "glossary.html"):
                text = unescape(" ".join(article((site / house_id / lang / page).read_text(encoding="utf-8")).split()))
                assert day in text and book.name_in(lang) in text, (house_id, lang, page)
            for path in (site / house_id / lang).glob("*.html"):   # and at the foot of every page
                foot = re.search(r'<p class="rulebook-footer">(.*?)</p>', path.read_text(encoding="utf-8"), re.S)
                line = foot and unescape(re.sub(r"<br>", " ", foot.group(1)))
                assert line and day in line and book.name_in(lang) in line, path
                if book.copyright:   # optional: the line after © (a house without one shows no ©)
                    assert f"\u00a9 {book.copyright}" in line, path
                else:
                    assert "\u00a9" not in line, path
    assert all(project.houses[house_id].book.copyright.startswith("2026") for house_id in ("club", "casino"))


def test_the_hand_rankings_page_opens_with_the_engines_chart_in_every_language(site, project):
    from pokerrules import hands

    for lang in LANGUAGES:
        html = (site / "club" / lang / "holdem-hand-rankings.html").read_text(encoding="utf-8")
        chart = re.search(r'<table class="hand-ranks[^"]*">(.*?)</table>', html, re.S)
        assert chart, lang
        rows = re.findall(r"<tr[^>]*>(.*?)</tr>", chart.group(1), re.S)[1:]
        names = [re.sub(r"<[^>]+>", "", re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)[1]).strip() for row in rows]
        words = project.translations(lang)
        from rulebook.i18n.vocabulary import show_word
        assert names == [show_word(c, words.gettext) for c in reversed(hands.CATEGORIES)], lang
        assert "10\u2660 9\u2665 8\u2666 7\u2663 6\u2660" in re.sub(r"<[^>]+>", "", chart.group(1))
        # hearts and diamonds in red, spades and clubs not
        assert '<span class="suit-red">9\u2665</span>' in chart.group(1), lang
        assert '<span class="suit-red">8\u2666</span>' in chart.group(1), lang
        assert not re.search(r'class="suit-red">[^<]*[\u2660\u2663]', html), lang


def test_the_downloads_page_offers_the_rulebook_and_every_card_from_inside_the_site(site, project):
    """Linked from the home page; each link a file of the site's own downloads folder, with its size
    in the reader's language; the rulebook in the page's language, every stakes' card and sheet (the link
    to what changed, where there is an edition to compare with: tests/test_changes.py)."""
    from rulebook.publish.print.downloads import card_file, sheet_file
    from rulebook.reading import Reading

    for house_id, view in project.houses.items():
        book = view.book
        for lang in book.languages:
            folder = site / house_id / lang
            assert 'href="downloads.html"' in (folder / "index.html").read_text(encoding="utf-8"), (house_id, lang)
            html = (folder / "downloads.html").read_text(encoding="utf-8")
            links = [link for link in re.findall(r'<a class="reference external" href="([^"]+)">', html)
                     if link != "changes.html"]
            wanted = {f"downloads/rulebook-{lang}.pdf"}
            if book.runs_cash_games:   # each file named as its stakes are ("PLO 1/2": card-plo-1-2.pdf)
                wanted |= {f"downloads/{name(row)}" for row in book.house["stakes"] for name in (card_file, sheet_file)}
            assert wanted <= set(links), (house_id, lang, wanted - set(links))
            fmt = Reading.of(project, house_id, lang).fmt    # sizes as numbers are written where the house is
            text = unescape(article(html))
            for link in links:
                path = folder / link
                assert path.is_file() and path.read_bytes()[:5] == b"%PDF-", (house_id, lang, link)
                assert path.resolve().is_relative_to(site.resolve()), link     # served from inside the site
                assert fmt.file_size(path.stat().st_size) in text, (house_id, lang, link)


def test_no_printed_rulebook_or_card_shows_machinery(site, project):
    """What the floor prints is the reader's edition: no seed file name, no doctest, no build report,
    no editorial note, in any PDF the site offers."""
    printed = sorted(site.glob("*/*/downloads/*.pdf"))
    assert len(printed) >= 2 * len(LANGUAGES), printed
    plain = re.compile(MACHINERY.pattern.replace("&gt;&gt;&gt;|", ""))
    for path in printed:
        found = plain.search(pdf_text(path))
        assert found is None, (path.relative_to(site), found and found.group())


# The words of the club's currency in each language (its catalogs' plural forms of "{amount} leu").
LEI = re.compile(r"(?<!\w)(?:lei|leu|lej|leja|leji|leju|lejima)(?!\w)", re.IGNORECASE)


def test_the_casino_publishes_no_other_houses_money_and_no_cash_game_term(site, project):
    """The casino plays in chips: none of its pages or PDFs names lei, in any language, and its
    glossary lists no term of the club's cash games; the club's lists no chip race."""
    import subprocess

    for path in sorted((site / "casino").rglob("*.html")):
        found = LEI.search(unescape(article(path.read_text(encoding="utf-8"))))
        assert found is None, (path.relative_to(site), found and found.group())
    printed = sorted((site / "casino").glob("*/downloads/*.pdf"))
    assert printed
    for path in printed:
        text = subprocess.run(["pdftotext", "-q", str(path), "-"], capture_output=True, text=True, check=True).stdout
        found = LEI.search(text)
        assert found is None, (path.relative_to(site), found and found.group())
    terms = {term.id: term for term in project.glossary}
    for house, absent in (("casino", ("rake", "straddle", "missed-blind", "chop", "buy-in", "running-it-twice",
                                      "dead-money")), ("club", ("chip-race",))):
        for lang in LANGUAGES:
            glossary = unescape(article((site / house / lang / "glossary.html").read_text(encoding="utf-8")))
            for term in absent:
                pattern = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, terms[term].forms_in(lang))) + r")(?!\w)",
                                     re.IGNORECASE)
                assert not pattern.search(glossary), (house, lang, term)


def test_a_reprinted_file_of_the_same_size_is_offered_again(project, tmp_path):
    """The site's copy of the printed files is judged by their size and time: a reprint of the very
    same size (one digit of a card changed) still makes the site take the new file."""
    import os

    from rulebook.publish.print.downloads import downloads, fingerprint

    book = project.houses["club"].book
    printed = tmp_path / "pdf" / "club" / "rulebook-en.pdf"
    printed.parent.mkdir(parents=True)
    printed.write_bytes(b"%PDF- cap 20")
    os.utime(printed, ns=(1_000_000_000, 1_000_000_000))
    before = fingerprint(downloads(book, "en", tmp_path))
    printed.write_bytes(b"%PDF- cap 25")
    os.utime(printed, ns=(2_000_000_000, 2_000_000_000))
    assert fingerprint(downloads(book, "en", tmp_path)) != before

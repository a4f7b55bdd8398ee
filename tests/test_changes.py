"""Editions in git and what changed between them: the CLI's report and each language's changes page.

A temporary git repository holds a copy of the project as edition 1 (tagged by `rulebook edition
tag`), then edition 2: the club's low rake tier (NLH 1/3, PLO 2/2, NLH 2/5, one cap in the club's
document) raised from 20 to 25 lei (and the worked examples that state it), one rule reworded in every language, one rule added and one removed.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from datetime import date
from html import unescape
from pathlib import Path

import pytest

from tests.conftest import ROOT, article, article_html, broken_links, copy_sources, edit, expanded, one_line, pdf_text, \
    print_as_make_site_does, run_rulebook, set_translations

# One worker builds the two editions and their site once for every test here.
pytestmark = pytest.mark.xdist_group("editions")

GIT_ENV = {"GIT_AUTHOR_NAME": "Editor", "GIT_AUTHOR_EMAIL": "editor@example.org", "GIT_COMMITTER_NAME": "Editor",
           "GIT_COMMITTER_EMAIL": "editor@example.org", "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}

OLD_WORDING = "The cap is the most rake the house takes from one hand, however large the pot."
NEW_WORDING = "The cap is the largest rake the house takes from a single hand, whatever the size of the pot."
# The reworded rule and the added rule, in every language (the gate checks each against the glossary).
TRANSLATIONS = {
    "ro": {"rake-cap-definition.text": "Cap-ul este cel mai mare rake pe care casa îl ia dintr-o singură mână, "
                                       "indiferent de mărimea potului.",
           "rake-on-request.title": "Rake-ul unui pot se arată la cerere",
           "rake-on-request.text": "Dealerul arată oricărui jucător care întreabă cât rake s-a luat dintr-un pot."},
    "fr": {"rake-cap-definition.text": "Le plafond est le plus grand rake que la salle prélève sur une seule main, "
                                       "quelle que soit la taille du pot.",
           "rake-on-request.title": "Le rake d’un pot est montré sur demande",
           "rake-on-request.text": "Le croupier montre à tout joueur qui le demande combien de rake a été prélevé "
                                   "sur un pot."},
    "es": {"rake-cap-definition.text": "El tope es el mayor rake que la casa cobra en una sola mano, sea cual sea "
                                       "el tamaño del bote.",
           "rake-on-request.title": "El rake de un bote se muestra a petición",
           "rake-on-request.text": "El crupier muestra a cualquier jugador que lo pida cuánto rake se ha cobrado "
                                   "de un bote."},
    "hr": {"rake-cap-definition.text": "Cap je najveći iznos rakea koji kuća uzima iz samo jednog handa, bez obzira "
                                       "na veličinu pota.",
           "rake-on-request.title": "Rake iz pota pokazuje se na zahtjev",
           "rake-on-request.text": "Dealer svakom igraču koji to zatraži pokaže koliko je rakea uzeto iz pota."},
}
NEW_RULE = """\
      - id: rake-on-request
        title: The rake of a pot is shown on request
        source: "RAKE:"
        excerpt: "(*cap = maxim)"     # the gate finds every rule's excerpt in the club's document
        text: >-
          The dealer shows any player who asks how much rake was taken from a pot.

      - id: rake-cap-by-players
"""
# The cap, old and new, as each language's pages write it.
CAPS = {"ro": ("20 de lei", "25 de lei"), "en": ("20 lei", "25 lei"), "fr": ("20 lei", "25 lei"),
        "es": ("20 lei", "25 lei"), "hr": ("20 leja", "25 leja")}


def git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True,
                          env={**os.environ, **GIT_ENV}, check=True)
    return done.stdout


def commit(repo: Path, message: str) -> None:
    git(repo, "add", "rules", "houses", "locales", "executable_examples", "templates", "rulebook", "conf.py")
    git(repo, "commit", "-q", "-m", message)


def first_edition(repo: Path) -> Path:
    """The project copied into a new git repository and committed, edition 1 untagged."""
    copy_sources(repo)
    (repo / ".gitignore").write_text("_build/\n", encoding="utf-8")
    git(repo, "init", "-q")
    commit(repo, "edition 1")
    return repo


def translate(repo: Path) -> None:
    """Give every new or reworded entry its translation, as a translator would after update-po."""
    set_translations(repo, TRANSLATIONS)


def second_edition(repo: Path) -> None:
    """Edition 2 of the club: a cap, a reworded rule, an added and a removed rule."""
    house = repo / "houses" / "club" / "house.yaml"
    edit(house, "edition: 1 ", "edition: 2 ")
    edit(house, 'effective: "2026-12-01"', 'effective: "2027-03-01"')
    # One cap for the stakes of the low tier (the rules name them together): raised for all three.
    edit(house, "rake: {percent: 5 %, cap: 20 RON, short_handed_cap: 10 RON, split_pot_cap: 10 RON}",
         "rake: {percent: 5 %, cap: 25 RON, short_handed_cap: 10 RON, split_pot_cap: 10 RON}", count=3)
    examples = repo / "executable_examples" / "rake.yaml"   # the examples that work with the 1/3 cap
    edit(examples, "      low_rake: 20 money", "      low_rake: 25 money")
    edit(examples, "      side_rake: 10 money\n      side_rake_high: 20 money", "      side_rake: 15 money\n      side_rake_high: 20 money")
    edit(examples, "      main_rake: 20 money\n      main_rake_high: 30 money", "      main_rake: 25 money\n      main_rake_high: 30 money")
    rake = repo / "rules" / "rake.yaml"
    edit(rake, "The cap is the most rake the house takes from one hand, however large\n          the pot.",
         "The cap is the largest rake the house takes from a single hand, whatever\n          the size of the pot.")
    edit(rake, "      - id: rake-cap-by-players\n", NEW_RULE)
    text = rake.read_text(encoding="utf-8")
    removed = re.search(r"      - id: auto-straddle-third-blind\n.*?\n\n(?=      - id: )", text, re.S)
    rake.write_text(text.replace(removed.group(0), ""), encoding="utf-8")
    edit(repo / "rules" / "cash-straddle.yaml", "rules: [straddle-amount, auto-straddle-third-blind]",
         "rules: [straddle-amount]")
    # The editor reads again the notes about the rules this edition changed, and confirms them.
    assert run_rulebook(repo, "notes", "confirm", "--all").returncode == 0
    for command in ("gettext", "update-po"):
        assert run_rulebook(repo, command).returncode == 0
    translate(repo)
    gate = run_rulebook(repo, "check")
    assert gate.returncode == 0, gate.stdout
    commit(repo, "edition 2")


@pytest.fixture(scope="module")
def editions(tmp_path_factory) -> Path:
    """A repository with the club's edition 1 tagged and edition 2 committed on top."""
    repo = first_edition(tmp_path_factory.mktemp("editions"))
    tagged = run_rulebook(repo, "edition", "tag", "club")
    assert tagged.returncode == 0, tagged.stderr
    second_edition(repo)
    return repo


def read_here(kind: str, name: str) -> bool:
    """The edition's printed files these tests read: each language's redline and table cards (one face
    each: not their sheets, nor the print shop's pages), the two-sided card of the 1/3 stakes, and the
    rulebook in English and Croatian. Printing is most of a build's time; what no test reads is left
    unprinted (the site then offers only what was printed, as it always does)."""
    if kind == "pdf":
        return "/redline-" in name or name in ("club/rulebook-en.pdf", "club/rulebook-hr.pdf")
    folder, file = name.rsplit("/", 1)
    return "sheet" not in file and not folder.endswith("/press") and (not folder.endswith("-en") or file == "card-1-3.pdf")


@pytest.fixture(scope="module")
def edition_build(editions, tmp_path_factory) -> Path:
    """The club's edition 2 as `make site` publishes it, in every language: cards, PDFs and site
    (of the printed files, those the tests read: ``read_here``)."""
    from rulebook.publish.print import printing
    from rulebook.i18n.catalogs import LANGUAGES
    from rulebook.project import Project
    from rulebook.publish.build import build_site

    build = tmp_path_factory.mktemp("editions-build")
    write = printing._write_pages

    def only_what_is_read(project, build, kind, house_id, label, pages, *args, **kwargs):
        return write(project, build, kind, house_id, label,
                     {name: html for name, html in pages.items() if read_here(kind, name)}, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:   # the print jobs are forked from here: they print the same
        patch.setattr(printing, "_write_pages", only_what_is_read)
        assert build_site(Project.load(editions), LANGUAGES, build, ("club",))
    return build


@pytest.fixture(scope="module")
def changes_site(edition_build) -> Path:
    """The club's site of edition 2, in every language."""
    return edition_build / "site" / "club"


def test_edition_tag_records_the_house_edition(editions):
    assert git(editions, "tag", "--list").split() == ["club/edition-1"]
    assert git(editions, "rev-parse", "club/edition-1^{commit}") == git(editions, "rev-parse", "HEAD~1")
    again = run_rulebook(editions, "edition", "tag", "club")   # edition 2 is not tagged yet: it may be
    assert again.returncode == 0 and "club/edition-2" in again.stdout
    twice = run_rulebook(editions, "edition", "tag", "club")
    assert twice.returncode == 2 and twice.stderr.count("\n") == 1 and "exists already" in twice.stderr
    git(editions, "tag", "-d", "club/edition-2")


def test_changes_text_report(editions):
    report = run_rulebook(editions, "changes", "--since", "club/edition-1", "--house", "club")
    assert report.returncode == 0, report.stderr
    lines = report.stdout.splitlines()
    assert lines[0] == "club (en): edition 1 (2026-12-01) at club/edition-1 -> edition 2 (2027-03-01): 10 change(s)"
    # Each rule with the number it is cited by (the rake is the third part), and its former one
    # where the edition moved it: the added and removed rules renumber the rake part.
    def one(pattern: str) -> str:
        found = [line for line in lines if re.fullmatch(pattern, line)]
        assert len(found) == 1, (pattern, lines)
        return found[0]

    one(r"  added     rake-on-request \(rake\) 3\.\d+: The rake of a pot is shown on request")
    one(r"  removed   auto-straddle-third-blind \(rake\) 3\.\d+: An automatic straddle counts as a third blind")
    one(r"  changed   rake-cap-definition \(rake\) 3\.\d+: What the cap is")
    moved = one(r"  renumbered rake-cap-by-players \(rake\) 3\.(\d+), was 3\.(\d+): .*")
    new, old = re.fullmatch(r".* 3\.(\d+), was 3\.(\d+):.*", moved).groups()
    assert new != old
    assert ("            text: The cap is the [-most-] {+largest+} rake the house takes from [-one-] {+a single+} "
            "hand, [-however large-] {+whatever the size of+} the pot.") in lines
    assert "  parameter stakes[nlh-low].rake.cap: Rake cap (NLH 1/3): 20 lei -> 25 lei" in lines
    quoted = lines[lines.index("  parameter stakes[nlh-low].rake.cap: Rake cap (NLH 1/3): 20 lei -> 25 lei") + 1]
    assert quoted == "            quoted by: rake-rate, rake-cap-by-players, deal-twice-rake, rake-bands"
    assert lines[lines.index(quoted) + 1] == "            on cards: NLH 1/3, Rake"   # its table card and the rake card
    assert lines[-3:] == [
        "  example   main-and-side-pot-201-782 (rule rake-main-and-side-pots): side_rake: 10 lei -> 15 lei",
        "  example   main-and-side-pot-629-450 (rule rake-main-and-side-pots): main_rake: 20 lei -> 25 lei",
        "  example   rake-capped-by-stakes (rule rake-rate): low_rake: 20 lei -> 25 lei"]
    romanian = run_rulebook(editions, "changes", "--since", "club/edition-1", "--house", "club", "--lang", "ro")
    assert "Cap-ul de rake (NLH 1/3): 20 de lei -> 25 de lei" in romanian.stdout


def test_changes_json_report(editions):
    report = run_rulebook(editions, "changes", "--since", "club/edition-1", "--format", "json", "--lang", "fr")
    assert report.returncode == 0, report.stderr
    data = json.loads(report.stdout)
    from rulebook.project import Project

    houses = {house["house_id"]: house for house in data["houses"]}
    assert len(houses) == len(data["houses"]) and set(houses) == set(Project.load(editions).houses)   # each house once
    club, casino = houses["club"], houses["casino"]
    assert (club["previous_edition"], club["edition"], club["effective"]) == (1, 2, "2027-03-01")
    kinds = {change["rule_id"]: change["kind"] for change in club["rules"]}
    assert kinds == {"rake-on-request": "added", "auto-straddle-third-blind": "removed", "rake-cap-definition": "changed",
                     "rake-cap-by-players": "renumbered"}
    moved = next(change for change in club["rules"] if change["kind"] == "renumbered")
    assert moved["old_number"] != moved["new_number"] and moved["old_text"] is None
    changed = next(change for change in club["rules"] if change["kind"] == "changed")
    assert changed["new_text"] == TRANSLATIONS["fr"]["rake-cap-definition.text"]
    assert [(p["path"], p["old_value"], p["new_value"]) for p in club["parameters"]] == [
        ("stakes[nlh-low].rake.cap", 20, 25), ("stakes[plo-low].rake.cap", 20, 25), ("stakes[nlh-middle].rake.cap", 20, 25)]
    cap = club["parameters"][0]
    assert (cap["label"], cap["old"], cap["new"]) == ("Plafond du rake (NLH 1/3)", *CAPS["fr"])
    assert [rule["rule_id"] for rule in cap["rules"]] == ["rake-rate", "rake-cap-by-players", "deal-twice-rake",
                                                          "rake-bands"]
    assert cap["cards"] == ["NLH 1/3", "Rake"]
    capped = next(example for example in club["examples"] if example["example_id"] == "rake-capped-by-stakes")
    assert capped["results"] == [{"result": "low_rake", "old": "20 lei", "new": "25 lei"}]
    assert "25 lei" in capped["new_text"] and "20 lei" in capped["old_text"]
    assert len(club["examples"]) == 3
    assert (casino["rules"], casino["parameters"], casino["examples"]) == ([], [], [])


def test_mistakes_are_one_line(editions, tree):
    for root, args, words in (
            (editions, ("changes", "--since", "no-such-ref"), "unknown git ref 'no-such-ref'"),
            (editions, ("changes", "--since=--output=x"), "unknown git ref '--output=x'"),
            (editions, ("changes", "--since", "club/edition-1", "--house", "riverside"), "no house 'riverside'"),
            (editions, ("edition", "tag", "riverside"), "no house 'riverside'"),
            (tree, ("changes", "--since", "HEAD"), "is not in a git repository"),
            (tree, ("edition", "tag", "club"), "not a git repository")):
        run = run_rulebook(root, *args)
        assert run.returncode == 2 and run.stdout == "" and run.stderr.count("\n") == 1 and words in run.stderr, run


@pytest.mark.parametrize("lang", ["ro", "en", "fr", "es", "hr"])
def test_changes_page_in_each_language(changes_site, lang):
    html = (changes_site / lang / "changes.html").read_text(encoding="utf-8")
    text = " ".join(article(html).split())
    old, new = CAPS[lang]
    assert re.search(rf"\(NLH 1/3\)\s*:?\s*{old}\s*→\s*{new}", text.replace("\u00a0", " ").replace("\u202f", " ")), text
    # and the cards it is printed on, named as the downloads page names them
    on_cards = {"ro": "Pe cartonașele de masă", "en": "On the table cards", "fr": "Sur les cartes de table",
                "es": "En las tarjetas de mesa", "hr": "Na stolnim karticama"}[lang]
    assert re.search(rf"{on_cards}\s*: NLH 1/3, Rake", text.replace("\u00a0", " ")), text
    # the reworded rule as a redline: deleted and inserted words marked apart, and linked to the rule
    assert html.count("<del") >= 3 and html.count("<ins") >= 3
    assert 'href="rake.html#rake-cap-definition"' in html and 'href="rake.html#rake-on-request"' in html
    assert 'id="changed-rake-cap-definition"' in html and 'id="added-rake-on-request"' in html
    assert 'id="removed-auto-straddle-third-blind"' in html
    # the reworded rule's redline: its inserted words are the language's new wording, its deleted the old
    entry = html[html.index('id="changed-rake-cap-definition"'):]
    entry = entry[:entry.index("</section>")]
    marked = {tag: " ".join(re.findall(rf'<{tag} class="redline"><span class="visually-hidden">[^<]*</span>([^<]*)</{tag}>',
                                      entry)).split() for tag in ("del", "ins")}
    wording = TRANSLATIONS.get(lang, {}).get("rake-cap-definition.text", NEW_WORDING).split()
    assert marked["ins"] and all(word in wording for word in marked["ins"])
    assert marked["del"] and not all(word in wording for word in marked["del"])
    for linking in ("index.html", "downloads.html"):   # found from the home page and the downloads page
        assert 'href="changes.html"' in (changes_site / lang / linking).read_text(encoding="utf-8"), linking


def test_changed_and_new_rules_are_marked(changes_site):
    for lang in ("ro", "en", "fr", "es", "hr"):
        rake = (changes_site / lang / "rake.html").read_text(encoding="utf-8")
        assert rake.count('href="changes.html#changed-rake-cap-definition"') == 1
        assert rake.count('href="changes.html#added-rake-on-request"') == 1
        assert "changes.html#" not in rake.replace('changes.html#changed-rake-cap-definition', "").replace(
            'changes.html#added-rake-on-request', "")
    english = (changes_site / "en" / "rake.html").read_text(encoding="utf-8")
    assert "Changed in edition 2" in english and "New in edition 2" in english


def test_the_text_builder_builds_every_page_the_changes_page_included(editions, tmp_path):
    """Every builder the CLI offers writes the extension's nodes: a text build of one house in one
    language writes every page, and the changes page says in words which were deleted and inserted
    (not that they are struck through and underlined, as the HTML shows them)."""
    built = run_rulebook(editions, "site", "--builder", "text", "--house", "club", "--lang", "en",
                         "--build-dir", str(tmp_path))
    assert built.returncode == 0, built.stderr
    out = tmp_path / "work" / "text" / "club" / "en"
    sources = {page.stem for page in (tmp_path / "src" / "club" / "en").glob("*.rst")}
    assert "changes" in sources and {page.stem for page in out.glob("*.txt")} == sources
    changes = " ".join((out / "changes.txt").read_text(encoding="utf-8").split())
    assert "The cap is the [deleted: most] [inserted: largest] rake the house takes from [deleted: one] " \
           "[inserted: a single] hand," in changes, changes
    assert "New rules ========= The rake of a pot is shown on request" in changes
    assert "struck through" not in changes   # what the HTML and the PDF show, said only there


@pytest.fixture(scope="module")
def one_edition(tmp_path_factory) -> Path:
    """A repository of the project with one edition, untagged (the tests build from it, elsewhere)."""
    return first_edition(tmp_path_factory.mktemp("one-edition"))


def test_a_single_edition_clone_builds(one_edition, tmp_path):
    """No tag: the changes page says this is the first edition, and `changes` against HEAD finds nothing."""
    from rulebook.project import Project
    from rulebook.publish.site.builds import build_all

    repo = one_edition
    assert build_all(Project.load(repo), ("en", "ro"), "html", tmp_path / "build", ("club",))
    english = article((tmp_path / "build" / "site" / "club" / "en" / "changes.html").read_text(encoding="utf-8"))
    assert "This is the first edition of these rules" in " ".join(english.split())
    assert "<del" not in english and "<ins" not in english
    assert not list((tmp_path / "build" / "site").rglob("edition"))      # no archive, no link to one
    assert "edition/" not in (tmp_path / "build" / "site" / "club" / "en" / "rake.html").read_text(encoding="utf-8")
    same = run_rulebook(repo, "changes", "--since", "HEAD", "--house", "club")
    assert same.returncode == 0 and same.stdout.splitlines()[0].endswith(": 0 change(s)")



def test_a_first_edition_prints_no_redline_and_no_changes_page(one_edition, tmp_path):
    """A first edition has nothing to redline: no redline PDF (one left from an earlier build is not
    carried over), no offer of one, and the printed rulebook ends without the changes page."""
    from rulebook.project import Project

    project = Project.load(one_edition)
    # published by an earlier build, as builds publish (a link to the version): its redline of a tag since deleted
    stale = tmp_path / "build" / "pdf.1" / "casino" / "redline-en.pdf"
    stale.parent.mkdir(parents=True)
    stale.write_bytes(b"%PDF- a redline of a tag since deleted")
    (tmp_path / "build" / "pdf").symlink_to("pdf.1")
    stale = tmp_path / "build" / "pdf" / "casino" / "redline-en.pdf"
    printed = print_as_make_site_does(project, tmp_path / "build", ("en",), ("casino",))
    assert printed == [tmp_path / "build" / "pdf" / "casino" / name for name in ("rulebook-en.pdf", "short-form-en.pdf")]
    assert not stale.exists()
    text = pdf_text(printed[0])
    assert "What changed in edition" not in text and "This is the first edition" not in text
    assert "Glossary" in text


def test_the_downloads_page_offers_what_changed_only_when_there_is_an_edition_to_compare_with(built_site, project):
    """Published, the downloads page of each house's language links to what changed in the edition when the
    edition before it is recorded, and says nothing of it otherwise (a first edition's page would only say
    there is nothing to compare; printed, the link would lead nowhere)."""
    from rulebook.publish.editions.archive import previous_edition

    for house_id, view in project.houses.items():
        compared = previous_edition(project, house_id) is not None
        for lang in view.book.languages:
            page = article_html((built_site / house_id / lang / "downloads.html").read_text(encoding="utf-8"))
            assert 'href="downloads/' in page and ('href="changes.html"' in page) == compared, (house_id, lang)


def test_redline_words_are_text_never_markup():
    """Whatever the old and new texts hold, the redline's nodes give back their words as text: kept words
    as ``nodes.Text``, the others in ``deleted`` and ``inserted`` nodes, nothing parsed."""
    from docutils import nodes

    from rulebook.reading.changes import redline
    from rulebook.publish.site.redline import deleted, inserted, redline_nodes

    old = "a `b` <script>alert(1)</script> *c* :ref:`d` \\ e_ .. f::"
    new = "a `b2` <img src=x onerror=alert(1)> **c** |sub| [#]_ e_ .. f::"
    runs = redline(old, new)
    tree = nodes.paragraph("", "", *redline_nodes(old, new))
    assert {type(node) for node in tree.findall()} <= {nodes.paragraph, nodes.Text, deleted, inserted}
    assert tree.astext() == " ".join(words for _, words in runs)
    assert [node.astext() for node in tree.findall(deleted)] == [words for kind, words in runs if kind == "del"]
    assert [node.astext() for node in tree.findall(inserted)] == [words for kind, words in runs if kind == "ins"]


def test_a_later_edition_without_its_predecessor_says_so(tree):
    """Edition 2 in sources that do not hold edition 1 (no tag, no git): never "the first edition"."""
    from rulebook.project import Project
    from rulebook.publish.site.render import PageRenderer

    edit(tree / "houses" / "club" / "house.yaml", "edition: 1 ", "edition: 2 ")
    renderer = PageRenderer(Project.load(tree), "club", "ro")
    page = expanded(renderer, renderer.pages()["changes"], shown=lambda node: node.astext())
    assert "Ediția 1 nu este înregistrată împreună cu aceste surse" in page and "prima ediție" not in page
    assert "ediția 2" in page.splitlines()[0]


def test_a_new_tag_is_never_served_stale(editions, tmp_path):
    """A tag changes no source file: a build after the tag is gone (or back) still shows the right page."""
    import time

    from rulebook.project import Project
    from rulebook.publish.site.builds import build_all

    def page() -> str:
        assert build_all(Project.load(editions), ("en",), "html", tmp_path, ("club",))
        return article((tmp_path / "site" / "club" / "en" / "changes.html").read_text(encoding="utf-8"))

    # sources older than a clock tick, so that the build may skip what it remembers (they were
    # written by the fixture, most often long before)
    newest = max(path.stat().st_mtime for path in editions.rglob("*") if path.is_file() and ".git" not in path.parts)
    time.sleep(max(0.0, newest + 2.1 - time.time()))
    assert "Changed rules" in page()
    commit_id = git(editions, "rev-parse", "club/edition-1").strip()
    git(editions, "tag", "-d", "club/edition-1")
    archive = tmp_path / "site" / "club" / "en" / "edition" / "1" / "rake.html"
    assert archive.is_file()
    try:
        assert "Edition 1 is not recorded" in " ".join(page().split())
        assert not archive.parent.parent.exists()      # an edition no longer recorded is no longer published
    finally:
        git(editions, "tag", "club/edition-1", commit_id)
    assert "Changed rules" in page()
    assert archive.is_file()


def test_each_kind_of_parameter_is_shown_in_the_readers_units(tree):
    """A duration, a yes/no and an amount: labelled and formatted as the pages
    write them, each with the rules that quote it (none for what no rule quotes)."""
    from rulebook.reading.changes import compare
    from rulebook.project import Project

    before = Project.load(tree)
    house = tree / "houses" / "club" / "house.yaml"
    edit(house, "break_minutes: 30 minutes", "break_minutes: 45 minutes")
    edit(house, "no_flop_no_drop: true", "no_flop_no_drop: false")
    edit(house, "deal_twice_min_pot: 400 RON", "deal_twice_min_pot: 500 RON")
    changes = compare(before, Project.load(tree), "club", "ro", "edition-1")
    shown = {change.path: (change.label, change.old, change.new, [rule for rule, _, _ in change.rules])
             for change in changes.parameters}
    every_card = tuple(f"{row['game']} {row['name']}" for row in before.houses["club"].book.house["stakes"])
    assert {change.path: change.cards for change in changes.parameters} == {
        "times.break_minutes": every_card, "rake.no_flop_no_drop": (*every_card, "Rake"),
        "rake.deal_twice_min_pot": every_card}
    def nb(text: str) -> str:
        return text.replace(" ", "\u00a0")

    assert shown == {   # each number with its unit on one line, as the pages write them
        "times.break_minutes": ("Pauză", nb("30 de minute"), nb("45 de minute"), ["seat-break-time"]),
        "rake.no_flop_no_drop": ("Fără flop, fără rake", "Da", "Nu", []),
        "rake.deal_twice_min_pot": ("Cel mai mic pot la care se poate da de două ori", nb("400 de lei"),
                                    nb("500 de lei"), ["deal-twice-minimum-pot"]),
    }
    assert not changes.rules


def content_text(path: Path) -> str:
    """A PDF's text in the order it is printed, as a screen reader reads it (pypdf: poppler orders the
    redline's small announcements by where they stand on the line), in one line (``one_line``)."""
    from pypdf import PdfReader

    return one_line("\n".join(page.extract_text() for page in PdfReader(path).pages))


@pytest.mark.parametrize("lang", ["ro", "en", "fr", "es", "hr"])
def test_the_redline_pdf_in_each_language(editions, edition_build, lang):
    """The changes page printed alone: the cap old → new as the language writes it, the reworded rule
    with each deleted and inserted run announced in the text, the added and the removed rule; A4, the
    house named on the cover and the changes in the running head; offered beside the rulebook."""
    from pypdf import PdfReader

    from rulebook.reading.changes import compare, redline
    from rulebook.editions import load_at
    from rulebook.project import Project

    project = Project.load(editions)
    tr = project.translations(lang)
    changes = compare(load_at(editions, "club/edition-1"), project, "club", lang, "club/edition-1")
    path = edition_build / "pdf" / "club" / f"redline-{lang}.pdf"
    text = content_text(path)
    old, new = CAPS[lang]
    assert re.search(rf"\(NLH 1/3\)\s*:?\s*{old}\s*→\s*{new}", text.replace("\u00a0", " ")), text
    [reworded] = changes.of_kind("changed")
    said = {"del": f"({tr.gettext('deleted')}) ", "ins": f"({tr.gettext('inserted')}) ", "same": ""}
    marked = " ".join(said[kind] + words for kind, words in redline(reworded.old_text, reworded.new_text))
    assert re.sub(r"\s+", " ", marked) in text, (marked, text)
    [added] = changes.of_kind("added")
    assert added.new_title in text and re.sub(r"\s+", " ", added.new_text) in text
    [removed] = changes.of_kind("removed")
    # a removed rule named by the number readers cited it by, never by its id
    cited = tr.gettext("Rule {number}").format(number=removed.old_number)
    assert cited in text and removed.old_title in text and removed.rule_id not in text
    title = tr.gettext("What changed in edition {edition}").format(edition=2)
    reader = PdfReader(path)
    assert reader.metadata["/Title"].startswith(title) and reader.metadata["/Author"] == "Gentlemen's Poker Club"
    assert all(abs(float(page.mediabox.width) - 595.3) < 1 for page in reader.pages)
    assert reader.pages[0].extract_text().startswith("Gentlemen's Poker Club")       # the cover names the house
    assert title in reader.pages[-1].extract_text() and len(reader.pages) > 1          # and so does the running head
    # offered on the downloads page and linked from the changes page, served from downloads/
    site = edition_build / "site" / "club" / lang
    for page in ("downloads.html", "changes.html"):
        assert f'href="downloads/redline-{lang}.pdf"' in (site / page).read_text(encoding="utf-8"), page
    assert 'href="changes.html"' in article_html((site / "downloads.html").read_text(encoding="utf-8"))   # what changed
    assert (site / "downloads" / f"redline-{lang}.pdf").read_bytes() == path.read_bytes()


def test_a_card_says_which_of_its_numbers_changed(editions, edition_build):
    """The cards of the low tier's stakes (their cap changed) carry the line, old → new in its language, at
    8 pt or more, and so does the rake card, which prints every cap; the other cards, whose numbers did
    not change, do not."""
    from rulebook.i18n.catalogs import LANGUAGES
    from rulebook.project import Project
    from tests.test_print import runs_of

    project = Project.load(editions)
    cards = edition_build / "cards" / "club"
    for lang in LANGUAGES:
        line = project.translations(lang).gettext("Changed in edition {edition}: {changes}").format(edition=2, changes="")
        line = re.sub(r"[\s\u00a0\u202f]+", " ", line).strip()
        old, new = CAPS[lang]
        for card in (cards / lang).glob("card-*.pdf"):
            text = pdf_text(card)
            if card.name in ("card-1-3.pdf", "card-2-2.pdf", "card-2-5.pdf"):
                assert re.search(rf"{re.escape(line)} .*{old} → {new}", text), (lang, text)
                assert min(size for size, _, _ in runs_of(card)) >= 8
            else:
                assert line not in text, (lang, card.name)
        rake = pdf_text(cards / lang / "rake-bands.pdf")   # the rake card prints every stakes' cap: named with its stakes
        assert re.search(rf"{re.escape(line)} .*\(NLH 1/3\) {old} → {new}", rake), (lang, rake)
    both = pdf_text(cards / "ro-en" / "card-1-3.pdf")
    assert "Modificat în ediția 2" in both and "Changed in edition 2" in both


def test_every_house_parameter_has_a_label_and_readable_values_in_every_language(project):
    """Every leaf of both house files is named in the reader's words (never by its path) and its value
    shown as the pages write it (a policy by what it means, never as call_or_fold); every choice the
    engine accepts for a policy has its words."""
    from pokerrules.house import ALL_IN_RULES, SHOWDOWN_RULES, UNDERCALL_RULES
    from pokerrules.rake import JACKPOT_AFTER, ROUNDINGS

    from rulebook.i18n.catalogs import LANGUAGES
    from rulebook.i18n.parameters import VALUE_WORDS

    assert (set(VALUE_WORDS["betting.incomplete_all_in"]), set(VALUE_WORDS["betting.undercall"]),
            set(VALUE_WORDS["showdown.first_to_show"])) == (set(ALL_IN_RULES), set(UNDERCALL_RULES), set(SHOWDOWN_RULES))
    assert (set(VALUE_WORDS["rake.rounding.mode"]), set(VALUE_WORDS["rake.jackpot.after"])) == (set(ROUNDINGS),
                                                                                                set(JACKPOT_AFTER))
    seen = set()
    for house_id in project.houses:
        for lang in LANGUAGES:
            for path, name, shown in house_parameters_said(project, house_id, lang):
                assert name != path and not re.search(r"[a-z]_[a-z]|[a-z]\.[a-z]|\[", name), (house_id, lang, path, name)
                assert "_" not in shown and shown, (house_id, lang, path, shown)
                seen.add(re.sub(r"\[[^\]]*\]", "", path))
    for policy, words in VALUE_WORDS.items():     # and in every language, in that language's words
        for word in words.values():
            assert all(project.translations(lang).gettext(word) != word for lang in ("ro", "fr", "es", "hr")) \
                or policy == "currency", (policy, word)
    assert {"betting.incomplete_all_in", "showdown.first_to_show", "rake.bands.to", "currency"} <= seen


def house_parameters_said(project, house_id: str, lang: str) -> list[tuple[str, str, str]]:
    """Each parameter of a house file as (path, its name, its value) in a language's words, as the
    changes page and ``rulebook changes`` say them."""
    from rulebook.reading import Reading
    from rulebook.reading.changes import _leaves, _parameters
    from rulebook.i18n.parameters import formatted, label

    house = _parameters(project.houses[house_id].book.house)
    fmt = Reading.of(project, house_id, lang).fmt
    return [(path, label(path, house, fmt.tr), formatted(path, value, house, fmt)) for path, _, value in _leaves(house)]


EVERY_FORM_OF_THE_RAKE = """\
  rake:
    per: {take: 1 EUR, every: 10 EUR}
    cap: 5 EUR
    no_rake_up_to: 20 EUR
    time_charge: {amount: 6 EUR, every_minutes: 30 minutes}
    games:
      PLO:
        percent: 5 %
        rounding: {mode: nearest, to: 1 EUR}
        cap: 4 EUR
        short_handed_cap: 2 EUR
        split_pot_cap: 3 EUR
        jackpot: {amount: 1 EUR, after: big-blind-called, pots_over: 20 EUR}
"""


def test_every_piece_of_a_rooms_rake_has_a_label_in_every_language(tree):
    """A room states its rake in forms the shipped houses do not (so much for every so much in the pot,
    a pot with no rake, a rounding, a jackpot drop, a time charge, a game's own rake, a drop): each piece
    is named in the reader's words, a game's with its game, never by its path (``rake.per.take``)."""
    from tests.conftest import add_room

    house = add_room(tree, "harbour", translated=False) / "house.yaml"
    edit(house, "      straddle: 10 EUR\n", "      straddle: 10 EUR\n    - name: PLO 1/2\n      game: PLO\n      small_blind: "
         "1 EUR\n      big_blind: 2 EUR\n      buy_in: {min: 40 EUR, max: 200 EUR}\n      rake: {drop: 1 EUR}\n"
         + EVERY_FORM_OF_THE_RAKE)
    edit(house, "references:\n", "references:\n  rake: \"house-rules.txt, “2. STAKES AND BUY-INS”\"\n"
         "  stakes.rake: \"house-rules.txt, “2. STAKES AND BUY-INS”\"\n")
    from rulebook.project import Project

    project = Project.load(tree)
    for lang in ("en", "es", "ro"):
        said = {path: (name, shown) for path, name, shown in house_parameters_said(project, "harbour", lang)}
        unnamed = [path for path, (name, _) in said.items() if name == path or re.search(r"[a-z]_[a-z]|[a-z]\.[a-z]", name)]
        assert unnamed == [], (lang, unnamed)
        assert all(shown and "_" not in shown for _, shown in said.values()), (lang, said)
    english = {path: name for path, name, _ in house_parameters_said(project, "harbour", "en")}
    assert english["rake.per.take"] == "Rake for each step of the pot"
    assert english["rake.games.PLO.cap"] == "Rake cap (PLO)" and english["stakes[PLO 1/2].rake.drop"] == "Rake per hand (PLO 1/2)"
    shown = {path: value for path, _, value in house_parameters_said(project, "harbour", "en")}
    assert (shown["rake.games.PLO.cap"], shown["rake.games.PLO.jackpot.after"]) == ("€4", "once the big blind is called")


@pytest.mark.parametrize("state", ["untranslated", "fuzzy"])
def test_an_edition_is_not_published_while_a_language_lacks_a_changed_rules_new_text(editions, tmp_path, state):
    """The reworded rule's new Croatian text taken out (or left fuzzy, as update-po leaves it): the gate
    fails with one line naming the catalog, its line and the rule, and the edition cannot be tagged."""
    import shutil

    from rulebook.i18n.catalogs import po_path, read_catalog, write_catalog

    repo = tmp_path / "repo"
    shutil.copytree(editions, repo, ignore=shutil.ignore_patterns("_build"))
    path = po_path(repo, "hr")
    catalog = read_catalog(path, "hr")
    [entry] = [message for message in catalog if message.context == "rake-cap-definition.text"]
    if state == "fuzzy":
        entry.flags.add("fuzzy")
        entry.previous_id = [OLD_WORDING]
    else:
        entry.string = ""
    write_catalog(path, catalog)
    lines = path.read_text(encoding="utf-8").splitlines()
    line = lines.index('msgctxt "rake-cap-definition.text"') + 2      # the entry's msgid
    gate = run_rulebook(repo, "check")
    problems = [text for text in gate.stdout.splitlines() if re.match(r"\S+:\d+: \[", text)]
    assert gate.returncode == 1 and len(problems) == 1, gate.stdout
    assert re.fullmatch(rf"locales/hr/LC_MESSAGES/rulebook\.po:{line}: \[{state}\] rake-cap-definition \(hr\): "
                        r"rake-cap-definition\.text: .+", problems[0]), (problems, line)
    tagged = run_rulebook(repo, "edition", "tag", "club")
    assert tagged.returncode == 1 and problems[0] in tagged.stdout
    assert git(repo, "tag", "--list").split() == ["club/edition-1"]


def rule_text(html: str, rule_id: str) -> str:
    """A rule's section as a reader reads it: its title, its marks and its text, in one line."""
    start = html.index(f'<section id="{rule_id}">')
    end = html.find("<section", start + 1)
    return unescape(" ".join(re.sub(r"<[^>]+>", " ", html[start:end]).split())).replace("\u00a0", " ").replace("\u202f", " ")


@pytest.mark.parametrize("lang", ["ro", "en", "fr", "es", "hr"])
def test_the_previous_edition_stays_readable_at_its_addresses(changes_site, project, lang):
    """Edition 1 under edition/1/, as it was: the old cap, the old wording, the removed rule at its anchor;
    saying in the reader's language that it is no longer in force, and linking to the edition in force."""
    from rulebook.i18n.formatting import LocaleFormatter
    from rulebook.publish.site.render import PageRenderer

    archive = changes_site / lang / "edition" / "1"
    html = (archive / "rake.html").read_text(encoding="utf-8")
    assert re.search(rf'<html[^>]* lang="{lang}"', html)
    old, new = CAPS[lang]
    assert old in rule_text(html, "rake-rate") and new not in rule_text(html, "rake-rate")
    assert new in rule_text((changes_site / lang / "rake.html").read_text(encoding="utf-8"), "rake-rate")
    then = PageRenderer(project, "club", lang)   # the project as committed is edition 1
    rules = {rule.id: rule for rule in then.book.rules}
    for rule_id in ("rake-cap-definition", "auto-straddle-third-blind"):
        wording = " ".join(then.fill(rules[rule_id].text, rules[rule_id].values).split()).replace("\u00a0", " ")
        assert wording in rule_text(html, rule_id), (rule_id, wording)
    assert "rake-on-request" not in html
    if lang != "en":
        assert NEW_WORDING not in html and TRANSLATIONS[lang]["rake-cap-definition.text"] not in html
    # the edition it is, since when and until when, that it is over, and the same page in force
    fmt = LocaleFormatter(project.translations(lang))
    banner = re.search(r'<p class="rulebook-archive">(.*?)</p>', html, re.S)
    said = unescape(" ".join(re.sub(r"<[^>]+>", " ", banner.group(1)).split()))
    assert fmt.long_date(date(2026, 12, 1)) in said and fmt.long_date(date(2027, 3, 1)) in said, said
    assert ("It is no longer in force." in said) == (lang == "en"), said
    assert 'href="../../rake.html"' in banner.group(1)
    # every rule says so where a link lands on it, and leads to the rule in force if it still is one
    meta = rule_text(html, "rake-cap-definition")
    assert 'href="../../r/rake-cap-definition.html"' in html and "../../r/auto-straddle-third-blind" not in html
    assert ("Edition 1, no longer in force" in meta) == (lang == "en"), meta
    # the permanent address of the old rule, its language switcher, and no downloads it cannot offer
    assert (archive / "r" / "auto-straddle-third-blind.html").is_file()
    for other in ("ro", "en", "fr", "es", "hr"):
        assert f'href="../../../{other}/edition/1/rake.html"' in html
    assert not (archive / "downloads.html").exists() and "downloads.html" not in (archive / "index.html").read_text(
        encoding="utf-8")


@pytest.mark.parametrize("lang", ["ro", "en", "fr", "es", "hr"])
def test_the_edition_in_force_links_to_the_earlier_texts(changes_site, lang):
    """A reworded rule, and one whose number changed, link to their text in edition 1; a new rule does not;
    the changes page links a removed rule to its last text, and to edition 1 itself."""
    rake = (changes_site / lang / "rake.html").read_text(encoding="utf-8")
    for rule_id in ("rake-cap-definition", "rake-rate"):
        assert rake.count(f'href="edition/1/rake.html#{rule_id}"') == 1, rule_id
    assert "edition/1/rake.html#rake-on-request" not in rake and "edition/1/rake.html#no-flop-no-drop" not in rake
    link = re.search(r'href="edition/1/rake.html#rake-cap-definition">([^<]*)</a>', rake).group(1)
    assert ("Earlier text: edition 1" == link) == (lang == "en") and "1" in link, link
    changes = (changes_site / lang / "changes.html").read_text(encoding="utf-8")
    entry = changes[changes.index('id="removed-auto-straddle-third-blind"'):]
    assert 'href="edition/1/rake.html#auto-straddle-third-blind"' in entry[:entry.index("</section>")]
    assert 'href="edition/1/index.html"' in changes


def test_the_archive_has_no_dead_link_and_shows_no_machinery(changes_site):
    """Every link of both editions leads somewhere; no page names a git ref, a commit or a source file."""
    from tests.test_site import MACHINERY

    assert len(list(changes_site.glob("*/edition/1/*.html"))) >= 5 * 15
    assert broken_links(changes_site.parent) == []
    for path in changes_site.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        found = MACHINERY.search(text) or re.search(r"[a-z]/edition-\d|refs/|\b[0-9a-f]{40}\b|\.yaml|\.po\b", text)
        assert found is None, (path.relative_to(changes_site), found.group())


def test_an_archived_edition_is_rendered_once(editions, tmp_path, monkeypatch):
    """An edition's commit never changes: once published, its archive is not rendered again."""
    from rulebook.project import Project
    from rulebook.publish.site.render import PageRenderer
    from rulebook.publish.site.builds import build_all

    assert build_all(Project.load(editions), ("en",), "html", tmp_path, ("club",))
    page = tmp_path / "site" / "club" / "en" / "edition" / "1" / "rake.html"
    published = page.read_bytes()
    render = PageRenderer.pages

    def current_only(self, *args, **kwargs):
        assert not self.archived, "rendered the archived edition again"
        return render(self, *args, **kwargs)

    monkeypatch.setattr(PageRenderer, "pages", current_only)
    assert build_all(Project.load(editions), ("en",), "html", tmp_path, ("club",))
    assert page.read_bytes() == published


def test_an_edition_this_version_cannot_read_is_one_line(editions, tmp_path):
    """A tagged edition whose data today's code cannot load stops the build with one line naming the
    tag, the file and the line."""
    from rulebook.editions import EditionError
    from rulebook.project import Project
    from rulebook.publish.site.builds import build_all

    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(editions), str(clone))
    git(clone, "checkout", "-q", "club/edition-1")
    with (clone / "rules" / "rake.yaml").open("a", encoding="utf-8") as rules:
        rules.write("rules: [unclosed\n")
    git(clone, "commit", "-q", "-am", "edition 1, unreadable")
    git(clone, "tag", "-f", "club/edition-1")
    git(clone, "checkout", "-q", "-")
    with pytest.raises(EditionError) as raised:
        build_all(Project.load(clone), ("en",), "html", tmp_path / "build", ("club",))
    said = str(raised.value)
    assert "\n" not in said and said.startswith("the sources at club/edition-1 cannot be read"), said
    assert re.search(r"rules/rake\.yaml:\d+: YAML syntax", said), said


@pytest.mark.parametrize("lang", ["en", "hr"])
def test_the_printed_downloads_page_names_the_page_of_the_changes(edition_build, lang):
    """On paper, the downloads page's link to what changed prints the page it is on ("str. 31"),
    and that page is where the changes begin (their heading's first page)."""
    import subprocess

    from rulebook.project import Project

    tr = Project.load(ROOT).translations(lang)
    pdf = edition_build / "pdf" / "club" / f"rulebook-{lang}.pdf"
    out = subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, check=True).stdout
    pages = [" ".join(page.split()) for page in out.decode("utf-8").split("\f")]
    title = tr.gettext("What changed in edition {edition}").format(edition=2)
    on_page = tr.gettext("p. {page}").split("{page}")[0].strip()
    found = [int(page) for text in pages for page in re.findall(rf"{re.escape(title)} \({re.escape(on_page)} (\d+)\)", text)]
    assert found, (lang, title)
    first = next(number for number, text in enumerate(pages, 1) if f"{title} {title}" in text)   # running head, heading
    assert found == [first] * len(found), (found, first)


def test_control_characters_of_an_edition_reach_no_terminal(tmp_path):
    """An edition tagged by hand past the gate, its Romanian catalog holding terminal controls: what
    `changes` prints of it shows each escaped, in text and in JSON (which still reads back the text)."""
    from rulebook.i18n.catalogs import po_path, read_catalog
    from tests.test_reports import CONTROLS, RAW, shown_escaped

    repo = first_edition(tmp_path / "repo")
    catalog = read_catalog(po_path(repo, "ro"), "ro")
    good = {m.context: m.string for m in catalog if m.context in ("rake-cap-definition.title", "rake-cap-definition.text")}
    set_translations(repo, {"ro": {context: string + CONTROLS for context, string in good.items()}})
    commit(repo, "edition 1, its catalog never gated")
    git(repo, "tag", "club/edition-1")
    set_translations(repo, {"ro": good})
    commit(repo, "edition 1, its catalog mended")
    text = run_rulebook(repo, "changes", "--since", "club/edition-1", "--house", "club", "--lang", "ro")
    assert text.returncode == 0, text
    assert not RAW.findall(text.stdout + text.stderr), RAW.findall(text.stdout + text.stderr)
    sequences = CONTROLS.split("\r")[0]   # the redline parts words at the carriage return, a space
    assert f"[-cap-ul{shown_escaped(sequences)}" in text.stdout, text.stdout
    data = run_rulebook(repo, "changes", "--since", "club/edition-1", "--house", "club", "--lang", "ro", "--format", "json")
    assert not RAW.findall(data.stdout + data.stderr), RAW.findall(data.stdout + data.stderr)
    [rule] = json.loads(data.stdout)["houses"][0]["rules"]
    assert rule["old_title"] == good["rake-cap-definition.title"] + CONTROLS

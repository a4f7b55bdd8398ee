"""A room's editors edit its house file and build again: what is published is what a clean build
publishes, and the build says only its summary.

Every page, card and printed book of a house may show what its house file says (its address, its
name in a language, its languages, its deck, its paper…), so an edit of any key must reach all of
them, never only the pages whose own text changed. The room is the third test room
(``tests/fixtures/harbour``), built alone in its two languages so that each build takes a second or
two; each edit is made after a build, built again as its editors would build it, and the whole
published output (the room's site, cards and PDFs, and the site's root files) compared byte for
byte with a clean build of the same edited tree. The edits follow one another, each after the
previous one's build.
"""

from __future__ import annotations

import logging
import re
import subprocess
import sys
from pathlib import Path

from rulebook.i18n.catalogs import LANGUAGES
from rulebook.project import Project
from rulebook.publish.build import build_site
from rulebook.publish.machinery import library_logs
from tests.conftest import ROOT, add_room, copy_sources, edit

HOUSE = "harbour"
ADDRESS = ("base_url: null", "base_url: https://rules.example.org")   # the edit every room makes once it has its address

# (what the editors did, the house file's text before, after): each made after the previous one's build.
EDITS = (
    ("base_url set", *ADDRESS),
    ("its name in Spanish", "names: {}", "names: {es: Sala del Puerto}"),
    ("a language dropped", "languages: [en, es]", "languages: [en]"),
    ("a language added", "languages: [en]", "languages: [en, es]"),
    ("a four-colour deck", "variants: {}", "deck: four-colour\nvariants: {}"),   # its worked example shows cards
    ("letter paper", "variants: {}", "print: {paper: letter}\nvariants: {}"),
    ("its territory", "variants: {}", "territory: US\nvariants: {}"),   # en_US and es_US dates and numbers
)


def harbour(folder: Path) -> Path:
    """A copy of the project with the room added, as its editors add it (``tests/test_third_house.py``)."""
    tree = copy_sources(folder)
    add_room(tree, "harbour")
    return tree


def published(build: Path) -> dict[str, bytes]:
    """Everything a build folder publishes (the site with its root files, the cards and the PDFs),
    each file by its path there, with its bytes."""
    return {f"{kind}/{path.relative_to(build / kind).as_posix()}": path.read_bytes()
            for kind in ("site", "cards", "pdf") for path in sorted((build / kind).rglob("*")) if path.is_file()}


def differences(found: dict[str, bytes], wanted: dict[str, bytes]) -> list[str]:
    return sorted(name for name in found.keys() | wanted.keys() if found.get(name) != wanted.get(name))


def test_every_edit_of_a_house_file_is_published_as_a_clean_build_publishes_it(tmp_path):
    """Each edit, built again after the build before it, publishes what a clean build of the edited tree
    does: every page that shows what it changed (the addresses in each page's head, the house's name,
    the languages offered), the cards, the books, the search index and the offline lists."""
    tree = harbour(tmp_path / "tree")
    house_file, build = tree / "houses" / HOUSE / "house.yaml", tree / "_build"
    assert build_site(Project.load(tree), LANGUAGES, build, (HOUSE,))
    clean: dict[str, dict[str, bytes]] = {}   # house file → what the tree publishes built from nothing
    stale = {}
    for what, before, after in EDITS:
        edit(house_file, before, after)
        assert build_site(Project.load(tree), LANGUAGES, build, (HOUSE,)), what
        said = house_file.read_text(encoding="utf-8")
        if said not in clean:   # a language added again is the tree of an edit before it, built once
            folder = tmp_path / f"clean-{len(clean)}"
            assert build_site(Project.load(tree), LANGUAGES, folder, (HOUSE,)), what
            clean[said] = published(folder)
        assert sum(name.startswith(f"site/{HOUSE}/") for name in clean[said]) > 100
        stale[what] = differences(published(build), clean[said])
    assert len(clean) == len(EDITS) - 1
    assert {what: names for what, names in stale.items() if names} == {}


def test_what_every_page_of_a_house_depends_on_holds_every_key_of_its_file_and_no_comment(tree):
    """Whatever key an edit changes (those the site had no list of: its address, its deck, its paper),
    every page of the house depends on it; a comment, which no page shows, changes nothing."""
    house_file = tree / "houses" / "club" / "house.yaml"

    def depended_on() -> str:
        return Project.load(tree).fingerprint("club", "fr")

    was = depended_on()
    edit(house_file, "\nparts:", "\n# an editor's note, shown nowhere\nparts:")
    assert depended_on() == was
    for before, after in (("base_url: null", "base_url: https://rules.example.org"),
                          ("\nparts:", "\ndeck: four-colour\nparts:"), ("\nparts:", "\nprint: {paper: letter}\nparts:")):
        edit(house_file, before, after)
        now = depended_on()
        assert now != was, after
        was = now


def test_a_successful_build_says_only_its_summary(tmp_path):
    """``rulebook site --house`` of a room with an address (whose pages' link previews WeasyPrint
    prints, in the processes Sphinx has run in) prints one line per language and nothing else."""
    tree = harbour(tmp_path / "tree")
    edit(tree / "houses" / HOUSE / "house.yaml", *ADDRESS)
    done = subprocess.run([sys.executable, "-m", "rulebook", "--root", str(tree), "site", "--house", HOUSE],
                          cwd=ROOT, capture_output=True, text=True)
    assert (done.returncode, done.stderr) == (0, "")
    assert re.fullmatch(r"harbour/en: site rebuilt, cards rebuilt, PDFs rebuilt → (\S+/)?_build/site/harbour/en/\n"
                        r"harbour/es: site rebuilt, cards rebuilt, PDFs rebuilt → (\S+/)?_build/site/harbour/es/\n",
                        done.stdout), done.stdout
    assert (tree / "_build" / "site" / HOUSE / "en" / "preview").is_dir()   # WeasyPrint printed its pictures


def test_a_library_says_only_its_errors_each_in_one_line(capsys):
    """Once a command has set the root logger up, a library's own set-up of it (accessible-pygments'
    ``basicConfig`` at INFO, as it is imported) changes nothing: WeasyPrint's steps and its warnings
    are not said, and its error is one line on stderr, escaped for the terminal."""
    root = logging.getLogger()
    kept = root.level, root.handlers[:]
    root.handlers[:] = []   # as in a command's process, where no one has set it up before
    try:
        library_logs.quiet()
        library_logs.quiet()
        logging.basicConfig(level=logging.INFO)
        logging.getLogger("weasyprint.progress").info("Step 1 - Fetching and parsing HTML - HTML string")
        logging.getLogger("weasyprint").warning("Ignored `overflow-x: auto` at 314:5, unknown property.")
        logging.getLogger("weasyprint").error("Failed to load image at %r:\n%s", "pot.png", "\x1b[2Jgone")
    finally:
        root.setLevel(kept[0])
        root.handlers[:] = kept[1]
    assert capsys.readouterr().err == "weasyprint: Failed to load image at 'pot.png': \\u001b[2Jgone\n"

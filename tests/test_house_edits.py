"""A room's editors edit its house file and build again: every page depends on what the file says,
and the build says only its summary, whatever the libraries it runs log.
"""

from __future__ import annotations

import logging
import re
import subprocess
import sys
from pathlib import Path

from rulebook.project import Project
from rulebook.publish.machinery import library_logs
from tests.conftest import ROOT, copy_sources, edit
from tests.test_third_house import add_harbour

HOUSE = "harbour"
ADDRESS = ("base_url: null", "base_url: https://rules.example.org")   # the edit every room makes once it has its address


def harbour(folder: Path) -> Path:
    """A copy of the project with the room added, as its editors add it (``tests/test_third_house.py``)."""
    tree = copy_sources(folder)
    add_harbour(tree)
    return tree


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

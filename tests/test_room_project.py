"""A card room's own project, started as a room starts it: from the package alone.

The wheel is built from this repository and installed into a new virtual environment outside it (its
dependencies are those of this repository's environment, named by a ``.pth`` file, so that the test
needs no network); ``rulebook quickstart`` starts a project in an empty folder; the room writes its
house file, its own part (Trent Poker Club's tournament rules, ``tests/fixtures/trent``) and publishes
the library's hand rankings beside it, translates its strings into French and runs the project's own
``make site`` and ``make test``. Then a second wheel, with one shared rule's English changed, is
installed over the first: the gate names the changed rule and the room's translation of the old text,
and passes once the room's translator has translated the new.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest
import yaml

from conftest import ROOT, edit, run_rulebook, set_translations

pytestmark = pytest.mark.xdist_group("room-project")

FIXTURE = ROOT / "tests" / "fixtures" / "trent"
# What the wheel is built from: the package's sources and the library, as a checkout has them.
PACKAGE_SOURCES = ("pyproject.toml", "setup.py", "README.md", "conf.py", "rulebook", "pokerrules", "rules",
                   "executable_examples", "locales", "templates", "runtime/package.json", "runtime/package-lock.json",
                   "houses/README.md")
CHANGED_RULE = "holdem-royal-flush"
OLD_TEXT = "No hand beats a royal flush."
NEW_TEXT = "No hand beats it; two royal flushes split the pot."
OWN_FRENCH = {   # the room's own French of the rule, instead of the library's
    f"{CHANGED_RULE}.title": "La quinte flush royale bat toutes les mains",
    f"{CHANGED_RULE}.text": "La quinte flush royale (as, roi, dame, valet et dix de la même couleur) est la "
                            "meilleure main\u00a0: aucune ne la bat.",
}


def _sources(target: Path) -> Path:
    """A copy of what the wheel is built from (building never writes into this checkout)."""
    for name in PACKAGE_SOURCES:
        source = ROOT / name
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=shutil.ignore_patterns("__pycache__", "node_modules"))
        else:
            shutil.copy2(source, target / name)
    return target


def _wheel(sources: Path, out: Path, version: str | None = None) -> Path:
    """The wheel of a copy of the package's sources (``version``: another version number written in)."""
    if version:
        edit(sources / "pyproject.toml", 'version = "0.1.0"', f'version = "{version}"')
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(sources)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
    return next(out.glob("pokerrulebook-*.whl"))


def _install(venv: Path, wheel: Path) -> None:
    done = subprocess.run([venv / "bin" / "python", "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
                           "--force-reinstall", str(wheel)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]


def _environment(venv: Path) -> dict[str, str]:
    """The room's shell: the new environment's commands first, nothing of this checkout on Python's path."""
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return {**env, "PATH": f"{venv / 'bin'}{os.pathsep}{env['PATH']}"}


def _run(env: dict[str, str], cwd: Path, *command: str) -> subprocess.CompletedProcess:
    return subprocess.run(list(command), cwd=cwd, env=env, capture_output=True, text=True)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path, dict[str, str]]:
    """The wheel, and a new virtual environment with it installed (outside this repository)."""
    base = tmp_path_factory.mktemp("installed")
    wheel = _wheel(_sources(base / "sources"), base / "dist")
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    purelib = subprocess.run([venv / "bin" / "python", "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    Path(purelib, "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    _install(venv, wheel)
    return wheel, venv, _environment(venv)


@pytest.fixture(scope="module")
def room(installed, tmp_path_factory) -> Path:
    """The room's project: quickstart, then its house, its part and examples, its French, as its editors write them."""
    _, venv, env = installed
    folder = tmp_path_factory.mktemp("rooms") / "trent-rulebook"
    started = _run(env, folder.parent, "rulebook", "quickstart", folder.name, "--id", "trent", "--name",
                   "Trent Poker Club", "--languages", "en,fr", "--unit", "GBP", "--title", "Tournament rules")
    assert started.returncode == 0, started.stderr
    house = folder / "houses" / "trent" / "house.yaml"
    to_write = _run(env, folder, "rulebook", "check")
    assert to_write.returncode != 0 and "still to write" in to_write.stderr + to_write.stdout
    stated = yaml.safe_load((FIXTURE / "house.yaml").read_text(encoding="utf-8"))
    for key, value in (("effective", '"2027-02-01"'), ("documents", "[tournament-rules.txt]"),
                       ("parts", "[trent-tournament-rules, holdem-hand-rankings]")):
        text = house.read_text(encoding="utf-8")
        house.write_text(re.sub(rf"^{key}:[^#\n]*#( to write:)?", f"{key}: {value}  #", text, count=1, flags=re.M),
                         encoding="utf-8")
    edit(house, "# numbering: {scheme: parts}", "numbering: {scheme: document, others: H}")
    edit(house, "# table_card: []", f"table_card: [{', '.join(stated['table_card'])}]")
    for name in ("tournament-rules.txt", "glossary.yaml"):
        shutil.copy(FIXTURE / name, house.parent / name)
    shutil.copy(FIXTURE / "trent-tournament-rules.yaml", folder / "rules")
    shutil.copy(FIXTURE / "trent-tournament-rules.examples.yaml", folder / "executable_examples" / "trent-tournament-rules.yaml")
    for command in (("gettext",), ("update-po",), ("update-po", "--own", CHANGED_RULE)):
        done = _run(env, folder, "rulebook", *command)
        assert done.returncode == 0, done.stderr
    set_translations(folder, {"fr": {**yaml.safe_load((FIXTURE / "fr.yaml").read_text(encoding="utf-8")), **OWN_FRENCH,
                                     **_library_french(f"{CHANGED_RULE}-beats-all.text")}})
    (folder / "runtime").mkdir()   # the calculators' runtime as `make runtime` installed it here (not fetched again)
    (folder / "runtime" / "node_modules").symlink_to(ROOT / "runtime" / "node_modules", target_is_directory=True)
    return folder


def _library_french(context: str) -> dict[str, str]:
    from rulebook.i18n.catalogs import po_path, read_catalog
    return {context: next(m.string for m in read_catalog(po_path(ROOT, "fr")) if m.context == context)}


@pytest.fixture(scope="module")
def published(installed, room) -> Path:
    """The room's `make site` then `make test`, as its README says."""
    _, venv, env = installed
    for target in ("site", "test"):
        done = _run(env, room, "make", target, f"PYTHON={venv / 'bin' / 'python'}")
        assert done.returncode == 0, f"make {target}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return room / "_build"


def test_the_wheel_carries_the_library_and_none_of_the_reference_houses(installed):
    names = zipfile.ZipFile(installed[0]).namelist()
    assert "rulebook/library/rules/holdem-hand-rankings.yaml" in names
    assert "rulebook/library/locales/fr/LC_MESSAGES/rulebook.po" in names
    assert "rulebook/library/templates/project/Makefile" in names and "rulebook/publish/site/static/rulebook.css" in names
    assert not [name for name in names if name.startswith(("rulebook/library/houses/club", "rulebook/library/houses/casino"))]


def test_the_command_runs_from_the_installed_package_not_this_checkout(installed, tmp_path):
    _, venv, env = installed
    done = _run(env, tmp_path, str(venv / "bin" / "python"), "-c",
                "import rulebook, rulebook.core.layout as l; print(rulebook.__file__); print(l.library_home())")
    package, library = done.stdout.split()
    assert not Path(package).is_relative_to(ROOT) and Path(library).is_relative_to(venv)


def test_a_room_started_from_the_package_publishes_site_cards_and_pdfs(published):
    for lang in ("en", "fr"):
        folder = published / "site" / "trent" / lang
        assert "Trent Poker Club" in (folder / "index.html").read_text(encoding="utf-8")
        assert (folder / "holdem-hand-rankings.html").is_file() and (folder / "trent-tournament-rules.html").is_file()
        assert {path.name for path in (folder / "downloads").glob("*.pdf")} >= {f"rulebook-{lang}.pdf"}
        rules = json.loads((folder / "rules.json").read_text(encoding="utf-8"))["rules"]
        assert {"3.1", "H1.3"} <= {rule["number"] for rule in rules}
    assert sorted((published / "cards" / "trent").rglob("*.pdf"))
    assert not (published / "site" / "trent" / "es").exists()


def test_the_room_reads_its_own_french_of_a_library_rule_and_its_editors_are_told(published, installed):
    page = (published / "site" / "trent" / "fr" / "holdem-hand-rankings.html").read_text(encoding="utf-8")
    assert OWN_FRENCH[f"{CHANGED_RULE}.title"] in page
    done = _run(installed[2], published.parent, "rulebook", "site", "--builder", "review", "--lang", "fr")
    assert done.returncode == 0, done.stdout + done.stderr
    status = (published / "review" / "trent" / "fr" / "status.html").read_text(encoding="utf-8")
    told = status[status.index("Règles de la bibliothèque dans les mots de la salle"):]
    assert OWN_FRENCH[f"{CHANGED_RULE}.title"] in told and "français" in told.split("</ul>")[0]


def test_every_page_and_pdf_names_the_generator_that_made_it(published):
    meta = '<meta name="generator" content="pokerrulebook 0.1.0">'
    assert meta in (published / "site" / "trent" / "en" / "index.html").read_text(encoding="utf-8")
    for pdf in (published / "site" / "trent" / "en" / "downloads" / "rulebook-en.pdf",
                next((published / "cards" / "trent").rglob("*.pdf"))):
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
        assert re.search(r"^Creator: +pokerrulebook 0\.1\.0$", info, re.M), info


def test_nothing_of_the_reference_houses_is_in_the_project_or_its_output(published, project):
    room = published.parent
    words = {"houses/club", "houses/casino", "Gentlemen"} | {
        document for view in project.houses.values() for document in view.book.documents}
    found = []
    for path in room.rglob("*"):
        parts = path.relative_to(room).parts
        if path.is_symlink() or not path.is_file() or parts[:1] == ("runtime",) or "_runtime" in parts \
                or (parts[:1] == ("_build",) and parts[1:2] not in (("site",), ("cards",), ("pdf",))):
            continue   # the published output and the project's files (Pyodide is Pyodide's; the build's own
            # work, and the editors' edition, which names where the library's parts come from, are not published)
        data = path.read_bytes()
        if path.suffix == ".pdf":
            data = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True).stdout
        found += [f"{path.relative_to(room)}: {word}" for word in words if word.encode() in data]
    assert not found, found[:10]
    assert not (room / "houses" / "club").exists() and not (room / "rules" / "cash-table.yaml").exists()


def test_a_new_library_names_the_changed_rule_and_the_stale_translation_until_it_is_translated(published, installed,
                                                                                               tmp_path):
    _, venv, env = installed
    room = published.parent
    sources = _sources(tmp_path / "sources")   # the library's next release: one shared rule reworded
    edit(sources / "rules" / "holdem-hand-rankings.yaml", OLD_TEXT, NEW_TEXT)
    _install(venv, _wheel(sources, tmp_path / "dist", "0.2.0"))

    before = _run(env, room, "rulebook", "check")
    lines = [line for line in (before.stdout + before.stderr).splitlines() if f"{CHANGED_RULE}.text" in line]
    assert before.returncode == 1, before.stdout + before.stderr
    assert any("changed in the library (0.2.0)" in line and "two royal flushes split the po" in line
               and line.startswith("rules/holdem-hand-rankings.yaml:") for line in lines), lines
    assert any(line.startswith("locales/fr/LC_MESSAGES/rulebook.po:") and "old text" in line for line in lines), lines
    assert len(lines) == 2, lines   # the change and the room's old translation, once each

    assert _run(env, room, "rulebook", "update-po").returncode == 0
    fuzzy = _run(env, room, "rulebook", "check")
    assert fuzzy.returncode == 1 and f"{CHANGED_RULE}.text: fuzzy translation" in fuzzy.stdout + fuzzy.stderr
    set_translations(room, {"fr": {f"{CHANGED_RULE}.text": "La quinte flush royale (as, roi, dame, valet et dix de la "
                                   "même couleur) est la meilleure main ; deux quintes flush royales partagent le pot."
                                   .replace(" ;", "\u202f;")}})
    after = _run(env, room, "rulebook", "check")
    assert after.returncode == 0, after.stdout + after.stderr


def test_quickstart_starts_only_in_an_empty_folder_and_says_what_it_needs(tmp_path):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine", encoding="utf-8")
    taken = run_rulebook(tmp_path, "quickstart", "taken", "--id", "x", "--name", "X", "--languages", "en", "--unit", "USD")
    assert taken.returncode == 2 and "not an empty folder" in taken.stderr and (tmp_path / "taken" / "notes.txt").exists()
    wrong = run_rulebook(tmp_path, "quickstart", "new", "--id", "X Room", "--name", "X", "--languages", "en,de",
                         "--unit", "dollars")
    assert wrong.returncode == 2 and not (tmp_path / "new").exists()
    assert [line.split()[0] for line in wrong.stderr.splitlines()] == ["--id", "--languages", "--unit"]

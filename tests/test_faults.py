"""Faults: the build under edits, interrupts, a second build, damaged outputs and hostile inputs.

Each case breaks one thing the way a careless contributor, a crash or an attacker would, then
checks that nothing stale, half-published or lost is left: the published tree equals a clean build
of the same sources, file by file, or the previous publication. The faults are injected at named
moments of the build (``rulebook.publish.machinery.faults``: RULEBOOK_FAULT), never by sleeping and racing. To stay
cheap, the builds are of one house in one language, HTML only (the editors' edition, published in
``_build/review``), started from one clean build copied for each case.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rulebook.i18n.catalogs import po_path, read_catalog, write_catalog
from tests.conftest import ROOT, copy_sources, edit, run_rulebook, set_translations

pytestmark = pytest.mark.xdist_group("faults")   # the clean builds below are made once, in one worker

BUILD = ("site", "--builder", "review", "--house", "club", "--lang", "fr")


def _marked(context: str) -> dict[str, dict[str, str]]:
    entry = next(m for m in read_catalog(po_path(ROOT, "fr"), "fr") if m.context == context)
    return {"fr": {context: f"{entry.string} MARQUE"}}


EDIT = _marked("rake-rate.text")   # a rule's French text: one page, its search entries and its sources


def copy_tree(source: Path, target: Path) -> Path:
    """A project and its build folder as they are (the published links kept as links)."""
    shutil.copytree(source, target, symlinks=True)
    return target


def published(tree: Path) -> dict[str, bytes]:
    """Every published file of the editors' edition, by its path, with its bytes."""
    folder = tree / "_build" / "review"
    files = {path.relative_to(folder).as_posix(): path.read_bytes() for path in folder.rglob("*") if path.is_file()}
    assert files and not [name for name in files if Path(name).name.startswith(".buildinfo")]
    return files


def differences(found: dict[str, bytes], wanted: dict[str, bytes]) -> list[str]:
    return sorted(name for name in found.keys() | wanted.keys() if found.get(name) != wanted.get(name))


def clean_build(target: Path, translations: dict | None = None) -> Path:
    copy_sources(target)
    # The gate's remembered results (keyed by content): only faster. Not the compiled templates beside
    # them (keyed by their files' paths, which are not this copy's: conftest's ``compiled_templates``).
    cache = target / "_build" / "cache"
    cache.mkdir(parents=True, exist_ok=True)
    for remembered in (ROOT / "_build" / "cache").glob("*.json"):
        shutil.copy2(remembered, cache / remembered.name)
    if translations:
        set_translations(target, translations)
    done = run_rulebook(target, *BUILD)
    assert done.returncode == 0, done.stderr
    return target


@pytest.fixture(scope="module")
def place(tmp_path_factory) -> Path:
    """Where each case's project is: always the same folder, which Sphinx's saved state names (in
    another folder, its first build would read every page again)."""
    return tmp_path_factory.mktemp("faults") / "tree"


@pytest.fixture(scope="module")
def base(place, tmp_path_factory) -> Path:
    """The project with its editors' edition of the club in French published (a copy of it)."""
    clean_build(place)
    return copy_tree(place, tmp_path_factory.mktemp("base") / "tree")


@pytest.fixture(scope="module")
def edited(tmp_path_factory) -> dict[str, bytes]:
    """What a clean build publishes from the project with EDIT made."""
    return published(clean_build(tmp_path_factory.mktemp("edited"), EDIT))


@pytest.fixture
def tree(base, place) -> Path:
    """The project and its build as ``base`` left them, in ``place`` (the cases run one at a time)."""
    shutil.rmtree(place)
    return copy_tree(base, place)


def start(tree: Path, fault: str, *args: str) -> subprocess.Popen:
    """``rulebook`` in a process of its own (its own process group, and Ctrl-C's default action, as a
    terminal starts it: a test process may itself ignore SIGINT, and a child would inherit that)."""
    return subprocess.Popen([sys.executable, "-m", "rulebook", "--root", str(tree), *(args or BUILD)], cwd=ROOT,
                            env={**os.environ, "RULEBOOK_FAULT": fault}, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def reached(process: subprocess.Popen, marker: Path, deadline: float = 600) -> None:
    """Wait until the process reaches its paused moment (it must not end first)."""
    end = time.monotonic() + deadline
    while not marker.exists():
        assert process.poll() is None, f"ended without reaching {marker.name}: {process.communicate()}"
        assert time.monotonic() < end, f"never reached {marker.name}"
        time.sleep(0.02)


def finished(process: subprocess.Popen) -> tuple[int, str]:
    out, err = process.communicate(timeout=600)
    return process.returncode, out + err


def an_edit_saved_earlier(tree: Path, translations: dict) -> None:
    """Translations saved, their file dated ten seconds back (as if saved well before the build looked)."""
    set_translations(tree, translations)
    for lang in translations:
        when = time.time() - 10
        os.utime(po_path(tree, lang), (when, when))


def test_an_edit_made_during_a_build_is_published_by_the_next_one(tree, base, edited, tmp_path):
    build = start(tree, f"loaded:pause={tmp_path}")
    reached(build, tmp_path / "loaded.paused")
    an_edit_saved_earlier(tree, EDIT)
    (tmp_path / "loaded.resume").touch()
    code, said = finished(build)
    assert code == 0 and "locales/fr/LC_MESSAGES/rulebook.po: changed while it was being built" in said, said
    assert published(tree) == published(base)          # it built what it read
    again = run_rulebook(tree, *BUILD)
    assert again.returncode == 0, again.stderr
    assert differences(published(tree), edited) == []   # the next build did not take it for done


def test_a_second_build_waits_for_the_first_and_publishes_its_own_edit(tree, edited, tmp_path):
    first = start(tree, f"staged:pause={tmp_path}")
    reached(first, tmp_path / "staged.paused")           # built, about to publish
    set_translations(tree, EDIT)
    second = start(tree, "")
    while "waiting for it to finish" not in (line := second.stderr.readline()):
        assert line, f"the second build did not wait: {finished(second)}"
    (tmp_path / "staged.resume").touch()
    assert finished(first)[0] == 0
    code, said = finished(second)
    assert code == 0, said
    assert differences(published(tree), edited) == []


def test_a_publication_cut_off_midway_is_completed_before_anything_else(tree, base, edited):
    set_translations(tree, EDIT)
    code, said = finished(start(tree, "publishing:kill"))
    assert code == -signal.SIGKILL, said
    assert published(tree) == published(base)           # the links had not moved: the previous publication
    again = run_rulebook(tree, *BUILD)
    assert again.returncode == 0, again.stderr
    assert differences(published(tree), edited) == []
    assert sorted(path.name for path in (tree / "_build").glob("review*")) == \
        ["review", os.readlink(tree / "_build" / "review")]   # no version left over


@pytest.mark.parametrize("moment", ["loaded", "job", "publishing"])
def test_ctrl_c_stops_every_worker_and_publishes_nothing_half_done(tree, base, edited, moment):
    set_translations(tree, EDIT)
    build = start(tree, f"{moment}:interrupt")
    code, said = finished(build)
    assert code == 130, said
    assert "Traceback" not in said and said.strip().count("\n") == 0 and "interrupted" in said, said
    for _ in range(500):   # every worker is gone with the command
        try:
            os.killpg(build.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.01)
    else:
        pytest.fail("a worker outlived the interrupted command")
    # Before publishing, nothing is published; once the links move, they all move.
    assert published(tree) == (published(base) if moment != "publishing" else edited)


def test_a_deleted_or_truncated_output_is_rebuilt_never_carried_over(tree, base):
    pages = tree / "_build" / "review" / "club" / "fr"
    (pages / "rake.html").write_bytes(b"<html>")
    (pages / "glossary.html").unlink()
    done = run_rulebook(tree, *BUILD)
    assert done.returncode == 0, done.stderr
    assert differences(published(tree), published(base)) == []


def _frozen(job: int) -> int:
    """A job that tells how many of the command's objects its collector leaves alone (or fails)."""
    import gc

    if job < 0:
        raise ValueError("a job that fails")
    return gc.get_freeze_count()


def test_jobs_run_with_the_commands_objects_frozen_and_leave_nothing_frozen(project):
    """A full collection in a forked job would walk every object of the command (and copy every page of
    them the fork shares): they are frozen while the jobs run. After the jobs, done or failed, nothing
    stays frozen, or what the command drops afterwards would never be freed."""
    import gc

    from rulebook.publish.machinery.workers import run_jobs

    assert gc.get_freeze_count() == 0
    tracked = len(gc.get_objects())   # what the command holds, a moment before the jobs are forked
    assert all(count > 0.9 * tracked for count in run_jobs(project, _frozen, [1, 2]))
    assert gc.get_freeze_count() == 0
    with pytest.raises(ValueError):
        run_jobs(project, _frozen, [1, -1])
    assert gc.get_freeze_count() == 0


def _tiny_pdf(job):
    """A print job of one small page (the machinery of every print job, at a fraction of the cost)."""
    from rulebook.publish.machinery import workers
    from rulebook.publish.print.printing import _write_pages

    house, (lang,), build, _ = job
    project = workers.project()
    return _write_pages(project, Path(build), "pdf", house, job.label, {f"{house}/tiny-{lang}.pdf": "<p>tiny</p>"},
                        project.root)


def test_a_truncated_pdf_is_printed_again_never_carried_over(tree):
    from rulebook.publish.print.printing import PrintJob, _print
    from rulebook.project import Project

    project, build = Project.load(tree), tree / "_build"
    jobs = [PrintJob("club", ("fr",), str(build))]
    [printed] = _print(project, build, "pdf", jobs, _tiny_pdf)
    whole = printed.read_bytes()
    printed.write_bytes(whole[:100])
    [again] = _print(project, build, "pdf", jobs, _tiny_pdf)
    assert again.read_bytes() == whole


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t", *args], check=True,
                   capture_output=True)


def test_an_earlier_edition_the_gate_refuses_is_never_published(tmp_path):
    """A commit whose Romanian catalog the gate refuses, tagged by hand as edition 1: the build of
    edition 2 stops in one line naming the tag, the file and the line, and publishes nothing."""
    repo = copy_sources(tmp_path / "repo")
    (repo / ".gitignore").write_text("_build/\n", encoding="utf-8")
    git(repo, "init", "-q")
    catalog = po_path(repo, "ro")
    good = catalog.read_bytes()
    notice = "Edition {edition} of these rules was in force from {start} to {end}. It is no longer in force."
    entries = read_catalog(catalog, "ro")
    entries.get(notice).string = "Ediția {edition.__class__.__mro__} a fost în vigoare până la {end:>3000}."
    write_catalog(catalog, entries)
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "edition 1")
    git(repo, "tag", "club/edition-1")
    catalog.write_bytes(good)
    edit(repo / "houses" / "club" / "house.yaml", "edition: 1 ", "edition: 2 ")
    edit(repo / "houses" / "club" / "house.yaml", 'effective: "2026-12-01"', 'effective: "2027-03-01"')
    git(repo, "commit", "-qam", "edition 2")

    check = run_rulebook(repo, "check")
    assert check.returncode == 1, check.stdout
    assert any(line.startswith("locales/ro/LC_MESSAGES/rulebook.po:") and "[edition]" in line
               and "at tag club/edition-1: [placeholders]" in line for line in check.stdout.splitlines()), check.stdout
    build = run_rulebook(repo, *BUILD)
    assert build.returncode == 1 and "Traceback" not in build.stdout + build.stderr
    assert "at tag club/edition-1" in build.stdout and not (repo / "_build" / "review").exists()


@pytest.fixture
def sources(tmp_path) -> Path:
    return copy_sources(tmp_path / "sources")


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _sparse(path: Path) -> None:
    with open(path, "wb") as handle:
        handle.truncate(9 * 2**30)


@pytest.mark.parametrize("place, make, says", [
    ("rules/x.yaml", lambda path: path.symlink_to("/dev/zero"), "outside the project"),
    ("locales/fr/LC_MESSAGES/rulebook.po", lambda path: (path.unlink(), path.symlink_to("/dev/zero")),
     "outside the project"),
    ("rules/x.yaml", lambda path: path.symlink_to(path.parent / "rake.yaml"), None),   # a link inside: fine
    ("rules/y.yaml", _fifo, "not a regular file"),
    ("rules/z.yaml", _sparse, "larger than"),
    ("templates/rst/x.jinja", lambda path: path.symlink_to("/dev/zero"), "outside the project"),
], ids=["yaml-to-device", "catalog-to-device", "link-inside", "named-pipe", "sparse-9-GB", "template-to-device"])
def test_a_source_that_is_no_regular_file_in_the_project_is_refused_before_it_is_read(sources, place, make, says):
    make(sources / place)
    done = run_rulebook(sources, "check")
    said = done.stdout + done.stderr
    assert "Traceback" not in said
    if says is None:   # the same rules twice: read, then refused as duplicates
        assert done.returncode != 0 and "duplicate" in said, said
        return
    assert done.returncode == 2, said
    assert [line for line in said.splitlines() if line.startswith(f"{place}:") and says in line], said


def test_a_megabyte_of_adversarial_translation_is_refused_at_once(sources):
    set_translations(sources, {"fr": {"rake.title": ":a" * 500_000}})
    done = run_rulebook(sources, "check")
    assert done.returncode == 1
    assert [line for line in done.stdout.splitlines()
            if line.startswith("locales/fr/LC_MESSAGES/rulebook.po:") and "[length]" in line], done.stdout


def translated(path: Path) -> dict:
    """Each message of a catalog with its translation and whether it is fuzzy."""
    return {(m.id, m.context): (m.string, m.fuzzy) for m in read_catalog(path, "fr") if m.id}


def test_update_po_keeps_every_translation_through_remove_and_restore(sources):
    import re

    from rulebook.i18n.catalogs import strict_catalog

    for command in (("gettext",), ("update-po", "--lang", "fr")):   # the catalog as the sources have it now
        assert run_rulebook(sources, *command).returncode == 0
    before = translated(po_path(sources, "fr"))
    rake, straddle = sources / "rules" / "rake.yaml", sources / "rules" / "cash-straddle.yaml"
    kept = rake.read_text(encoding="utf-8"), straddle.read_text(encoding="utf-8")
    removed = re.search(r"      - id: auto-straddle-third-blind\n.*?\n\n(?=      - id: )", kept[0], re.S)
    rake.write_text(kept[0].replace(removed.group(0), ""), encoding="utf-8")
    edit(straddle, "rules: [straddle-amount, auto-straddle-third-blind]", "rules: [straddle-amount]")
    for command in (("gettext",), ("update-po", "--lang", "fr")):
        assert run_rulebook(sources, *command).returncode == 0
    assert "#~ msgctxt \"auto-straddle-third-blind" in po_path(sources, "fr").read_text(encoding="utf-8")
    rake.write_text(kept[0], encoding="utf-8")
    straddle.write_text(kept[1], encoding="utf-8")
    for command in (("gettext",), ("update-po", "--lang", "fr")):
        assert run_rulebook(sources, *command).returncode == 0
    assert translated(po_path(sources, "fr")) == before          # every translation back, none fuzzy
    catalog = strict_catalog(sources, "fr")                       # msgfmt finds no duplicate
    assert not {(m.id, m.context) for m in catalog.obsolete.values()} & {(m.id, m.context) for m in catalog}


@pytest.mark.parametrize("name, written", [
    ("Poker: The Club", True), ("\\1 and \\g<0>", True), ("It's \"q\" {x} # no", True),
    ("Evil\nparts: []", False), ("Tab\tand NUL\0", False), ("", False), ("W" * 25, False),
])
def test_new_house_writes_any_name_as_yaml_or_refuses_it_in_one_line(sources, name, written):
    from rulebook.core import yamlload

    for copied in (False, True):
        done = run_rulebook(sources, "new-house", "riverside", "--name", name, *(("--from", "club") if copied else ()))
        said = done.stdout + done.stderr
        assert "Traceback" not in said and (written or said.strip().count("\n") == 0), said
        house = sources / "houses" / "riverside" / "house.yaml"
        assert (done.returncode == 0) == written == house.exists(), said
        if written:
            data = yamlload.load(house)
            assert data["name"] == name and data["city"] is None and data["parts"] == \
                (yamlload.load(sources / "houses" / "club" / "house.yaml")["parts"] if copied else [])
            house.unlink()


def test_new_house_into_an_empty_folder_or_from_a_file_of_comments(sources):
    (sources / "houses" / "riverside").mkdir()
    assert run_rulebook(sources, "new-house", "riverside").returncode == 0
    (sources / "houses" / "empty").mkdir()
    (sources / "houses" / "empty" / "house.yaml").write_text("# nothing but comments\n", encoding="utf-8")
    done = run_rulebook(sources, "new-house", "other", "--from", "empty")
    assert done.returncode == 2 and done.stderr.startswith("houses/empty/house.yaml:1: the file is empty")


def _set_header(path: Path, field: str, value: str) -> None:
    text = path.read_text(encoding="utf-8")
    start = text.index(f'"{field}: ')
    path.write_text(text[:start] + f'"{field}: {value}\\n"' + text[text.index("\n", start):], encoding="utf-8")


@pytest.mark.parametrize("break_it, file, says, code", [
    (lambda tree: set_translations(tree, {"ro": {"rake.title": "Comision\u2028rake"}}),
     "locales/ro/LC_MESSAGES/rulebook.po", "U+2028", 1),
    (lambda tree: set_translations(tree, {"es": {"rake.title": "Rake\0"}}),
     "locales/es/LC_MESSAGES/rulebook.po", "U+0000", 1),
    (lambda tree: _set_header(po_path(tree, "ro"), "Plural-Forms", "nplurals=3; plural=(n==1 ? 0 : (n==0 || "
                              "(n%100 > 0 && n%100 < 20)) ? 1 : n > 2000 ? 3 : 2);"),
     "locales/ro/LC_MESSAGES/rulebook.po", "Plural-Forms must follow", 2),
    (lambda tree: edit(tree / "executable_examples" / "rake.yaml", "split_pot_rake(pot,",
                       "split_pot_rake(10000000000000000000000000000000000000000,"),
     "executable_examples/rake.yaml", "larger than any card-room number", 2),
    (lambda tree: edit(tree / "houses" / "club" / "house.yaml", "straddle: 6 RON\n", "straddle: 010 RON\n"),
     "houses/club/house.yaml", "not written in decimal", 2),
    (lambda tree: edit(tree / "houses" / "club" / "house.yaml", "name: Gentlemen's Poker Club ",
                       "name: Gentlemen's Poker Club of the Old Town "),
     "houses/club/house.yaml", "a card holds 24", 1),
], ids=["line-separator-in-a-title", "nul-in-a-title", "plural-rule-wrong-above-1000", "amount-of-10**40",
        "octal-number", "house-name-longer-than-a-card"])
def test_the_gate_refuses_what_publishing_would_fail_on(sources, break_it, file, says, code):
    break_it(sources)
    done = run_rulebook(sources, "check")
    said = done.stdout + done.stderr
    assert done.returncode == code and "Traceback" not in said, said
    assert [line for line in said.splitlines() if line.startswith(f"{file}:") and says in line], said


def test_no_part_can_take_the_name_of_a_page_the_site_makes(project):
    from rulebook.core.model import RESERVED_IDS
    from rulebook.publish.site.render import PageRenderer

    for house_id, view in project.houses.items():
        made = set(PageRenderer(project, house_id, "en", editors=True).pages([])) - \
            {part.id for part in view.book.parts}
        assert made <= RESERVED_IDS and {"changes", "edition", "downloads", "search", "genindex"} <= RESERVED_IDS


def test_the_longest_house_name_the_gate_accepts_fits_every_card(project, tmp_path):
    """The gate's bound on a house name (checks.MAX_HOUSE_NAME) is what the cards hold, in wide
    capitals, in the languages whose cards are the most crowded."""
    import dataclasses

    from weasyprint import HTML

    from rulebook.core.records import PrintChoice
    from rulebook.gate.checks import MAX_HOUSE_NAME
    from rulebook.publish.print.paper import card_css
    from rulebook.publish.print.printing import PrintRenderer, overflow

    club = project.houses["club"]
    css = (ROOT / "templates" / "print" / "card.css").read_text(encoding="utf-8") + card_css(PrintChoice())
    for letters in ("MMW ",):
        book = dataclasses.replace(club.book, name=(letters * MAX_HOUSE_NAME)[:MAX_HOUSE_NAME])
        wide = dataclasses.replace(project, houses={**project.houses, "club": dataclasses.replace(club, book=book)})
        row = book.house["stakes"][0]
        for lang in ("fr", "es"):
            renderer = PrintRenderer(wide, "club", lang)
            for html in (renderer.card(renderer.bands(), None, css, "card"), renderer.card([renderer.face(row)], row, css, "card")):
                assert overflow(HTML(string=html, base_url=str(ROOT)).render()) <= 0.5, (letters, lang)


def test_search_words_become_patterns_javascript_can_read(tmp_path):
    """A reader's word such as "c#" is escaped for the browser's patterns too (which refuse "\\#")."""
    import json
    import re

    from sphinx.search.en import SearchEnglish

    from rulebook.i18n.search_terms import with_poker_terms

    code = with_poker_terms("en", SearchEnglish, ["all in"], {"c#": "rake", "a.b(c)/d": "rake"}).js_splitter_code
    synonyms = json.loads(re.search(r"const SEARCH_SYNONYMS = (\{.*\});", code).group(1))
    node = next(ROOT.joinpath(".venv").glob("lib/python*/site-packages/playwright/driver/node"), None) \
        or shutil.which("node")
    if node is None:
        pytest.skip("no JavaScript engine here")
    script = ("const s = " + json.dumps(synonyms) + "; const found = ' x c# a.b(c)/d '.match(new RegExp(s.source, 'giu'));"
              "console.log(JSON.stringify(found));")
    done = subprocess.run([str(node), "-e", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [" c#", " a.b(c)/d"]


# The machine's faults: a full or read-only disk, a path of the wrong kind in the build folder, a
# damaged or hostile journal, stamp or cache. Each ends in one line naming the path and what to do
# (exit 3), or is recovered and said; and the published folders are compared byte for byte before
# and after. Real mounts where the machine allows them (root, or a mount namespace); everywhere, the
# same faults planted as files or raised at the exact write (``RULEBOOK_FAULT=<moment>:ENOSPC``).

PUBLISH = ("site", "--house", "club", "--lang", "en")   # the site with the cards and PDFs it offers
MACHINE = 3


def digests(build: Path) -> dict[str, str]:
    """What a build folder publishes, byte for byte: each file under every version folder and every
    published link (a link by where it leads, a file by the digest of its bytes), and whatever else
    lies beside them but the build's own working files."""
    import hashlib

    found: dict[str, str] = {}
    for top, folders, files in os.walk(build):
        here = Path(top)
        if here == build:
            folders[:] = [name for name in folders if name not in ("cache", "stamps", "work", "doctrees", "src")]
            files = [name for name in files if name != ".lock"]
        for name in folders + files:
            path = here / name
            relative = path.relative_to(build).as_posix()
            if path.is_symlink():
                found[relative] = f"-> {os.readlink(path)}"
            elif path.is_file():
                found[relative] = hashlib.sha256(path.read_bytes()).hexdigest()
    assert any(name.startswith("site.") for name in found)
    return found


def one_line_naming(said: str, path: Path | str) -> str:
    """The command's one line, which names ``path`` (never a traceback)."""
    lines = said.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in said and str(path) in lines[0], said
    return lines[0]


@pytest.fixture(scope="module")
def machine_place(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("machine") / "tree"


@pytest.fixture(scope="module")
def machine_base(machine_place, tmp_path_factory) -> Path:
    """The project with the club's English site, cards and PDFs published (a copy of it)."""
    copy_sources(machine_place)
    done = run_rulebook(machine_place, *PUBLISH)
    assert done.returncode == 0, done.stderr
    return copy_tree(machine_place, tmp_path_factory.mktemp("machine-base") / "tree")


@pytest.fixture
def machine(machine_base, machine_place) -> Path:
    """The project and its build as ``machine_base`` left them (in the folder Sphinx's state names)."""
    shutil.rmtree(machine_place)
    return copy_tree(machine_base, machine_place)


def _dangling(build: Path) -> None:
    (build / "site").unlink()
    (build / "site").symlink_to("site.9")


def _looping(build: Path) -> None:
    (build / "site").unlink()
    (build / "site").symlink_to("site")


def _foreign_folder(build: Path) -> None:
    (build / "site").unlink()
    (build / "site" / "mine").mkdir(parents=True)
    (build / "site" / "mine" / "notes.txt").write_text("not the build's", encoding="utf-8")


def _a_file(build: Path) -> None:
    (build / "site").unlink()
    (build / "site").write_text("not the build's", encoding="utf-8")


def _elsewhere(build: Path) -> None:
    os.replace(build / os.readlink(build / "cards"), build.parent / "kept-cards")
    (build / "cards").unlink()
    (build / "cards").symlink_to(build.parent / "kept-cards")


@pytest.mark.parametrize("plant, kind", [(_dangling, "site"), (_looping, "site"), (_foreign_folder, "site"),
                                         (_a_file, "site"), (_elsewhere, "cards")])
def test_a_published_folder_the_build_did_not_leave_is_refused_never_deleted(machine, plant, kind):
    build = machine / "_build"
    plant(build)
    before = digests(build)
    done = run_rulebook(machine, *PUBLISH)
    assert done.returncode == MACHINE
    assert "rm" in one_line_naming(done.stderr, build / kind)
    assert digests(build) == before                     # the previous versions and what was planted, whole


@pytest.mark.parametrize("plant, args", ids=[".lock-a-folder", ".lock-a-link", "dev-null", "a-file"], argvalues=[
    (lambda build: ((build / ".lock").unlink(), (build / ".lock").mkdir()), ()),
    (lambda build: ((build / ".lock").unlink(), (build / ".lock").symlink_to("/dev/zero")), ()),
    (lambda build: None, ("--build-dir", "/dev/null")),
    (lambda build: (build.parent / "a-file").write_text("x", encoding="utf-8"), ("--build-dir", "a-file")),
])
def test_a_build_folder_that_cannot_be_locked_is_refused_in_one_line(machine, plant, args):
    build = machine / "_build"
    plant(build)
    before = digests(build)
    args = tuple(str(machine / arg) if arg == "a-file" else arg for arg in args)
    done = run_rulebook(machine, *PUBLISH, *args)
    assert done.returncode == MACHINE
    one_line_naming(done.stderr, args[1] if args else build / ".lock")
    assert digests(build) == before


@pytest.mark.parametrize("journal", [
    b"[" * 2_500_000 + b"]" * 2_500_000,                 # 5 MB of nested arrays: a RecursionError once
    b'{"site": "../../elsewhere", "cards": "cards.99"}',   # names no version beside it
    b"\xff\xfe not JSON",
    b"[" * 5000 + b"]" * 5000,
], ids=["5MB-of-nested-arrays", "names-no-version", "not-JSON", "deep"])
def test_a_hostile_journal_is_set_aside_and_never_stops_a_later_build(machine, journal):
    build = machine / "_build"
    before = published_files(build)
    (build / "publishing.json").write_bytes(journal)
    done = run_rulebook(machine, *PUBLISH)
    assert done.returncode == 0, done.stderr
    if not journal.startswith(b'{"site"'):   # read, but naming no version beside it: moves nothing, says nothing
        assert "a journal that cannot be read" in one_line_naming(done.stderr, build / "publishing.json")
        assert (build / "publishing.json.damaged").read_bytes() == journal
    assert published_files(build) == before
    again = run_rulebook(machine, *PUBLISH)
    assert again.returncode == 0 and not again.stderr, again.stderr


def test_a_journal_that_is_no_file_is_refused_with_what_to_remove(machine):
    build = machine / "_build"
    (build / "publishing.json").mkdir()
    before = digests(build)
    done = run_rulebook(machine, *PUBLISH)
    assert done.returncode == MACHINE and "rm -r" in one_line_naming(done.stderr, build / "publishing.json")
    assert digests(build) == before


@pytest.mark.parametrize("damage", [lambda path: path.write_bytes(b"[" * 2_500_000 + b"]" * 2_500_000),
                                    lambda path: (path.unlink(), os.mkfifo(path)),
                                    lambda path: path.write_bytes(b'{"inputs": 1}')],
                         ids=["5MB-of-nested-arrays", "a-pipe", "wrong-shape"])
def test_a_damaged_stamp_is_no_stamp_and_its_job_is_redone(machine, damage):
    build = machine / "_build"
    before = digests(build)
    for stamp in (build / "stamps").rglob("*.stamp"):
        damage(stamp)
    done = run_rulebook(machine, *PUBLISH)
    assert done.returncode == 0, done.stderr
    assert "site rebuilt" in done.stdout
    assert published_files(build) == published_files_of(before)


def published_files(build: Path) -> dict[str, str]:
    """The published folders' files (through their links), by kind/path → digest."""
    found = digests(build)
    return published_files_of(found)


def published_files_of(found: dict[str, str]) -> dict[str, str]:
    links = {name: target[3:] for name, target in found.items() if "/" not in name and target.startswith("-> ")}
    return {f"{kind}/{name[len(version) + 1:]}": digest for kind, version in links.items()
            for name, digest in found.items() if name.startswith(f"{version}/")}


@pytest.mark.parametrize("fault, path", [
    ("lock:EROFS", ".lock"), ("stage:ENOSPC", ".new"), ("journal:ENOSPC", ".publishing.json.tmp"),
    ("link:ENOSPC", ".link"), ("stamp:ENOSPC", ".tmp"),
])
def test_a_full_or_read_only_disk_at_each_write_says_one_line_and_what_was_published_stands(
        machine, monkeypatch, fault, path):
    build = machine / "_build"
    before = published_files(build)
    shutil.rmtree(build / "stamps")                     # every job runs again, and publishes anew
    monkeypatch.setenv("RULEBOOK_FAULT", fault)
    done = run_rulebook(machine, *PUBLISH)
    assert done.returncode == MACHINE
    line = one_line_naming(done.stderr, build)
    assert path in line and ("read-only" if "EROFS" in fault else "no space left") in line
    assert published_files(build) == before             # the last publication (or this one, the same bytes), whole
    monkeypatch.delenv("RULEBOOK_FAULT")
    again = run_rulebook(machine, *PUBLISH)
    assert again.returncode == 0, again.stderr
    assert published_files(build) == before
    assert sorted(name for name in os.listdir(build) if name.startswith(("site", "cards", "pdf"))) == \
        sorted([*("site", "cards", "pdf"), *(os.readlink(build / kind) for kind in ("site", "cards", "pdf"))])


def _mount(*args: str) -> None:
    """``mount`` as this process may run it; the test is skipped, saying why, where it may not."""
    if os.geteuid() != 0:
        pytest.skip("mounting a file system needs root (or a mount namespace): the planted and injected "
                    "faults above cover the same cases")
    done = subprocess.run(["mount", *args], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"this machine does not allow mounts ({done.stderr.strip()}): the injected faults cover it")


@pytest.fixture
def mounted(tmp_path):
    """Folders to mount on, unmounted however the test ends."""
    points: list[Path] = []

    def point(name: str) -> Path:
        points.append(tmp_path / name)
        points[-1].mkdir()
        return points[-1]

    yield point
    for path in reversed(points):
        subprocess.run(["umount", "-l", str(path)], capture_output=True)


def test_a_build_folder_on_a_full_tmpfs_stops_in_one_line_and_the_last_publication_stands(machine, mounted):
    build = machine / "_build"
    used = sum(os.lstat(path).st_blocks * 512 for path in build.rglob("*"))
    disk = mounted("tmpfs")
    _mount("-t", "tmpfs", "-o", f"size={used // 1024 + 1536}k", "tmpfs", str(disk))   # the build, and little more
    shutil.copytree(build, disk / "_build", symlinks=True)
    shutil.rmtree(disk / "_build" / "stamps")           # the site is staged anew: it does not fit
    before = published_files(disk / "_build")
    done = run_rulebook(machine, *PUBLISH, "--build-dir", str(disk / "_build"))
    assert done.returncode == MACHINE
    assert "no space left" in one_line_naming(done.stderr, disk / "_build")
    assert published_files(disk / "_build") == before


def test_a_read_only_build_folder_stops_in_one_line_and_the_last_publication_stands(machine):
    build = machine / "_build"
    before = digests(build)
    _mount("--bind", str(build), str(build))
    try:
        _mount("-o", "remount,ro,bind", str(build))
        done = run_rulebook(machine, *PUBLISH)
        assert done.returncode == MACHINE
        assert "read-only" in one_line_naming(done.stderr, build / ".lock")
        assert digests(build) == before
    finally:
        subprocess.run(["umount", "-l", str(build)], capture_output=True)

"""Every build path of this project against the plain tool that makes the same thing, in one run.

Each path is measured against its peer: the sites against plain ``sphinx-build -b html`` of the very
reST this project generated, with the project's conf.py (a part's page is one ``rulebook:part`` line
that the project's Sphinx extension makes the page of, so the peer loads the project in each folder
as a bare ``sphinx-build`` does); the printed rulebooks against plain ``sphinx-build -b singlehtml``
of it and plain WeasyPrint of the HTML our
print step is handed (``print_html.py``: tagged for screen readers as ours are, the same output; no fit
check, no stamps); the cards against plain
WeasyPrint of their HTML; the whole of ``make site`` against the sum. Peers run one after another;
ours as the commands run (in parallel on the cores). After an edit, the peer redoes only what had to
change: the folders whose reST changed and the PDFs whose bytes changed. The editor's preview is
timed from the save to the moment the open page is told to reload. The gate's peers are
``msgfmt --check`` and ``pybabel compile`` of the four catalogs. Ratios are ours / peer, wall clock
(below 1 is faster); each row says the machine's load average when it was measured.

    .venv/bin/python benchmarks/bench_sphinx.py [--repeat 3] [--write-readme]

``--write-readme`` replaces the README's speed table (between its ``speed-table`` markers) with
this run's, with the date and the commit measured: the figures are never typed by hand.
``--check-readme`` measures nothing: it exits 1 if the table is missing, or older than the last
commit that changed the build (``BUILD``), so that a CI step can ask for a new run.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("rules", "houses", "locales", "templates", "executable_examples", "rulebook", "pokerrules", "conf.py",
           "runtime")
HOUSES = ("club", "casino")
LANGUAGES = ("ro", "en", "fr", "es", "hr")
TRANSLATED = ("ro", "fr", "es", "hr")
BIN = Path(sys.executable).parent
PRINT_HTML = Path(__file__).with_name("print_html.py")
# What the figures depend on: a commit that changes any of these makes the README's table stale.
BUILD = ("rulebook", "templates", "conf.py", "pokerrules", "pyproject.toml", "Makefile", "benchmarks/bench_sphinx.py",
         "benchmarks/print_html.py")
README_BEGIN, README_END = "<!-- speed-table: written by benchmarks/bench_sphinx.py --write-readme -->", "<!-- /speed-table -->"
Timing = tuple[float, float]   # wall, CPU seconds


@dataclass
class Row:
    what: str
    ours: Timing
    peer: Timing | None
    peer_is: str
    load: float
    target: float | None = None


def run(*command: str | Path, cwd: Path) -> Timing:
    """Wall and CPU seconds (children included) of one command, which must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run([str(c) for c in command], cwd=cwd, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(map(str, command))}\n{result.stdout[-2000:]}{result.stderr[-2000:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def total(timings) -> Timing:
    timings = list(timings)
    return sum(t[0] for t in timings), sum(t[1] for t in timings)


def median(samples: list[Timing]) -> Timing:
    return statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples)


def load() -> float:
    return os.getloadavg()[0]


def rulebook(tree: Path, *args: str) -> Timing:
    return run(sys.executable, "-m", "rulebook", "--root", tree, *args, cwd=tree)


def sphinx(plain: Path, house: str, lang: str, builder: str = "html") -> Timing:
    """Plain Sphinx over one folder of generated reST, with the conf.py of the project beside ``plain``
    (``tree``: its extension makes each part's page), the printed rulebook's page in the basic theme."""
    theme = ("-D", "html_theme=basic") if builder == "singlehtml" else ()
    return run(BIN / "sphinx-build", "-q", "-b", builder, "-c", plain.parent / "tree", "-D", f"language={lang}",
               "-D", f"rulebook_house={house}", *theme, plain / f"src-{builder}" / house / lang,
               plain / builder / house / lang, cwd=plain)


def copy_generated(src: Path, plain: Path) -> list[tuple[str, str]]:
    """Bring plain's sources up to what our last build generated (under ``src``); the folders that changed.
    Each builder's peer has its folder of sources (``src-html``, ``src-singlehtml``: a bare sphinx-build
    with the project's extension writes its pages there from the project, the singlehtml one without
    the calculators); ``src`` records what was copied, so a change is one of our generator's."""
    changed = []
    for house in HOUSES:
        for lang in LANGUAGES:
            ours, record = src / house / lang, plain / "src" / house / lang
            folders = [record, *(plain / f"src-{builder}" / house / lang for builder in ("html", "singlehtml"))]
            for folder in folders:
                folder.mkdir(parents=True, exist_ok=True)
            differs = False
            for page in ours.glob("*.rst"):
                if not (record / page.name).exists() or (record / page.name).read_bytes() != page.read_bytes():
                    for folder in folders:
                        shutil.copy(page, folder / page.name)
                    differs = True
            if differs:
                changed.append((house, lang))
    return changed


def printed(tree: Path) -> dict[tuple[str, str], str]:
    """Each published card and rulebook PDF, (kind, name) -> the digest of its bytes."""
    found = {}
    for kind in ("cards", "pdf"):
        folder = (tree / "_build" / kind).resolve()
        for path in folder.rglob("*.pdf"):
            found[(kind, path.relative_to(folder).as_posix())] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def plain_prints(captured: Path, out: Path, kind: str, names: set[str] | None = None) -> Timing:
    """Plain WeasyPrint of the captured documents of ``kind`` (only those ``names``, if given), one job after another."""
    timings = []
    for manifest in sorted((captured / kind).glob("*/*/manifest.json")):
        documents = [d["name"] for d in json.loads(manifest.read_text(encoding="utf-8"))]
        wanted = [name for name in documents if names is None or name in names]
        if wanted:
            house, label = manifest.parent.parent.name, manifest.parent.name
            timings.append(run(sys.executable, PRINT_HTML, "print", captured, kind, house, label, out,
                               *(wanted if names is not None else ()), cwd=out))
    return total(timings)


_EDITS: dict[str, int] = {}   # edits made so far in this run, per language


def edit_rule_text(tree: Path, lang: str) -> None:
    """Change the translation of one rule text of the rake part (a visible, one-page edit). Each edit
    swaps the case of one more letter of the translation's first word ("LOrsque", then "LORsque"…),
    so that no edit of a run gives back words an earlier one printed: their PDFs would come from the
    build's print cache, which the peer does not have."""
    po = tree / "locales" / lang / "LC_MESSAGES" / "rulebook.po"
    text = po.read_text(encoding="utf-8")
    marker = re.compile(r'msgctxt "rake-split-pot\.text"\nmsgid (?:"[^\n]*"\n)+msgstr "(?:"\n")?')
    found = marker.search(text)
    word = re.match(r"[^\W\d_]+", text[found.end():]) if found else None
    if not found or not word:
        sys.exit(f"{po}: no rake-split-pot.text entry to edit")
    turn = _EDITS[lang] = _EDITS.get(lang, -1) + 1
    at = found.end() + turn % len(word.group(0))   # new words until twice the word's length
    po.write_text(text[:at] + text[at].swapcase() + text[at + 1:], encoding="utf-8")


def preview_rows(tree: Path, plain: Path, repeat: int) -> list[Row]:
    """A saved French msgstr until the open page is told to reload, in a running ``rulebook preview``."""
    process = subprocess.Popen([sys.executable, "-m", "rulebook", "--root", str(tree), "preview", "--lang", "fr",
                                "--port", "0"], cwd=tree, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        address = None
        for line in process.stdout:
            if found := re.match(r"preview: (http://\S+/) ", line):
                address = found.group(1)
                break
        if address is None:
            sys.exit("rulebook preview did not start")
        copy_generated(tree / "_build" / "preview" / "src", plain)

        def version() -> str:
            return urllib.request.urlopen(address + "_preview/version").read().decode()

        ours, theirs, loads = [], [], []
        for _ in range(repeat):
            loads.append(load())
            seen = version()
            start = time.perf_counter()
            edit_rule_text(tree, "fr")
            while version() == seen:
                time.sleep(0.02)
            ours.append((time.perf_counter() - start, float("nan")))
            changed = copy_generated(tree / "_build" / "preview" / "src", plain)
            theirs.append(total(sphinx(plain, *folder) for folder in changed))
        return [Row("preview: one French msgstr saved, until the page reloads", median(ours), median(theirs),
                    f"sphinx-build of the {len(changed)} changed folder(s)", statistics.median(loads), 1.2)]
    finally:
        process.terminate()
        process.wait()


# What every command does before it builds anything, timed part by part in a process of its own.
OVERHEAD = '''
import json, sys, time
from pathlib import Path
tree = Path(sys.argv[1]); times = {}; start = time.perf_counter()
from rulebook.publish.site import builds as site
from rulebook.publish.print import printing
from rulebook import cli
times["start Python and import the CLI, site and print modules"] = time.perf_counter() - start
start = time.perf_counter()
from rulebook.project import Project
project = Project.load(tree)
times["load the project (rules, houses, examples run, catalogs)"] = time.perf_counter() - start
start = time.perf_counter()
from rulebook.gate.checks import run_checks
run_checks(project)
times["the gate (its cache warm)"] = time.perf_counter() - start
start = time.perf_counter()
from rulebook.publish.editions.archive import archived_editions, previous_edition
for house in project.houses:
    previous_edition(project, house); archived_editions(project, house)
times["read the editions' git tags"] = time.perf_counter() - start
start = time.perf_counter()
from rulebook.publish.machinery.stamps import outputs
for kind in ("site", "cards", "pdf"):
    for house in project.houses:
        outputs(tree / "_build" / kind / house)
times["stamps: hash every published file"] = time.perf_counter() - start
start = time.perf_counter()
import weasyprint
times["import WeasyPrint (each print worker)"] = time.perf_counter() - start
start = time.perf_counter()
import furo, sphinx.builders.html
times["import Sphinx and the theme (each Sphinx worker)"] = time.perf_counter() - start
print(json.dumps(times))
'''

# What tagging a printed rulebook for screen readers costs (ours are tagged, and so are the peer's):
# the club's French rulebook laid out once, then written untagged and tagged by turns, in one process.
TAGGING = '''
import io, json, statistics, sys, time
from pathlib import Path
import weasyprint
from rulebook.project import Project
from rulebook.publish.print.printing import PrintRenderer
from rulebook.publish.print.single_page import FILE, SinglePage
from rulebook.publish.machinery.staging import work_dir
tree = Path(sys.argv[1]); project = Project.load(tree)
folder = work_dir(tree / "_build", "singlehtml", "club", "fr")
page = folder / FILE
html = PrintRenderer(project, "club", "fr").rulebook(SinglePage.read(folder))
css = weasyprint.CSS(filename=str(tree / "templates" / "print" / "rulebook.css"))
document = weasyprint.HTML(string=html, base_url=str(page)).render(stylesheets=[css])
plain, tagged = [], []
for _ in range(3):
    for tags, into in ((False, plain), (True, tagged)):
        start = time.perf_counter()
        document.write_pdf(io.BytesIO(), pdf_tags=tags)
        into.append(time.perf_counter() - start)
print(json.dumps({"tag the club's French rulebook for screen readers (the peer's too: the same output)":
                  statistics.median(tagged) - statistics.median(plain)}))
'''


def overhead(tree: Path) -> list[Row]:
    """What every command does before it builds anything, each part on its own (one run, in process);
    and what a print does that its peer does not (``TAGGING``)."""
    rows = []
    for script, prefix in ((OVERHEAD, "every command"), (TAGGING, "every printed rulebook")):
        result = subprocess.run([sys.executable, "-c", script, str(tree)], cwd=tree, capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"overhead: {result.stderr[-2000:]}")
        at = load()
        rows += [Row(f"{prefix}: {what}", (seconds, float("nan")), None, "", at)
                 for what, seconds in json.loads(result.stdout).items()]
    return rows


def keep(rows: list[Row], row: Row) -> None:
    """A measured row, printed at once (a run stopped half-way still says what it measured)."""
    rows.append(row)
    print(text_table([row]).splitlines()[1], flush=True)


def measure(work: Path, repeat: int) -> list[Row]:
    tree, plain, captured, out = work / "tree", work / "plain", work / "print", work / "pdf"
    out.mkdir()
    for name in SOURCES:
        source = ROOT / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, tree / name,
                                                                 **({"ignore": shutil.ignore_patterns("__pycache__",
                                                                                                      "node_modules")}
                                                                    if source.is_dir() else {}))
    # The calculators' runtime as `make runtime` installed it (14 MB: shared, not copied).
    (tree / "runtime" / "node_modules").symlink_to(ROOT / "runtime" / "node_modules", target_is_directory=True)
    # A checkout of its own, as the commands read one (the editions' tags).
    git = ("git", "-c", "user.name=bench", "-c", "user.email=bench@localhost")
    run(*git, "init", "-q", cwd=tree)
    run(*git, "add", "-A", cwd=tree)
    run(*git, "commit", "-qm", "bench", cwd=tree)
    rows: list[Row] = []

    # From nothing: each part of `make site` as its own command, then `make site` whole.
    parts: dict[str, list[Timing]] = {"cards": [], "pdf": [], "site": [], "whole": []}
    peers: dict[str, list[Timing]] = {"cards": [], "pdf": [], "site": []}
    loads = []
    for attempt in range(repeat):
        loads.append(load())
        shutil.rmtree(tree / "_build", ignore_errors=True)
        for part in ("cards", "pdf", "site"):
            parts[part].append(rulebook(tree, part))
        shutil.rmtree(tree / "_build", ignore_errors=True)
        parts["whole"].append(rulebook(tree, "site"))
        if attempt == 0:
            run(sys.executable, PRINT_HTML, "capture", tree, captured, cwd=tree)
        for folder in ("src", "src-html", "src-singlehtml", "html", "singlehtml"):
            shutil.rmtree(plain / folder, ignore_errors=True)
        copy_generated(tree / "_build" / "src", plain)
        peers["site"].append(total(sphinx(plain, house, lang) for house in HOUSES for lang in LANGUAGES))
        single = total(sphinx(plain, house, lang, "singlehtml") for house in HOUSES for lang in LANGUAGES)
        peers["pdf"].append(total((single, plain_prints(captured, out, "pdf"))))
        peers["cards"].append(plain_prints(captured, out, "cards"))
    at = statistics.median(loads)
    keep(rows, Row("clean: table cards (rulebook cards)", median(parts["cards"]), median(peers["cards"]),
                    "plain WeasyPrint of the same cards' HTML", at))
    keep(rows, Row("clean: printed rulebooks (rulebook pdf)", median(parts["pdf"]), median(peers["pdf"]),
                    "plain sphinx-build -b singlehtml + plain WeasyPrint of the same HTML, tagged as ours", at))
    keep(rows, Row("clean: sites, after their prints (rulebook site)", median(parts["site"]), median(peers["site"]),
                    "plain sphinx-build -b html, one folder after another", at))
    whole_peer = median([total(timings) for timings in zip(peers["cards"], peers["pdf"], peers["site"])])
    keep(rows, Row("clean build, 2 houses x 5 languages (make site)", median(parts["whole"]), whole_peer,
                    "the sum of the three peers above", at, 0.8))

    # Nothing changed.
    at = load()
    ours = [rulebook(tree, "site", "--house", "club", "--lang", "fr") for _ in range(repeat)]
    theirs = [sphinx(plain, "club", "fr") for _ in range(repeat)]
    keep(rows, Row("no-op rebuild, one language (site --house club --lang fr)", median(ours), median(theirs),
                    "plain sphinx-build no-op of that folder", at))
    at = load()
    ours = [rulebook(tree, "site") for _ in range(repeat)]
    theirs = [total(sphinx(plain, house, lang) for house in HOUSES for lang in LANGUAGES) for _ in range(repeat)]
    keep(rows, Row("no-op rebuild, everything (make site)", median(ours), median(theirs),
                    "plain sphinx-build no-op of the 10 folders", at, 1.0))

    # One French rule text edited; then one in every translated language. The peer redoes the folders
    # whose reST changed (plain Sphinx cannot know which without our generator: a lower bound) and
    # prints again only the PDFs whose bytes changed.
    for what, languages, command in (("one French msgstr edited (site --lang fr)", ("fr",), ("--lang", "fr")),
                                     ("one msgstr edited in every language (make site)", TRANSLATED, ())):
        ours, sites, whole, loads = [], [], [], []
        for _ in range(repeat):
            loads.append(load())
            before = printed(tree)
            for lang in languages:
                edit_rule_text(tree, lang)
            ours.append(rulebook(tree, "site", *command))
            changed = copy_generated(tree / "_build" / "src", plain)
            after = printed(tree)
            reprinted = {key for key in after if before.get(key) != after[key]}
            html = total(sphinx(plain, *folder) for folder in changed)
            single = total(sphinx(plain, *folder, "singlehtml") for folder in changed)
            prints = [plain_prints(captured, out, kind, {name for k, name in reprinted if k == kind})
                      for kind in ("cards", "pdf")]
            sites.append(html)
            whole.append(total((html, single, *prints)))
        at = statistics.median(loads)
        keep(rows, Row(what, median(ours), median(whole), f"sphinx-build (html, singlehtml) of the {len(changed)} "
                        f"changed folder(s) + WeasyPrint of the {len(reprinted)} PDF(s) whose bytes changed", at, 1.0))
        keep(rows, Row(what, median(ours), median(sites), f"sphinx-build of the {len(changed)} changed folder(s) only",
                        at))
    for row in preview_rows(tree, plain, repeat):
        keep(rows, row)

    # The gate, warm and cold, against gettext's checker and Babel's compiler.
    at = load()
    catalogs = [tree / "locales" / lang / "LC_MESSAGES" / "rulebook.po" for lang in TRANSLATED]
    msgfmt = [total(run("msgfmt", "--check", "-o", os.devnull, po, cwd=tree) for po in catalogs)
              for _ in range(repeat)]
    pybabel = [total(run(BIN / "pybabel", "compile", "-i", po, "-o", work / "out.mo", "-l", po.parent.parent.name,
                         cwd=tree) for po in catalogs) for _ in range(repeat)]
    warm = [rulebook(tree, "check") for _ in range(repeat)]
    cold = []
    for _ in range(repeat):
        shutil.rmtree(tree / "_build" / "cache", ignore_errors=True)
        cold.append(rulebook(tree, "check"))
    keep(rows, Row("rulebook check (cache warm)", median(warm), median(pybabel), "pybabel compile, 4 catalogs", at))
    keep(rows, Row("rulebook check (no cache)", median(cold), median(pybabel), "pybabel compile, 4 catalogs", at))
    keep(rows, Row("rulebook check (cache warm)", median(warm), median(msgfmt), "msgfmt --check, 4 catalogs", at))
    for row in overhead(tree):
        keep(rows, row)
    return rows


def seconds(value: float, missing: str = "—") -> str:
    return missing if value != value else f"{value:.2f} s"


def ratio(row: Row) -> str:
    return f"{row.ours[0] / row.peer[0]:.2f}x" if row.peer else ""


def cpu_ratio(row: Row) -> str:
    """Ours over the peer in CPU seconds: what a shared machine pays, whatever the cores."""
    if not row.peer or row.ours[1] != row.ours[1] or row.peer[1] != row.peer[1] or not row.peer[1]:
        return ""
    return f"{row.ours[1] / row.peer[1]:.2f}x"


def target(row: Row) -> str:
    if row.target is None:
        return ""
    return f"≤ {row.target:.1f}x: {'met' if row.ours[0] / row.peer[0] <= row.target else 'NOT met'}"


def text_table(rows: list[Row]) -> str:
    lines = [f"{'what':60} {'ours':>9} {'cpu':>9}  {'peer':>9} {'cpu':>9}  {'ratio':>6}  {'load':>5}  target / peer"]
    for row in rows:
        peer = row.peer or (float("nan"), float("nan"))
        lines.append(f"{row.what:60} {seconds(row.ours[0]):>9} {seconds(row.ours[1]):>9}  {seconds(peer[0]):>9} "
                     f"{seconds(peer[1]):>9}  {ratio(row):>6}  {row.load:5.1f}  {target(row) + '; ' if row.target else ''}"
                     f"{row.peer_is}")
    return "\n".join(lines)


def measured_commit() -> str:
    """The commit whose tree is measured (read before copying it), marked if the tree differs from it."""
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT, capture_output=True,
                           text=True).stdout.strip()
    return f"`{commit}`{' (with local changes)' if dirty else ''}"


def markdown_table(rows: list[Row], repeat: int, commit: str) -> str:
    lines = [f"Measured on {datetime.date.today().isoformat()} at commit {commit} "
             f"by `benchmarks/bench_sphinx.py --repeat {repeat}` (median wall clock, {os.cpu_count()} cores; the load "
             "average is the machine's when the row was measured: another build running beside it slows ours and the "
             "peer alike, but not always equally). CPU is the seconds every process of each side spent on the cores "
             "(ours runs its jobs in parallel, the peer one after another: on a shared machine the CPU ratio is the "
             "one that counts).", "",
             "| what | ours | peer | ratio | CPU, ours | CPU, peer | CPU ratio | target | load | peer is |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for row in rows:
        lines.append(f"| {row.what} | {seconds(row.ours[0])} | {seconds(row.peer[0]) if row.peer else ''} | {ratio(row)} | "
                     f"{seconds(row.ours[1], '')} | {seconds(row.peer[1], '') if row.peer else ''} | {cpu_ratio(row)} | "
                     f"{target(row)} | {row.load:.1f} | {row.peer_is} |")
    return "\n".join(lines)


def write_readme(readme: Path, table: str, opening: str = README_BEGIN, closing: str = README_END) -> None:
    """The README's table between the markers (the speed table's, unless named), replaced with ``table``."""
    text = readme.read_text(encoding="utf-8")
    begin, end = text.find(opening), text.find(closing)
    if begin < 0 or end < begin:
        sys.exit(f"{readme}: no table between {opening!r} and {closing!r}")
    readme.write_text(text[:begin + len(opening)] + "\n" + table + "\n" + text[end:], encoding="utf-8")


def readme_is_current(readme: Path) -> str | None:
    """None if the README's table was measured at a commit after which the build did not change;
    else why not, in one line."""
    text = readme.read_text(encoding="utf-8")
    table = text[text.find(README_BEGIN):text.find(README_END)] if README_BEGIN in text else ""
    found = re.search(r"at commit `([0-9a-f]+)`", table)
    if not found:
        return f"{readme.name}: no speed table written by benchmarks/bench_sphinx.py --write-readme"
    changed = subprocess.run(["git", "log", "--format=%h %s", f"{found.group(1)}..HEAD", "--", *BUILD], cwd=ROOT,
                             capture_output=True, text=True)
    if changed.returncode != 0:
        return f"{readme.name}: its speed table names commit {found.group(1)}, which is not in this history"
    if changed.stdout.strip():
        last = changed.stdout.splitlines()[0]
        return f"{readme.name}: its speed table was measured at {found.group(1)}, before the build changed ({last[:60]})"
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--write-readme", action="store_true", help="write the README's speed table from this run")
    parser.add_argument("--check-readme", action="store_true", help="only say whether the README's table is current")
    args = parser.parse_args()
    if args.check_readme:
        stale = readme_is_current(ROOT / "README.md")
        print(stale or "README.md: the speed table is current")
        sys.exit(1 if stale else 0)
    work = Path(tempfile.mkdtemp(prefix="bench-sphinx-"))
    # A clean build is one with nothing printed before: its print cache is its own build folder's,
    # emptied with it, never a cache shared with other builds (rulebook.publish.machinery.print_cache).
    os.environ.pop("RULEBOOK_PRINT_CACHE", None)
    commit = measured_commit()
    print(text_table([]), flush=True)
    try:
        rows = measure(work, args.repeat)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"\nmedian of {args.repeat} runs on {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    print(text_table(rows))
    if args.write_readme:
        write_readme(ROOT / "README.md", markdown_table(rows, args.repeat, commit))
        print(f"{ROOT / 'README.md'}: speed table written")


if __name__ == "__main__":
    main()

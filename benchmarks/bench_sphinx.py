"""This project's builds and gate against plain Sphinx and gettext's own tools, in one run.

The baseline for every build row is plain ``sphinx-build -b html`` over the very reST this project
generated (copied out of ``_build/src``, with a conf.py that only names the same theme and options),
one house and language after another, as a project without our extension would build it. The gate's
peers are ``msgfmt --check`` and ``pybabel compile`` of the same four catalogs. Absolute seconds
depend on the machine; the ratios (ours / peer, below 1 is faster) are what to read.

    .venv/bin/python benchmarks/bench_sphinx.py [--repeat 3]

Rows (each the median of ``--repeat`` runs, wall clock; CPU where it differs):

- clean build: every house in five languages, from nothing (ours in parallel on the cores);
- no-op: ``rulebook site --house club --lang fr`` again, against ``sphinx-build`` of that folder again;
- one msgstr: a French rule text edited, ``rulebook site --lang fr`` (every house), against
  ``sphinx-build`` of every French folder (what ``make html`` of a plain project runs), and of the
  one folder whose reST changed (a lower bound no plain project reaches without our generator);
- every language: one rule text edited in each of the four catalogs, ``rulebook site``, against
  ``sphinx-build`` of those languages' folders, and of the changed folders only;
- check: ``rulebook check`` with its cache (cold: without), against ``msgfmt --check`` and
  ``pybabel compile`` of the four catalogs.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("rules", "houses", "locales", "templates", "executable_examples", "rulebook", "pokerrules", "conf.py")
HOUSES = ("club", "casino")
LANGUAGES = ("ro", "en", "fr", "es", "hr")
TRANSLATED = ("ro", "fr", "es", "hr")
BIN = Path(sys.executable).parent
PLAIN_CONF = '''project = "House rules"
html_theme = "furo"
html_show_sourcelink = False
html_copy_source = False
smartquotes = False
'''


def run(*command: str | Path, cwd: Path) -> tuple[float, float]:
    """Wall and CPU seconds (children included) of one command, which must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run([str(c) for c in command], cwd=cwd, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(map(str, command))}\n{result.stdout[-2000:]}{result.stderr[-2000:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def total(*timings: tuple[float, float]) -> tuple[float, float]:
    return sum(t[0] for t in timings), sum(t[1] for t in timings)


def median(samples: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples)


def rulebook(tree: Path, *args: str) -> tuple[float, float]:
    return run(sys.executable, "-m", "rulebook", "--root", tree, *args, cwd=tree)


def sphinx(plain: Path, house: str, lang: str) -> tuple[float, float]:
    return run(BIN / "sphinx-build", "-q", "-b", "html", "-D", f"language={lang}",
               plain / "src" / house / lang, plain / "out" / house / lang, cwd=plain)


def copy_generated(tree: Path, plain: Path) -> list[tuple[str, str]]:
    """Bring plain's sources up to what our last build generated; the folders that changed."""
    changed = []
    for house in HOUSES:
        for lang in LANGUAGES:
            ours, theirs = tree / "_build" / "src" / house / lang, plain / "src" / house / lang
            theirs.mkdir(parents=True, exist_ok=True)
            (theirs / "conf.py").write_text(PLAIN_CONF, encoding="utf-8")
            differs = False
            for page in ours.glob("*.rst"):
                target = theirs / page.name
                if not target.exists() or target.read_bytes() != page.read_bytes():
                    shutil.copy(page, target)
                    differs = True
            if differs:
                changed.append((house, lang))
    return changed


def edit_rule_text(tree: Path, lang: str) -> None:
    """Change the translation of one rule text of the rake part (a visible, one-page edit)."""
    po = tree / "locales" / lang / "LC_MESSAGES" / "rulebook.po"
    text = po.read_text(encoding="utf-8")
    marker = re.compile(r'msgctxt "rake-split-pot\.text"\nmsgid (?:"[^\n]*"\n)+msgstr "(?:"\n")?')
    found = marker.search(text)
    if not found:
        sys.exit(f"{po}: no rake-split-pot.text entry to edit")
    first = text[found.end()].swapcase()   # the translation's first letter, upper or lower case by turns
    po.write_text(text[:found.end()] + first + text[found.end() + 1:], encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-sphinx-"))
    tree, plain = work / "tree", work / "plain"
    for name in SOURCES:
        source = ROOT / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, tree / name)
    rows: list[tuple[str, tuple[float, float], tuple[float, float], str]] = []

    # Clean builds: ours of every house and language; plain Sphinx of the same generated reST.
    ours, theirs = [], []
    for _ in range(args.repeat):
        shutil.rmtree(tree / "_build", ignore_errors=True)
        shutil.rmtree(plain, ignore_errors=True)
        ours.append(rulebook(tree, "site"))
        copy_generated(tree, plain)
        theirs.append(total(*(sphinx(plain, house, lang) for house in HOUSES for lang in LANGUAGES)))
    rows.append(("clean build, 2 houses x 5 languages", median(ours), median(theirs), "plain sphinx-build, one after another"))

    # Nothing changed, one language of one house.
    ours = [rulebook(tree, "site", "--house", "club", "--lang", "fr") for _ in range(args.repeat)]
    theirs = [sphinx(plain, "club", "fr") for _ in range(args.repeat)]
    rows.append(("no-op rebuild, one language", median(ours), median(theirs), "plain sphinx-build no-op"))

    # One French rule text edited; then one in every translated language. Plain Sphinx rebuilds the
    # edited languages' folders, as `make html` would (the peer), or only the folders whose reST
    # changed (the lower bound: a plain project cannot know which those are without our generator).
    for what, languages, command in (("one French msgstr edited", ("fr",), ("--lang", "fr")),
                                     ("one msgstr edited in every language", TRANSLATED, ())):
        ours, theirs, changed_only = [], [], []
        for _ in range(args.repeat):
            for lang in languages:
                edit_rule_text(tree, lang)
            ours.append(rulebook(tree, "site", *command))
            changed = copy_generated(tree, plain)
            folders = [(house, lang) for house in HOUSES for lang in languages]
            timings = {folder: sphinx(plain, *folder) for folder in folders}
            theirs.append(total(*timings.values()))
            changed_only.append(total(*(timings[folder] for folder in changed)))
        rows.append((what, median(ours), median(theirs), f"sphinx-build of the {len(folders)} folders of the language(s)"))
        rows.append((what, median(ours), median(changed_only), f"sphinx-build of the {len(changed)} changed folder(s) only"))

    # The gate, warm and cold, against gettext's checker and Babel's compiler.
    catalogs = [tree / "locales" / lang / "LC_MESSAGES" / "rulebook.po" for lang in TRANSLATED]
    msgfmt = [total(*(run("msgfmt", "--check", "-o", os.devnull, po, cwd=tree) for po in catalogs))
              for _ in range(args.repeat)]
    pybabel = [total(*(run(BIN / "pybabel", "compile", "-i", po, "-o", work / "out.mo", "-l", po.parent.parent.name, cwd=tree)
                       for po in catalogs)) for _ in range(args.repeat)]
    warm = [rulebook(tree, "check") for _ in range(args.repeat)]
    cold = []
    for _ in range(args.repeat):
        shutil.rmtree(tree / "_build" / "cache", ignore_errors=True)
        cold.append(rulebook(tree, "check"))
    rows.append(("rulebook check (cache warm)", median(warm), median(msgfmt), "msgfmt --check, 4 catalogs"))
    rows.append(("rulebook check (cache warm)", median(warm), median(pybabel), "pybabel compile, 4 catalogs"))
    rows.append(("rulebook check (no cache)", median(cold), median(msgfmt), "msgfmt --check, 4 catalogs"))

    print(f"median of {args.repeat} runs on {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    print(f"{'what':38} {'ours wall':>10} {'ours cpu':>9}   {'peer wall':>10} {'peer cpu':>9}   {'wall ratio':>10}  peer")
    for what, (wall, cpu), (peer_wall, peer_cpu), peer in rows:
        print(f"{what:38} {wall:9.2f}s {cpu:8.2f}s   {peer_wall:9.2f}s {peer_cpu:8.2f}s   {wall / peer_wall:9.2f}x  {peer}")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

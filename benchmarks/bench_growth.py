"""Does a command's time grow with its input, and no faster? ``update-po`` against one msgstr's size,
``rulebook check`` against the number of tagged editions.

Two findings of a review, measured the way they were found, in one run:

* one msgstr of 40,000 ``<`` held ``update-po`` for 89 s (Babel's line wrapping retried a pattern at
  every character); the time ``update-po`` takes beyond the same command on the unchanged catalogs is
  printed for each size, with its ratio to the previous size's beside the ratio of the sizes (about
  the same when linear; the square of it when quadratic);
* forty edition tags made the first ``check`` take 190 s; the first check (nothing in ``_build``)
  and the second (its cache kept) are timed for each number of tags, the first beside the one of a
  repository without tags, as the time per edition.

A script, not a test: it prints and asserts nothing (machines are noisy). The long msgstrs are put
into copies of the project; the tags into temporary git repositories of it (one commit per edition,
each with its own data), never into this checkout.

    .venv/bin/python benchmarks/bench_growth.py [--sizes 10000 40000 400000] [--tags 5 10 40]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GIT_ENV = {"GIT_AUTHOR_NAME": "Bench", "GIT_AUTHOR_EMAIL": "bench@example.org", "GIT_COMMITTER_NAME": "Bench",
           "GIT_COMMITTER_EMAIL": "bench@example.org", "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
MESSAGE = 'msgstr "Relances par multiples de"'   # one French msgstr, made long


def rulebook(root: Path, *args: str) -> float:
    """Wall-clock seconds of ``python -m rulebook --root <root> <args>`` run from this checkout."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "rulebook", "--root", str(root), *args], cwd=ROOT,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def copy(target: Path) -> Path:
    from tests.conftest import copy_sources

    target.mkdir(parents=True)
    return copy_sources(target)


def with_msgstr(tree: Path, size: int) -> None:
    """The French catalog with one msgstr of ``size`` ``<``."""
    po = tree / "locales" / "fr" / "LC_MESSAGES" / "rulebook.po"
    text = po.read_text(encoding="utf-8")
    assert MESSAGE in text
    po.write_text(text.replace(MESSAGE, 'msgstr "' + "<" * size + '"', 1), encoding="utf-8")


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), *args], env={**os.environ, **GIT_ENV}, check=True, capture_output=True)


def tagged(repo: Path, tags: int) -> Path:
    """The project in a new git repository with the club's editions 1 to ``tags`` tagged, each its own
    commit (the house file says its edition), and the next edition committed on top."""
    copy(repo)
    (repo / ".gitignore").write_text("_build/\n", encoding="utf-8")
    git(repo, "init", "-q")
    house = repo / "houses" / "club" / "house.yaml"
    text = house.read_text(encoding="utf-8")
    for edition in range(1, tags + 2):
        house.write_text(re.sub(r"^edition: 1 ", f"edition: {edition} ", text, count=1, flags=re.M)
                         + f"# edition {edition}\n", encoding="utf-8")
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", f"edition {edition}")
        if edition <= tags:
            git(repo, "tag", f"club/edition-{edition}")
    return repo


def wrapping(work: Path, size: int) -> float:
    """Seconds ``write_catalog`` (Babel's writer and its line wrapping) takes over a catalog of one
    message whose msgstr is ``size`` ``<``, in this process: the step that grew with the square."""
    from babel.messages.catalog import Catalog

    from rulebook.i18n.catalogs import write_catalog

    catalog = Catalog(locale="fr")
    catalog.add("Raises by multiples of", "<" * size, context="cash-betting-raise-unit.text")
    start = time.perf_counter()
    write_catalog(work / f"wrapped-{size}.po", catalog)
    return time.perf_counter() - start


def update_po(work: Path, sizes: list[int]) -> None:
    print("update-po --lang fr, one msgstr of '<': the command (and beyond it on the catalogs as they are), "
          "and its wrapping step alone")
    # Each run is a fresh copy's first (nothing in its _build/cache), the unchanged catalogs' too.
    plain = min(rulebook(copy(work / f"update-po-0-{n}"), "update-po", "--lang", "fr") for n in range(2))
    print(f"{'characters':>12} {'command':>9} {'beyond':>9} {'wrapping':>10} {'size ratio':>11} {'wrapping ratio':>15}")
    print(f"{0:>12,} {plain:8.2f}s")
    previous: tuple[int, float] | None = None
    for size in sizes:
        tree = copy(work / f"update-po-{size}")
        with_msgstr(tree, size)
        took = rulebook(tree, "update-po", "--lang", "fr")
        wrapped = max(wrapping(work, size), 1e-4)
        ratios = f"{size / previous[0]:10.1f}x {wrapped / previous[1]:14.1f}x" if previous else ""
        print(f"{size:>12,} {took:8.2f}s {took - plain:8.2f}s {wrapped:9.4f}s {ratios}", flush=True)
        previous = (size, wrapped)


def check(work: Path, counts: list[int]) -> None:
    print("\nrulebook check against the number of tagged editions (first: nothing in _build; second: its cache kept)")
    bare = tagged(work / "tags-0", 0)
    none = rulebook(bare, "check")
    print(f"{'tags':>5} {'first':>9} {'second':>9} {'per edition':>12} {'tags ratio':>11} {'time ratio':>11}")
    print(f"{0:>5} {none:8.2f}s {rulebook(bare, 'check'):8.2f}s")
    previous: tuple[int, float] | None = None
    for count in counts:
        repo = tagged(work / f"tags-{count}", count)
        first = rulebook(repo, "check")
        second = rulebook(repo, "check")
        extra = max(first - none, 1e-3)
        ratios = f"{count / previous[0]:10.1f}x {extra / previous[1]:10.1f}x" if previous else ""
        print(f"{count:>5} {first:8.2f}s {second:8.2f}s {extra / count:11.2f}s {ratios}", flush=True)
        previous = (count, extra)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 40_000, 400_000])
    parser.add_argument("--tags", type=int, nargs="+", default=[5, 10, 40])
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} (the machine is shared: a busy one stretches every figure)")
    with tempfile.TemporaryDirectory(prefix="bench-growth-") as folder:
        update_po(Path(folder), sorted(args.sizes))
        check(Path(folder), sorted(args.tags))
    return 0


if __name__ == "__main__":
    sys.exit(main())

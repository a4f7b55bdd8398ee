"""How many times one build reads a house in a language: readings, comparisons, renderers, Jinja environments.

A temporary git repository holds the project as the club's edition 1 (tagged) and edition 2 on top
(the low rake tier's cap raised from 20 to 25 lei). ``rulebook site --house club --lang ro`` (the
cards, the rulebook PDF and its redline, the site and the archived edition 1) then runs with the
constructors below counted, in the command's process and in every worker it forks:

    .venv/bin/python benchmarks/count_renderings.py [--lang ro] [--source TREE] [--keep]

``--source``: another checkout (say, an earlier commit's) whose sources and code are copied and run.

A count says how often something was built, not how long it took: it is the same on any machine.
"""

from __future__ import annotations

import argparse
import collections
import functools
import importlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("rules", "houses", "locales", "templates", "executable_examples", "rulebook", "pokerrules", "conf.py")
GIT_ENV = {"GIT_AUTHOR_NAME": "Editor", "GIT_AUTHOR_EMAIL": "editor@example.org", "GIT_COMMITTER_NAME": "Editor",
           "GIT_COMMITTER_EMAIL": "editor@example.org", "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
# What is counted, where it exists in this version: (module, callable or class).
# Jinja environments are counted where the project's own code makes them (Sphinx makes its own).
COUNTED = (("rulebook.reading", "Reading"), ("rulebook.reading.changes", "compare"), ("rulebook.reading.changes", "between"),
           ("rulebook.publish.site.render", "PageRenderer"), ("rulebook.publish.print.printing", "PrintRenderer"), ("jinja2", "Environment"))


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env={**os.environ, **GIT_ENV})


def rulebook(repo: Path, *args: str, env: dict | None = None) -> None:
    done = subprocess.run([sys.executable, "-m", "rulebook", "--root", str(repo), *args], cwd=repo,
                          capture_output=True, text=True, env={**os.environ, **GIT_ENV, **(env or {})})
    if done.returncode != 0:
        raise SystemExit(f"rulebook {' '.join(args)} failed:\n{(done.stdout + done.stderr)[-3000:]}")


def replace(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    if text.count(old) != count:
        raise SystemExit(f"{path}: expected {count} of {old!r}")
    path.write_text(text.replace(old, new), encoding="utf-8")


def two_editions(repo: Path, tree: Path) -> None:
    """The project of ``tree`` as the club's edition 1, tagged, and edition 2 committed on top."""
    for name in SOURCES:
        source = tree / name
        if source.is_dir():
            shutil.copytree(source, repo / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, repo / name)
    (repo / ".gitignore").write_text("_build/\n", encoding="utf-8")
    git(repo, "init", "-q")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "edition 1")
    rulebook(repo, "edition", "tag", "club")
    house = repo / "houses" / "club" / "house.yaml"
    replace(house, "edition: 1 ", "edition: 2 ")
    replace(house, 'effective: "2026-12-01"', 'effective: "2027-03-01"')
    replace(house, "rake: {percent: 5 %, cap: 20 RON,", "rake: {percent: 5 %, cap: 25 RON,", count=3)
    examples = repo / "executable_examples" / "rake.yaml"
    replace(examples, "      low_rake: 20 money", "      low_rake: 25 money")
    replace(examples, "      side_rake: 10 money\n      side_rake_high: 20 money",
            "      side_rake: 15 money\n      side_rake_high: 20 money")
    replace(examples, "      main_rake: 20 money\n      main_rake_high: 30 money",
            "      main_rake: 25 money\n      main_rake_high: 30 money")
    rulebook(repo, "notes", "confirm", "--all")
    rulebook(repo, "check")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "edition 2")


def instrumented(log: str, argv: list[str]) -> int:
    """Run the command with every constructor of ``COUNTED`` writing a line to ``log`` when called
    (appended: the forked workers write to the same file)."""
    def record(name: str) -> None:
        with open(log, "a", encoding="utf-8") as out:
            out.write(f"{os.getpid()} {name}\n")

    def counted(name: str, function):
        @functools.wraps(function)
        def call(*args, **kwargs):
            caller = sys._getframe(1).f_globals.get("__name__", "")
            if caller.split(".")[0] in ("rulebook", "pokerrules"):   # not a call from Sphinx or Jinja itself
                record(name)
            return function(*args, **kwargs)
        return call

    record("command")   # the first line: the command's own process
    for module_name, attribute in COUNTED:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        target = getattr(module, attribute, None)
        if isinstance(target, type):
            target.__init__ = counted(attribute, target.__init__)
        elif target is not None:
            setattr(module, attribute, counted(attribute, target))
            for other in list(sys.modules.values()):   # the modules that imported it by name
                if getattr(other, "__name__", "").startswith("rulebook.") and getattr(other, attribute, None) is target:
                    setattr(other, attribute, getattr(module, attribute))
    from rulebook.cli import main

    return main(argv)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="ro")
    parser.add_argument("--source", type=Path, default=ROOT, help="the checkout to copy and run (this one)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary repository")
    parser.add_argument("--instrumented", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.instrumented:
        log, *argv = args.instrumented
        raise SystemExit(instrumented(log, argv))
    scratch = Path(tempfile.mkdtemp(prefix="count-renderings-"))
    try:
        repo = scratch / "repo"
        repo.mkdir()
        two_editions(repo, args.source.resolve())
        log = scratch / "counts.log"
        log.touch()
        command = [sys.executable, __file__, "--instrumented", str(log), "--root", str(repo), "site",
                   "--house", "club", "--lang", args.lang]
        # The copied tree's code is the one that runs (and is counted).
        done = subprocess.run(command, cwd=repo, capture_output=True, text=True,
                              env={**os.environ, "PYTHONPATH": str(repo)})
        if done.returncode != 0:
            raise SystemExit(f"the build failed:\n{(done.stdout + done.stderr)[-3000:]}")
        lines = [line.split() for line in log.read_text(encoding="utf-8").splitlines()]
        parent = lines[0][0]
        counts = collections.Counter((name, pid == parent) for pid, name in lines[1:])
        print(f"rulebook site --house club --lang {args.lang}, the club's edition 2 with edition 1 tagged:")
        print(f"{'what':<16} {'command':>8} {'workers':>8} {'total':>6}")
        for _, name in COUNTED:
            here, there = counts[(name, True)], counts[(name, False)]
            if here or there:
                print(f"{name:<16} {here:>8} {there:>8} {here + there:>6}")
    finally:
        if args.keep:
            print(f"kept: {scratch}")
        else:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()

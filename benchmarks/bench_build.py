"""The gate and a clean five-language HTML build, this version against a previous one, in one run.

Both versions are run as their users run them (``python -m rulebook check`` and
``python -m rulebook site`` into an empty build folder), alternately, each a few
times; the figure reported is the ratio of medians (this version / previous), so
a shared, noisy machine affects both sides alike. The previous version is taken
from git (``--baseline``, default: the commit before the one-loaded-project
change) into a temporary folder, with the same Python environment.

    .venv/bin/python benchmarks/bench_build.py [--baseline REV] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_BASELINE = "e20cac5"   # the last commit before the project was loaded once


def export(rev: str, into: Path) -> Path:
    """A clean copy of ``rev``'s tree (git archive)."""
    into.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def timed(tree: Path, *args: str) -> float:
    env = dict(os.environ, PYTHONPATH=str(tree))
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "rulebook", "--root", str(tree), *args], cwd=tree, env=env,
                            capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"{tree.name}: rulebook {' '.join(args)} failed:\n{(result.stdout + result.stderr)[-2000:]}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=DEFAULT_BASELINE)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        trees = {"previous": export(args.baseline, Path(scratch) / "previous"), "this": Path(scratch) / "this"}
        for name in ("rulebook", "pokerrules", "rules", "houses", "locales", "executable_examples", "templates",
                     "conf.py"):
            source = ROOT / name   # this version: the working tree as it is
            if source.is_dir():
                shutil.copytree(source, trees["this"] / name, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                shutil.copy(source, trees["this"] / name)
        times: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.repeat):
            for name, tree in trees.items():
                times.setdefault((name, "check"), []).append(timed(tree, "check"))
                shutil.rmtree(tree / "_build", ignore_errors=True)
                times.setdefault((name, "site"), []).append(timed(tree, "site"))
    print(f"{'what':<42} {'previous':>9} {'this':>9} {'ratio':>7}")
    for what, label in (("check", "make check (rulebook check)"), ("site", "clean HTML build, all five languages")):
        before = statistics.median(times[("previous", what)])
        after = statistics.median(times[("this", what)])
        print(f"{label:<42} {before:>8.2f}s {after:>8.2f}s {after / before:>6.2f}x")
    print(f"(medians of {args.repeat} alternating runs; baseline {args.baseline}; {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()

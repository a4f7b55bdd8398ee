"""How fast is the drift gate? `rulebook check` against Babel's own catalog compile.

The target (issue 4) is a gate under 10 seconds for the whole rulebook. On a
shared machine seconds are noisy, so the figure that matters is the ratio to a
peer doing comparable work on the same catalogs in the same run: Babel's
``pybabel compile`` path (read every .po, run Babel's checkers, write .mo),
which is what a translator's CI would otherwise run.

    .venv/bin/python benchmarks/bench_check.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
import time
from pathlib import Path

from babel.messages.mofile import write_mo

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulebook.i18n.catalogs import TRANSLATED, po_path, read_catalog  # noqa: E402


def babel_compile() -> None:
    for lang in TRANSLATED:
        catalog = read_catalog(po_path(ROOT, lang), lang)
        list(catalog.check())
        write_mo(io.BytesIO(), catalog)


def gate_in_process() -> None:
    from rulebook.gate.checks import run_checks
    from rulebook.project import Project

    run_checks(Project.load(ROOT))


def best(function, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "rulebook", "check"], cwd=ROOT, capture_output=True, check=False)
    command = time.perf_counter() - start
    gate = best(gate_in_process, args.repeat)
    peer = best(babel_compile, args.repeat)
    print(f"rulebook check, whole command (cold process): {command:.2f} s (target: under 10 s)")
    print(f"gate in process, best of {args.repeat}: {gate * 1000:.0f} ms")
    print(f"babel compile of the same catalogs, best of {args.repeat}: {peer * 1000:.0f} ms")
    print(f"ratio gate / babel compile: {gate / peer:.1f}x")


if __name__ == "__main__":
    main()

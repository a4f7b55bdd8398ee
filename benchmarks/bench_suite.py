"""What `make test` costs, and where its pytest spends it: the suite's speed against its targets.

Runs ``make site`` (nothing to do when the published output is current), then ``make test`` in this
checkout, as the README says, with ``suite_costs.py`` loaded in pytest (each test; each Sphinx build
and print job, in the job that runs it) and a sampler that reads, twice a second, the CPU of every
Chromium and Playwright process under ``make``: the browsers are not reaped into pytest's own figures.
CPU is the machine's (every core, ``/proc/stat``, the sampler's own left out): on an otherwise idle
machine, what the suite made it work. The targets (issue "The code as a map"): ``make test`` within
3 minutes wall, its pytest within 300 CPU-seconds.

Only a fresh clone gives CI's figures: a checkout's print cache holds what its earlier test runs
printed, which a fresh clone's tests print again (``rulebook.publish.machinery.print_cache``).

    .venv/bin/python benchmarks/bench_suite.py [--write-readme] [--readme PATH]

``--write-readme`` replaces the README's suite table (between its ``suite-table`` markers).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from bench_sphinx import ROOT, measured_commit, write_readme
from suite_costs import TICK, machine_cpu

README_BEGIN = "<!-- suite-table: written by benchmarks/bench_suite.py --write-readme -->"
README_END = "<!-- /suite-table -->"
WALL_TARGET, CPU_TARGET = 180.0, 300.0
BROWSER = ("chrom", "node")   # process names (comm) of Chromium's processes and of Playwright's driver


class BrowserSampler(threading.Thread):
    """The CPU of every Chromium and Playwright process descended from ``root``, read from ``/proc``
    every ``interval`` seconds (a process's last half second is missed: a browser lives for minutes)."""

    def __init__(self, root: int, interval: float = 0.5) -> None:
        super().__init__(daemon=True)
        self.root, self.interval = root, interval
        self.seen: dict[tuple[int, int], float] = {}   # (pid, start time): CPU seconds
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.wait(self.interval):
            self.sample()

    def sample(self) -> None:
        parents, browsers = {}, {}
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                text = stat.read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
            name, fields = text[text.index("(") + 1:text.rindex(")")], text[text.rindex(")") + 2:].split()
            pid = int(stat.parent.name)
            parents[pid] = int(fields[1])
            if name.startswith(BROWSER):
                browsers[pid, int(fields[19])] = (int(fields[11]) + int(fields[12])) / TICK
        for (pid, started), cpu in browsers.items():
            ancestor = pid
            while ancestor > 1 and ancestor != self.root:
                ancestor = parents.get(ancestor, 0)
            if ancestor == self.root:
                self.seen[pid, started] = cpu

    def total(self) -> float:
        return sum(self.seen.values())


@dataclass
class Costs:
    make_wall: float
    make_cpu: float
    pytest_wall: float
    pytest_cpu: float
    tests: int
    sphinx: tuple[int, float]     # builds, CPU seconds
    printing: tuple[int, float]   # print jobs' printing steps, CPU seconds
    browser: float
    files: list[tuple[str, float, float]]   # test file, wall, CPU (its own and its reaped children's)


def summarise(records: list[dict], make_wall: float, make_cpu: float, browser: float) -> Costs:
    """The run's figures from the plugin's records."""
    ends = {r["kind"]: r for r in records if r["kind"] in ("session-start", "session-end")}
    start, end = ends["session-start"], ends["session-end"]
    tests = [r for r in records if r["kind"] == "test"]
    by_file: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for test in tests:
        cost = by_file[test["test"].split("::")[0]]
        cost[0] += test["wall"]
        cost[1] += test["cpu"] + test["children"]

    def kind(name: str) -> tuple[int, float]:
        found = [r["cpu"] for r in records if r["kind"] == name]
        return len(found), sum(found)

    return Costs(make_wall, make_cpu, end["time"] - start["time"], end["machine"] - start["machine"], len(tests),
                 kind("sphinx"), kind("print"), browser,
                 sorted(((f, w, c) for f, (w, c) in by_file.items()), key=lambda row: -row[1]))


def met(value: float, most: float) -> str:
    return f"within {most:.0f} s: {'met' if value <= most else 'NOT met'}"


def markdown_table(costs: Costs, commit: str, slowest: int = 8) -> str:
    rest = costs.pytest_cpu - costs.sphinx[1] - costs.printing[1] - costs.browser
    rows = [("`make test`: ruff, mypy, the gate, the doctests, `make site` (nothing to do), pytest",
             costs.make_wall, costs.make_cpu, met(costs.make_wall, WALL_TARGET) + " (wall)"),
            (f"its pytest: {costs.tests} tests on {os.cpu_count()} workers", costs.pytest_wall, costs.pytest_cpu,
             met(costs.pytest_cpu, CPU_TARGET) + " (CPU)"),
            (f"· Sphinx builds ({costs.sphinx[0]}, each in its forked job)", None, costs.sphinx[1], ""),
            (f"· printing ({costs.printing[0]} print jobs: WeasyPrint, or the print cache that spares it)", None,
             costs.printing[1], ""),
            ("· Chromium and Playwright's driver (the browser tests: axe, the calculators' Pyodide…)", None,
             costs.browser, ""),
            ("· the rest: the tests' own Python, the `rulebook` commands they start, git, gettext, poppler", None, rest, "")]
    rows += [(f"slowest file: `{name}`", wall, cpu, "") for name, wall, cpu in costs.files[:slowest]]
    lines = [f"Measured on {datetime.date.today().isoformat()} at commit {commit} by `benchmarks/bench_suite.py` "
             f"({os.cpu_count()} cores; CPU is the machine's, every core; a file's wall is the sum of its tests', and its "
             "CPU their own and their reaped children's, the browsers left out).", "",
             "| what | wall | CPU | target |", "|---|---|---|---|"]
    for what, wall, cpu, target in rows:
        lines.append(f"| {what} | {'' if wall is None else f'{wall:.0f} s'} | {cpu:.0f} s | {target} |")
    return "\n".join(lines)


def run_make_test(log: Path) -> tuple[float, float, float]:
    """``make test`` with the plugin: its wall, the machine's CPU (the sampler's own left out), and the
    browsers' CPU. A failing run stops the benchmark with the end of what it printed."""
    env = {**os.environ, "SUITE_COSTS_LOG": str(log),
           "PYTEST_ADDOPTS": f"{os.environ.get('PYTEST_ADDOPTS', '')} -p suite_costs".strip(),
           "PYTHONPATH": os.pathsep.join(filter(None, [str(Path(__file__).parent), os.environ.get("PYTHONPATH")]))}
    own, machine, start = time.process_time(), machine_cpu(), time.perf_counter()
    make = subprocess.Popen(["make", "test"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    sampler = BrowserSampler(make.pid)
    sampler.start()
    output, _ = make.communicate()
    wall = time.perf_counter() - start
    sampler.done.set()
    sampler.join()
    cpu = machine_cpu() - machine - (time.process_time() - own)
    if make.returncode != 0:
        sys.exit(f"make test failed ({make.returncode}):\n{output[-3000:]}")
    return wall, cpu, sampler.total()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write-readme", action="store_true", help="write the README's suite table from this run")
    parser.add_argument("--readme", type=Path, default=ROOT / "README.md")
    args = parser.parse_args()
    site = subprocess.run(["make", "site"], cwd=ROOT, capture_output=True, text=True)
    if site.returncode != 0:
        sys.exit(f"make site failed:\n{site.stdout[-2000:]}{site.stderr[-2000:]}")
    commit = measured_commit()
    with tempfile.TemporaryDirectory(prefix="bench-suite-") as folder:
        log = Path(folder) / "costs.jsonl"
        wall, cpu, browser = run_make_test(log)
        records = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    table = markdown_table(summarise(records, wall, cpu, browser), commit)
    print(table)
    if args.write_readme:
        write_readme(args.readme, table, README_BEGIN, README_END)
        print(f"{args.readme}: suite table written")


if __name__ == "__main__":
    main()

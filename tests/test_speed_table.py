"""The README's speed table is written by the benchmark, between its markers, and known stale once
the build changes after the commit it names; its suite table adds up what the suite's plugin and
browser sampler measured."""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_sphinx", ROOT / "benchmarks" / "bench_sphinx.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module   # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


def test_the_table_is_written_between_its_markers_with_the_date_and_the_commit(bench, tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text(f"# x\n\n{bench.README_BEGIN}\nold figures\n{bench.README_END}\n\n## After\n", encoding="utf-8")
    rows = [bench.Row("clean build", (8.0, 9.0), (10.0, 10.0), "the sum", 1.5, 0.8),
            bench.Row("no-op", (2.0, 2.0), (1.0, 1.0), "sphinx no-op", 0.5, 1.0),
            bench.Row("every command: load", (0.5, float("nan")), None, "", 0.5)]
    bench.write_readme(readme, bench.markdown_table(rows, 3, bench.measured_commit()))
    text = readme.read_text(encoding="utf-8")
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    assert "old figures" not in text and text.startswith("# x\n") and text.endswith("\n## After\n")
    assert f"at commit `{commit}`" in text and "--repeat 3" in text
    assert "| clean build | 8.00 s | 10.00 s | 0.80x | 9.00 s | 10.00 s | 0.90x | ≤ 0.8x: met | 1.5 | the sum |" in text
    assert "| no-op | 2.00 s | 1.00 s | 2.00x | 2.00 s | 1.00 s | 2.00x | ≤ 1.0x: NOT met | 0.5 | sphinx no-op |" in text
    assert "| every command: load | 0.50 s |  |  |  |  |  |  | 0.5 |  |" in text


def test_a_readme_without_the_table_is_refused(bench, tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text("# x\n", encoding="utf-8")
    with pytest.raises(SystemExit):
        bench.write_readme(readme, "table")
    assert "no speed table" in bench.readme_is_current(readme)


def test_a_table_measured_before_the_build_changed_is_stale(bench, tmp_path):
    first = subprocess.run(["git", "rev-list", "--max-parents=0", "--abbrev-commit", "HEAD"], cwd=ROOT,
                           capture_output=True, text=True).stdout.split()[0]
    readme = tmp_path / "README.md"
    readme.write_text(f"{bench.README_BEGIN}\nMeasured at commit `{first}` by\n{bench.README_END}\n", encoding="utf-8")
    assert f"measured at {first}, before the build changed" in bench.readme_is_current(readme)
    readme.write_text(f"{bench.README_BEGIN}\nMeasured at commit `0000000` by\n{bench.README_END}\n", encoding="utf-8")
    assert "not in this history" in bench.readme_is_current(readme)


def test_the_benchmarks_print_capture_takes_what_the_printer_is_given(tmp_path):
    """The benchmark's peer prints the very HTML our printer prints, captured by a stand-in for
    ``printing._write_pages``: it must take every parameter the real one takes, or the benchmark
    fails at its first print (as it did when the short form's page limit was added)."""
    import inspect

    from rulebook.publish.print import printing

    spec = importlib.util.spec_from_file_location("print_html", ROOT / "benchmarks" / "print_html.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    real = inspect.signature(printing._write_pages).parameters
    stand_in = inspect.signature(module.capturing(tmp_path)).parameters
    assert list(stand_in) == list(real)


def test_the_overhead_script_runs_on_the_project(bench):
    """The benchmark's part-by-part timing imports the project's modules by name: a name that moved
    stopped the benchmark at its end, after twenty minutes of measuring (as it did once)."""
    done = subprocess.run([sys.executable, "-c", bench.OVERHEAD, str(ROOT)], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "read the editions' git tags" in json.loads(done.stdout)


@pytest.fixture(scope="module")
def suite_bench(bench):
    """``benchmarks/bench_suite.py``, which imports ``bench_sphinx`` and ``suite_costs`` by name."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        spec = importlib.util.spec_from_file_location("bench_suite", ROOT / "benchmarks" / "bench_suite.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module   # its dataclasses look themselves up there
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return module


PLUGGED = '''
import pytest, sphinx.application
from rulebook.publish.print import printing

class Fake:
    class builder:
        name = "html"

def test_a_build():
    with pytest.raises(Exception):
        sphinx.application.Sphinx.build(Fake())

def test_a_print():
    with pytest.raises(Exception):
        printing._write_pages(None, None, "cards", "club", "", {})
'''


def test_the_suites_plugin_records_each_test_build_and_print_and_the_session(tmp_path):
    """What ``bench_suite.py`` adds up: a line per test, per Sphinx build and per print job (each
    with the test it ran in), and the session's start and end with the machine's CPU."""
    (tmp_path / "test_plugged.py").write_text(PLUGGED, encoding="utf-8")
    log = tmp_path / "costs.jsonl"
    env = {**os.environ, "SUITE_COSTS_LOG": str(log), "PYTHONPATH": str(ROOT / "benchmarks"), "PYTEST_ADDOPTS": ""}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "suite_costs", "-p", "no:cacheprovider",
                           "test_plugged.py"], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-2000:]
    records = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    kinds = [record["kind"] for record in records]
    assert kinds[0] == "session-start" and kinds[-1] == "session-end" and kinds.count("test") == 2
    [build] = [record for record in records if record["kind"] == "sphinx"]
    [printed] = [record for record in records if record["kind"] == "print"]
    assert build["what"] == "html" and build["test"] == "test_plugged.py::test_a_build" and build["cpu"] >= 0
    assert printed["what"] == "cards" and printed["test"] == "test_plugged.py::test_a_print"
    assert records[-1]["machine"] >= records[0]["machine"] and records[-1]["time"] >= records[0]["time"]


def test_the_suite_table_adds_up_and_says_which_target_is_met(suite_bench):
    records = [{"kind": "session-start", "time": 100.0, "machine": 1000.0},
               {"kind": "test", "test": "tests/test_a.py::one", "wall": 30.0, "cpu": 5.0, "children": 20.0},
               {"kind": "test", "test": "tests/test_a.py::two", "wall": 10.0, "cpu": 1.0, "children": 0.0},
               {"kind": "test", "test": "tests/test_b.py::one", "wall": 50.0, "cpu": 2.0, "children": 0.0},
               {"kind": "sphinx", "what": "html", "cpu": 12.0, "test": "tests/test_a.py::one"},
               {"kind": "sphinx", "what": "singlehtml", "cpu": 4.0, "test": "tests/test_a.py::one"},
               {"kind": "print", "what": "pdf", "cpu": 3.0, "test": "tests/test_a.py::one"},
               {"kind": "session-end", "time": 220.0, "machine": 1250.0}]
    costs = suite_bench.summarise(records, 170.0, 290.0, 60.0)
    assert (costs.pytest_wall, costs.pytest_cpu, costs.tests) == (120.0, 250.0, 3)
    assert costs.sphinx == (2, 16.0) and costs.printing == (1, 3.0) and costs.browser == 60.0
    assert costs.files == [("tests/test_b.py", 50.0, 2.0), ("tests/test_a.py", 40.0, 26.0)]
    table = suite_bench.markdown_table(costs, "`abc1234`")
    assert "| `make test`: ruff, mypy, the gate, the doctests, `make site` (nothing to do), pytest | 170 s | 290 s | within 180 s: met (wall) |" in table
    assert f"| its pytest: 3 tests on {os.cpu_count()} workers | 120 s | 250 s | within 300 s: met (CPU) |" in table
    assert "| · Sphinx builds (2, each in its forked job) |  | 16 s |  |" in table
    assert "| · the rest: the tests' own Python, the `rulebook` commands they start, git, gettext, poppler |  | 171 s |  |" in table   # 250 − 16 − 3 − 60
    assert table.index("`tests/test_b.py`") < table.index("`tests/test_a.py`")
    slow = suite_bench.markdown_table(suite_bench.summarise(records, 181.0, 400.0, 60.0), "`abc1234`")
    assert "within 180 s: NOT met (wall)" in slow


def test_the_browser_sampler_counts_only_the_processes_under_the_run(suite_bench, monkeypatch):
    """The browsers' CPU is read for the processes descended from the run's ``make``, never another's."""
    monkeypatch.setattr(suite_bench, "BROWSER", ("sleep",))
    run = subprocess.Popen(["sh", "-c", "sleep 30 & wait"], start_new_session=True)   # its sleep killed with it
    beside = subprocess.Popen(["sleep", "30"])
    try:
        sampler = suite_bench.BrowserSampler(run.pid)
        for _ in range(50):   # until the shell has started its sleep
            sampler.sample()
            if sampler.seen:
                break
            time.sleep(0.05)
        [(pid, _)] = sampler.seen
        assert pid not in (run.pid, beside.pid) and sampler.total() >= 0
    finally:
        os.killpg(run.pid, signal.SIGKILL)
        beside.kill()
        run.wait()
        beside.wait()

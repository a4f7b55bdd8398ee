"""The README's speed table is written by the benchmark, between its markers, and known stale once
the build changes after the commit it names."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
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
    assert "| clean build | 8.00 s | 10.00 s | 0.80x | ≤ 0.8x: met | 1.5 | the sum |" in text
    assert "| no-op | 2.00 s | 1.00 s | 2.00x | ≤ 1.0x: NOT met | 0.5 | sphinx no-op |" in text
    assert "| every command: load | 0.50 s |  |  |  | 0.5 |  |" in text


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

    from rulebook.publish import printing

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
    import json

    assert "read the editions' git tags" in json.loads(done.stdout)

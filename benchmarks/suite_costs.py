"""A pytest plugin for ``bench_suite.py``: what each test, Sphinx build and print job of the suite costs.

Active only when ``SUITE_COSTS_LOG`` names a file (``bench_suite.py`` loads it with ``-p suite_costs``,
``benchmarks/`` on the path). Every process appends JSON lines to that file: each xdist worker one
per test (wall, its own CPU, its reaped children's), and each job a test's build forks one per
Sphinx build and per printing step (``_write_pages``: WeasyPrint, or the print cache that spares
it), its CPU in that job alone. A build's jobs are always forked (``rulebook.publish.machinery.workers``), so a
job's CPU is never also a test's own.
"""

from __future__ import annotations

import functools
import json
import os
import resource
import time
from typing import Any, Callable

import pytest

LOG = os.environ.get("SUITE_COSTS_LOG")
TICK = os.sysconf("SC_CLK_TCK")   # /proc counts CPU time in clock ticks


def write(record: dict[str, Any]) -> None:
    """One line, appended in one write (lines of several processes never interleave)."""
    assert LOG is not None
    fd = os.open(LOG, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, (json.dumps(record) + "\n").encode("utf-8"))
    finally:
        os.close(fd)


def machine_cpu() -> float:
    """CPU seconds every core of the machine has spent working since boot (``/proc/stat``)."""
    with open("/proc/stat", encoding="ascii") as stat:
        user, nice, system, _idle, _iowait, irq, softirq = (int(n) for n in stat.readline().split()[1:8])
    return (user + nice + system + irq + softirq) / TICK


def _current_test() -> str:
    return os.environ.get("PYTEST_CURRENT_TEST", "").split(" ")[0]


def _timed(owner: Any, name: str, kind: str, what: Callable[[tuple], str]) -> None:
    original = getattr(owner, name)

    @functools.wraps(original)
    def measured(*args: Any, **kwargs: Any) -> Any:
        start = time.process_time()
        try:
            return original(*args, **kwargs)
        finally:
            write({"kind": kind, "what": what(args), "cpu": time.process_time() - start, "test": _current_test()})

    setattr(owner, name, measured)


def pytest_configure(config: pytest.Config) -> None:
    if not LOG:
        return
    if not hasattr(config, "workerinput"):   # the controller: the session's wall and machine CPU
        write({"kind": "session-start", "time": time.time(), "machine": machine_cpu()})
        if config.pluginmanager.hasplugin("dsession"):   # xdist's: the workers run the tests
            return
    import sphinx.application

    from rulebook.publish.print import printing

    _timed(sphinx.application.Sphinx, "build", "sphinx", lambda args: args[0].builder.name)
    _timed(printing, "_write_pages", "print", lambda args: args[2])


def pytest_unconfigure(config: pytest.Config) -> None:
    if LOG and not hasattr(config, "workerinput"):
        write({"kind": "session-end", "time": time.time(), "machine": machine_cpu()})


def _own_and_children() -> tuple[float, float]:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):
    if not LOG:
        yield
        return
    start, (own, children) = time.perf_counter(), _own_and_children()
    yield
    wall, (own_after, children_after) = time.perf_counter() - start, _own_and_children()
    write({"kind": "test", "test": item.nodeid, "wall": wall, "cpu": own_after - own,
           "children": children_after - children})

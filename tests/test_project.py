"""The project is loaded once: every command reads each source file once, and hands one object on."""

from __future__ import annotations

import builtins
import io
import os
from collections import Counter
from pathlib import Path

import pytest

from rulebook.cli import main

SOURCE_FOLDERS = ("rules", "executable_examples", "locales")


def _sources(tree: Path) -> set[Path]:
    return {path.resolve() for folder in SOURCE_FOLDERS for path in (tree / folder).rglob("*")
            if path.is_file() and path.suffix in (".yaml", ".po", ".pot")}


@pytest.fixture
def reads(tree, monkeypatch, tmp_path):
    """Every read of a source file under ``tree``, from this process and its forked workers."""
    log = tmp_path / "reads.log"
    roots = tuple(str((tree / folder).resolve()) for folder in SOURCE_FOLDERS)

    def record(path) -> None:
        try:
            name = os.path.realpath(os.fspath(path))
        except TypeError:
            return
        if name.startswith(roots):
            fd = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
            os.write(fd, (name + "\n").encode())
            os.close(fd)

    real_open = builtins.open

    def opening(file, mode="r", *args, **kwargs):
        if "r" in mode and isinstance(file, (str, os.PathLike)):
            record(file)
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", opening)
    monkeypatch.setattr(io, "open", opening)   # Path.read_text and read_bytes open through io.open

    def counted() -> Counter:
        return Counter(Path(line) for line in log.read_text().splitlines()) if log.exists() else Counter()
    return counted


def test_the_gate_reads_every_source_file_once(tree, reads, capsys):
    assert main(["--root", str(tree), "check"]) == 0, capsys.readouterr().out[-2000:]
    counts = reads()
    assert {path for path, n in counts.items() if n > 1} == set(), counts.most_common(5)
    assert _sources(tree) - set(counts) == set(), "source files the gate never read"


def test_a_build_reads_every_source_file_once(tree, reads, capsys):
    """The Sphinx builds get the loaded project: none of them opens a rule file or a catalog."""
    # Two houses: their sites and single pages are four Sphinx builds, and their printing two jobs,
    # each of which could re-read a source (one language is enough to see a second read).
    assert main(["--root", str(tree), "site", "--lang", "hr", "--build-dir", str(tree / "_build")]) == 0, \
        capsys.readouterr().err[-2000:]
    counts = reads()
    assert {path for path, n in counts.items() if n > 1} == set(), counts.most_common(5)
    assert (tree / "_build" / "site" / "club" / "hr" / "rake.html").exists()
    # A build says what it published: a line per house and language, each part rebuilt or kept.
    said = capsys.readouterr().out.splitlines()
    assert "casino/hr: site rebuilt, cards rebuilt, PDFs rebuilt → _build/site/casino/hr/" in said, said
    assert "club/hr: site rebuilt, cards rebuilt, PDFs rebuilt → _build/site/club/hr/" in said
    assert main(["--root", str(tree), "site", "--house", "club", "--lang", "hr", "--build-dir", str(tree / "_build")]) == 0
    said = capsys.readouterr().out.splitlines()
    assert "club/hr: site kept, cards kept, PDFs kept → _build/site/club/hr/" in said, said
    assert not any(line.startswith("casino/") for line in said)


def test_each_house_becomes_the_engines_house_once(tree, monkeypatch):
    """The engine's ``House`` is made from a house file once, when it is read: the examples, the policies
    the gate compares, every language's reading and its calculators all ask that one house."""
    from pokerrules import House
    from rulebook.core.records import RULING_PARAMETERS
    from rulebook.project import Project
    from rulebook.reading import Reading
    from rulebook.reading.calculators import offered, page_data

    made = Counter()
    original = House.from_mapping.__func__

    def counted(cls, data, **counting):
        made[id(data)] += 1
        return original(cls, data, **counting)

    monkeypatch.setattr(House, "from_mapping", classmethod(counted))
    project = Project.load(tree)
    assert sum(made.values()) == len(project.houses), made
    for view in project.houses.values():
        assert view.engine is view.book.engine is not None
        for name in RULING_PARAMETERS:
            view.book.policy(name)
        for lang in view.book.languages:
            reading = Reading.of(project, view.book.id, lang)
            page_data(reading, offered(reading), {})
    assert sum(made.values()) == len(project.houses), made


def test_what_a_stage_derives_is_made_once_per_project_and_key_and_never_shared(project):
    """A ``Derived`` kind gives each project its own values: made on first use for a key, found again
    after, and never handed to another project (a copy made with ``dataclasses.replace`` starts empty).
    Kills: a derivation kept by key alone (one project's reading served to another)."""
    import dataclasses

    from rulebook.project import Derived
    from rulebook.reading import Reading

    made: list[str] = []
    kind: Derived[str, str] = Derived("probe")

    def make(key: str) -> str:
        made.append(key)
        return f"{key}!"

    assert kind.of(project, "a", lambda: make("a")) == "a!" and kind.of(project, "a", lambda: make("again")) == "a!"
    other = dataclasses.replace(project)
    assert kind.of(other, "a", lambda: make("other")) == "other!" and made == ["a", "other"]
    assert Reading.of(project, "club", "ro") is Reading.of(project, "club", "ro")
    assert Reading.of(other, "club", "ro") is not Reading.of(project, "club", "ro")

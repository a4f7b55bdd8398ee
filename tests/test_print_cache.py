"""The print cache: a printed file taken only as it was printed, in any build folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.publish.machinery import print_cache

NAME = "club/rulebook-en.pdf"


@pytest.fixture
def printed(tmp_path, monkeypatch) -> Path:
    """A file as a job prints it into its staging folder, kept under the key "k"."""
    monkeypatch.setenv(print_cache.VARIABLE, str(tmp_path / "cache"))
    staged = tmp_path / "one" / "pdf.new"
    (staged / NAME).parent.mkdir(parents=True)
    (staged / NAME).write_bytes(b"%PDF-" + b"\x01" * 100)
    print_cache.keep(tmp_path / "one", "k", NAME, staged)
    return staged


def test_another_build_folder_takes_the_same_file(printed, tmp_path):
    target = tmp_path / "two" / "pdf.new"
    assert print_cache.take(tmp_path / "two", "k", NAME, target)
    assert (target / NAME).read_bytes() == (printed / NAME).read_bytes()
    assert not print_cache.take(tmp_path / "two", "other", NAME, tmp_path / "three")   # another page: printed


@pytest.mark.parametrize("damage", ["changed", "missing", "manifest"])
def test_a_damaged_entry_is_printed_again_and_dropped(printed, tmp_path, damage):
    entry = tmp_path / "cache" / "k"
    if damage == "changed":   # the same size, other bytes
        (entry / print_cache.FILE).write_bytes(b"%PDF-" + b"\x07" * 100)
    elif damage == "missing":
        (entry / print_cache.FILE).unlink()
    else:
        (entry / print_cache.MANIFEST).write_text("[1, 2]", encoding="utf-8")
    target = tmp_path / "two" / "pdf.new"
    assert not print_cache.take(tmp_path / "two", "k", NAME, target)
    assert not entry.exists() and not target.exists()


def test_an_entry_for_another_file_is_not_taken(printed, tmp_path):
    assert not print_cache.take(tmp_path / "two", "k", "club/short-form-en.pdf", tmp_path / "two" / "pdf.new")


def test_the_cache_is_in_the_build_folder_unless_named(tmp_path, monkeypatch):
    monkeypatch.delenv(print_cache.VARIABLE, raising=False)
    assert print_cache.folder(tmp_path / "_build") == tmp_path / "_build" / "print-cache"


def test_only_the_most_recently_used_entries_stay(printed, tmp_path, monkeypatch):
    import os
    import time

    monkeypatch.setattr(print_cache, "KEEP", 2)
    os.utime(tmp_path / "cache" / "k", (time.time() - 60, time.time() - 60))
    print_cache.keep(tmp_path / "one", "newer", NAME, printed)
    os.utime(tmp_path / "cache" / "newer", (time.time() - 30, time.time() - 30))
    assert print_cache.take(tmp_path / "two", "k", NAME, tmp_path / "two" / "pdf.new")   # used: now the newest
    print_cache.keep(tmp_path / "one", "newest", NAME, printed)
    print_cache.prune(tmp_path / "one")
    assert sorted(entry.name for entry in (tmp_path / "cache").iterdir()) == ["k", "newest"]

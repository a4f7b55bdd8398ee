"""The print cache: a job's files taken only whole and as they were printed, in any build folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook import print_cache

NAMES = ["club/rulebook-en.pdf", "club/short-form-en.pdf"]


@pytest.fixture
def printed(tmp_path, monkeypatch) -> Path:
    """Two files as a job prints them into its staging folder, kept under the key "k"."""
    monkeypatch.setenv(print_cache.VARIABLE, str(tmp_path / "cache"))
    staged = tmp_path / "one" / "pdf.new"
    for index, name in enumerate(NAMES):
        (staged / name).parent.mkdir(parents=True, exist_ok=True)
        (staged / name).write_bytes(b"%PDF-" + bytes([index]) * 100)
    print_cache.keep(tmp_path / "one", "k", NAMES, staged)
    return staged


def test_another_build_folder_takes_the_same_files(printed, tmp_path):
    target = tmp_path / "two" / "pdf.new"
    assert print_cache.take(tmp_path / "two", "k", NAMES, target)
    assert [(target / name).read_bytes() for name in NAMES] == [(printed / name).read_bytes() for name in NAMES]
    assert not print_cache.take(tmp_path / "two", "other", NAMES, tmp_path / "three")   # other pages: printed


@pytest.mark.parametrize("damage", ["changed", "missing", "manifest"])
def test_a_damaged_entry_is_printed_again_and_dropped(printed, tmp_path, damage):
    entry = tmp_path / "cache" / "k"
    if damage == "changed":   # the same size, other bytes
        (entry / "0").write_bytes(b"%PDF-" + b"\x07" * 100)
    elif damage == "missing":
        (entry / "1").unlink()
    else:
        (entry / print_cache.MANIFEST).write_text("[1, 2]", encoding="utf-8")
    target = tmp_path / "two" / "pdf.new"
    assert not print_cache.take(tmp_path / "two", "k", NAMES, target)
    assert not entry.exists() and not target.exists()


def test_an_entry_for_other_files_is_not_taken(printed, tmp_path):
    assert not print_cache.take(tmp_path / "two", "k", NAMES[:1], tmp_path / "two" / "pdf.new")


def test_the_cache_is_in_the_build_folder_unless_named(tmp_path, monkeypatch):
    monkeypatch.delenv(print_cache.VARIABLE, raising=False)
    assert print_cache.folder(tmp_path / "_build") == tmp_path / "_build" / "print-cache"


def test_only_the_most_recently_used_entries_stay(printed, tmp_path, monkeypatch):
    import os
    import time

    monkeypatch.setattr(print_cache, "KEEP", 2)
    os.utime(tmp_path / "cache" / "k", (time.time() - 60, time.time() - 60))
    print_cache.keep(tmp_path / "one", "newer", NAMES, printed)
    assert print_cache.take(tmp_path / "two", "k", NAMES, tmp_path / "two" / "pdf.new")   # used: now the newest
    print_cache.keep(tmp_path / "one", "newest", NAMES, printed)
    assert sorted(entry.name for entry in (tmp_path / "cache").iterdir()) == ["k", "newest"]

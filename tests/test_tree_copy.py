"""The suite's copy of the sources (conftest ``tree``): each test that asks for it gets it as it was
made, whatever the test before did to it."""

from __future__ import annotations

import filecmp
import os
from pathlib import Path

from tests.conftest import ROOT, _Sources


def same_as_made(copy: Path, fresh: Path) -> list[str]:
    """What differs between two copies: a file's bytes, an entry one has and the other lacks, a link's target."""
    differences = []
    for folder, folders, files in os.walk(fresh):
        for name in folders + files:
            made = Path(folder, name)
            other = copy / made.relative_to(fresh)
            if made.is_symlink():
                if not other.is_symlink() or os.readlink(other) != os.readlink(made):
                    differences.append(f"link {other}")
            elif made.is_dir():
                if not other.is_dir() or other.is_symlink():
                    differences.append(f"folder {other}")
            elif other.is_symlink() or not other.is_file() or not filecmp.cmp(made, other, shallow=False):
                differences.append(f"file {other}")
    for folder, folders, files in os.walk(copy):
        for name in folders + files:
            if not os.path.lexists(fresh / Path(folder, name).relative_to(copy)):
                differences.append(f"added {Path(folder, name)}")
    return differences


def test_every_way_a_test_changes_its_copy_is_undone(tmp_path):
    sources = _Sources(tmp_path / "copy")
    fresh = tmp_path / "fresh"
    _Sources(fresh)
    copy = sources.as_made()
    assert same_as_made(copy, fresh) == []

    rake = copy / "rules" / "rake.yaml"
    text = rake.read_bytes()
    when = rake.stat().st_mtime_ns
    rake.write_bytes(text.replace(b"20", b"25", 1))          # the same size, and its time put back
    os.utime(rake, ns=(when, when))
    (copy / "rules" / "rake-extra.yaml").write_text("rules: []\n", encoding="utf-8")
    (copy / "_build" / "site").mkdir(parents=True)
    (copy / "houses" / "club" / "house.yaml").unlink()
    po = copy / "locales" / "fr" / "LC_MESSAGES" / "rulebook.po"
    po.unlink()
    po.symlink_to("/dev/zero")
    os.mkfifo(copy / "rules" / "pipe.yaml")
    for path in sorted((copy / "templates").rglob("*"), reverse=True):
        path.unlink() if not path.is_dir() else path.rmdir()
    (copy / "templates").rmdir()
    (copy / "templates").write_text("not a folder", encoding="utf-8")
    (copy / "runtime" / "node_modules").unlink(missing_ok=True)
    assert len(same_as_made(copy, fresh)) >= 8

    assert sources.as_made() == copy
    assert same_as_made(copy, fresh) == []
    assert (copy / "runtime" / "node_modules").is_symlink() == (ROOT / "runtime" / "node_modules").is_dir()
    assert sources.as_made() == copy and same_as_made(copy, fresh) == []   # and again, with nothing to do

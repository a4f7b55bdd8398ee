"""Each tagged edition is read from git once, and what the gate found in it is remembered by its
commit and the code that judged it (``_build/cache``): forty tags once made the first ``check`` take
minutes, each edition's four thousand messages checked again though most are every edition's.
A remembered entry that is damaged is never trusted: the edition is read and judged again."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from rulebook.core import memo as memo_module
from tests.conftest import copy_sources, edit, run_rulebook

GIT_ENV = {"GIT_AUTHOR_NAME": "Editor", "GIT_AUTHOR_EMAIL": "editor@example.org", "GIT_COMMITTER_NAME": "Editor",
           "GIT_COMMITTER_EMAIL": "editor@example.org", "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
REFUSED = "club/edition-2"   # its French catalog leaves one message untranslated


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True,
                          env={**os.environ, **GIT_ENV}, check=True).stdout


@pytest.fixture(scope="module")
def repo(tmp_path_factory) -> Path:
    """The project in git with the club's editions 1 to 3 tagged (edition 2 refused by the gate) and
    edition 4 committed on top: four commits, each with its own data."""
    repo = copy_sources(tmp_path_factory.mktemp("tagged"))
    (repo / ".gitignore").write_text("_build/\n", encoding="utf-8")
    git(repo, "init", "-q")
    house = repo / "houses" / "club" / "house.yaml"
    po = repo / "locales" / "fr" / "LC_MESSAGES" / "rulebook.po"
    text, translated = house.read_text(encoding="utf-8"), po.read_text(encoding="utf-8")
    for edition in (1, 2, 3, 4):
        house.write_text(re.sub(r"^edition: 1 ", f"edition: {edition} ", text, count=1, flags=re.M)
                         + f"# edition {edition}\n", encoding="utf-8")
        po.write_text(translated, encoding="utf-8")
        if f"club/edition-{edition}" == REFUSED:
            edit(po, 'msgstr "Relances par multiples de"', 'msgstr ""')
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", f"edition {edition}")
        if edition < 4:
            git(repo, "tag", f"club/edition-{edition}")
    return repo


@pytest.fixture
def reads(monkeypatch) -> list[str]:
    """The trees read from git (``git archive``), each time one is."""
    import rulebook.editions as editions

    done: list[str] = []
    real = editions._git

    def counting(root: Path, *args: str, data: bool = False):
        if args[:1] == ("archive",):
            done.append(args[2])
        return real(root, *args, data=data)
    monkeypatch.setattr(editions, "_git", counting)
    return done


def check_afresh(repo: Path):
    """``rulebook check`` as a new process runs it: nothing remembered in memory, only what the cache holds."""
    memo_module._TABLES.clear()
    return run_rulebook(repo, "check")


def test_each_edition_is_read_from_git_once_across_two_checks(repo, reads):
    import shutil

    shutil.rmtree(repo / "_build", ignore_errors=True)
    first = check_afresh(repo)
    assert first.returncode == 1 and f"at tag {REFUSED}: [untranslated]" in first.stdout
    assert sorted(reads) == sorted(git(repo, "rev-parse", f"club/edition-{n}").strip() for n in (1, 2, 3))
    assert check_afresh(repo).stdout == first.stdout
    assert run_rulebook(repo, "check").stdout == first.stdout   # and in the same process
    assert len(reads) == 3


def test_an_editions_messages_are_checked_once_not_once_per_edition(repo, monkeypatch):
    """The text checks of a message every edition shares (the same text, language and glossary, the
    same code) run once, whatever the number of editions: they were three quarters of an edition's time."""
    import shutil

    from rulebook.gate import checks
    from rulebook.i18n.catalogs import TRANSLATED, entry_state, po_path, read_catalog

    calls: list[tuple] = []
    real = checks._text_problems

    def counting(ids, strings, *args, **kwargs):
        calls.append((ids, strings))
        return real(ids, strings, *args, **kwargs)
    monkeypatch.setattr(checks, "_text_problems", counting)
    shutil.rmtree(repo / "_build", ignore_errors=True)
    check_afresh(repo)
    translated = sum(1 for lang in TRANSLATED for m in read_catalog(po_path(repo, lang), lang)
                     if m.id and entry_state(m) == "translated")
    assert 0 < len(calls) < translated * 1.1   # once per message, not once per edition (four times as many)


def entry(repo: Path, commit: str) -> Path:
    """Where the gate's verdict on ``commit`` is remembered (by today's code)."""
    [found] = (repo / "_build" / "cache").glob(f"editions-*/{commit}.json")
    return found


@pytest.mark.parametrize("damage", ["another commit's entry", "a changed problem", "cut short", "not JSON"])
def test_a_damaged_cached_edition_is_judged_again(repo, reads, damage):
    import shutil

    shutil.rmtree(repo / "_build", ignore_errors=True)
    first = check_afresh(repo)
    refused, accepted = (git(repo, "rev-parse", tag).strip() for tag in (REFUSED, "club/edition-1"))
    cached = entry(repo, refused)
    text = cached.read_text(encoding="utf-8")
    if damage == "another commit's entry":    # says the refused edition passes
        cached.write_bytes(entry(repo, accepted).read_bytes())
    elif damage == "a changed problem":
        assert '"untranslated"' in text
        cached.write_text(text.replace('"untranslated"', '"fuzzy"'), encoding="utf-8")
    elif damage == "cut short":
        cached.write_text(text[:len(text) // 2], encoding="utf-8")
    else:
        cached.write_bytes(b"\xff\x00")
    del reads[:]
    again = check_afresh(repo)
    assert again.stdout == first.stdout and again.returncode == 1
    assert reads == [refused]   # read again, and only it
    assert check_afresh(repo).stdout == first.stdout and reads == [refused]   # and remembered again
